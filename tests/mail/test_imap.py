"""Fetching from a real Dovecot: each mail handled exactly once, moved only after it is safely stored."""

from __future__ import annotations

import json

import pytest

from pbem.mail import imap
from pbem.mail.mailbox import state_dir

from .conftest import Site
from .mails import order_mail, order_text

pytestmark = pytest.mark.mail  # needs the local IMAP and SMTP servers


def test_orders_are_fetched_stored_answered_and_moved(site: Site) -> None:
    site.mailbox.deliver(order_mail(order_text("g1", "anna", 1, site.tokens["anna"], "pick: 1\n")))
    site.mailbox.deliver(order_mail(order_text("g1", "ben", 1, "wrong"), sender="ben@example.org"))
    result = imap.fetch(site.root, site.settings)
    assert [o.status for o in result.outcomes] == ["accepted", "rejected"]
    assert "pick: 1" in site.gd.pending()["anna"]
    assert len(list((site.gd.mail_dir() / "in").glob("*.eml"))) == 2
    assert len(list(site.gd.outbox_dir().glob("check-*.eml"))) == 2
    assert site.mailbox.count("INBOX") == 0
    assert site.mailbox.count("pbem/processed") == 1
    assert site.mailbox.count("pbem/rejected") == 1


def test_a_second_run_handles_nothing_again_even_when_mail_is_marked_read(site: Site) -> None:
    site.mailbox.deliver(order_mail(order_text("g1", "anna", 1, site.tokens["anna"])), seen=True)
    assert len(imap.fetch(site.root, site.settings).outcomes) == 1
    assert imap.fetch(site.root, site.settings).outcomes == []


def test_a_run_killed_after_handling_moves_without_handling_again(site: Site, monkeypatch: pytest.MonkeyPatch) -> None:
    site.mailbox.deliver(order_mail(order_text("g1", "anna", 1, site.tokens["anna"], "pick: 2\n")))

    def killed(*_args: object) -> None:
        raise KeyboardInterrupt("killed half way")

    real_move = imap._move
    monkeypatch.setattr(imap, "_move", killed)
    with pytest.raises(KeyboardInterrupt):
        imap.fetch(site.root, site.settings)
    assert site.mailbox.count("INBOX") == 1  # not moved: the run died first
    replies = sorted(p.read_bytes() for p in site.gd.outbox_dir().glob("*.eml"))
    monkeypatch.setattr(imap, "_move", real_move)
    result = imap.fetch(site.root, site.settings)
    assert [o.status for o in result.outcomes] == ["duplicate"]
    assert site.mailbox.count("INBOX") == 0 and site.mailbox.count("pbem/processed") == 1
    assert sorted(p.read_bytes() for p in site.gd.outbox_dir().glob("*.eml")) == replies  # no second answer


def test_the_same_message_id_twice_is_a_duplicate(site: Site) -> None:
    msg = order_mail(order_text("g1", "anna", 1, site.tokens["anna"]), message_id="<twice@player.example>")
    site.mailbox.deliver(msg)
    site.mailbox.deliver(msg)
    result = imap.fetch(site.root, site.settings)
    assert [o.status for o in result.outcomes] == ["accepted", "duplicate"]
    assert len(list(site.gd.outbox_dir().glob("*.eml"))) == 1


def test_a_new_uidvalidity_starts_over_without_handling_twice(site: Site) -> None:
    site.mailbox.deliver(order_mail(order_text("g1", "anna", 1, site.tokens["anna"])))
    imap.fetch(site.root, site.settings)
    path = state_dir(site.root) / "imap.json"
    state = json.loads(path.read_text())
    state["INBOX"]["uidvalidity"] += 1  # as if the server had renumbered the folder
    state["INBOX"]["last_uid"] = 999
    path.write_text(json.dumps(state))
    site.mailbox.client.select_folder("pbem/processed")
    site.mailbox.client.copy(site.mailbox.client.search(["ALL"]), "INBOX")  # and the old mail were back
    site.mailbox.deliver(order_mail(order_text("g1", "ben", 1, site.tokens["ben"]), sender="ben@example.org"))
    result = imap.fetch(site.root, site.settings)
    assert result.uidvalidity_reset
    assert sorted(o.status for o in result.outcomes) == ["accepted", "duplicate"]


def test_huge_mail_is_refused_with_an_answer_and_kept_on_the_server(site: Site) -> None:
    msg = order_mail(order_text("g1", "anna", 1, site.tokens["anna"]), subject="[g1] orders")
    msg.add_attachment(b"\0" * 300_000, maintype="application", subtype="octet-stream", filename="big.bin")
    site.mailbox.deliver(msg)
    result = imap.fetch(site.root, site.settings)
    assert [o.status for o in result.outcomes] == ["rejected"]
    assert site.gd.pending() == {}
    assert site.mailbox.count("pbem/rejected") == 1
    assert len(list(site.gd.outbox_dir().glob("*.eml"))) == 1


