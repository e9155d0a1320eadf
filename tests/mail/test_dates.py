"""The Date of an order mail: '-0000' is UTC, an undated mail never replaces later orders, a resent mail is a repeat."""

from __future__ import annotations

import email.policy
import email.utils
from datetime import UTC, datetime

from pbem.mail.message import mail_date

from .conftest import Site
from .mails import order_mail, order_text
from .test_handle import body, outbox, send

# RFC 5322 '-0000': UTC, the local time unknown; what email.utils.formatdate() writes.
TEN = "Sun, 29 Nov 2020 10:00:00 -0000"
HALF_PAST = "Sun, 29 Nov 2020 10:30:00 -0000"
ELEVEN = "Sun, 29 Nov 2020 11:00:00 -0000"


def test_minus_zero_zone_is_read_as_utc() -> None:
    assert mail_date(TEN) == datetime(2020, 11, 29, 10, tzinfo=UTC).timestamp()
    assert mail_date(email.utils.formatdate(0)) == 0.0
    assert mail_date("not a date") is None and mail_date("") is None


def test_an_older_mail_dated_minus_zero_does_not_replace_a_correction(offline: Site) -> None:
    token = offline.tokens["anna"]
    assert send(offline, order_mail(order_text("g1", "anna", 1, token, "pick: 2\n"), date=TEN)).status == "accepted"
    assert send(offline, order_mail(order_text("g1", "anna", 1, token, "pick: 3\n"), date=ELEVEN)).status == "replaced"
    late = send(offline, order_mail(order_text("g1", "anna", 1, token, "pick: 1\n"), date=HALF_PAST))
    assert late.status == "rejected"
    assert "pick: 3" in offline.gd.pending()["anna"]
    assert "was written before" in body(outbox(offline)[-1])


def test_orders_replayed_after_a_withdrawal_do_not_come_back_minus_zero(offline: Site) -> None:
    token = offline.tokens["anna"]
    orders = order_mail(order_text("g1", "anna", 1, token, "pick: 2\n"), date=TEN)
    send(offline, orders)
    assert send(offline, order_mail(order_text("g1", "anna", 1, token, "withdraw: true\n"), date=ELEVEN)).status == "withdrawn"
    raw = orders.as_bytes(policy=email.policy.SMTP)
    replay = raw.replace(b"Message-ID: <", b"Message-ID: <replayed-")
    assert send(offline, replay).status == "duplicate"
    touched = raw.replace(b"Message-ID: <", b"Message-ID: <touched-").replace(b"pick: 2", b"pick: 2 # again")
    assert send(offline, touched).status == "rejected"
    assert "anna" not in offline.gd.pending()


def test_a_mail_without_a_usable_date_never_replaces_orders_written_later(offline: Site) -> None:
    token = offline.tokens["anna"]
    send(offline, order_mail(order_text("g1", "anna", 1, token, "pick: 3\n"), date=ELEVEN))
    for pick, date in ((1, None), (2, b"Date: yesterday, I think\r\n")):
        msg = order_mail(order_text("g1", "anna", 1, token, f"pick: {pick}\n"))
        del msg["Date"]
        raw = msg.as_bytes(policy=email.policy.SMTP)
        assert send(offline, date + raw if date else raw).status == "rejected"
        assert "pick: 3" in offline.gd.pending()["anna"]
        assert "no date pbem can read" in body(outbox(offline)[-1])


def test_an_undated_mail_is_taken_when_no_orders_stand(offline: Site) -> None:
    msg = order_mail(order_text("g1", "anna", 1, offline.tokens["anna"], "pick: 3\n"))
    del msg["Date"]
    assert send(offline, msg).status == "accepted"


def test_the_same_orders_under_a_new_message_id_are_a_repeat_answered_once(offline: Site) -> None:
    token = offline.tokens["anna"]
    first = order_mail(order_text("g1", "anna", 1, token, "pick: 1\n"), date=TEN)
    assert send(offline, first).status == "accepted"
    raw = first.as_bytes(policy=email.policy.SMTP)
    for n in range(3):  # a client that resends with fresh ids, or an attacker replaying
        again = raw.replace(b"Message-ID: <", f"Message-ID: <resent{n}-".encode())
        outcome = send(offline, again)
        assert outcome.status == "duplicate" and outcome.processed
    assert len(outbox(offline)) == 1
    log = (offline.root / ".pbem" / "log.jsonl").read_text()
    assert log.count("repeat of mail") == 3


def test_going_back_to_earlier_orders_in_a_new_mail_counts(offline: Site) -> None:
    token = offline.tokens["anna"]
    send(offline, order_mail(order_text("g1", "anna", 1, token, "pick: 2\n"), date=TEN))
    send(offline, order_mail(order_text("g1", "anna", 1, token, "pick: 1\n"), date=HALF_PAST))
    assert send(offline, order_mail(order_text("g1", "anna", 1, token, "pick: 2\n"), date=ELEVEN)).status == "replaced"
    assert "pick: 2" in offline.gd.pending()["anna"]
