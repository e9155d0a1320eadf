"""A seat's time zone, set by the player by mail or by the moderator's `pbem timezone`, through the real servers."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from click.testing import CliRunner

from pbem.cli import main as cli
from pbem.mail import timezone
from pbem.mail.tick import tick
from pbem.store import open_game

from .conftest import Received, Site
from .mails import order_mail

MONDAY_9 = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)  # the deadline: 18:00 Berlin, 17:00 UTC that day

pytestmark = pytest.mark.mail  # needs the local IMAP and SMTP servers


def with_deadline(site: Site) -> None:
    site.gd.meta.options["deadline"] = {"rule": "weekdays 18:00", "timezone": "Europe/Berlin", "remind_hours": [2]}
    site.gd.save_meta()


def run(site: Site, now: datetime) -> None:
    summary = tick(site.root, site.settings, now=now, render=None)
    assert not summary.errors, summary.errors


def mails(site: Site, to: str, kind: str) -> list[Received]:
    assert site.smtp is not None
    return [m for m in site.smtp.to(to) if m.message["X-Pbem-Kind"] == kind]


def request(site: Site, seat: str, zone: str, sender: str | None = None) -> None:
    text = f"game: g1\nseat: {seat}\ntoken: {site.tokens[seat]}\ntimezone: {zone}\n"
    site.mailbox.deliver(order_mail(text, sender=sender or f"{seat}@example.org"))


def test_a_player_sets_their_time_zone_by_mail_and_the_reminder_reads_it(site: Site) -> None:
    with_deadline(site)
    request(site, "ben", "asia/tokyo")  # any case
    run(site, MONDAY_9)
    assert open_game(site.gd.root).meta.seat("ben").timezone == "Asia/Tokyo"
    [answer] = mails(site, "ben@example.org", "check")
    assert "time zone changed" in str(answer.message["Subject"])
    assert "Your next deadline: Tuesday 1 December 2026, 02:00 JST (Asia/Tokyo)." in answer.text()
    run(site, MONDAY_9 + timedelta(hours=6, minutes=1))  # two hours before the deadline
    [reminder] = mails(site, "ben@example.org", "remind")
    assert "02:00 JST (Asia/Tokyo)" in reminder.text()
    [other] = mails(site, "cleo@example.org", "remind")
    assert "18:00 CET (Europe/Berlin)" in other.text()  # the rule's clock for a seat without its own


def test_a_misspelt_zone_is_refused_with_what_would_be_valid(site: Site) -> None:
    request(site, "ben", "Europe/Berln")
    run(site, MONDAY_9)
    assert open_game(site.gd.root).meta.seat("ben").timezone is None
    [answer] = mails(site, "ben@example.org", "check")
    assert "time zone not changed" in str(answer.message["Subject"])
    assert "did you mean Europe/Berlin" in answer.text() and "IANA name" in answer.text()


def test_only_the_registered_address_sets_the_zone(site: Site) -> None:
    request(site, "ben", "Asia/Tokyo", sender="someone@else.example")
    run(site, MONDAY_9)
    assert open_game(site.gd.root).meta.seat("ben").timezone is None


def test_default_goes_back_to_the_rules_clock(site: Site) -> None:
    with_deadline(site)
    request(site, "anna", "default")  # anna reads New York time (tests/mail/conftest.py)
    run(site, MONDAY_9)
    assert open_game(site.gd.root).meta.seat("anna").timezone is None
    [answer] = mails(site, "anna@example.org", "check")
    assert "18:00 CET (Europe/Berlin)" in answer.text()


def test_the_moderator_sets_a_seats_zone_and_the_player_is_told(site: Site) -> None:
    with_deadline(site)
    run(site, MONDAY_9)  # the deadline opens
    done = CliRunner().invoke(cli, ["timezone", str(site.gd.root), "cleo", "America/Sao_Paulo"])
    assert done.exit_code == 0, done.output
    assert "cleo reads deadlines in America/Sao_Paulo" in done.output and "queued 1 mail" in done.output
    assert open_game(site.gd.root).meta.seat("cleo").timezone == "America/Sao_Paulo"
    run(site, MONDAY_9 + timedelta(minutes=5))
    [told] = mails(site, "cleo@example.org", "timezone")
    assert "The moderator set the time zone of seat cleo" in told.text()
    assert "Monday 30 November 2026, 14:00 -03 (America/Sao_Paulo)" in told.text()
    run(site, MONDAY_9 + timedelta(hours=6, minutes=1))
    [reminder] = mails(site, "cleo@example.org", "remind")
    assert "14:00 -03 (America/Sao_Paulo)" in reminder.text()


def test_the_moderator_is_refused_an_unknown_zone_or_seat(site: Site) -> None:
    wrong = CliRunner().invoke(cli, ["timezone", str(site.gd.root), "cleo", "Mars/Olympus"])
    assert wrong.exit_code == 1
    assert "'Mars/Olympus' is not a time zone" in wrong.output and "Europe/Berlin" in wrong.output
    assert "Traceback" not in wrong.output
    close = CliRunner().invoke(cli, ["timezone", str(site.gd.root), "cleo", "America/New_Yrok"])
    assert close.exit_code == 1 and "did you mean America/New_York" in close.output
    seat = CliRunner().invoke(cli, ["timezone", str(site.gd.root), "zed", "UTC"])
    assert seat.exit_code == 1 and "unknown seat 'zed'; the seats are anna, ben, cleo" in seat.output
    assert open_game(site.gd.root).meta.seat("cleo").timezone is None


def test_check_zone_reads_any_case_and_default() -> None:
    assert timezone.check_zone("europe/berlin") == "Europe/Berlin"
    assert timezone.check_zone("Default") is None
    with pytest.raises(timezone.ZoneError, match="not a time zone"):
        timezone.check_zone(7)
