"""A short mail to seats of a game (a control, press, a changed address): one per seat, each its own identity."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable, Sequence
from datetime import UTC, datetime
from pathlib import Path

from pbem.mail import compose
from pbem.mail.settings import Settings
from pbem.store import GameDir

Lines = Sequence[str] | Callable[[str], Sequence[str]]


def stamp(now: datetime) -> str:
    """A name part no other mail of the game shares: the moment and a random part."""
    return f"{now.astimezone(UTC):%Y%m%dT%H%M%S}-{secrets.token_hex(3)}"


def mailed_seats(gd: GameDir, seats: Iterable[str] | None = None) -> list[str]:
    """Seats (default: all) with an address; a robot seat's address is the person who handed it over."""
    names = list(seats) if seats is not None else gd.meta.seat_names
    return [name for name in names if gd.meta.seat(name).address]


def tell(gd: GameDir, settings: Settings | None, seats: Iterable[str], subject: str, lines: Lines, kind: str,
         now: datetime, *, attachments: Sequence[compose.Attachment] = (), unique: str | None = None) -> list[Path]:
    """Queue one mail per seat with an address; `lines` may be a function of the seat (its own time zone).

    `unique` names the mails for good (queued again, they replace themselves); by default a fresh stamp.
    """
    if settings is None:
        return []
    unique = unique or stamp(now)
    queued: list[Path] = []
    for seat in mailed_seats(gd, seats):
        text = lines(seat) if callable(lines) else lines
        msg = compose.build(
            settings, to=[str(gd.meta.seat(seat).address)], subject=f"[{gd.name}] {subject}", text=compose.wrap(text),
            kind=kind, message_id=compose.make_id(settings, kind, gd.name, seat, unique), game=gd.name, seat=seat,
            attachments=attachments, now=now,
        )
        queued.append(compose.queue(gd.outbox_dir(), f"{kind}-{unique}-{seat}", msg))
    return queued
