"""Handling one order mail: stored first, authenticated by token, checked, kept, answered at once."""

from __future__ import annotations

import email
import email.policy
from email.message import EmailMessage
from pathlib import Path

from pbem.mail.flowed import readable
from pbem.mail.handle import handle
from pbem.mail.mailbox import seen, state_dir

from .conftest import Site
from .mails import order_mail, order_text


def outbox(site: Site, root_level: bool = False) -> list[EmailMessage]:
    """The mail queued in the game's (or pbem's own) outbox."""
    folder = state_dir(site.root) / "outbox" if root_level else site.gd.outbox_dir()
    found = []
    for path in sorted(folder.glob("*.eml"), key=lambda p: p.stat().st_mtime_ns) if folder.is_dir() else []:
        msg = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
        assert isinstance(msg, EmailMessage)
        found.append(msg)
    return found


def body(msg: EmailMessage) -> str:
    part = msg.get_body(("plain",))
    assert isinstance(part, EmailMessage)
    return readable(part)  # as a client shows it: a flowed body's soft breaks joined


def send(site: Site, msg: EmailMessage | bytes) -> object:
    raw = msg if isinstance(msg, bytes) else msg.as_bytes(policy=email.policy.SMTP)
    return handle(site.root, site.settings, raw)


def test_valid_orders_are_stored_raw_first_kept_and_answered(offline: Site) -> None:
    msg = order_mail(order_text("g1", "anna", 1, offline.tokens["anna"], "pick: 1\n"))
    outcome = send(offline, msg)
    assert outcome.status == "accepted" and outcome.seat == "anna"
    assert "pick: 1" in offline.gd.pending()["anna"]
    assert offline.tokens["anna"] not in offline.gd.pending()["anna"]  # the archive keeps no secret
    stored = list((offline.gd.mail_dir() / "in").glob("*.eml"))
    assert len(stored) == 1 and b"pick: 1" in stored[0].read_bytes()
    [reply] = outbox(offline)
    assert reply["To"] == "anna@example.org"
    assert reply["In-Reply-To"] == msg["Message-ID"]
    text = body(reply)
    assert "ACCEPTED" in text and "pick: 1" in text
    assert "Still waiting for: ben, cleo." in text
    assert offline.tokens["anna"] not in reply.as_string()


def test_problems_carry_line_and_column_of_the_mail(offline: Site) -> None:
    text = "Hello pbem,\n\n" + order_text("g1", "anna", 1, offline.tokens["anna"], "pick: 9\n")
    outcome = send(offline, order_mail(text))
    assert outcome.status == "rejected"
    assert offline.gd.pending() == {}
    reply = body(outbox(offline)[0])
    assert "mail:7:7: pick must be 1, 2 or 3, not 9" in reply  # line 7 of what anna wrote
    assert "REJECTED" in reply


def test_the_last_valid_submission_wins_and_a_player_can_withdraw(offline: Site) -> None:
    token = offline.tokens["ben"]
    send(offline, order_mail(order_text("g1", "ben", 1, token, "pick: 2\n"), sender="ben@example.org"))
    second = send(offline, order_mail(order_text("g1", "ben", 1, token, "pick: 3\n"), sender="ben@example.org"))
    assert second.status == "replaced"
    assert "pick: 3" in offline.gd.pending()["ben"]
    gone = send(offline, order_mail(order_text("g1", "ben", 1, token, "withdraw: true\n"), sender="ben@example.org"))
    assert gone.status == "withdrawn"
    assert "ben" not in offline.gd.pending()


def test_a_mail_written_before_the_standing_orders_does_not_replace_them(offline: Site) -> None:
    token = offline.tokens["anna"]
    send(offline, order_mail(order_text("g1", "anna", 1, token, "pick: 3\n"), date="Sun, 29 Nov 2020 12:00:00 +0000"))
    late = send(offline, order_mail(order_text("g1", "anna", 1, token, "pick: 1\n"), date="Sun, 29 Nov 2020 11:00:00 +0000"))
    assert late.status == "rejected"
    assert "pick: 3" in offline.gd.pending()["anna"]


