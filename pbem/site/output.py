"""The site's folder: write a file only when its bytes change, and remove what a build no longer makes."""

from __future__ import annotations

import json
from pathlib import Path

from pbem.files import write_atomic

#: Lists the files the last build wrote, so the next one removes only what it made itself.
MANIFEST = ".pbem-site.json"


class SiteOutput:
    """Collects a build's files under `out`; `finish()` removes the previous build's leftovers."""

    def __init__(self, out: Path):
        self.out = out
        self.made: set[str] = set()
        self.written = 0
        self.unchanged = 0
        self.before = self._manifest()

    def _manifest(self) -> set[str]:
        try:
            return set(json.loads((self.out / MANIFEST).read_text(encoding="utf-8")))
        except (FileNotFoundError, ValueError, TypeError):
            return set()

    def read(self, relative: str) -> str | None:
        """A file the previous build made, as text (None when it is not there)."""
        try:
            return (self.out / relative).read_text(encoding="utf-8") if relative in self.before else None
        except (FileNotFoundError, UnicodeDecodeError, IsADirectoryError, NotADirectoryError):
            return None

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

    def finish(self) -> int:
        """Remove files the previous build made and this one did not (a rolled-back step); count them."""
        before = self.before
        removed = 0
        for relative in sorted(before - self.made - {MANIFEST}):
            path = self.out / relative
            # Only plain relative paths inside the site are ever removed, whatever the manifest says.
            if Path(relative).is_absolute() or ".." in Path(relative).parts or not path.is_file():
                continue
            path.unlink()
            removed += 1
        self.put(MANIFEST, json.dumps(sorted(self.made | {MANIFEST}), indent=0) + "\n")
        return removed
