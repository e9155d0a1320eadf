"""The `digest` mail policy: at most one mail a day, with the report now and everything since the last one.

`pbem tick` calls `flush` and then `tell_due` for every game; what each digest seat was last sent is kept in
`mail/digest.json` (`through`: the last step it covered, `at`: when it was queued, `told`: the last step it
was told at once that its orders are due). A seat that leaves the digest gets the report its new policy
asks for at its next tick, and its entry goes.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from pbem import moderation
from pbem.files import write_atomic
from pbem.mail import compose
from pbem.mail.due import asks_for_orders, deadline_parts
from pbem.mail.policy import choice_of, report_mail
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


def forget(gd: GameDir, seat: str) -> None:
    """Drop a seat's entry: it no longer gets digests."""
    known = load(gd)
    if known.pop(seat, None) is not None:
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
    from pbem.mail.report import queue_mail  # Jinja and the drawing code: only a digest mail needs them
    from pbem.reports.model import report_model

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
    return done + _left(gd, settings)


def _left(gd: GameDir, settings: Settings) -> list[str]:
    """Seats that left the digest since their last one: the report their new policy asks for now, once."""
    from pbem.mail.report import mailed, queue_mail  # Jinja and the drawing code: only a report mail needs them
    from pbem.reports.model import report_model

    step = gd.current_step()
    over = gd.game.result(gd.state()) is not None
    done: list[str] = []
    for name, entry in load(gd).items():
        if name not in gd.meta.seat_names or choice_of(gd.meta.seat(name)).policy == "digest":
            continue
        address = gd.meta.seat(name).address
        through = int(entry.get("through", 0))
        model = report_model(gd, step, name)
        wanted = report_mail(gd, name, step, model["owes_order"], over) is not None
        if address and step > through and wanted and not mailed(gd, step, name):
            queue_mail(gd, model, address, settings.report_config(), since=through)
            done.append(f"report for {name}, who left the digest: steps {through + 1}-{step}")
        forget(gd, name)
    return done


def tell_due(gd: GameDir, settings: Settings, now: datetime) -> list[str]:
    """Tell each digest seat at once that its orders are due, with the deadline, when its digest did not.

    The digest stays daily; this short mail only says that the step now open waits for the seat.
    """
    step = gd.current_step()
    known = load(gd)
    done: list[str] = []
    for seat in gd.meta.seats:
        if not seat.address or choice_of(seat).policy != "digest" or not asks_for_orders(gd, seat.name):
            continue
        entry = known.get(seat.name, {"through": 0, "at": None})
        tag = _tag(gd, step)
        if step <= int(entry.get("through", 0)) or entry.get("told") == tag:
            continue  # its digest covered the step (and asked for the orders), or it was told already
        _queue_due(gd, settings, seat.name, step, tag, now)
        known[seat.name] = {**entry, "told": tag}
        write_atomic(_path(gd), json.dumps(known, indent=1, sort_keys=True) + "\n")
        done.append(f"told {seat.name} (digest) that orders for step {step + 1} are due")
    return done


def _tag(gd: GameDir, step: int) -> str:
    """The open step and the game's revision: a step played again after a rollback is told again."""
    count = moderation.revision(gd)
    return f"{step}-r{count}" if count else str(step)


def _queue_due(gd: GameDir, settings: Settings, seat: str, step: int, tag: str, now: datetime) -> None:
    """The short mail saying the seat's orders for the step after `step` are due, with the deadline and .ics."""
    deadline, files = deadline_parts(gd, settings, seat, now)
    lines = [
        f"Game {gd.name} ({gd.game.title}), {gd.game.label(gd.state())}: your orders for step {step + 1} are due.",
        "",
        *deadline,
        *([""] if deadline else []),
        "Your daily digest follows as usual, with the report and its order template; to get the report now, "
        "send the header lines with 'mail: due' (your mail policy).",
    ]
    msg = compose.build(
        settings, to=[str(gd.meta.seat(seat).address)], subject=f"[{gd.name}] {seat}: your orders for step {step + 1} are due",
        text=compose.wrap(lines), kind="due", message_id=compose.make_id(settings, "due", gd.name, seat, tag),
        game=gd.name, seat=seat, attachments=files, now=now,
    )
    compose.queue(gd.outbox_dir(), f"due-{tag}-{seat}", msg)
