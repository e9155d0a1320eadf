"""The moderator's marks on a game folder: whether it is held, and the mail revision after rollbacks.

Kept apart from pbem.control (which mails the players) so the batch, the tick and the reports can ask
"is this game held?" and "which mail revision is this?" without importing any mail code.

    <game>/control.json          {"held": {"why": …, "since": ISO time}} while the game is held
    <game>/rolledback/<stamp>/   one folder per rollback (pbem.rollback): their count is the mail revision
"""

from __future__ import annotations

import json
import os
from datetime import datetime
from pathlib import Path
from typing import Any

from pbem.files import write_atomic
from pbem.integrity import ROLLED_BACK
from pbem.pending import LOG
from pbem.store import GameDir, StoreError

CONTROL_FILE = "control.json"


def _path(gd: GameDir) -> Path:
    return gd.root / CONTROL_FILE


def read(gd: GameDir) -> dict[str, Any]:
    """The game's control record ({} when the moderator never set anything)."""
    path = _path(gd)
    if not path.is_file():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise StoreError(f"{path}: cannot read: {exc}") from None
    if not isinstance(data, dict):
        raise StoreError(f"{path}: cannot read: not a mapping")
    return data


def write(gd: GameDir, data: dict[str, Any]) -> None:
    """Store the game's control record."""
    write_atomic(_path(gd), json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n")


def held(gd: GameDir) -> dict[str, Any] | None:
    """{'why': …, 'since': …} while the moderator holds the game, else None."""
    found = read(gd).get("held")
    return found if isinstance(found, dict) else None


def held_since(gd: GameDir) -> datetime | None:
    """When the hold began (None when the game is not held)."""
    mark = held(gd)
    return datetime.fromisoformat(str(mark["since"])) if mark and mark.get("since") else None


def revision(gd: GameDir) -> int:
    """How many times the game was rolled back: report mail after a rollback carries it in its identity."""
    folder = gd.root / ROLLED_BACK
    return sum(1 for p in folder.iterdir() if p.is_dir()) if folder.is_dir() else 0


def log(gd: GameDir, entry: dict[str, Any]) -> None:
    """One line in the game's log.jsonl: what the moderator did (never a token)."""
    path = gd.root / LOG
    with open(path, "a", encoding="utf-8") as handle:
        handle.write(json.dumps({"moderator": True, **entry}, sort_keys=True, ensure_ascii=False) + "\n")
        handle.flush()
        os.fsync(handle.fileno())
