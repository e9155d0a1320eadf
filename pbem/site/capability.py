"""Capability links: each seat's private history lives at a path only that seat is told.

The path is derived from a secret the game keeps (`site.key` in the game folder, created on first use
and readable by its owner only) and from the seat's holder (`holder:` in game.yaml, counted up by `pbem
replace`), so it cannot be guessed from the game's or the seat's name, the same holder gets the same path
build after build, and a replaced holder's path leads nowhere once the site is built again.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from pathlib import Path

from pbem.store import GameDir

#: The secret's file in the game folder: 64 hex digits.
KEY_FILE = "site.key"
_KEY_LENGTH = 64


def site_key(gd: GameDir) -> bytes:
    """The game's site secret, created on first use (exclusively, mode 0600)."""
    path = gd.root / KEY_FILE
    key = _read_key(path)
    if key is not None:
        return key
    fresh = secrets.token_hex(_KEY_LENGTH // 2)
    # A crash between creating and filling the file leaves it short: no link was made from it yet,
    # so it is replaced rather than trusted.
    path.unlink(missing_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        os.write(fd, fresh.encode("ascii") + b"\n")
        os.fsync(fd)
    finally:
        os.close(fd)
    return fresh.encode("ascii")


def _read_key(path: Path) -> bytes | None:
    try:
        text = path.read_text(encoding="ascii").strip()
    except (FileNotFoundError, UnicodeDecodeError):
        return None
    if len(text) != _KEY_LENGTH or any(c not in "0123456789abcdef" for c in text):
        return None
    return text.encode("ascii")


def seat_folder(gd: GameDir, seat: str, holder: int | None = None) -> str:
    """The unguessable folder name of a seat's private pages for its current (or a given) holder: 128 bits."""
    holder = gd.meta.seat(seat).holder if holder is None else holder
    # The first holder's path is the one every release before holders counted gave: links already mailed hold.
    label = f"pbem-site/seat/{seat}" if holder == 0 else f"pbem-site/seat/{seat}/holder/{holder}"
    return hmac.new(site_key(gd), label.encode(), hashlib.sha256).hexdigest()[:32]


def retired_folders(gd: GameDir, seat: str) -> list[str]:
    """The folders of a seat's earlier holders, whose pages must no longer be served."""
    return [seat_folder(gd, seat, holder) for holder in range(gd.meta.seat(seat).holder)]
