"""The moderator's controls end to end, through the real servers: Dovecot for orders, aiosmtpd for mail out."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from pbem import control, rollback
from pbem.mail import notices
from pbem.mail.tick import default_renderer, tick

from .conftest import Received, Site
from .mails import order_mail, order_text

MONDAY_9 = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)  # the deadline is 18:00 Berlin = 17:00 UTC that day

pytestmark = pytest.mark.mail  # needs the local IMAP and SMTP servers


def kind(mail: Received) -> str:
    return str(mail.message.get("X-Pbem-Kind") or ("report-" + str(mail.message["X-PBEM-Step"])))


def send_orders(site: Site, picks: dict[str, int], step: int) -> None:
    for seat, pick in picks.items():
        site.mailbox.deliver(order_mail(order_text("g1", seat, step, site.tokens[seat], f"pick: {pick}\n"),
                                        sender=f"{seat}@example.org"))


def test_hold_then_tick_does_nothing_then_resume_and_tick_resolves(site: Site) -> None:
    site.gd.meta.options["deadline"] = {"rule": "weekdays 18:00", "timezone": "Europe/Berlin", "remind_hours": [2]}
    site.gd.save_meta()
    render = default_renderer(site.settings)
    assert not tick(site.root, site.settings, now=MONDAY_9, render=render).errors
    with site.gd.lock():
        control.hold(site.gd, "the rules question on ties is with the designer", MONDAY_9 + timedelta(hours=1))
    send_orders(site, {"anna": 3, "ben": 1, "cleo": 2}, 1)
    held = tick(site.root, site.settings, now=MONDAY_9 + timedelta(hours=2), render=render)
    assert not held.errors, held.errors
    assert [o.status for o in held.fetched.outcomes] == ["accepted"] * 3  # orders are still taken
    assert held.games["g1"] == ["held by the moderator (the rules question on ties is with the designer): nothing done"]
    # Past the reminder and the deadline: still nothing, and no reminder goes out.
    late = tick(site.root, site.settings, now=MONDAY_9 + timedelta(hours=10), render=render)
    assert site.gd.current_step() == 0 and not late.errors
    for seat in ("anna", "ben", "cleo"):
        got = [kind(m) for m in site.smtp.to(f"{seat}@example.org")]
        assert got.count("hold") == 1 and "remind" not in got and "report-1" not in got
        [note] = [m for m in site.smtp.to(f"{seat}@example.org") if kind(m) == "hold"]
        assert "the rules question on ties is with the designer" in note.text()
        [check] = [m for m in site.smtp.to(f"{seat}@example.org") if kind(m) == "check"]
        assert "The game is on hold" in check.text() and "Deadline" not in check.text()
    with site.gd.lock():
        control.resume(site.gd, MONDAY_9 + timedelta(hours=10))
    resumed = tick(site.root, site.settings, now=MONDAY_9 + timedelta(hours=10, minutes=5), render=render)
    assert not resumed.errors, resumed.errors
    assert resumed.games["g1"] == ["resolved step 1"]
    for seat in ("anna", "ben", "cleo"):
        got = [kind(m) for m in site.smtp.to(f"{seat}@example.org")]
        assert "resume" in got and "report-1" in got


def test_a_rollback_sends_the_corrected_report_as_a_new_mail(site: Site) -> None:
    render = default_renderer(site.settings)
    send_orders(site, {"anna": 3, "ben": 1, "cleo": 2}, 1)
    first = tick(site.root, site.settings, now=MONDAY_9, render=render)
    assert not first.errors and site.gd.current_step() == 1
    with site.gd.lock():
        rollback.rollback(site.gd, 0, "ben meant to pick 3", MONDAY_9 + timedelta(minutes=5))
    site.mailbox.deliver(order_mail(order_text("g1", "ben", 1, site.tokens["ben"], "pick: 3\n"), sender="ben@example.org"))
    second = tick(site.root, site.settings, now=MONDAY_9 + timedelta(minutes=10), render=render)
    assert not second.errors, second.errors
    assert [o.status for o in second.fetched.outcomes] == ["replaced"]
    assert "cleo scores 2 in round 1." in [e.text for e in site.gd.events(1)]  # corrected: anna and ben tie at 3
    reports = [m for m in site.smtp.to("anna@example.org") if kind(m) == "report-1"]
    assert len(reports) == 2
    old, new = reports
    assert old.message["Message-ID"] != new.message["Message-ID"]
    assert "anna scores" in old.text() and "cleo scores" in new.text()
    assert [kind(m) for m in site.smtp.to("anna@example.org")].count("rollback") == 1
    sent = sorted(p.name for p in (site.gd.mail_dir() / "sent").glob("0001-anna*.eml"))
    assert sent == ["0001-anna.eml", "0001-anna.r1.eml"]  # the first report's sent copy is kept


def test_a_second_welcome_keeps_the_first_sent_copy(site: Site) -> None:
    for _ in range(2):
        notices.queue_welcome(site.gd, site.settings, notices.issue_tokens(site.gd, ["anna"]))
        tick(site.root, site.settings, now=MONDAY_9, render=None)
    sent = sorted(p.name for p in (site.gd.mail_dir() / "sent").glob("welcome-anna*.eml"))
    assert sent == ["welcome-anna.2.eml", "welcome-anna.eml"]
    assert len([m for m in site.smtp.to("anna@example.org") if kind(m) == "welcome"]) == 2
