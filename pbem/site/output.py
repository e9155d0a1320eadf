"""The site's folder: write a file only when its bytes change, and remove what a build no longer makes."""

from __future__ import annotations

import shutil
from collections.abc import Iterable
from pathlib import Path

from pbem.files import write_atomic


class SiteOutput:
    """Collects a build's files under `out`; `finish()` removes the previous build's leftovers.

    `before` is what the previous build made (from the ledger, kept outside `out`): only those files are ever
    removed, so whatever else the moderator keeps in `out` stays.
    """

    def __init__(self, out: Path, before: Iterable[str] = ()):
        self.out = out
        self.made: set[str] = set()
        self.written = 0
        self.unchanged = 0
        self.removed = 0
        self.before = set(before)

    def keep(self, prefix: str) -> bool:
        """Keep every file the previous build made under `prefix` as it is; False when one is missing."""
        kept = {name for name in self.before if name.startswith(prefix)}
        if not kept or not all((self.out / name).is_file() for name in kept):
            return False
        self.made |= kept
        self.unchanged += len(kept)
        return True

    def put(self, relative: str, data: str | bytes) -> None:
        """Write `relative` under the site's folder unless it already holds exactly these bytes."""
        raw = data.encode("utf-8") if isinstance(data, str) else data
        self.made.add(relative)
        path = self.out / relative
        try:
            if path.read_bytes() == raw:
                self.unchanged += 1
                return
        except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
            pass
        write_atomic(path, raw)  # a web server reads the site: files get the mode the umask gives, as reports do
        self.written += 1

    def retire(self, relative: str) -> None:
        """Remove a folder only pbem can have made (a replaced holder's capability), whatever the ledger says."""
        path = self.out / relative
        if path.is_dir() and not path.is_symlink():
            self.removed += sum(1 for p in path.rglob("*") if p.is_file())
            shutil.rmtree(path)

    def finish(self) -> int:
        """Remove files the previous build made and this one did not (a rolled-back step); count them."""
        for relative in sorted(self.before - self.made):
            path = self.out / relative
            # Only plain relative paths inside the site are ever removed, whatever the ledger says.
            if Path(relative).is_absolute() or ".." in Path(relative).parts or not path.is_file():
                continue
            path.unlink()
            self.removed += 1
            self._prune(path.parent)
        return self.removed

    def _prune(self, folder: Path) -> None:
        """Remove folders left empty (a folder's name can be a capability: it goes with its pages)."""
        while folder != self.out and folder.is_relative_to(self.out):
            try:
                folder.rmdir()
            except OSError:
                return
            folder = folder.parent
