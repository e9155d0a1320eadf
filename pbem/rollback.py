"""Roll a game back to an earlier step: nothing is deleted, the undone steps move to rolledback/<stamp>/.

    <game>/rolledback/<stamp>/NNNN/          each undone step, whole (state, events, orders, reports)
    <game>/rolledback/<stamp>/pending/       orders that were waiting for the step after the last one
    <game>/rolledback/<stamp>/outbox/        queued mail of the undone steps that had not gone out
    <game>/rolledback/<stamp>/deadline.json  the deadline that was open
    <game>/rolledback/<stamp>/rollback.json  who asked, why, which steps were undone, and up to which step
                                             the archive held orders then (`archived_to`)

Each record is built in <game>/.rollback.partial/ and renamed into place last; the next rollback puts back
what a killed one had moved, and until then the game is refused on opening (pbem.integrity).

The orders people sent for the first undone step become pending again (they were checked against the
very state the game returns to); default orders and robot orders do not, so the deadline's policy and the
robots decide again. Later steps' orders stay in their archived step folders: those steps no longer
exist, so nobody owes orders for them. The number of rollbacks is the game's mail revision
(pbem.moderation.revision), so every mail of a step played again is a new mail with a new Message-ID.
"""

from __future__ import annotations

import os
import re
import shutil
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from pbem import moderation
from pbem.batch import by_robot
from pbem.control import ControlError, settings_of
from pbem.files import fsync_dir, write_atomic
from pbem.integrity import ROLLBACK_PARTIAL, ROLLED_BACK, find_damage, step_numbers
from pbem.mail import deadlines
from pbem.mail.settings import Settings
from pbem.mail.tell import mailed_seats, tell
from pbem.records import dump_json, step_name
from pbem.store import GameDir

#: Outbox mail that belongs to a step: its report (NNNN-seat…), or the note on its default orders.
_STEP_MAIL = re.compile(r"^(?:missed-)?(\d{4})-")
#: Reminders name the step whose orders they ask for.
_REMINDER = re.compile(r"^remind-(\d{4})-")


@dataclass
class RolledBack:
    """What a rollback did."""

    folder: Path
    undone: list[int]
    restored: list[str] = field(default_factory=list)
    queued: list[Path] = field(default_factory=list)


