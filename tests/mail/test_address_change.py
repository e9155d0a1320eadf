"""A seat's mail moves to a new address only when that address sends back the code pbem mailed it (real servers)."""

from __future__ import annotations

import email
import email.policy
import re
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage

import pytest

from pbem.mail import address
from pbem.mail.tick import default_renderer, tick
from pbem.store import open_game

from .conftest import Received, Site
from .mails import order_mail, order_text

MONDAY_9 = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
NEW = "anna@new.example"

pytestmark = pytest.mark.mail  # needs the local IMAP and SMTP servers


def run(site: Site, now: datetime) -> None:
    """One tick without reports: fetch, answer, send."""
    summary = tick(site.root, site.settings, now=now, render=None)
    assert not summary.errors, summary.errors


def ask(site: Site, new: str = NEW, now: datetime = MONDAY_9) -> Received:
    """anna asks from her registered address, with her token, to move her mail; the mail sent to `new`."""
    text = f"game: g1\nseat: anna\ntoken: {site.tokens['anna']}\naddress: {new}\n"
    site.mailbox.deliver(order_mail(text, sender="anna@example.org"))
    run(site, now)
    [confirmation] = kinds(site, new, "confirm")
    return confirmation


def kinds(site: Site, to: str, kind: str) -> list[Received]:
    assert site.smtp is not None
    return [m for m in site.smtp.to(to) if m.message["X-Pbem-Kind"] == kind]


def code_in(confirmation: Received) -> str:
    found = re.search(r"^ *confirm: ([A-Z0-9-]+)", confirmation.text(), re.M)
    assert found is not None, confirmation.text()
    return found.group(1)


def answer(confirmation: Received, line: str, sender: str = NEW) -> EmailMessage:
    """The new address answers the confirmation mail in its thread: its line on top, the mail quoted below."""
    quoted = "\n".join("> " + text for text in confirmation.text().splitlines())
    msg = order_mail(f"{line}\n\nOn Mon, pbem wrote:\n{quoted}\n", sender=sender,
                     subject="Re: " + str(confirmation.message["Subject"]))
    msg["In-Reply-To"] = str(confirmation.message["Message-ID"])
    msg["References"] = str(confirmation.message["Message-ID"])
    return msg


def registered(site: Site) -> str | None:
    return open_game(site.gd.root).meta.seat("anna").address


def test_the_new_address_confirms_with_its_code_and_only_then_gets_the_seats_mail(site: Site) -> None:
    confirmation = ask(site)
    code = code_in(confirmation)
    assert site.tokens["anna"] not in confirmation.data.decode()  # a typo's owner must not learn the token
    assert "anna@example.org" not in confirmation.text()
    [pending] = kinds(site, "anna@example.org", "check")
    assert "address change pending" in str(pending.message["Subject"])
    assert "keeps coming to this address" in pending.text() and NEW in pending.text()
    assert registered(site) == "anna@example.org"
    # The code is never kept: not in the game folder, not in the sent copy, not in any other seat's mail.
    assert not any(code.encode() in p.read_bytes() for p in site.root.rglob("*") if p.is_file())
    assert site.smtp is not None
    assert not any(code in m.data.decode(errors="replace") for m in site.smtp.received if NEW not in m.recipients)

    site.mailbox.deliver(answer(confirmation, f"confirm: {code.lower()}"))  # in any case
    run(site, MONDAY_9 + timedelta(hours=1))
    assert registered(site) == NEW
    [confirmed] = [m for m in kinds(site, NEW, "check") if "address confirmed" in str(m.message["Subject"])]
    assert "now receives the mail of seat anna" in confirmed.text()
    [moved] = kinds(site, "anna@example.org", "address")
    assert NEW in moved.text() and "last mail" in moved.text()
    assert not any(code.encode() in p.read_bytes() for p in site.root.rglob("*") if p.is_file())

    # From now on the seat's mail goes to the new address, with the same token.
    site.mailbox.deliver(order_mail(f"game: g1\nseat: anna\ntoken: {site.tokens['anna']}\nstatus: yes\n", sender=NEW))
    run(site, MONDAY_9 + timedelta(hours=2))
    assert any("status" in str(m.message["Subject"]) for m in kinds(site, NEW, "check"))
    assert len(kinds(site, "anna@example.org", "check")) == 1  # only the pending answer, long ago
    # The code was used: sent again, it moves nothing and counts as a mail from the seat's own address now.
    assert address.pending(site.gd) == {}


@pytest.mark.slow  # renders the report of step 1
def test_a_mistyped_address_never_confirms_and_the_old_one_still_gets_the_next_report(site: Site) -> None:
    typo = "anna@exmaple.org"
    ask(site, typo)
    for seat, pick in (("anna", 3), ("ben", 1), ("cleo", 2)):
        site.mailbox.deliver(order_mail(order_text("g1", seat, 1, site.tokens[seat], f"pick: {pick}\n"),
                                        sender=f"{seat}@example.org"))
    summary = tick(site.root, site.settings, now=MONDAY_9 + timedelta(hours=1), render=default_renderer(site.settings))
    assert not summary.errors, summary.errors
    assert site.gd.current_step() == 1
    assert site.smtp is not None
    assert [m for m in site.smtp.to("anna@example.org") if m.message["X-PBEM-Step"] == "1"]
    assert [m.message["X-Pbem-Kind"] for m in site.smtp.to(typo)] == ["confirm"]  # and nothing else, ever
    assert registered(site) == "anna@example.org"