def test_a_wrong_token_is_rejected_and_the_registered_address_told(offline: Site) -> None:
    msg = order_mail(order_text("g1", "anna", 1, "not-the-token", "pick: 1\n"), sender="mallory@evil.example")
    outcome = send(offline, msg)
    assert outcome.status == "rejected"
    assert offline.gd.pending() == {}
    to_mallory, to_anna = sorted(outbox(offline), key=lambda m: str(m["To"]) != "mallory@evil.example")
    assert to_mallory["To"] == "mallory@evil.example" and to_anna["To"] == "anna@example.org"
    for reply in (to_mallory, to_anna):
        text = body(reply)
        assert "the seat and token do not match" in text
        assert "Still waiting" not in text and "pick: 1" not in text  # nothing about the game to an impostor
    assert "anna" not in to_mallory.as_string()  # nor the seat's address, nor that the seat exists
    assert "someone tried your seat" in str(to_anna["Subject"])
    assert "mallory" not in to_anna.as_string() and "not from your registered address" in body(to_anna)


def test_from_alone_never_authenticates(offline: Site) -> None:
    outcome = send(offline, order_mail(order_text("g1", "anna", 1, None)))
    assert outcome.status == "rejected"
    assert "missing 'token:'" in body(outbox(offline)[0])


def test_the_right_token_from_another_address_is_accepted_and_both_are_told(offline: Site) -> None:
    outcome = send(offline, order_mail(order_text("g1", "anna", 1, offline.tokens["anna"]), sender="anna.work@example.com"))
    assert outcome.status == "accepted"
    assert sorted(str(m["To"]) for m in outbox(offline)) == ["anna.work@example.com", "anna@example.org"]


def test_the_same_message_id_is_handled_once(offline: Site) -> None:
    msg = order_mail(order_text("g1", "anna", 1, offline.tokens["anna"]), message_id="<same@player.example>")
    assert send(offline, msg).status == "accepted"
    assert send(offline, msg).status == "duplicate"
    assert len(outbox(offline)) == 1


def test_replayed_orders_of_a_resolved_step_are_rejected(offline: Site) -> None:
    from pbem import batch

    for seat in ("anna", "ben", "cleo"):
        send(offline, order_mail(order_text("g1", seat, 1, offline.tokens[seat]), sender=f"{seat}@example.org"))
    batch.run_game(offline.gd)
    # Other orders than the first mail's: the very same mail again would be a repeat (see test_dates).
    outcome = send(offline, order_mail(order_text("g1", "anna", 1, offline.tokens["anna"], "pick: 1\n")))
    assert outcome.status == "rejected"
    assert "step 1 is already resolved; orders now are for step 2" in body(outbox(offline)[-1])


def test_mail_for_a_finished_game_is_refused(offline: Site) -> None:
    from pbem import batch

    for _ in range(3):
        batch.run_game(offline.gd, force=True)
    outcome = send(offline, order_mail(order_text("g1", "anna", 4, offline.tokens["anna"])))
    assert outcome.status == "rejected"
    assert "is over" in body(outbox(offline)[-1])


def test_mail_for_an_unknown_game_gets_a_helpful_reply(offline: Site) -> None:
    outcome = send(offline, order_mail(order_text("nope", "anna", 1, "x")))
    assert outcome.status == "unroutable"
    [reply] = outbox(offline, root_level=True)
    assert "No game named 'nope'" in body(reply)
    assert (state_dir(offline.root) / "unrouted").is_dir()


def test_an_unknown_seat_or_step_is_explained(offline: Site) -> None:
    send(offline, order_mail(order_text("g1", "zed", 1, "x")))
    told = body(outbox(offline)[-1])
    assert "mail: the seat and token do not match; copy both from your welcome mail" in told
    assert "ben" not in told  # a sender without a token learns no seat names
    send(offline, order_mail(order_text("g1", "anna", 7, offline.tokens["anna"])))
    assert "step 7 is not reached yet; orders now are for step 1" in body(outbox(offline)[-1])


