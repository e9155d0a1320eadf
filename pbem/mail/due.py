"""The deadline now open for a game, as a seat reads it: in their own time zone, and as an .ics file."""

from __future__ import annotations

from datetime import UTC, datetime

from pbem import deadlines
from pbem.mail.compose import Attachment
from pbem.mail.headers import atom
from pbem.mail.settings import Settings
from pbem.store import GameDir


def deadline_of(gd: GameDir, now: datetime) -> tuple[deadlines.Policy, deadlines.Track] | None:
    """The game's deadline policy and the deadline now open (fixed now if it was not), or None when none runs."""
    return deadlines.open_track(gd, now)


def deadline_text(gd: GameDir, seat: str | None, now: datetime | None = None) -> str | None:
    """The open deadline in the seat's time zone (else the rule's), or None; a mail saying it fixes it first."""
    now = now or datetime.now(UTC)
    deadlines.open_track(gd, now)
    return deadlines.seat_deadline_text(gd, seat, now)


def asks_for_orders(gd: GameDir, seat: str) -> bool:
    """True when a mail to the seat now asks for orders: it owes some for the open step and pbem has none."""
    member = gd.meta.seat(seat)
    if member.robot or seat in gd.pending():
        return False
    state = gd.state()
    return gd.game.result(state) is None and seat in {p.seat for p in gd.game.prompts(state)}


def deadline_parts(gd: GameDir, settings: Settings, seat: str, now: datetime) -> tuple[list[str], list[Attachment]]:
    """The deadline line in the seat's own time zone and the .ics file marking it, for a mail asking for orders.

    Only such mail carries them: a seat that owes nothing, or whose orders are in, has no deadline to keep.
    """
    found = deadline_of(gd, now) if asks_for_orders(gd, seat) else None
    if found is None:
        return [], []
    _, track = found
    moment = deadlines.seat_deadline(gd, seat, now)
    text = deadlines.seat_deadline_text(gd, seat, now)
    if moment is None or text is None:
        return [], []
    summary = f"pbem: orders for {gd.name}, step {track.step + 1}"
    uid = f"deadline+{atom(gd.name)}+{track.step + 1}+{atom(seat)}@{settings.domain}"
    cal = deadlines.ics(uid, moment, summary, f"Send your orders for game {gd.name} before {text}.", now)
    return [f"Deadline: {text}."], [Attachment("deadline.ics", "text/calendar", cal)]