def test_bounces_are_moved_aside_and_never_answered(site: Site) -> None:
    bounce = order_mail("Delivery failed", sender="MAILER-DAEMON@mx.example.org", headers={"Auto-Submitted": "auto-replied"})
    site.mailbox.deliver(bounce)
    result = imap.fetch(site.root, site.settings)
    assert [o.status for o in result.outcomes] == ["ignored"]
    assert site.mailbox.count("pbem/rejected") == 1
    assert not site.gd.outbox_dir().exists() or not list(site.gd.outbox_dir().glob("*.eml"))


def test_a_mail_that_breaks_the_handler_is_kept_and_the_run_goes_on(site: Site, monkeypatch: pytest.MonkeyPatch) -> None:
    site.mailbox.deliver(order_mail(order_text("g1", "anna", 1, site.tokens["anna"])))
    site.mailbox.deliver(order_mail(order_text("g1", "ben", 1, site.tokens["ben"]), sender="ben@example.org"))
    real = imap.handle
    calls = []

    def flaky(root, settings, raw, **kw):  # type: ignore[no-untyped-def]
        calls.append(1)
        if len(calls) == 1:
            raise OSError("disk trouble")
        return real(root, settings, raw, **kw)

    monkeypatch.setattr(imap, "handle", flaky)
    result = imap.fetch(site.root, site.settings)
    assert [o.status for o in result.outcomes] == ["failed", "accepted"]
    assert result.errors and "disk trouble" in result.errors[0]
    assert len(list((state_dir(site.root) / "failed").glob("*.eml"))) == 1
    assert site.mailbox.count("pbem/rejected") == 1


def test_a_server_without_move_gets_copy_and_delete(site: Site, monkeypatch: pytest.MonkeyPatch) -> None:
    from imapclient import IMAPClient

    real = IMAPClient.has_capability
    monkeypatch.setattr(IMAPClient, "has_capability", lambda self, cap: cap.upper() != "MOVE" and real(self, cap))
    site.mailbox.deliver(order_mail(order_text("g1", "anna", 1, site.tokens["anna"])))
    site.mailbox.deliver(order_mail("hello", sender="ben@example.org"))  # for no game: moved to rejected
    result = imap.fetch(site.root, site.settings)
    assert [o.status for o in result.outcomes] == ["accepted", "unroutable"]
    assert site.mailbox.count("INBOX") == 0
    assert site.mailbox.count("pbem/processed") == 1 and site.mailbox.count("pbem/rejected") == 1


def test_a_rejected_mail_found_again_after_a_kill_still_goes_to_the_rejected_folder(site: Site,
                                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    site.mailbox.deliver(order_mail(order_text("g1", "ben", 1, "wrong-token"), sender="ben@example.org"))
    real_move = imap._move

    def killed(*_args: object) -> None:
        raise KeyboardInterrupt("killed half way")

    monkeypatch.setattr(imap, "_move", killed)
    with pytest.raises(KeyboardInterrupt):
        imap.fetch(site.root, site.settings)
    monkeypatch.setattr(imap, "_move", real_move)
    assert [o.status for o in imap.fetch(site.root, site.settings).outcomes] == ["duplicate"]
    assert site.mailbox.count("pbem/rejected") == 1 and site.mailbox.count("pbem/processed") == 0


def test_fetches_are_cut_so_large_mails_are_not_all_held_at_once() -> None:
    size = {1: 10, 2: 10, 3: 10, 4: 500, 5: 10}
    assert imap.groups([1, 2, 3, 4, 5], size, limit=100, budget=15) == [[1], [2], [3, 4], [5]]  # 4: header only
    assert imap.groups([1, 2, 3], size, limit=100, budget=25) == [[1, 2], [3]]
    assert imap.groups([1, 4], {1: 90, 4: 95}, limit=100, budget=50) == [[1], [4]]  # one mail over the budget alone


def test_many_mails_fetched_in_small_groups_are_all_handled(site: Site, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(imap, "BUDGET", 1)
    for seat in ("anna", "ben", "cleo"):
        site.mailbox.deliver(order_mail(order_text("g1", seat, 1, site.tokens[seat]), sender=f"{seat}@example.org"))
    result = imap.fetch(site.root, site.settings)
    assert [o.status for o in result.outcomes] == ["accepted"] * 3
    assert site.mailbox.count("INBOX") == 0 and site.mailbox.count("pbem/processed") == 3
