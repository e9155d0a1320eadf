"""Whole games through the real servers: welcome, orders mailed in, checks mailed back, reports, deadlines."""

from __future__ import annotations

import multiprocessing
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from pathlib import Path

import pytest

from pbem.files import locked
from pbem.mail import notices
from pbem.mail.mailbox import state_dir
from pbem.mail.tick import default_renderer, tick

from .conftest import Received, Site
from .mails import order_mail, order_text

MONDAY_9 = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)  # the deadline is 18:00 Berlin = 17:00 UTC that day

pytestmark = pytest.mark.mail  # needs the local IMAP and SMTP servers


def set_deadline(site: Site, **extra: object) -> None:
    site.gd.meta.options["deadline"] = {"rule": "weekdays 18:00", "timezone": "Europe/Berlin", "remind_hours": [2], **extra}
    site.gd.save_meta()


def reply_to(welcome: Received, text: str) -> EmailMessage:
    """A player answers a mail: orders on top, the mail quoted below."""
    quoted = "\n".join("> " + line for line in welcome.text().splitlines())
    msg = order_mail(f"{text}\nOn Mon, 30 Nov 2026 at 10:00, pbem wrote:\n{quoted}\n", sender=welcome.recipients[0],
                     subject="Re: " + str(welcome.message["Subject"]))
    msg["In-Reply-To"] = str(welcome.message["Message-ID"])
    return msg


def kinds(mails: list[Received]) -> list[str]:
    return [str(m.message.get("X-Pbem-Kind") or ("report" if m.message["X-PBEM-Step"] else "?")) for m in mails]


