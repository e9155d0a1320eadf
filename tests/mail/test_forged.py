"""Forged mail: no backscatter, no mail bomb, no hint of which seats exist, and the moderator told once."""

from __future__ import annotations

import email.policy
from datetime import UTC, datetime, timedelta

import pytest

from pbem.mail.handle import handle
from pbem.mail.ratelimit import PER_ADDRESS_PER_DAY, STRANGERS_PER_HOUR
from pbem.mail.tick import tick

from .conftest import Site
from .mails import order_mail, order_text
from .test_handle import body, outbox

NOON = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)


def forged(site: Site, seat: str, sender: str, token: str | None = "W" * 22, game: str = "g1", n: int = 0) -> bytes:
    msg = order_mail(order_text(game, seat, 1, token, f"pick: {1 + n % 3}\n# {n}\n"), sender=sender)
    return msg.as_bytes(policy=email.policy.SMTP)


def test_a_stranger_cannot_tell_which_seat_names_exist(offline: Site) -> None:
    answers = []
    for n, (seat, token) in enumerate([("anna", "W" * 22), ("zed", "W" * 22), ("anna", None), ("zed", None)]):
        sender = f"probe{n}@evil.example"
        handle(offline.root, offline.settings, forged(offline, seat, sender, token), now=NOON)
        [mine] = [m for m in outbox(offline) if m["To"] == sender]
        answers.append((str(mine["Subject"]), body(mine)))
    assert answers[0] == answers[1] and answers[2] == answers[3]
    assert all("anna" not in subject + text for subject, text in answers)


def test_a_stranger_is_answered_once_a_day(offline: Site) -> None:
    for n in range(4):
        handle(offline.root, offline.settings, forged(offline, "zed", "pest@evil.example", n=n), now=NOON)
    assert len([m for m in outbox(offline) if m["To"] == "pest@evil.example"]) == PER_ADDRESS_PER_DAY
    handle(offline.root, offline.settings, forged(offline, "zed", "pest@evil.example", n=9), now=NOON + timedelta(days=1))
    assert len([m for m in outbox(offline) if m["To"] == "pest@evil.example"]) == PER_ADDRESS_PER_DAY + 1


def test_the_seat_named_hears_once_a_day_with_the_count(offline: Site) -> None:
    for n in range(5):
        handle(offline.root, offline.settings, forged(offline, "anna", f"f{n}@evil.example", n=n), now=NOON)
    to_anna = [m for m in outbox(offline) if m["To"] == "anna@example.org"]
    assert len(to_anna) == 1 and "received 1 mail naming your seat" in body(to_anna[0])
    handle(offline.root, offline.settings, forged(offline, "anna", "f9@evil.example", n=9), now=NOON + timedelta(days=1))
    to_anna = [m for m in outbox(offline) if m["To"] == "anna@example.org"]
    assert len(to_anna) == 2 and "received 5 mails naming your seat" in body(to_anna[1])
    assert "evil.example" not in to_anna[1].as_string()  # nobody's address, only what it means


def test_a_too_large_mail_from_a_registered_address_is_answered_once(offline: Site) -> None:
    for n in range(3):  # no [game] in the subject: pbem cannot route it, but knows the address
        head = f"From: ben@example.org\r\nMessage-ID: <big{n}@x>\r\nSubject: my orders\r\n\r\n".encode()
        assert handle(offline.root, offline.settings, head, truncated=True, now=NOON).status == "unroutable"
    [told] = outbox(offline, root_level=True)
    assert told["To"] == "ben@example.org" and "larger than 200000 bytes" in body(told)
    assert "ben in game g1" in body(told)
    stranger = b"From: who@evil.example\r\nMessage-ID: <big9@x>\r\nSubject: my orders\r\n\r\n"
    handle(offline.root, offline.settings, stranger, truncated=True, now=NOON)
    assert len(outbox(offline, root_level=True)) == 1  # a stranger's huge mail is likely spam: not answered


def test_a_too_large_mail_through_the_mailbox_tells_the_seat_once_and_keeps_nothing_large(site: Site) -> None:
    assert site.mailbox is not None and site.smtp is not None
    for n in range(2):
        msg = order_mail(order_text("g1", "cleo", 1, site.tokens["cleo"]), sender="cleo@example.org", subject=f"orders {n}")
        msg.add_attachment(b"\0" * 300_000, maintype="application", subtype="octet-stream", filename="photo.bin")
        site.mailbox.deliver(msg)
    tick(site.root, site.settings, now=NOON)
    [told] = site.smtp.to("cleo@example.org")
    assert "was larger than 200000 bytes" in told.text()
    assert site.gd.pending() == {}
    assert max(p.stat().st_size for p in site.root.rglob("*") if p.is_file()) < 200_000


@pytest.mark.slow  # 520 mails through Dovecot and the SMTP server
def test_500_forged_mails_get_at_most_the_documented_answers_and_one_alert(site: Site) -> None:
    assert site.mailbox is not None and site.smtp is not None
    for n in range(500):
        if n % 25 == 0:  # forged as the player herself
            raw = forged(site, "anna", "anna@example.org", n=n)
        elif n % 3 == 0:
            raw = forged(site, "anna", f"forger{n}@spam.example", n=n)
        elif n % 3 == 1:
            raw = forged(site, f"seat{n}", f"forger{n}@spam.example", n=n)
        else:
            raw = forged(site, "anna", f"forger{n}@spam.example", game="nogame", n=n)
        site.mailbox.deliver(raw)
    summary = tick(site.root, site.settings, now=NOON)
    assert summary.fetched is not None and len(summary.fetched.outcomes) == 500
    received = list(site.smtp.received)
    strangers = [r for r in received if all(a.endswith("@spam.example") for a in r.recipients)]
    assert len(strangers) <= STRANGERS_PER_HOUR
    assert len(site.smtp.to("anna@example.org")) == 1
    [alert] = site.smtp.to("mod@example.org")
    assert "answers held back by the limits" in alert.text() and "g1/anna" in alert.text()
    assert len(received) <= STRANGERS_PER_HOUR + 1 + 1
    # The next round the same day: still no more answers, and no second alert.
    for n in range(500, 520):
        site.mailbox.deliver(forged(site, "anna", f"forger{n}@spam.example", n=n))
    tick(site.root, site.settings, now=NOON + timedelta(minutes=30))
    assert len(site.smtp.received) == len(received)
