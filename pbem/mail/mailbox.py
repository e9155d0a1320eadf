"""pbem's own bookkeeping for the mailbox of the games under a root: what became of each mail, the mail log, the games."""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pbem.store import GameDir

GAME_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$")


SUBJECT_GAME = re.compile(r"\[([A-Za-z0-9][A-Za-z0-9._-]{0,99})\]")


#: Which IMAP folder a handled mail goes to, by outcome.
PROCESSED = ("accepted", "replaced", "withdrawn", "duplicate", "policy", "press", "request", "moderator")


#: The status of a mail whose game another process holds: not handled, not recorded, to be read again.
DEFERRED = "deferred"


@dataclass(frozen=True)
class Outcome:
    """What became of one mail (never holds a token): for the log, the IMAP folder and the moderator."""

    key: str
    status: str
    game: str | None = None
    seat: str | None = None
    sender: str | None = None
    detail: str = ""
    first: str | None = None  # for a duplicate: what became of the mail the first time
    lock: dict[str, Any] | None = None  # for a deferred mail: who holds its game's lock (pbem.files.probe)

    @property
    def processed(self) -> bool:
        """True when the mail goes to the processed folder (else: rejected); a duplicate goes where its first went."""
        return (self.first or self.status) in PROCESSED


def state_dir(root: Path) -> Path:
    """pbem's own bookkeeping for the mailbox of the games under `root`."""
    return Path(root) / ".pbem"


def seen_path(root: Path, key: str) -> Path:
    return state_dir(root) / "seen" / key[:2] / f"{key}.json"


def content_path(root: Path, content: str) -> Path:
    return state_dir(root) / "seen" / "content" / content[:2] / f"{content}.json"


def seen(root: Path, key: str) -> dict[str, Any] | None:
    """The record of a mail handled before (same Message-ID, or same bytes when it has none)."""
    path = seen_path(root, key)
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None


def seen_content(root: Path, content: str) -> dict[str, Any] | None:
    """The record of a mail handled before that said the same with the same Date, under any Message-ID."""
    path = content_path(root, content) if content else None
    return json.loads(path.read_text(encoding="utf-8")) if path is not None and path.is_file() else None


def log(root: Path, entry: dict[str, Any]) -> None:
    """Append a line to the mail log the moderator reads (ROOT/.pbem/log.jsonl); never holds a token."""
    path = state_dir(root) / "log.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    line = json.dumps({"time": datetime.now(UTC).isoformat(timespec="seconds"), **entry}, sort_keys=True, ensure_ascii=False)
    with open(path, "a", encoding="utf-8") as handle:
        handle.write(line + "\n")
        handle.flush()
        os.fsync(handle.fileno())


def token_hashes(root: Path) -> frozenset[str]:
    """The token hashes of every seat of every game under `root`: none of those tokens is ever stored."""
    found: set[str] = set()
    for folder in sorted(Path(root).iterdir()) if Path(root).is_dir() else []:
        if (folder / "game.yaml").is_file():
            try:
                found.update(s.token_hash for s in open_cached(folder).meta.seats if s.token_hash)
            except Exception:  # a broken game.yaml is that game's problem, reported by its run
                continue
    return frozenset(found)


_opened: dict[Path, tuple[tuple[int, int, int], GameDir]] = {}


def open_cached(folder: Path) -> GameDir:
    """A game folder, read again only when its game.yaml changed (reading it costs more than checking a mail)."""
    info = (folder / "game.yaml").stat()
    key = (info.st_ino, info.st_mtime_ns, info.st_size)
    cached = _opened.get(folder)
    if cached is not None and cached[0] == key:
        return cached[1]
    gd = GameDir(folder)
    _opened[folder] = (key, gd)
    return gd


def registered(root: Path, address: str) -> list[tuple[str, str]]:
    """The (game, seat) pairs whose registered address this is, in every game under `root`."""
    found: list[tuple[str, str]] = []
    for folder in sorted(Path(root).iterdir()) if Path(root).is_dir() else []:
        if (folder / "game.yaml").is_file():
            try:
                seats = open_cached(folder).meta.seats
            except Exception:  # a broken game.yaml is that game's problem
                continue
            found += [(folder.name, s.name) for s in seats if s.address and s.address.lower() == address.lower()]
    return found
