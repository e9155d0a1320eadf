"""Deadline rules, time zones, reminders and the .ics file."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from pbem.mail import deadlines
from pbem.mail.deadlines import After, DeadlineError, Track, Weekly


def at(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


def test_weekdays_skip_the_weekend_in_the_rule_s_zone() -> None:
    policy = deadlines.policy({"deadline": {"rule": "weekdays 18:00", "timezone": "Europe/Berlin"}})
    assert policy is not None and isinstance(policy.rule, Weekly)
    friday_evening = at("2026-11-27T17:30")  # 18:30 in Berlin: Friday's deadline has passed
    assert policy.rule.after(friday_evening, policy.zone, policy.minimum) == at("2026-11-30T17:00")


def test_daylight_saving_time_moves_the_utc_hour() -> None:
    rule = deadlines.parse_rule("daily 18:00")
    zone = deadlines.zone("Europe/Berlin")
    assert rule.after(at("2026-03-28T12:00"), zone, timedelta(0)) == at("2026-03-28T17:00")  # CET
    assert rule.after(at("2026-03-29T12:00"), zone, timedelta(0)) == at("2026-03-29T16:00")  # CEST


def test_hours_after_the_last_step_and_minimum_time() -> None:
    assert deadlines.parse_rule("48 hours after the last step") == After(timedelta(hours=48))
    assert deadlines.parse_rule("2 days") == After(timedelta(days=2))
    rule = deadlines.parse_rule("mon,thu 20:30")
    assert rule.after(at("2026-11-30T19:00"), deadlines.zone("UTC"), timedelta(hours=12)) == at("2026-12-03T20:30")


@pytest.mark.parametrize("options", [
    {"deadline": {"rule": "sometimes"}},
    {"deadline": {"rule": "daily 25:00"}},
    {"deadline": {"rule": "daily 18:00", "timezone": "Mars/Olympus"}},
    {"deadline": {"rule": "daily 18:00", "missed": "coin"}},
    {"deadline": {"timezone": "UTC"}},
])
def test_bad_settings_are_explained(options: dict) -> None:
    with pytest.raises(DeadlineError):
        deadlines.policy(options)


def test_flat_option_keys_from_the_command_line() -> None:
    policy = deadlines.policy({"deadline": "daily 9:00", "deadline.timezone": "Asia/Tokyo", "deadline.remind_hours": "24,2"})
    assert policy is not None and policy.zone.key == "Asia/Tokyo" and policy.remind_hours == (24.0, 2.0)
    assert deadlines.policy({}) is None


def test_pbem_new_keeps_dotted_options_flat_and_they_win_over_the_mapping(tmp_path: Path) -> None:
    """As docs/mail.md says: game.yaml keeps each --option as given; pbem reads them as one mapping."""
    from click.testing import CliRunner
    from highest_unique import GAME

    from pbem.cli import main
    from pbem.store import open_game

    result = CliRunner().invoke(main, ["new", str(tmp_path / "g"), "--game", GAME.id, "--seed", "1", "--player", "a",
                                       "--player", "b", "--option", "deadline=weekdays 18:00", "--option",
                                       "deadline.timezone=Europe/Berlin", "--option", "deadline.remind_hours=24 2",
                                       "--option", "deadline.early=No"])
    assert result.exit_code == 0, result.output
    options = open_game(tmp_path / "g").meta.options
    assert options == {"deadline": "weekdays 18:00", "deadline.timezone": "Europe/Berlin",
                       "deadline.remind_hours": "24 2", "deadline.early": "No"}
    assert "  deadline.timezone: Europe/Berlin\n" in (tmp_path / "g" / "game.yaml").read_text(encoding="utf-8")
    policy = deadlines.policy(options)
    assert policy is not None and policy.zone.key == "Europe/Berlin" and policy.remind_hours == (24.0, 2.0)
    assert policy.early is False and isinstance(policy.rule, Weekly)
    both = deadlines.policy({"deadline": {"rule": "daily 9:00", "timezone": "UTC", "grace_minutes": 5},
                             "deadline.timezone": "Asia/Tokyo", "deadline.grace_minutes": "30"})
    assert both is not None and both.zone.key == "Asia/Tokyo" and both.grace == timedelta(minutes=30)


def test_reminders_are_due_once_and_a_late_run_sends_only_the_latest() -> None:
    policy = deadlines.Policy(rule=After(timedelta(hours=48)), zone=deadlines.zone("UTC"), remind_hours=(24.0, 2.0))
    track = Track(step=0, opened=at("2026-11-30T00:00"), deadline=at("2026-12-02T00:00"))
    assert track.reminders_due(policy, at("2026-11-30T12:00")) is None
    assert track.reminders_due(policy, at("2026-12-01T01:00")) == 24.0
    assert track.reminders_due(policy, at("2026-12-01T23:00")) == 2.0
    track.reminded = [24.0, 2.0]
    assert track.reminders_due(policy, at("2026-12-01T23:30")) is None
    assert not track.due(policy, at("2026-12-01T23:59")) and track.due(policy, at("2026-12-02T00:00"))


def test_local_text_in_the_player_s_zone() -> None:
    moment = at("2026-11-30T17:00")
    assert deadlines.local_text(moment, "Asia/Tokyo", deadlines.zone("UTC")) == "Tuesday 1 December 2026, 02:00 JST (Asia/Tokyo)"
    assert deadlines.local_text(moment, "No/Where", deadlines.zone("Europe/Berlin")).endswith("18:00 CET (Europe/Berlin)")


def test_ics_is_a_valid_calendar_with_folded_lines() -> None:
    data = deadlines.ics("u@x", at("2026-11-30T17:00"), "orders, g1; step 2", "é" * 80, at("2026-11-29T00:00")).decode()
    lines = data.split("\r\n")
    assert lines[0] == "BEGIN:VCALENDAR" and "DTSTART:20261130T170000Z" in lines
    assert "SUMMARY:orders\\, g1\\; step 2" in lines
    assert all(len(line.encode()) <= 75 for line in lines)


def test_a_deadline_in_the_hour_daylight_saving_skips_or_repeats() -> None:
    rule = deadlines.parse_rule("daily 02:30")
    berlin = deadlines.zone("Europe/Berlin")
    # 29 March 2026 has no 02:30 in Berlin (clocks jump 02:00 -> 03:00): the deadline is 03:30 CEST, 01:30 UTC.
    spring = rule.after(at("2026-03-28T23:00"), berlin, timedelta(0))
    assert spring == at("2026-03-29T01:30")
    assert deadlines.local_text(spring, None, berlin) == "Sunday 29 March 2026, 03:30 CEST (Europe/Berlin)"
    # 25 October 2026 has 02:30 twice: the first one (CEST) is the deadline; the next day's is 25 hours later.
    autumn = rule.after(at("2026-10-24T22:00"), berlin, timedelta(0))
    assert autumn == at("2026-10-25T00:30")
    assert rule.after(autumn, berlin, timedelta(0)) == at("2026-10-26T01:30")
    after = deadlines.parse_rule("48 hours after the last step")
    assert after.after(at("2026-03-28T12:00"), berlin, timedelta(0)) == at("2026-03-30T12:00")  # real hours, not clock


def test_a_reminder_due_before_the_step_opened_is_not_sent_with_its_report() -> None:
    policy = deadlines.Policy(rule=After(timedelta(hours=23)), zone=deadlines.zone("UTC"), remind_hours=(24.0, 2.0))
    track = Track(step=0, opened=at("2026-11-30T18:05"), deadline=at("2026-12-01T17:05"))
    assert track.reminders_due(policy, at("2026-11-30T18:06")) is None
    assert track.reminders_due(policy, at("2026-12-01T15:06")) == 2.0


def test_a_seat_with_its_own_deadline_is_reminded_before_that_one_not_the_games() -> None:
    policy = deadlines.Policy(rule=After(timedelta(hours=48)), zone=deadlines.zone("UTC"), remind_hours=(24.0, 2.0))
    track = Track(step=0, opened=at("2026-11-30T00:00"), deadline=at("2026-12-02T00:00"),
                  seats={"cleo": at("2026-12-04T00:00")})
    assert track.reminders_due(policy, at("2026-12-01T23:00")) == 2.0  # the others' last reminder
    assert track.reminders_due(policy, at("2026-12-01T23:00"), "cleo") is None  # cleo has two more days
    track.reminded_at(policy, 2.0)
    assert track.reminders_due(policy, at("2026-12-03T01:00"), "cleo") == 24.0
    track.reminded_at(policy, 24.0, "cleo")
    assert track.reminders_due(policy, at("2026-12-03T12:00"), "cleo") is None
    assert track.reminders_due(policy, at("2026-12-03T22:30"), "cleo") == 2.0
    assert track.reminded == [24.0, 2.0] and track.seat_reminded == {"cleo": [24.0]}
    later = Track(step=0, opened=track.opened, deadline=track.deadline, seats=track.seats,
                      seat_reminded=track.seat_reminded)
    assert later.reminders_due(policy, at("2026-12-03T22:30"), "anna") is None  # anna's deadline has passed


def test_a_seats_own_reminders_are_kept_with_the_deadline(tmp_path: Path) -> None:
    track = Track(step=3, opened=at("2026-11-30T00:00"), deadline=at("2026-12-02T00:00"),
                  seats={"cleo": at("2026-12-04T00:00")}, seat_reminded={"cleo": [24.0]}, reminded=[24.0])
    deadlines.save_track(tmp_path, track)
    assert deadlines.load_track(tmp_path) == track
