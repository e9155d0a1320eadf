"""The `digest` mail policy: at most one mail a day, with the report now and everything since the last one.

`pbem tick` calls `flush` for every game; what each digest seat was last sent is kept in
`mail/digest.json` (`through`: the last step it covered, `at`: when it was queued).
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from pbem.files import write_atomic
from pbem.mail.policy import choice_of
from pbem.mail.settings import Settings
from pbem.store import GameDir

#: The least time between two digests to one seat.
INTERVAL = timedelta(days=1)


def _path(gd: GameDir) -> Path:
    return gd.mail_dir() / "digest.json"


def load(gd: GameDir) -> dict[str, dict[str, Any]]:
    """What each digest seat was last sent; empty when none was (a damaged file counts as none)."""
    try:
        data = json.loads(_path(gd).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {str(k): v for k, v in data.items() if isinstance(v, dict)} if isinstance(data, dict) else {}


def mark(gd: GameDir, seat: str, through: int, at: datetime | None) -> None:
    """Note that the seat's mail covers everything up to step `through` (at: when sent; None: send when news comes)."""
    known = load(gd)
    known[seat] = {"through": through, "at": at.isoformat() if at is not None else None}
    write_atomic(_path(gd), json.dumps(known, indent=1, sort_keys=True) + "\n")


def _due(entry: dict[str, Any], now: datetime) -> bool:
    at = entry.get("at")
    if not at:
        return True
    try:
        return now - datetime.fromisoformat(str(at)) >= INTERVAL
    except (TypeError, ValueError):
        return True


def flush(gd: GameDir, settings: Settings, now: datetime) -> list[str]:
    """Queue the digest of every digest seat with news whose last one is a day old; what was done, a line each.

    The caller holds the game's lock. The mail is the seat's report of the current step, summing up the
    steps since its last digest (the welcome mail carried the setup), so it may ask for orders too.
    """
    from pbem.reports import report_model
    from pbem.reports.render import queue_mail

    step = gd.current_step()
    known = load(gd)
    done: list[str] = []
    for seat in gd.meta.seats:
        if not seat.address or choice_of(seat).policy != "digest":
            continue
        entry = known.get(seat.name, {"through": 0, "at": None})
        through = int(entry.get("through", 0))
        if step <= through or not _due(entry, now):
            continue
        model = report_model(gd, step, seat.name)
        queue_mail(gd, model, seat.address, settings.report_config(), since=through)
        mark(gd, seat.name, step, now)
        done.append(f"digest for {seat.name}: steps {through + 1}-{step}")
    return done