def test_bounces_and_auto_replies_are_logged_never_answered(offline: Site) -> None:
    for headers, sender in [
        ({"Auto-Submitted": "auto-replied"}, "anna@example.org"),
        ({"X-Loop": "somewhere"}, "anna@example.org"),
        ({}, "MAILER-DAEMON@mx.example.org"),
        ({"Precedence": "bulk"}, "anna@example.org"),
    ]:
        outcome = send(offline, order_mail("I am on holiday", sender=sender, headers=headers))
        assert outcome.status == "ignored"
    assert outbox(offline) == [] and outbox(offline, root_level=True) == []
    log = (state_dir(offline.root) / "log.jsonl").read_text()
    assert log.count('"ignored"') == 4


def test_malformed_mime_and_unknown_charsets_get_an_answer(offline: Site) -> None:
    token = offline.tokens["anna"]
    broken = (
        "From: anna@example.org\r\nMessage-ID: <broken@x>\r\nContent-Type: multipart/mixed; boundary=nowhere\r\n\r\n"
        f"--elsewhere\r\nContent-Type: text/plain; charset=x-martian\r\n\r\n{order_text('g1', 'anna', 1, token)}"
    ).encode()
    outcome = send(offline, broken)
    assert outcome.status in ("accepted", "rejected")
    assert outbox(offline), "the player hears back"
    garbage = b"\x00\xff\xfe not a mail at all \r\n\r\n\x80\x81"
    assert send(offline, garbage).status in ("unroutable", "rejected", "ignored")
    martian = order_mail(order_text("g1", "anna", 1, token, "pick: 2\n"), message_id="<martian@x>")
    martian.replace_header("Content-Type", 'text/plain; charset="x-martian"')
    assert send(offline, martian).status in ("accepted", "replaced")
    assert "unknown character set 'x-martian'" in body(outbox(offline)[-1])


def test_orders_in_a_yaml_attachment_win_over_the_body(offline: Site) -> None:
    msg = order_mail("see attachment\n")
    msg.add_attachment(order_text("g1", "anna", 1, offline.tokens["anna"], "pick: 2\n").encode(), maintype="application",
                       subtype="octet-stream", filename="orders.yaml")
    assert send(offline, msg).status == "accepted"
    assert "pick: 2" in offline.gd.pending()["anna"]


def test_html_only_mail_with_nbsp_indentation(offline: Site) -> None:
    html = ("<html><body><div>game:&nbsp;g1</div><div>seat: anna</div><div>step: 1</div>"
            f"<div>token: {offline.tokens['anna']}</div><div>pick:\u00a03</div>"
            "<div class='gmail_quote'>On Monday pbem wrote:<blockquote>game: g1</blockquote></div></body></html>")
    msg = order_mail("x")
    msg.set_content(html, subtype="html")
    assert send(offline, msg).status == "accepted"
    assert "converted to text" in body(outbox(offline)[0])


def test_a_reply_quoting_the_report_is_read_without_the_quote(offline: Site) -> None:
    token = offline.tokens["anna"]
    text = (order_text("g1", "anna", 1, token, "pick: 3\n") + "\nOn Sun, 29 Nov 2026 pbem <pbem@games.example>\nwrote:\n"
            "> game: g1\n> seat: anna\n> pick: 1\n-- \nAnna\n")
    assert send(offline, order_mail(text)).status == "accepted"
    assert "pick: 3" in offline.gd.pending()["anna"] and "> pick" not in offline.gd.pending()["anna"]


def test_too_large_mail_is_answered_not_read(offline: Site) -> None:
    head = b"From: anna@example.org\r\nMessage-ID: <huge@x>\r\nSubject: [g1] orders\r\n\r\n"
    outcome = handle(offline.root, offline.settings, head, truncated=True)
    assert outcome.status == "rejected"
    [reply] = outbox(offline)
    assert "larger than" in body(reply)


