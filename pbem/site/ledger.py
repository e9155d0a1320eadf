"""The site's bookkeeping, kept outside the published folder: what a build of OUT made, and each game's fingerprint.

It names every private folder, so it must never be served: it lives in the games' folder (already private: it
holds every game's secrets), at `<games>/.pbem-site/<digest of OUT's resolved path>.json`. Each OUT built from
the same games has its own; a deleted OUT just makes the next build write everything again.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pbem.files import write_atomic
from pbem.store import StoreError

#: The ledgers' folder in the games' folder (beside the game folders, never one of them: it has no game.yaml).
FOLDER = ".pbem-site"
#: What releases before the ledger kept in OUT itself, where any web server would hand it out.
LEGACY_MANIFEST = ".pbem-site.json"


@dataclass
class Ledger:
    """One OUT's record: the files the last build made there, and each game's fingerprint and index line."""

    path: Path
    out: Path
    files: set[str] = field(default_factory=set)
    games: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: An earlier release's manifest in OUT: read to know what to clean, deleted once the ledger is saved.
    legacy: Path | None = None

    def save(self) -> None:
        """Write the ledger (readable by its owner only), then delete an earlier release's manifest."""
        data = {"out": str(self.out), "files": sorted(self.files), "games": self.games}
        self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        write_atomic(self.path, json.dumps(data, sort_keys=True, indent=0) + "\n")
        os.chmod(self.path, 0o600)
        if self.legacy is not None:
            self.legacy.unlink(missing_ok=True)
            self.legacy = None


def games_folder(root: Path) -> Path:
    """The folder that holds the games: `root`, or its parent when `root` is one game."""
    return root.parent if (root / "game.yaml").is_file() else root


def ledger_path(root: Path, out: Path) -> Path:
    """Where the ledger of building `root` into `out` lives."""
    digest = hashlib.sha256(str(out.resolve()).encode("utf-8")).hexdigest()[:16]
    return games_folder(root) / FOLDER / f"{digest}.json"


def check_apart(root: Path, out: Path) -> None:
    """Refuse an OUT that holds the games (the web server would publish every game's secrets and this ledger),
    or that lies inside a game's folder (the game's archive would carry every seat's private pages)."""
    games = games_folder(root).resolve()
    target = out.resolve()
    if games.is_relative_to(target):
        raise StoreError(f"{out}: the games' folder {games_folder(root)} is inside it, so a web server would "
                         "publish every game's secrets; write the site to a folder outside the games")
    game = next((folder for folder in [target, *target.parents] if (folder / "game.yaml").is_file()), None)
    if game is not None:
        raise StoreError(f"{out}: it is inside the game folder {game}, whose archive would then carry every seat's "
                         "private pages wherever it is copied; write the site to a folder outside the games")


def load(root: Path, out: Path) -> Ledger:
    """The ledger of `out` (empty when there is none), merged with an earlier release's manifest in `out`."""
    ledger = Ledger(path=ledger_path(root, out), out=out.resolve())
    try:
        data = json.loads(ledger.path.read_text(encoding="utf-8"))
        ledger.files = {str(name) for name in data.get("files", [])}
        ledger.games = {str(k): dict(v) for k, v in (data.get("games") or {}).items() if isinstance(v, dict)}
    except (FileNotFoundError, ValueError, TypeError, AttributeError):
        pass
    legacy = out / LEGACY_MANIFEST
    if legacy.is_file():
        ledger.legacy = legacy
        ledger.games = {}  # an earlier release built here since: render every game afresh
        try:
            ledger.files |= {str(name) for name in json.loads(legacy.read_text(encoding="utf-8"))}
        except (ValueError, TypeError, UnicodeDecodeError):
            pass  # unreadable: nothing to learn from it, but it is deleted all the same
    return ledger
