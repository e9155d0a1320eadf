"""A seat's time zone: deadlines in pbem's mail to the seat are written on its clock.

Set by the moderator (`pbem timezone GAME SEAT ZONE`) or by the player, from the seat's registered address
with the token:

    timezone: America/New_York      # an IANA name; `default` goes back to the deadline rule's zone
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from datetime import datetime
from functools import cache
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from engine.quoting import quoted
from pbem import moderation
from pbem.mail.due import deadline_text
from pbem.store import GameDir

KEY = "timezone"
#: The value that clears a seat's own zone: its deadlines are then on the rule's clock.
DEFAULT = "default"
EXAMPLES = "Europe/Berlin, America/New_York, Asia/Tokyo or UTC"


class ZoneError(ValueError):
    """A name that is no time zone; the message says what would be valid."""


@cache
def _names() -> dict[str, str]:
    """Every IANA zone name this machine knows, by its lower-case spelling."""
    return {name.lower(): name for name in available_timezones()}


def check_zone(value: Any) -> str | None:
    """The IANA name meant by `value` (any case), or None for `default`; ZoneError names close valid ones."""
    name = str(value).strip() if isinstance(value, str) else ""
    if name.lower() == DEFAULT:
        return None
    known = _names().get(name.lower())
    if known is not None:
        try:
            ZoneInfo(known)
            return known
        except (ZoneInfoNotFoundError, ValueError):
            pass
    close = difflib.get_close_matches(name.lower(), list(_names()), n=3, cutoff=0.6)
    names = [_names()[c] for c in close]
    hint = f" (did you mean {', '.join(names[:-1])} or {names[-1]}?)" if len(names) > 1 else (
        f" (did you mean {names[0]}?)" if names else "")
    raise ZoneError(f"{quoted(value)} is not a time zone{hint}; write an IANA name such as {EXAMPLES} "
                    f"({len(_names())} are known), or {DEFAULT} for the deadline rule's zone")


def set_zone(gd: GameDir, seat: str, zone: str | None, by: str, now: datetime) -> None:
    """Store the seat's zone in game.yaml and log who set it (the caller holds the lock)."""
    gd.meta.seat(seat).timezone = zone
    gd.save_meta()
    moderation.log(gd, {"control": "timezone", "seat": seat, "timezone": zone, "by": by, "time": now.isoformat()})


def described(gd: GameDir, seat: str, now: datetime) -> list[str]:
    """What the seat's clock is now and the open deadline on it."""
    zone = gd.meta.seat(seat).timezone
    lines = [f"Deadlines in pbem's mail to seat {seat} are now written in {zone}." if zone else
             f"Deadlines in pbem's mail to seat {seat} are now written in the deadline rule's time zone."]
    deadline = deadline_text(gd, seat, now)
    lines.append(f"Your next deadline: {deadline}." if deadline else "No deadline runs in this game now.")
    return lines


def is_request(body: Mapping[str, Any]) -> bool:
    """True when an order document's body only sets the seat's time zone."""
    return len(body) == 1 and KEY in body


def by_mail(gd: GameDir, seat: str, value: Any, sender: str | None, now: datetime) -> tuple[str, list[str], bool]:
    """`timezone: ZONE` from the seat's registered address: the answer's subject, its lines, whether done."""
    registered = gd.meta.seat(seat).address
    if not registered or not sender or sender.lower() != registered.lower():
        return "time zone not changed", [
            "Your time zone was not changed: only the seat's registered address may change it (with the token)."], False
    try:
        zone = check_zone(value)
    except ZoneError as exc:
        return "time zone not changed", [f"Your time zone was not changed: timezone: {exc}."], False
    set_zone(gd, seat, zone, "player", now)
    return "time zone changed", described(gd, seat, now), True