def test_a_handled_mail_is_recorded(offline: Site) -> None:
    msg = order_mail(order_text("g1", "anna", 1, offline.tokens["anna"]), message_id="<rec@x>")
    outcome = send(offline, msg)
    record = seen(offline.root, outcome.key)
    assert record is not None and record["status"] == "accepted"
    assert offline.tokens["anna"] not in Path(state_dir(offline.root) / "log.jsonl").read_text()


def test_spam_for_no_game_is_logged_not_answered(offline: Site) -> None:
    outcome = send(offline, order_mail("Cheap watches!", sender="victim@example.net", subject="offer"))
    assert outcome.status == "unroutable" and "not answered" in outcome.detail
    assert outbox(offline, root_level=True) == []


def test_after_the_deadline_orders_count_only_while_the_game_waits_for_the_moderator(offline: Site) -> None:
    from datetime import UTC, datetime, timedelta

    from pbem.mail import deadlines

    opened = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
    for n, (missed, status) in enumerate((("default", "rejected"), ("wait", "accepted"))):
        offline.gd.meta.options["deadline"] = {"rule": "2 hours after the last step", "grace_minutes": 10, "missed": missed}
        offline.gd.save_meta()
        deadlines.current(offline.gd.root, 0, deadlines.policy(offline.gd.meta.options), opened)  # type: ignore[arg-type]
        # Each mail its own orders: the very same mail sent again would be a repeat (see test_dates).
        text = order_text("g1", "ben", 1, offline.tokens["ben"], f"pick: {n + 1}\n")
        raw = order_mail(text, sender="ben@example.org").as_bytes(policy=email.policy.SMTP)
        in_grace = handle(offline.root, offline.settings, raw, now=opened + timedelta(hours=2, minutes=9))
        assert in_grace.status in ("accepted", "replaced")
        text = order_text("g1", "ben", 1, offline.tokens["ben"], f"pick: 3\n# late mail {n}\n")
        raw = order_mail(text, sender="ben@example.org").as_bytes(policy=email.policy.SMTP)
        late = handle(offline.root, offline.settings, raw, now=opened + timedelta(hours=2, minutes=11))
        assert (late.status == "rejected") == (status == "rejected"), (missed, late)


def test_without_early_processing_a_complete_step_waits_for_its_deadline_then_resolves(offline: Site) -> None:
    from datetime import UTC, datetime, timedelta

    from pbem.mail.tick import tick

    opened = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
    offline.gd.meta.options["deadline"] = {"rule": "2 hours after the last step", "missed": "wait", "early": False}
    offline.gd.save_meta()
    tick(offline.root, offline.settings, now=opened, mail=False)
    for seat in ("anna", "ben", "cleo"):
        raw = order_mail(order_text("g1", seat, 1, offline.tokens[seat]), sender=f"{seat}@example.org")
        handle(offline.root, offline.settings, raw.as_bytes(policy=email.policy.SMTP), now=opened + timedelta(minutes=5))
    assert tick(offline.root, offline.settings, now=opened + timedelta(hours=1), mail=False).games["g1"] == []
    done = tick(offline.root, offline.settings, now=opened + timedelta(hours=2), mail=False).games["g1"]
    assert done[:1] == ["resolved step 1"] and offline.gd.current_step() == 1
    assert not list((state_dir(offline.root) / "outbox").glob("moderator-*.eml"))  # nothing to wait for


def test_orders_for_a_damaged_game_are_refused_before_anything_is_stored(offline: Site) -> None:
    import shutil

    import pytest

    from pbem import batch, intake
    from pbem.store import StoreError

    gd = offline.gd
    for step in (1, 2):
        for seat, pick in (("anna", 3), ("ben", 2), ("cleo", 1)):
            intake.submit(gd, order_text("g1", seat, step, None, f"pick: {pick}\n"), f"{seat}.yaml")
        batch.run_game(gd)
    shutil.rmtree(gd.step_dir(1))
    with pytest.raises(StoreError, match="steps/0001: missing, though steps up to 2 are stored"):
        send(offline, order_mail(order_text("g1", "anna", 3, offline.tokens["anna"], "pick: 1\n")))
    assert gd.pending() == {} and not (gd.mail_dir() / "in").exists()
