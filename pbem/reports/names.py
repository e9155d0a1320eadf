"""File names for reports: a seat's name made safe for any file system."""

from __future__ import annotations

import hashlib
import re

#: The stem of the spectators' and moderator's report files.
PUBLIC_STEM = "public"

_PLAIN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,47}")


def report_stem(seat: str | None) -> str:
    """The file-name stem of a seat's reports (`public` for the public view)."""
    if seat is None:
        return PUBLIC_STEM
    if _PLAIN.fullmatch(seat) and seat.lower() != PUBLIC_STEM:
        return seat
    # Anything else (slashes, dots, markup, the public stem itself) gets a readable part plus a
    # hash of the whole name, so two odd names never collide and no name escapes the folder.
    readable = re.sub(r"[^A-Za-z0-9_-]+", "_", seat).strip("_-")[:32] or "seat"
    digest = hashlib.sha256(seat.encode("utf-8")).hexdigest()[:8]
    return f"{readable}-{digest}"
