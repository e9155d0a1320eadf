"""Deadlines: a rule with a time zone in game.yaml, when the current step is due, and how to show it.

`seat_deadline(gd, seat)` is the one answer to "when are seat S's orders for the open step due": every mail,
report, .ics file, status line and page reads it. It lives below the reports and the mail, beside the store,
because both need it and the reports must not import the mail.

Schema, in game.yaml `options:` (every key but `rule` optional):

    deadline:
      rule: "weekdays 18:00"     # or "daily 18:00", "mon,thu 20:30", "48 hours after the last step"
      timezone: Europe/Berlin    # the rule's clock (default UTC)
      grace_minutes: 30          # orders still count this long after the deadline
      remind_hours: [24, 2]      # remind seats still missing this many hours before the deadline
      missed: default            # default | robot | caretaker | wait: what a seat that sent nothing plays
      early: true                # resolve at once when every seat has sent orders
      min_hours: 0               # a weekly deadline is at least this long after the step opened
      turn_hours: 12             # ... and at least this long when the step is one seat's turn

`pbem new --option deadline="weekdays 18:00" --option deadline.timezone=Europe/Berlin` works too: dotted
keys are merged into the mapping.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pbem import moderation
from pbem.files import write_atomic
from pbem.store import GameDir

DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
#: robot: the random robot (or the seat's own robot style); caretaker: the game's caretaker, orders meant to win.
MISSED = ("default", "robot", "caretaker", "wait")
#: A step that asks one seat only (one player's turn, in a turn-by-turn game) never opens with less time than this.
TURN_HOURS = 12
#: Every key `options.deadline` may hold.
KEYS = ("rule", "timezone", "grace_minutes", "remind_hours", "missed", "early", "min_hours", "turn_hours")
_WEEKLY = re.compile(r"^(?:every\s+)?(?P<days>[a-z, -]+?)\s+(?:at\s+)?(?P<h>\d{1,2}):(?P<m>\d{2})$")
_AFTER = re.compile(r"^(?:every\s+|after\s+)?(?P<n>\d+(?:\.\d+)?)\s*(?P<unit>h|hours?|d|days?)(?:\s+after\s+the\s+last\s+step)?$")


class DeadlineError(ValueError):
    """A deadline setting in game.yaml that cannot be understood."""


@dataclass(frozen=True)
class Weekly:
    """A deadline at a clock time on some days of the week."""

    days: frozenset[int]
    at: time

    def after(self, opened: datetime, zone: ZoneInfo, minimum: timedelta) -> datetime:
        """The first such moment later than `opened + minimum` (UTC)."""
        earliest = opened + minimum
        day: date = earliest.astimezone(zone).date()
        for _ in range(400):
            if day.weekday() in self.days:
                moment = datetime.combine(day, self.at, tzinfo=zone).astimezone(UTC)
                if moment > earliest:
                    return moment
            day += timedelta(days=1)
        raise DeadlineError("the deadline rule names no day")


@dataclass(frozen=True)
class After:
    """A deadline a fixed time after the step opened."""

    delta: timedelta

    def after(self, opened: datetime, zone: ZoneInfo, minimum: timedelta) -> datetime:
        """`opened` plus the interval (UTC)."""
        return (opened + max(self.delta, minimum)).astimezone(UTC)


Rule = Weekly | After


@dataclass(frozen=True)
class Policy:
    """A game's deadline settings."""

    rule: Rule
    zone: ZoneInfo
    grace: timedelta = timedelta(0)
    remind_hours: tuple[float, ...] = ()
    missed: str = "default"
    early: bool = True
    minimum: timedelta = timedelta(0)
    turn_minimum: timedelta = timedelta(hours=TURN_HOURS)