@pytest.mark.slow  # a whole game by mail, every report rendered
def test_a_whole_game_by_mail(site: Site) -> None:
    set_deadline(site)
    render = default_renderer(site.settings)
    tokens = notices.issue_tokens(site.gd, ["anna", "ben", "cleo"])
    notices.queue_welcome(site.gd, site.settings, tokens, now=MONDAY_9)  # queued by the tick's clock, not the wall's
    first = tick(site.root, site.settings, now=MONDAY_9, render=render)
    assert not first.errors, first.errors
    welcome = {seat: next(m for m in site.smtp.to(f"{seat}@example.org") if m.message["X-Pbem-Kind"] == "welcome")
               for seat in tokens}
    assert "Monday 30 November 2026, 12:00 EST (America/New_York)" in welcome["anna"].text()  # anna's own zone
    assert "18:00 CET (Europe/Berlin)" in welcome["ben"].text()

    for seat, pick in (("anna", 3), ("ben", 1), ("cleo", 1)):
        site.mailbox.deliver(reply_to(welcome[seat], order_text("g1", seat, 1, tokens[seat], f"pick: {pick}\n")))
    second = tick(site.root, site.settings, now=MONDAY_9 + timedelta(hours=1), render=render)
    assert not second.errors, second.errors
    assert [o.status for o in second.fetched.outcomes] == ["accepted"] * 3
    assert site.gd.current_step() == 1  # everyone sent orders: resolved before the deadline
    to_anna = site.smtp.to("anna@example.org")
    check = next(m for m in to_anna if m.message["X-Pbem-Kind"] == "check")
    assert "ACCEPTED" in check.text() and "pick: 3" in check.text()
    # Anna's mail was the first of the three, but her answer leaves after the step they completed is resolved.
    assert "Still waiting for: ben" not in check.text()
    assert "Step 1 is resolved with these orders; its report, with what step 2 asks, follows in its own mail." in check.text()
    # The report that follows tells the next deadline: the answer carries no deadline and no calendar file.
    assert "Deadline:" not in check.text()
    assert not any(p.get_content_type() == "text/calendar" for p in check.message.walk())
    report = next(m for m in to_anna if m.message["X-PBEM-Step"] == "1")
    parts = {p.get_content_type() for p in report.message.walk()}
    assert {"application/pdf", "text/calendar"} <= parts
    assert report.text().startswith("Deadline: Monday 30 November 2026, 12:00 EST (America/New_York).")
    html_body = report.message.get_body(("html",))
    assert html_body is not None and "12:00 EST (America/New_York)" in html_body.get_content()
    # One thread per seat: the check and the report hang from the same root.
    assert check.message["References"].split()[0] == report.message["References"].split()[0]
    assert site.mailbox.count("pbem/processed") == 3

    site.mailbox.deliver(order_mail(order_text("g1", "anna", 2, tokens["anna"], "pick: 3\n")))
    tick(site.root, site.settings, now=MONDAY_9 + timedelta(hours=2), render=render)
    assert site.gd.current_step() == 1
    tick(site.root, site.settings, now=MONDAY_9 + timedelta(hours=6, minutes=1), render=render)
    reminded = [m for m in site.smtp.received if m.message["X-Pbem-Kind"] == "remind"]
    assert sorted(m.recipients[0] for m in reminded) == ["ben@example.org", "cleo@example.org"]
    assert all(any(p.get_content_type() == "text/calendar" for p in m.message.walk()) for m in reminded)
    tick(site.root, site.settings, now=MONDAY_9 + timedelta(hours=6, minutes=30), render=render)
    assert len([m for m in site.smtp.received if m.message["X-Pbem-Kind"] == "remind"]) == 2  # reminded once

    late = tick(site.root, site.settings, now=MONDAY_9 + timedelta(hours=8, minutes=1), render=render)
    assert site.gd.current_step() == 2
    assert any("default orders for ben, cleo" in line for line in late.games["g1"])
    assert site.gd.step_info(2)["orders"] == {"anna": "submitted", "ben": "default", "cleo": "default"}
    [missed] = [m for m in site.smtp.to("ben@example.org") if m.message["X-Pbem-Kind"] == "missed"]
    assert "default orders" in missed.text() and "pick: 1" in missed.text() and "step 2" in missed.text()
    assert not [m for m in site.smtp.to("anna@example.org") if m.message["X-Pbem-Kind"] == "missed"]

    # The last round: everyone answers the report of step 2, the game ends, and a late mail is refused.
    later = MONDAY_9 + timedelta(hours=9)
    for seat in tokens:
        report = next(m for m in site.smtp.to(f"{seat}@example.org") if m.message["X-PBEM-Step"] == "2")
        site.mailbox.deliver(reply_to(report, order_text("g1", seat, 3, tokens[seat], "pick: 2\n")))
    final = tick(site.root, site.settings, now=later, render=render)
    assert not final.errors, final.errors
    assert site.gd.game.result(site.gd.state()) is not None and "the game is over" in final.games["g1"]
    last = next(m for m in site.smtp.to("cleo@example.org") if m.message["X-PBEM-Step"] == "3")
    assert any(p.get_content_type() == "application/pdf" for p in last.message.walk())
    site.mailbox.deliver(order_mail(order_text("g1", "anna", 4, tokens["anna"])))
    tick(site.root, site.settings, now=later + timedelta(minutes=5), render=render)
    refusal = [m for m in site.smtp.to("anna@example.org") if m.message["X-Pbem-Kind"] == "check"][-1]
    assert "is over" in refusal.text() and site.gd.current_step() == 3
    sent_twice = [m.message["Message-ID"] for m in site.smtp.received]
    assert len(sent_twice) == len(set(sent_twice)), "nothing is sent twice"


def test_two_ticks_at_once_do_not_both_work(site: Site) -> None:
    with locked(state_dir(site.root) / "tick.lock"):
        assert tick(site.root, site.settings, now=MONDAY_9).busy
    with site.gd.lock():
        result = tick(site.root, site.settings, now=MONDAY_9)
    assert "busy" in result.games["g1"][0]


def test_missed_orders_played_by_a_robot(site: Site) -> None:
    set_deadline(site, missed="robot")
    render = default_renderer(site.settings)
    site.mailbox.deliver(order_mail(order_text("g1", "anna", 1, site.tokens["anna"], "pick: 3\n")))
    tick(site.root, site.settings, now=MONDAY_9, render=render)
    tick(site.root, site.settings, now=MONDAY_9 + timedelta(hours=9), render=render)
    assert site.gd.step_info(1)["orders"] == {"anna": "submitted", "ben": "submitted", "cleo": "submitted"}
    assert "robot orders" in site.gd.step_orders(1)["ben"] and "robot" not in site.gd.step_orders(1)["anna"]
    for seat in ("ben", "cleo"):
        mails = site.smtp.to(f"{seat}@example.org")
        [told] = [m for m in mails if m.message["X-Pbem-Kind"] == "missed"]
        assert "a robot" in told.text() and "pick:" in told.text()
        assert any(m.message["X-PBEM-Step"] == "1" for m in mails), "the person still gets the reports"
    assert not [m for m in site.smtp.to("anna@example.org") if m.message["X-Pbem-Kind"] == "missed"]