def _move(source: Path, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    os.replace(source, target)
    fsync_dir(target.parent)
    fsync_dir(source.parent)


def _restorable(gd: GameDir, step: int) -> dict[str, str]:
    """Orders a person sent for `step` (not defaults, not robots'): they count again after the rollback."""
    how = gd.step_info(step).get("orders", {})
    return {seat: text for seat, text in gd.step_orders(step).items()
            if how.get(seat) == "submitted" and not by_robot(text)
            and not gd.meta.seat(seat).robot}


def rollback(gd: GameDir, to: int, why: str, now: datetime, *, keep_orders: bool = True) -> RolledBack:
    """Undo every step after `to` (the caller holds the lock); the players are told and get step `to`'s report again."""
    why = " ".join(why.split())
    if not why:
        raise ControlError("say why the steps are undone (--why): the players are told")
    _put_back_interrupted(gd)
    # Every step folder counts, whole or not: a rollback is also how a damaged game plays on.
    steps = step_numbers(gd.root / "steps")
    last = steps[-1] if steps else 0
    if to not in gd.steps() or to >= last:
        raise ControlError(f"cannot roll back to step {to}: the stored steps are 0–{last}; give one before {last}")
    damage = find_damage(gd.root)
    if damage is not None and damage.step is not None and to >= damage.step:
        raise ControlError(f"cannot roll back to step {to}: step {damage.step} is damaged ({damage.path}); "
                           f"give a step before {damage.step}")
    settings = settings_of(gd)  # a broken pbem.yaml stops the rollback before anything moves
    undone = [s for s in steps if s > to]
    restored = _restorable(gd, to + 1) if keep_orders else {}
    folder = gd.root / ROLLED_BACK / f"{now.astimezone(UTC):%Y%m%dT%H%M%S%f}"
    if folder.exists():
        raise ControlError(f"{folder} exists already; try again")
    # Built aside and renamed into rolledback/ last: a killed rollback leaves no record claiming steps were
    # undone (the records count the mail revisions), and the next rollback puts back what it had moved.
    aside = gd.root / ROLLBACK_PARTIAL
    aside.mkdir()
    write_atomic(aside / "rollback.json", dump_json({"to": to, "undone": undone, "why": why,
                                                     "time": now.astimezone(UTC).isoformat(),
                                                     "restored_orders": sorted(restored),
                                                     "archived_to": max(step_numbers(gd.archive_dir()), default=0)}))
    gd.note_last_step(to)  # first: a crash half way leaves it behind the steps, which is no damage
    _set_aside(gd, aside, to)
    for step in reversed(undone):  # last first: a crash half way leaves a game that ends at a stored step
        _move(gd.step_dir(step), aside / step_name(step))
    _move(aside, folder)
    for seat, text in sorted(restored.items()):
        gd.store_pending(seat, text, source=f"rollback:{folder.name}")
    moderation.log(gd, {"control": "rollback", "to": to, "undone": undone, "why": why,
                        "folder": str(folder.relative_to(gd.root)), "restored": sorted(restored),
                        "time": now.astimezone(UTC).isoformat()})
    done = RolledBack(folder, undone, sorted(restored))
    done.queued = _tell(gd, settings, to, undone, why, set(restored), keep_orders, now)
    if settings is not None:
        from pbem.mail.report import queue_stored  # Jinja and the drawing code: only a mailed rollback needs them

        # Step `to`'s report again, as a new mail: it carries the order template and the new deadline.
        done.queued += [queue_stored(gd, settings.report_config(), seat, to, f"r{moderation.revision(gd)}")
                        for seat in mailed_seats(gd)]
    return done


def _put_back_interrupted(gd: GameDir) -> None:
    """Move what a killed rollback had set aside back where it came from, so the game is as it was before it."""
    aside = gd.root / ROLLBACK_PARTIAL
    if not aside.is_dir():
        return
    track = deadlines.track_path(gd.root)
    places = {"pending": gd.pending_dir(), "outbox": gd.outbox_dir()}
    moves: list[tuple[Path, Path]] = []
    for path in sorted(aside.iterdir()):
        if path.name.isdigit():
            moves.append((path, gd.root / "steps" / path.name))
        elif path.name in places and path.is_dir():
            moves += [(item, places[path.name] / item.name) for item in sorted(path.iterdir())]
        elif path.name == track.name:
            moves.append((path, track))
    for _source, target in moves:
        if target.exists():
            raise ControlError(f"{aside}: left by an interrupted rollback, but {target} exists too; move one of them "
                               "away by hand")
    for source, target in moves:
        _move(source, target)
    gd.note_last_step(max(step_numbers(gd.root / "steps")))
    shutil.rmtree(aside)  # what is left: the record of the rollback that never happened, and empty folders


def _set_aside(gd: GameDir, folder: Path, to: int) -> None:
    """Pending orders, unsent mail of the undone steps and the open deadline go into the rollback folder."""
    pending = gd.pending_dir()
    for path in sorted(pending.glob("*.yaml")) if pending.is_dir() else []:
        _move(path, folder / "pending" / path.name)
    outbox = gd.outbox_dir()
    for path in sorted(outbox.glob("*.eml")) if outbox.is_dir() else []:
        step_mail, reminder = _STEP_MAIL.match(path.name), _REMINDER.match(path.name)
        if (step_mail and int(step_mail[1]) > to) or (reminder and int(reminder[1]) > to + 1):
            _move(path, folder / "outbox" / path.name)
    track = deadlines.track_path(gd.root)
    if track.is_file():
        _move(track, folder / track.name)  # the next tick opens the step again with a fresh deadline


def _tell(gd: GameDir, settings: Settings | None, to: int, undone: list[int], why: str, restored: set[str], keep: bool,
          now: datetime) -> list[Path]:
    steps = f"step {undone[0]}" if len(undone) == 1 else f"steps {undone[0]}–{undone[-1]}"
    label = gd.game.label(gd.state())
    owing = {p.seat for p in gd.game.prompts(gd.state())} if gd.game.result(gd.state()) is None else set()

    def lines(seat: str) -> list[str]:
        text = [f"The moderator has undone {steps} of game {gd.name} ({gd.game.title}): {why}",
                f"The game is back after step {to} ({label}); orders now are for step {to + 1}.", ""]
        if seat in restored:
            text.append(f"Your orders for step {to + 1} still count; send new ones to replace them.")
        elif seat in owing:
            text.append(f"Send your orders for step {to + 1}" + (" again." if not keep else "."))
        else:
            text.append(f"No orders are due from you for step {to + 1}.")
        return [*text, "", f"Your report of step {to} follows again. Reports of the steps played from here come as "
                "new mails; the mails you had for the undone steps no longer stand."]

    return tell(gd, settings, mailed_seats(gd), f"{steps} undone", lines, "rollback", now)