def parse_rule(text: str) -> Rule:
    """'weekdays 18:00', 'daily 18:00', 'mon,thu 20:30', '48 hours after the last step', '2 days'."""
    spec = " ".join(str(text).lower().split())
    match = _AFTER.match(spec)
    if match:
        amount = float(match["n"])
        hours = amount * 24 if match["unit"].startswith("d") else amount
        if hours <= 0:
            raise DeadlineError(f"deadline rule {text!r}: the interval must be positive")
        return After(timedelta(hours=hours))
    match = _WEEKLY.match(spec)
    if not match:
        raise DeadlineError(f"deadline rule {text!r}: write e.g. 'weekdays 18:00', 'mon,thu 20:30' or '48 hours after the last step'")
    hour, minute = int(match["h"]), int(match["m"])
    if hour > 23 or minute > 59:
        raise DeadlineError(f"deadline rule {text!r}: {hour:02d}:{minute:02d} is not a time of day")
    return Weekly(_days(match["days"], text), time(hour, minute))


def _days(words: str, text: str) -> frozenset[int]:
    named = {"daily": range(7), "day": range(7), "every day": range(7), "weekdays": range(5), "weekday": range(5),
             "weekends": range(5, 7), "weekend": range(5, 7)}
    words = words.strip()
    if words in named:
        return frozenset(named[words])
    days: set[int] = set()
    for part in re.split(r"[,\s]+", words):
        if not part:
            continue
        if "-" in part:
            first, _, last = part.partition("-")
            a, b = _day(first, text), _day(last, text)
            days.update(range(a, b + 1) if a <= b else [*range(a, 7), *range(0, b + 1)])
        else:
            days.add(_day(part, text))
    if not days:
        raise DeadlineError(f"deadline rule {text!r}: no days named")
    return frozenset(days)


def _day(word: str, text: str) -> int:
    for index, name in enumerate(DAYS):
        if word.startswith(name):
            return index
    raise DeadlineError(f"deadline rule {text!r}: {word!r} is not a day (mon … sun, weekdays, daily)")


def zone(name: str | None) -> ZoneInfo:
    """A time zone by its IANA name."""
    try:
        return ZoneInfo(str(name or "UTC"))
    except (ZoneInfoNotFoundError, ValueError):
        raise DeadlineError(f"unknown time zone {name!r} (use an IANA name such as Europe/Berlin)") from None


def settings_of(options: dict[str, Any]) -> dict[str, Any] | None:
    """The deadline mapping from game options, merging dotted keys (`deadline.timezone=…`)."""
    raw = options.get("deadline")
    merged: dict[str, Any] = dict(raw) if isinstance(raw, dict) else ({"rule": raw} if raw else {})
    for key, value in options.items():
        if key.startswith("deadline."):
            merged[key.partition(".")[2]] = value
    return merged or None


def policy(options: dict[str, Any]) -> Policy | None:
    """The game's deadline policy, or None when it has none (then orders are resolved when complete)."""
    data = settings_of(options)
    if data is None:
        return None
    if "rule" not in data:
        raise DeadlineError("options.deadline needs a rule, e.g. rule: weekdays 18:00")
    missed = str(data.get("missed", "default"))
    if missed not in MISSED:
        raise DeadlineError(f"options.deadline.missed: {missed!r} is not one of {', '.join(MISSED)}")
    remind = data.get("remind_hours", [])
    if isinstance(remind, str):
        remind = [x for x in re.split(r"[,\s]+", remind) if x]
    try:
        return Policy(
            rule=parse_rule(str(data["rule"])),
            zone=zone(data.get("timezone")),
            grace=timedelta(minutes=float(data.get("grace_minutes", 0))),
            remind_hours=tuple(sorted((float(h) for h in (remind if isinstance(remind, list) else [remind])), reverse=True)),
            missed=missed,
            early=str(data.get("early", True)).lower() not in ("false", "no", "0"),
            minimum=timedelta(hours=float(data.get("min_hours", 0))),
            turn_minimum=timedelta(hours=float(data.get("turn_hours", TURN_HOURS))),
        )
    except (TypeError, ValueError) as exc:
        if isinstance(exc, DeadlineError):
            raise
        raise DeadlineError(f"options.deadline: {exc}") from None