def test_the_caretaker_policy_in_a_game_without_a_caretaker_plays_the_random_robot(site: Site) -> None:
    set_deadline(site, missed="caretaker")
    site.mailbox.deliver(order_mail(order_text("g1", "anna", 1, site.tokens["anna"], "pick: 3\n")))
    tick(site.root, site.settings, now=MONDAY_9, render=None)
    done = tick(site.root, site.settings, now=MONDAY_9 + timedelta(hours=9), render=None)
    assert any("robots played for ben, cleo" in line for line in done.games["g1"])
    assert site.gd.step_orders(1)["ben"].startswith("# robot orders: ben sent none by the deadline\n")


def test_mail_that_arrives_after_the_deadline_and_grace_does_not_count(site: Site) -> None:
    # The server's arrival times cannot lie in the future (Dovecot clamps them), so this game runs in the past.
    opened = datetime.now(UTC).replace(microsecond=0) - timedelta(hours=3)
    site.gd.meta.options["deadline"] = {"rule": "1 hours after the last step", "grace_minutes": 30}
    site.gd.save_meta()
    tick(site.root, site.settings, now=opened, render=None)  # the deadline: opened + 1 h, grace until + 1.5 h
    deadline = opened + timedelta(hours=1)
    site.mailbox.deliver(order_mail(order_text("g1", "anna", 1, site.tokens["anna"], "pick: 3\n")),
                         at=deadline + timedelta(minutes=40))
    site.mailbox.deliver(order_mail(order_text("g1", "ben", 1, site.tokens["ben"], "pick: 1\n"), sender="ben@example.org"),
                         at=deadline + timedelta(minutes=20))
    late = tick(site.root, site.settings, now=opened + timedelta(hours=3), render=None)
    assert late.fetched is not None and [o.status for o in late.fetched.outcomes] == ["rejected", "accepted"]
    assert site.gd.step_info(1)["orders"] == {"anna": "default", "ben": "submitted", "cleo": "default"}
    [check] = [m for m in site.smtp.to("anna@example.org") if m.message["X-Pbem-Kind"] == "check"]
    assert "after the deadline" in check.text() and "ACCEPTED" not in check.text()


def test_missed_orders_wait_for_the_moderator_who_is_told_once(site: Site) -> None:
    set_deadline(site, missed="wait")
    tick(site.root, site.settings, now=MONDAY_9, render=None)
    tick(site.root, site.settings, now=MONDAY_9 + timedelta(hours=9), render=None)
    tick(site.root, site.settings, now=MONDAY_9 + timedelta(hours=10), render=None)
    assert site.gd.current_step() == 0
    notes = site.smtp.to("mod@example.org")
    assert len(notes) == 1 and "pbem run --force" in notes[0].text()


def test_a_game_without_deadline_resolves_when_orders_are_complete(site: Site) -> None:
    for seat in ("anna", "ben", "cleo"):
        site.mailbox.deliver(order_mail(order_text("g1", seat, 1, site.tokens[seat]), sender=f"{seat}@example.org"))
    result = tick(site.root, site.settings, render=None)
    assert result.games["g1"] == ["resolved step 1"]
    assert site.gd.current_step() == 1


def _tick_in_child(root: str, settings: object, now: datetime) -> None:
    tick(Path(root), settings, now=now, render=None)  # type: ignore[arg-type]


def test_two_tick_processes_racing_handle_and_send_everything_once(site: Site) -> None:
    for n in range(12):
        seat = ("anna", "ben", "cleo")[n % 3]
        site.mailbox.deliver(order_mail(order_text("g1", seat, 1, site.tokens[seat], f"pick: {n // 3 % 3 + 1}\n# mail {n}\n"),
                                        sender=f"{seat}@example.org"))
    context = multiprocessing.get_context("fork")  # children keep the test game registered
    racers = [context.Process(target=_tick_in_child, args=(str(site.root), site.settings, MONDAY_9)) for _ in range(2)]
    for racer in racers:
        racer.start()
    for racer in racers:
        racer.join(60)
        assert racer.exitcode == 0
    tick(site.root, site.settings, now=MONDAY_9, render=None)  # whatever a busy racer left, done now
    assert len(list((state_dir(site.root) / "seen").glob("??/*.json"))) == 12
    assert site.mailbox.count("INBOX") == 0
    ids = [m.message["Message-ID"] for m in site.smtp.received]
    assert len(ids) == 12 and len(set(ids)) == 12  # one answer per mail, none twice
    assert site.gd.current_step() == 1
