"""The moderator's controls over a game's clock: hold, resume, and set or extend a deadline.

Every control is logged in the game's log.jsonl and, when the game is played by mail (a pbem.yaml at the
games' root), mails the players it touches. Each such mail has an identity of its own (a time stamp and a
random part in its file name and Message-ID), so a second notice never replaces the first.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from pbem import deadlines, moderation
from pbem.mail import press
from pbem.mail import settings as mail_settings
from pbem.mail.due import asks_for_orders, deadline_text
from pbem.mail.settings import Settings
from pbem.mail.tell import mailed_seats, tell
from pbem.reports.config import ReportConfig
from pbem.reports.names import report_stem
from pbem.store import GameDir, StoreError

_SPAN = re.compile(r"^\s*(?P<n>\d+(?:\.\d+)?)\s*(?P<unit>m|min|minutes?|h|hours?|d|days?)\s*$", re.I)
_MOMENT_FORMATS = ("%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M", "%Y-%m-%d")


class ControlError(StoreError):
    """A control the game cannot take now (held twice, a deadline in the past …): nothing was changed."""


def settings_of(gd: GameDir) -> Settings | None:
    """The mail settings when the game is played by mail (pbem.yaml beside it), else None."""
    root = gd.root.resolve().parent
    if not (root / mail_settings.SETTINGS_FILE).is_file():
        return None
    try:
        return mail_settings.load(root)
    except mail_settings.SettingsError as exc:
        raise ControlError(f"{exc} (the players could not be told; fix it and try again)") from None


def _policy(gd: GameDir) -> deadlines.Policy | None:
    try:
        return deadlines.policy(gd.meta.options)
    except deadlines.DeadlineError as exc:
        raise ControlError(f"{gd.root / 'game.yaml'}: {exc}") from None


def _deadline_line(gd: GameDir, seat: str, now: datetime) -> list[str]:
    text = deadline_text(gd, seat, now)
    return [f"Deadline for your orders: {text}."] if text else []


def rerender_open_step(gd: GameDir, settings: Settings | None, readers: Sequence[str | None] | None = None) -> None:
    """Render the open step's stored reports again (no mail): they name the deadline the control just changed."""
    step = gd.current_step()
    if not (gd.report_dir(step) / ".complete").exists():
        return  # not rendered yet: the batch renders them, with the deadline as it is then
    from pbem.reports.render import render_step  # Jinja and the drawing code load only for a rendered step

    config = settings.report_config() if settings is not None else ReportConfig()
    chosen = [None, *gd.meta.seat_names] if readers is None else list(readers)
    # A PDF already made (a report mail attached it) is made again too, so no stored copy keeps the old deadline.
    with_pdf = [r for r in chosen if (gd.report_dir(step) / f"{report_stem(r)}.pdf").is_file()]
    for group, pdf in ((with_pdf, True), ([r for r in chosen if r not in with_pdf], False)):
        if group:
            render_step(gd, step, config, readers=group, pdf=pdf)


# -- hold and resume ---------------------------------------------------------------------------------------
def hold(gd: GameDir, why: str, now: datetime) -> list[Path]:
    """Hold the game (the caller holds its lock): no resolution, deadline or reminder until `resume`."""
    why = " ".join(why.split())
    if not why:
        raise ControlError("say why the game is held (--why): the players are told")
    if len(why) > 1000:
        raise ControlError("--why: keep it under 1,000 characters (send more with `pbem broadcast`)")
    if gd.game.result(gd.state()) is not None:
        raise ControlError(f"{gd.name} is over: nothing to hold")
    mark = moderation.held(gd)
    if mark is not None:
        raise ControlError(f"{gd.name} is already held ({mark.get('why')}); `pbem resume {gd.root}` first")
    settings = settings_of(gd)
    data = moderation.read(gd)
    data["held"] = {"why": why, "since": now.astimezone(UTC).isoformat()}
    moderation.write(gd, data)
    moderation.log(gd, {"control": "hold", "why": why, "time": now.astimezone(UTC).isoformat()})
    rerender_open_step(gd, settings)  # no deadline runs while held, and the reports say none
    lines = [
        f"The moderator has put game {gd.name} ({gd.game.title}) on hold: {why}",
        "",
        "While the game is held no step is resolved, no deadline runs and no reminder is sent.",
        "Orders you send are still checked and kept for the next step.",
        "You will get a mail when the game resumes, with the deadline if orders are due from you.",
    ]
    return tell(gd, settings, mailed_seats(gd), "the game is on hold", lines, "hold", now)


