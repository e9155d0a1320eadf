"""Capability links: each seat's private history lives at a path only that seat is told.

The path is derived from a secret the game keeps (`site.key` in the game folder, created on first use
and readable by its owner only), so it cannot be guessed from the game's or the seat's name, and the
same seat always gets the same path, build after build.
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


def seat_folder(gd: GameDir, seat: str) -> str:
    """The unguessable folder name of a seat's private pages (128 bits from the game's secret)."""
    return hmac.new(site_key(gd), f"pbem-site/seat/{seat}".encode(), hashlib.sha256).hexdigest()[:32]
