"""Integrity on opening a game: a gap in the steps, a cut-short snapshot, a lost last step, orders beyond it.

Every command opens a game, and the tick opens every game each round, so the check is kept cheap: one
listing of steps/ and archive/, and for each step only the last bytes of its snapshot. A snapshot is
canonical JSON (pbem.records.dump_json) of a mapping, so the only line that is a lone "}" is its last one:
a file cut anywhere else cannot end in "\\n}\\n". Reading three bytes costs a few microseconds a step, where
parsing every snapshot on every open would cost milliseconds (measured on the golden archives). Only a
snapshot that does not end so (one written by hand, not by pbem) is parsed.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

#: Where a rollback keeps the steps it undid, one folder per rollback (see pbem.rollback).
ROLLED_BACK = "rolledback"
#: The rollback record being built; it is renamed into rolledback/ only once complete.
ROLLBACK_PARTIAL = ".rollback.partial"
#: steps/last: the highest step ever stored (pbem.store writes it; a rollback lowers it). Folders made
#: before it existed have none, and are checked without it.
LAST_STEP = "last"
#: How every whole snapshot ends (see the module's docstring).
_SNAPSHOT_END = b"\n}\n"


@dataclass(frozen=True)
class Damage:
    """What is wrong with a game folder: the file, the first step it touches (None: not a step) and the remedy."""

    path: Path
    step: int | None
    what: str

    def __str__(self) -> str:
        return f"{self.path}: {self.what}"


def step_numbers(folder: Path) -> list[int]:
    """The numbers of the step folders (digit names) directly in `folder`, in order; [] when there is none."""
    try:
        with os.scandir(folder) as entries:
            return sorted(int(e.name) for e in entries if e.name.isdigit() and e.is_dir())
    except (FileNotFoundError, NotADirectoryError):
        return []


def find_damage(root: Path) -> Damage | None:
    """The first damage in a game folder, or None when its steps and archive are whole."""
    root = Path(root)
    leftover = root / ROLLBACK_PARTIAL
    if leftover.exists():
        return Damage(leftover, None, f"left by an interrupted rollback; run `pbem rollback {root} --to STEP --why …` "
                                      "again: it puts back what that one moved, then rolls back")
    steps = step_numbers(root / "steps")
    archived = step_numbers(root / "archive")
    if not steps:
        if archived or noted_last(root) is not None:  # setup had finished: its snapshot was lost
            return _lost_snapshot(root, 0)
        return None  # an interrupted `pbem new`: opening it says that setup never finished
    for expected, step in enumerate(steps):
        if step != expected:
            return _missing_step(root, expected, steps[-1])
        found = _snapshot_damage(root, step)
        if found is not None:
            return found
    noted = noted_last(root)
    if noted is not None and noted > steps[-1]:
        return _lost_last(root, steps[-1], noted)
    return _archive_damage(root, steps[-1], archived)


def noted_last(root: Path) -> int | None:
    """The highest step steps/last says was stored; None without a readable one."""
    try:
        text = (Path(root) / "steps" / LAST_STEP).read_text(encoding="ascii").strip()
    except (OSError, ValueError):
        return None
    return int(text) if text.isdigit() else None


def _restore_remedy(root: Path, last: int) -> str:
    """The way back from lost later steps: a backup, or a rollback when an earlier step is left to play on from."""
    remedy = "restore the missing steps from a backup"
    if last > 0:
        remedy += f", or play on from an earlier step with `pbem rollback {root} --to STEP --why …`"
    return remedy


def _lost_last(root: Path, last: int, noted: int) -> Damage:
    path = root / "steps" / f"{last + 1:04d}"
    remedy = _restore_remedy(root, last)
    return Damage(path, last + 1, f"missing: steps up to {noted} were stored ({root / 'steps' / LAST_STEP}), but the "
                                  f"last one here is {last}; {remedy}")


def _snapshot_damage(root: Path, step: int) -> Damage | None:
    path = root / "steps" / f"{step:04d}" / "state.json"
    try:
        fd = os.open(path, os.O_RDONLY)
    except FileNotFoundError:
        return _lost_snapshot(root, step, "missing")
    try:
        size = os.fstat(fd).st_size
        end = os.pread(fd, len(_SNAPSHOT_END), max(0, size - len(_SNAPSHOT_END)))
    finally:
        os.close(fd)
    if end == _SNAPSHOT_END or _parses(path):  # not pbem's canonical form (written by hand): parsed, once here
        return None
    return _lost_snapshot(root, step, "cut short (not a whole snapshot)")


def _parses(path: Path) -> bool:
    try:
        return isinstance(json.loads(path.read_bytes()), dict)
    except (OSError, ValueError):
        return False


def _lost_snapshot(root: Path, step: int, what: str = "missing") -> Damage:
    path = root / "steps" / f"{step:04d}" / "state.json"
    remedy = f"rebuild it from the archived orders with `pbem replay {root} --repair`"
    if step > 0:
        remedy += f", or play on from step {step - 1} with `pbem rollback {root} --to {step - 1} --why …`"
    return Damage(path, step, f"{what}; {remedy}")


def _missing_step(root: Path, step: int, last: int) -> Damage:
    path = root / "steps" / f"{step:04d}"
    if step == 0:
        return Damage(path, 0, f"missing, though steps up to {last} are stored; restore it from a backup, or "
                               f"rebuild it with `pbem replay {root} --repair`")
    return Damage(path, step, f"missing, though steps up to {last} are stored; restore it from a backup, or play "
                              f"on from step {step - 1} with `pbem rollback {root} --to {step - 1} --why …`")


def _archive_damage(root: Path, last: int, archived: list[int]) -> Damage | None:
    """Orders archived for a step after the next one: steps were stored that are gone, unless a rollback undid them."""
    if not archived or archived[-1] <= last + 1 or archived[-1] <= rolled_back_to(root):
        return None
    path = root / "archive" / f"{archived[-1]:04d}"
    remedy = _restore_remedy(root, last)
    return Damage(path, last + 1, f"orders for step {archived[-1]}, but the last stored step is {last}: later steps "
                                  f"are missing; {remedy}")


def rolled_back_to(root: Path) -> int:
    """The highest step whose archived orders a rollback accounts for (0 when none does)."""
    folder = Path(root) / ROLLED_BACK
    highest = 0
    for record in sorted(folder.glob("*/rollback.json")) if folder.is_dir() else []:
        if record.parent.name.startswith("."):
            continue
        try:
            data = json.loads(record.read_text(encoding="utf-8"))
            undone = [int(s) for s in data.get("undone") or []]
            # `archived_to`: what the archive held then; older records: the step after the last one undone.
            highest = max(highest, int(data.get("archived_to") or 0), max(undone, default=-1) + 1)
        except (OSError, ValueError, TypeError, AttributeError):
            continue  # an unreadable record accounts for nothing
    return highest