@dataclass
class Track:
    """The deadline of the step now open, kept in the game folder (mail/deadline.json)."""

    step: int
    opened: datetime
    deadline: datetime
    reminded: list[float] = field(default_factory=list)
    noticed: bool = False
    seats: dict[str, datetime] = field(default_factory=dict)  # one seat's own deadline, set by the moderator
    #: Reminders already sent to a seat with its own deadline (hours before it); the others share `reminded`.
    seat_reminded: dict[str, list[float]] = field(default_factory=dict)

    def for_seat(self, seat: str | None) -> datetime:
        """The deadline one seat sees: its own when the moderator gave it one, else the game's."""
        return self.seats.get(seat, self.deadline) if seat is not None else self.deadline

    def closes(self) -> datetime:
        """When the step closes: the game's deadline, or a seat's later one (the step waits for it)."""
        return max([self.deadline, *self.seats.values()])

    def due(self, policy: Policy, now: datetime) -> bool:
        """True once the deadline (and every seat's own) and its grace period have passed."""
        return now >= self.closes() + policy.grace

    def reminders_due(self, policy: Policy, now: datetime, seat: str | None = None) -> float | None:
        """The reminder to send now (hours before the deadline `seat` sees), or None; a late run sends only the latest.

        A reminder whose time came before the step opened is skipped: the report that opened it says as much.
        A seat with a deadline of its own is reminded before that one, not before the game's.
        """
        deadline = self.for_seat(seat)
        sent = self.seat_reminded.get(seat, []) if seat in self.seats else self.reminded
        if now >= deadline:
            return None
        owed = [h for h in policy.remind_hours if h not in sent
                and self.opened <= deadline - timedelta(hours=h) <= now]
        return min(owed) if owed else None

    def reminded_at(self, policy: Policy, hours: float, seat: str | None = None) -> None:
        """Record the reminder sent `hours` before the deadline (and the earlier ones a late run skipped)."""
        sent = self.seat_reminded.get(seat, []) if seat in self.seats else self.reminded
        done = sorted({*sent, *(h for h in policy.remind_hours if h >= hours)}, reverse=True)
        if seat in self.seats:
            self.seat_reminded[str(seat)] = done
        else:
            self.reminded = done


def track_path(game_root: Path) -> Path:
    """Where a game's deadline is kept."""
    return Path(game_root) / "mail" / "deadline.json"


def load_track(game_root: Path) -> Track | None:
    """The stored deadline of a game, if any."""
    path = track_path(game_root)
    if not path.is_file():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    return Track(
        step=int(data["step"]),
        opened=datetime.fromisoformat(data["opened"]),
        deadline=datetime.fromisoformat(data["deadline"]),
        reminded=[float(h) for h in data.get("reminded", [])],
        noticed=bool(data.get("noticed", False)),
        seats={str(k): datetime.fromisoformat(v) for k, v in (data.get("seats") or {}).items()},
        seat_reminded={str(k): [float(h) for h in v] for k, v in (data.get("seat_reminded") or {}).items()},
    )


def save_track(game_root: Path, track: Track) -> None:
    """Store a game's deadline."""
    data: dict[str, Any] = {
        "step": track.step,
        "opened": track.opened.isoformat(),
        "deadline": track.deadline.isoformat(),
        "reminded": track.reminded,
        "noticed": track.noticed,
    }
    if track.seats:
        data["seats"] = {seat: moment.isoformat() for seat, moment in sorted(track.seats.items())}
    if track.seat_reminded:
        data["seat_reminded"] = {seat: hours for seat, hours in sorted(track.seat_reminded.items())}
    write_atomic(track_path(game_root), json.dumps(data, indent=1, sort_keys=True) + "\n")


def current(game_root: Path, step: int, policy: Policy, now: datetime) -> Track:
    """The deadline for orders after stored step `step`: kept if known, else set from `now` and saved."""
    track = load_track(game_root)
    if track is not None and track.step == step:
        return track
    track = opening(game_root, step, policy, now)
    save_track(game_root, track)
    return track


def opening(game_root: Path, step: int, policy: Policy, now: datetime) -> Track:
    """The deadline a step opened at `now` gets: the rule, after the minimum time (longer for one seat's turn)."""
    minimum = policy.minimum
    if policy.turn_minimum > minimum and is_turn(game_root):
        minimum = policy.turn_minimum
    return Track(step=step, opened=now, deadline=policy.rule.after(now, policy.zone, minimum))


