"""The answer to a seat's orders: accepted, replaced, withdrawn, or refused as late, older than the last, or wrong."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

from engine.words import counted
from pbem.files import write_atomic
from pbem.intake import OrderRejected, submit
from pbem.mail.due import deadline_of
from pbem.mail.mailbox import Outcome, token_hashes
from pbem.mail.message import Inbound
from pbem.mail.reply import reply
from pbem.mail.scrub import REDACTED, scrub_text
from pbem.mail.settings import Settings
from pbem.orders import OrderDoc
from pbem.store import GameDir
from pbem.warnings import warning_lines


def withdraw(gd: GameDir, settings: Settings, mail: Inbound, doc: OrderDoc, seat: str, out: Outcome, now: datetime,
              written: float | None) -> Outcome:
    expected = gd.current_step() + 1
    step = doc.header.get("step")
    if gd.game.result(gd.state()) is not None or step != expected:
        why = "the game is over" if gd.game.result(gd.state()) is not None else f"orders now are for step {expected}, not {step}"
        reply(gd, settings, mail, seat, True, "withdrawal rejected", [f"Nothing was withdrawn: {why}."], now, status=True)
        return Outcome(**{**out.__dict__, "seat": seat, "detail": why})
    before = gd.kept_from_mail(seat, mail.key)  # withdrawn already, by a run killed before it answered
    had = gd.withdraw_pending(seat, mail=mail.key) or (before is not None and bool(before[0].get("withdrawn")))
    remember_date(gd, seat, expected, written)
    text = "Your orders were WITHDRAWN." if had else "You had no orders waiting; nothing to withdraw."
    reply(gd, settings, mail, seat, True, "orders withdrawn", [text], now, status=True)
    return Outcome(mail.key, "withdrawn", gd.name, seat, mail.sender, f"step {expected}")


def too_late(gd: GameDir, arrived: datetime, now: datetime) -> str | None:
    """Why a mail that arrived after the deadline and its grace does not count (None when it is in time).

    Under `missed: wait` the game waits for the moderator, so late orders are still welcome.
    """
    found = deadline_of(gd, now)
    if found is None:
        return None
    policy, track = found
    if policy.missed == "wait" or not track.due(policy, arrived):
        return None
    return (f"Your mail arrived at {arrived:%Y-%m-%d %H:%M} UTC, after the deadline of step {track.step + 1} "
            f"({track.deadline:%Y-%m-%d %H:%M} UTC) and its grace period: it does not count, and nothing was changed. "
            f"Step {track.step + 1} is resolved by the game's missed-orders policy ({policy.missed}); "
            "send orders for the next step once its report arrives.")


def _dates_path(gd: GameDir) -> Path:
    return gd.mail_dir() / "latest.json"


def written_at(mail: Inbound, arrived: datetime) -> float | None:
    """When a mail was written: its Date, but never later than it arrived (a client whose clock runs ahead
    must not make the player's next, correctly dated mail look older)."""
    return min(mail.date, arrived.timestamp()) if mail.date is not None else None


def older_than_standing(gd: GameDir, seat: str, written: float | None) -> str | None:
    """A mail written before the seat's last accepted orders or withdrawal for this step does not override them.

    A mail without a usable Date may have been written at any time: it never overrides them either.
    """
    path = _dates_path(gd)
    known = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    standing = known.get(seat)
    if not standing or standing.get("step") != gd.current_step() + 1 or (written is not None and written >= standing["date"]):
        return None
    when = datetime.fromtimestamp(standing["date"], UTC).strftime("%Y-%m-%d %H:%M UTC")
    if written is None:
        return (f"This mail has no date pbem can read, so it may be older than the mail you sent at {when}, which "
                "still stands. Nothing was changed: send it again from a mail client that dates its mail.")
    return (f"This mail was written before the mail you sent at {when}, which still stands (a mail client or server "
            "delivered it late, or it was sent again). Nothing was changed.")


def remember_date(gd: GameDir, seat: str, step: int, written: float | None) -> None:
    """Keep when the seat's last accepted mail of this step was written (a mail without a Date keeps the last known)."""
    if written is None:
        return
    path = _dates_path(gd)
    known = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    known[seat] = {"step": step, "date": written}
    write_atomic(path, json.dumps(known, sort_keys=True, indent=1) + "\n")


def answer_orders(gd: GameDir, settings: Settings, mail: Inbound, doc: OrderDoc, seat: str, out: Outcome, now: datetime,
                  arrived: datetime) -> Outcome:
    """Check and keep the orders of an authenticated seat's mail, and answer it; `out` is its rejection."""
    # A mail written before the seat's last accepted orders or withdrawal (a replay, a slow server) changes nothing.
    written = written_at(mail, arrived)
    stale = older_than_standing(gd, seat, written)
    if stale is not None:
        # An undated mail is not known to be older: say what it is, to the player and in the log.
        what, why = (("orders rejected (no date)", "no usable Date, and the seat's last mail of the step stands")
                     if written is None else ("orders rejected (older mail)", "older than the seat's last mail"))
        reply(gd, settings, mail, seat, True, what, [stale], now, doc=doc, status=True)
        return Outcome(**{**out.__dict__, "seat": seat, "detail": why})
    late = too_late(gd, arrived, now)
    if late is not None:
        reply(gd, settings, mail, seat, True, "orders too late", [late], now, doc=doc, status=True)
        return Outcome(**{**out.__dict__, "seat": seat, "detail": "after the deadline"})
    if set(doc.body) == {"withdraw"} and doc.body["withdraw"] is True:
        return withdraw(gd, settings, mail, doc, seat, out, now, written)
    # The token is checked above; the stored orders say so instead of keeping the secret in the archive.
    kept = scrub_text(doc.text.replace(str(doc.header["token"]), REDACTED), token_hashes(gd.root.parent), REDACTED)
    try:
        accepted = submit(gd, kept, mail.source, require_token=False, origin="mail", mail=mail.key)
    except OrderRejected as exc:
        lines = ["Your orders were REJECTED; nothing was stored. Orders you sent before still stand.", "",
                 "Problems (source:line:column):", *(f"  {p}" for p in exc.doc.problems)]
        reply(gd, settings, mail, seat, True, "orders rejected", lines, now, doc=exc.doc, status=True)
        return Outcome(**{**out.__dict__, "seat": seat, "detail": counted(len(exc.doc.problems), "problem")})
    remember_date(gd, seat, accepted.step, written)
    verb = "replaced" if accepted.replaced else "accepted"
    head = "Your orders were ACCEPTED" + (" and replace the orders you sent before." if accepted.replaced else ".")
    reply(gd, settings, mail, seat, True, f"orders {verb}", [head, *warning_lines(gd, accepted)], now,
          doc=accepted.doc, status=True, step=accepted.step)
    return Outcome(mail.key, verb, gd.name, seat, mail.sender, f"step {accepted.step}")