def resume(gd: GameDir, now: datetime) -> tuple[timedelta, list[Path]]:
    """End a hold (the caller holds the lock); the open deadline moves on by as long as the game was held."""
    since = moderation.held_since(gd)
    if moderation.held(gd) is None:
        raise ControlError(f"{gd.name} is not held")
    settings = settings_of(gd)
    paused = max(now - since, timedelta(0)) if since is not None else timedelta(0)
    track = deadlines.load_track(gd.root)
    if track is not None and track.step == gd.current_step() and paused:
        # The players get back the time they had left when the game was held.
        track.deadline += paused
        track.seats = {seat: moment + paused for seat, moment in track.seats.items()}
        deadlines.save_track(gd.root, track)
    data = moderation.read(gd)
    data.pop("held", None)
    moderation.write(gd, data)
    moderation.log(gd, {"control": "resume", "time": now.astimezone(UTC).isoformat(), "held_for": str(paused)})
    deadlines.open_track(gd, now)  # a game held before its deadline was fixed gets it now, as its mail says
    rerender_open_step(gd, settings)

    def lines(seat: str) -> list[str]:
        # Only a seat that owes orders has a deadline to keep; the others hear the game goes on.
        due = _deadline_line(gd, seat, now) if asks_for_orders(gd, seat) else ["No orders are due from you now."]
        return [f"The moderator has resumed game {gd.name} ({gd.game.title}); {gd.game.label(gd.state())}.", "", *due]

    return paused, tell(gd, settings, mailed_seats(gd), "the game resumes", lines, "resume", now)


# -- deadlines ---------------------------------------------------------------------------------------------
def parse_span(text: str) -> timedelta:
    """'24h', '2d', '90m' as a time span."""
    match = _SPAN.match(text)
    if not match or float(match["n"]) <= 0:
        raise ControlError(f"{text!r}: write a positive span such as 24h, 2d or 90m")
    unit = match["unit"].lower()
    hours = float(match["n"]) * (24 if unit.startswith("d") else 1 / 60 if unit.startswith("m") else 1)
    return timedelta(hours=hours)


def parse_moment(text: str, zone_name: str | None) -> datetime:
    """'2026-12-01 18:00' on the clock of `zone_name` (an IANA name), as an aware moment."""
    try:
        zone = deadlines.zone(zone_name)
    except deadlines.DeadlineError as exc:
        raise ControlError(str(exc)) from None
    for form in _MOMENT_FORMATS:
        try:
            return datetime.strptime(text.strip(), form).replace(tzinfo=zone)
        except ValueError:
            continue
    raise ControlError(f"{text!r}: write the deadline as YYYY-MM-DD HH:MM (on the clock of --zone)")


def set_deadline(gd: GameDir, now: datetime, *, at: datetime | None = None, extend: timedelta | None = None,
                 seat: str | None = None, why: str = "") -> tuple[datetime, list[Path]]:
    """Set (`at`) or extend (`extend`) the open step's deadline, for the game or one seat; the caller holds the lock."""
    policy = _policy(gd)
    if policy is None:
        raise ControlError(f"{gd.name} has no deadline rule (options.deadline in game.yaml): it resolves when all "
                           "orders are in, or with `pbem run --force`")
    if gd.game.result(gd.state()) is not None:
        raise ControlError(f"{gd.name} is over: no deadline to set")
    if moderation.held(gd) is not None:
        raise ControlError(f"{gd.name} is held: no deadline runs; `pbem resume` first, then set it")
    owing = sorted({p.seat for p in gd.game.prompts(gd.state())})
    if seat is not None and seat not in owing:
        raise ControlError(f"no orders are due from {seat} now; the game waits for {', '.join(owing)}")
    settings = settings_of(gd)
    track = deadlines.current(gd.root, gd.current_step(), policy, now)
    new = at if at is not None else track.for_seat(seat) + (extend or timedelta(0))
    new = new.astimezone(UTC)
    if new <= now:
        raise ControlError(f"the new deadline {new:%Y-%m-%d %H:%M} UTC is not in the future")
    if seat is None:
        track.deadline = new
        # Reminders whose time is still to come are owed again against the new deadline.
        track.reminded = [h for h in track.reminded if new - timedelta(hours=h) <= now]
    else:
        track.seats[seat] = new
    track.noticed = False
    deadlines.save_track(gd.root, track)
    moderation.log(gd, {"control": "deadline", "seat": seat, "deadline": new.isoformat(), "why": why,
                        "time": now.astimezone(UTC).isoformat()})
    rerender_open_step(gd, settings, [seat] if seat is not None else None)
    told = [seat] if seat is not None else owing

    def lines(reader: str) -> list[str]:
        whose = "your orders" if seat is not None else "orders"
        return [f"The moderator has set a new deadline for {whose} in game {gd.name}, step {track.step + 1}"
                + (f": {why}" if why else "."), "", *_deadline_line(gd, reader, now)]

    return new, tell(gd, settings, told, f"new deadline for step {track.step + 1}", lines, "deadline", now)


def check_new_options(options: dict[str, Any]) -> None:
    """Refuse options `pbem new` cannot keep: an unknown deadline key, rule, time zone or policy; a press
    setting that is not on, anonymous or off."""
    if press.OPTION in options:
        problem = press.check_setting(options[press.OPTION])
        if problem is not None:
            raise ControlError(f"--option {problem}")
    data = deadlines.settings_of(options)
    if data is None:
        return
    unknown = sorted(set(data) - set(deadlines.KEYS))
    if unknown:
        raise ControlError(f"--option deadline.{unknown[0]}: unknown; the deadline keys are {', '.join(deadlines.KEYS)}")
    try:
        deadlines.policy(options)
    except deadlines.DeadlineError as exc:
        raise ControlError(f"--option deadline: {exc}") from None