def is_turn(game_root: Path) -> bool:
    """True when the step now open asks orders of one seat only: a player's turn (also against an automaton)."""
    if not (Path(game_root) / "game.yaml").is_file():
        return False
    gd = GameDir(Path(game_root))
    state = gd.state()
    if gd.game.result(state) is not None:
        return False
    return len({p.seat for p in gd.game.prompts(state)}) == 1


def running(gd: GameDir) -> Policy | None:
    """The game's policy while a deadline runs: None without a (valid) rule, once the game is over, or while held."""
    try:
        found = policy(gd.meta.options)
    except DeadlineError:
        return None  # the tick reports a broken rule; nobody is shown a deadline made up around it
    if found is None or gd.game.result(gd.state()) is not None or moderation.held(gd) is not None:
        return None
    return found


def open_track(gd: GameDir, now: datetime) -> tuple[Policy, Track] | None:
    """Fix the open step's deadline if it is not fixed yet (saved): the policy and the track; None when none runs.

    The batch calls this before it renders a new step's reports, so they name the deadline the mail will.
    """
    found = running(gd)
    return (found, current(gd.root, gd.current_step(), found, now)) if found is not None else None


def open_deadline(gd: GameDir, now: datetime | None = None) -> tuple[Policy, Track] | None:
    """The running policy and the open step's deadline, as fixed, or as it would be fixed at `now`; never written."""
    found = running(gd)
    if found is None:
        return None
    step = gd.current_step()
    track = load_track(gd.root)
    if track is None or track.step != step:
        track = opening(gd.root, step, found, now or datetime.now(UTC))
    return found, track


def seat_deadline(gd: GameDir, seat: str | None, now: datetime | None = None) -> datetime | None:
    """When `seat`'s orders for the open step are due (None: the game's own deadline); None when none runs."""
    found = open_deadline(gd, now)
    return found[1].for_seat(seat) if found is not None else None


def seat_deadline_text(gd: GameDir, seat: str | None, now: datetime | None = None) -> str | None:
    """`seat_deadline` as the seat reads it: in its own time zone (else the rule's), or None."""
    found = open_deadline(gd, now)
    if found is None:
        return None
    rule, track = found
    zone_name = gd.meta.seat(seat).timezone if seat is not None else None
    return local_text(track.for_seat(seat), zone_name, rule.zone)


def local_text(moment: datetime, zone_name: str | None, fallback: ZoneInfo) -> str:
    """A deadline as a reader in that time zone writes it: 'Tuesday 1 December 2026, 18:00 CET (Europe/Berlin)'."""
    try:
        where = ZoneInfo(zone_name) if zone_name else fallback
    except (ZoneInfoNotFoundError, ValueError):
        where = fallback
    local = moment.astimezone(where)
    return f"{local:%A} {local.day} {local:%B %Y, %H:%M} {local.tzname()} ({where.key})"


def ics(uid: str, moment: datetime, summary: str, description: str, stamp: datetime) -> bytes:
    """A one-event iCalendar file (RFC 5545) marking the deadline, with an alarm two hours before."""
    import icalendar  # 30 ms of imports that only a deadline mail needs, not `status` or `check`

    calendar = icalendar.Calendar()
    calendar.add("prodid", "-//pbem//deadline//EN")
    calendar.add("version", "2.0")
    calendar.add("method", "PUBLISH")
    event = icalendar.Event()
    event.add("uid", uid)
    event.add("dtstamp", stamp.astimezone(UTC))
    event.add("dtstart", moment.astimezone(UTC))
    event.add("dtend", moment.astimezone(UTC))
    event.add("summary", summary)
    event.add("description", description)
    alarm = icalendar.Alarm()
    alarm.add("action", "DISPLAY")
    alarm.add("trigger", timedelta(hours=-2))
    alarm.add("description", summary)
    event.add_component(alarm)
    calendar.add_component(event)
    return calendar.to_ical()