def test_a_wrong_code_changes_nothing_and_the_right_one_still_works(site: Site) -> None:
    confirmation = ask(site)
    site.mailbox.deliver(answer(confirmation, "confirm: AAAA-AAAA"))
    run(site, MONDAY_9 + timedelta(hours=1))
    assert registered(site) == "anna@example.org"
    [refused] = kinds(site, NEW, "check")
    assert "not the code pbem mailed here" in refused.text() and "4 more times" in refused.text()
    site.mailbox.deliver(answer(confirmation, f"confirm: {code_in(confirmation)}"))
    run(site, MONDAY_9 + timedelta(hours=2))
    assert registered(site) == NEW


def test_guessing_ends_the_change_after_the_last_try(site: Site) -> None:
    confirmation = ask(site)
    for n in range(address.MAX_TRIES):
        site.mailbox.deliver(answer(confirmation, f"confirm: WRONG-{n:04d}"))
    run(site, MONDAY_9 + timedelta(hours=1))
    assert "That was the last try" in kinds(site, NEW, "check")[-1].text()
    site.mailbox.deliver(answer(confirmation, f"confirm: {code_in(confirmation)}"))
    run(site, MONDAY_9 + timedelta(hours=2))
    assert registered(site) == "anna@example.org"


def test_an_expired_code_changes_nothing(site: Site) -> None:
    confirmation = ask(site)
    later = MONDAY_9 + timedelta(days=address.CONFIRM_DAYS, minutes=1)
    site.mailbox.deliver(answer(confirmation, f"confirm: {code_in(confirmation)}"))
    run(site, later)
    assert registered(site) == "anna@example.org"
    [expired] = kinds(site, NEW, "check")
    assert "the code expired" in expired.text() and "Ask again" in expired.text()
    assert address.pending(site.gd) == {}


def test_a_confirmation_forged_from_a_third_address_moves_nothing_and_tells_the_forger_nothing(site: Site) -> None:
    confirmation = ask(site)
    code = code_in(confirmation)
    forger = "mallory@evil.example"
    # Even with the right code (say, read off a shoulder) and under the seat's header lines.
    site.mailbox.deliver(order_mail(f"game: g1\nseat: anna\nconfirm: {code}\n", sender=forger))
    run(site, MONDAY_9 + timedelta(hours=1))
    assert registered(site) == "anna@example.org"
    assert site.smtp is not None
    [told] = site.smtp.to(forger)
    # Its subject names what it answers (an address change), not orders the forger never sent.
    assert str(told.message["Subject"]) == "[g1] address change: address not confirmed"
    assert NEW not in told.text() and "anna@example.org" not in told.text() and "pending" not in told.text()
    [warned] = [m for m in kinds(site, "anna@example.org", "check") if "someone tried your seat" in str(m.message["Subject"])]
    assert "not from your registered address" in warned.text()
    # The change still waits for the address it was asked for.
    site.mailbox.deliver(answer(confirmation, f"confirm: {code}"))
    run(site, MONDAY_9 + timedelta(hours=2))
    assert registered(site) == NEW


def test_a_replaced_seat_voids_a_change_asked_before(site: Site) -> None:
    from pbem import players

    confirmation = ask(site)
    with site.gd.lock():
        players.replace(site.gd, "anna", "dora@example.org", MONDAY_9)
    site.mailbox.deliver(answer(confirmation, f"confirm: {code_in(confirmation)}"))
    run(site, MONDAY_9 + timedelta(hours=1))
    assert registered(site) == "dora@example.org"
    assert "changed hands" in kinds(site, NEW, "check")[-1].text()


def test_asking_again_replaces_the_code_and_a_confirmation_with_the_token_is_no_order(site: Site) -> None:
    text = f"game: g1\nseat: anna\ntoken: {site.tokens['anna']}\naddress: anna@nwe.example\n"
    site.mailbox.deliver(order_mail(text, sender="anna@example.org"))
    first = ask(site)  # the same run sends both: only the latest code is mailed, to the latest address
    assert site.smtp is not None
    assert [m.message["X-Pbem-Kind"] for m in site.smtp.to("anna@nwe.example")] == []
    with_token = f"game: g1\nseat: anna\ntoken: {site.tokens['anna']}\nconfirm: {code_in(first)}\n"
    site.mailbox.deliver(order_mail(with_token, sender=NEW))
    run(site, MONDAY_9 + timedelta(hours=1))
    assert registered(site) == NEW
    assert not site.gd.pending()  # taken for a confirmation, not stored as orders


def test_the_kept_copy_of_a_confirmation_mail_names_the_code_it_left_out(site: Site) -> None:
    confirmation = ask(site)
    [kept] = [p for p in (site.gd.mail_dir() / "sent").glob("*.eml") if b"X-Pbem-Kind: confirm" in p.read_bytes()]
    raw = kept.read_bytes()
    assert code_in(confirmation).encode() not in raw
    text = " ".join(str(email.message_from_bytes(raw, policy=email.policy.default).get_body().get_content()).split())  # type: ignore[union-attr]
    assert "carried an address change's confirmation code; pbem keeps no copy of it" in text
    assert "secret token" not in text
