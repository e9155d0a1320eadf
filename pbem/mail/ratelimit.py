"""Limits on answers to mail that proves no seat: forged senders must not turn pbem into a mail bomb.

Mail without a seat's token may come from anyone, with any From. pbem answers it, but at most:

- one answer per sender address per day (UTC), and at most STRANGERS_PER_HOUR such answers per hour in all;
- one "someone tried your seat" notice per seat per day, to the seat's registered address, counting the
  attempts since the previous notice;
- one notice per registered address per day that its mail was too large to read;
- one alert per day to the moderator, with the day's figures, once an answer was held back.

The counts live in ROOT/.pbem/limits/ (one file per day, and the seats' counts since their last notice),
written atomically under a lock of their own.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pbem.files import locked, write_atomic

#: Answers to one address, for mail without a valid token, per UTC day.
PER_ADDRESS_PER_DAY = 1
#: Answers to mail without a valid token per hour, all addresses together.
STRANGERS_PER_HOUR = 20
#: "Someone tried your seat" notices per seat per UTC day.
SEAT_NOTICES_PER_DAY = 1
#: Day files older than this many days are removed.
KEEP_DAYS = 30


def limits_dir(root: Path) -> Path:
    """Where the counts are kept."""
    return Path(root) / ".pbem" / "limits"


class Limits:
    """The counts of one day, read and written under the limits lock (use `Limits.open`)."""

    def __init__(self, root: Path, now: datetime, day: dict[str, Any], seats: dict[str, Any]):
        self.root = root
        self.now = now
        self.day = day
        self.seats = seats

    @classmethod
    @contextmanager
    def open(cls, root: Path, now: datetime) -> Iterator[Limits]:
        """The counts for `now`'s day, saved when the block ends."""
        folder = limits_dir(root)
        now = now.astimezone(UTC) if now.tzinfo is not None else now
        with locked(folder / ".lock"):
            day = _read(folder / f"{now:%Y-%m-%d}.json")
            seats = _read(folder / "seats.json")
            limits = cls(root, now, day, seats)
            yield limits
            write_atomic(folder / f"{now:%Y-%m-%d}.json", json.dumps(limits.day, sort_keys=True, indent=1) + "\n")
            write_atomic(folder / "seats.json", json.dumps(limits.seats, sort_keys=True, indent=1) + "\n")
            _prune(folder, now)

    def _count(self, key: str, by: int = 1) -> int:
        self.day[key] = int(self.day.get(key, 0)) + by
        return int(self.day[key])

    def _mail(self, mail: str) -> None:
        """Count a mail without a valid token once, however many answers it would draw (they are asked in a row)."""
        if self.day.get("last mail") != mail:
            self.day["last mail"] = mail
            self._count("unauthenticated")

    def _held(self, kind: str) -> None:
        self._count("held")
        held: dict[str, int] = self.day.setdefault("held by kind", {})
        held[kind] = held.get(kind, 0) + 1

    def stranger(self, address: str, mail: str) -> bool:
        """Whether an answer to `address` for mail without a valid token may go now (and count it if so)."""
        self._mail(mail)
        answered: dict[str, int] = self.day.setdefault("answered", {})
        hours: dict[str, int] = self.day.setdefault("hours", {})
        hour = f"{self.now:%H}"
        key = address.lower()
        if answered.get(key, 0) >= PER_ADDRESS_PER_DAY or hours.get(hour, 0) >= STRANGERS_PER_HOUR:
            self._held("senders")
            return False
        answered[key] = answered.get(key, 0) + 1
        hours[hour] = hours.get(hour, 0) + 1
        self._count("answers")
        return True

    def seat_tried(self, game: str, seat: str, mail: str) -> int | None:
        """Count an attempt on a seat without its token; the attempts to report when a notice is due now, else None."""
        self._mail(mail)
        key = f"{game}/{seat}"
        record = self.seats.setdefault(key, {"since": 0, "notified": None, "today": 0})
        record["since"] = int(record.get("since", 0)) + 1
        tried: dict[str, int] = self.day.setdefault("seats", {})
        tried[key] = tried.get(key, 0) + 1
        today = f"{self.now:%Y-%m-%d}"
        sent = int(record.get("today", 0)) if record.get("notified") == today else 0
        if sent >= SEAT_NOTICES_PER_DAY:
            self._held("seats")
            return None
        count = int(record["since"])
        record.update(since=0, notified=today, today=sent + 1)
        self._count("seat notices")
        return count

    def registered(self, address: str, kind: str, mail: str) -> bool:
        """Whether a notice of `kind` may go to a registered address today (once a day)."""
        self._mail(mail)
        told: dict[str, list[str]] = self.day.setdefault("told", {})
        kinds = told.setdefault(address.lower(), [])
        if kind in kinds:
            self._held("notices")
            return False
        kinds.append(kind)
        self._count("notices")
        return True

    def alert_due(self) -> bool:
        """True once a day, when an answer was held back and the moderator has not been told today."""
        if not self.day.get("held") or self.day.get("alerted"):
            return False
        self.day["alerted"] = True
        return True

    def figures(self) -> list[str]:
        """The day's counts, for the moderator."""
        day = self.day
        held = day.get("held by kind", {})
        tried = sorted(day.get("seats", {}).items(), key=lambda item: (-item[1], item[0]))
        lines = [
            f"Mail without a valid token today ({self.now:%Y-%m-%d} UTC, until {self.now:%H:%M}):",
            f"  mails without a valid token: {day.get('unauthenticated', 0)}",
            f"  different sender addresses answered: {len(day.get('answered', {}))}",
            f"  answers sent to senders: {day.get('answers', 0)}",
            f"  'someone tried your seat' notices: {day.get('seat notices', 0)}",
            f"  notices to registered addresses (too large, lost token, question): {day.get('notices', 0)}",
            f"  answers held back by the limits: {day.get('held', 0)} (to senders: {held.get('senders', 0)}, "
            f"seat notices: {held.get('seats', 0)}, other notices: {held.get('notices', 0)})",
        ]
        if tried:
            lines += ["", "Seats named without their token (attempts today):",
                      *(f"  {key}: {count}" for key, count in tried[:20])]
        lines += ["", f"Limits: one answer per address per day, {STRANGERS_PER_HOUR} per hour in all, one notice per "
                  "seat per day. Every mail is in .pbem/log.jsonl; this alert is sent once a day."]
        return lines


def _read(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except ValueError:
        return {}  # a damaged count file starts the day's counts over; it decides only who gets an answer
    return data if isinstance(data, dict) else {}


def _prune(folder: Path, now: datetime) -> None:
    for path in folder.glob("????-??-??.json"):
        try:
            age = (now.replace(tzinfo=None) - datetime.strptime(path.stem, "%Y-%m-%d")).days
        except ValueError:
            continue
        if age > KEEP_DAYS:
            path.unlink(missing_ok=True)
