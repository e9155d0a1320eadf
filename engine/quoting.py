"""Player-written text inside a one-line message: escaped so that it cannot break, forge or reorder a line."""

from __future__ import annotations

from typing import Any

#: A quoted value longer than this is cut short, so a huge value cannot flood a reply.
MAX_QUOTED = 40


def _escape(char: str) -> str:
    """One character as it reads in a message: line breaks, controls and bidirectional marks as escapes."""
    # str.isprintable is False for exactly what Python's repr escapes: the Cc, Cf (U+202E and the other
    # bidirectional controls), Zl, Zp, Cs, Co and Cn categories, and every space but the ASCII one.
    return char if char.isprintable() else char.encode("unicode_escape").decode("ascii")


def one_line(text: str) -> str:
    """`text` with every character that could end, hide or reorder a line escaped; printable text unchanged."""
    return "".join(_escape(c) for c in text)


def quoted(value: Any, limit: int = MAX_QUOTED) -> str:
    """A stranger's value quoted for a message, as Python's repr writes it, cut short after `limit` characters."""
    text = repr(value)  # repr escapes line breaks, controls and bidirectional marks in every string inside
    if len(text) <= limit:
        return text
    if not isinstance(value, str):
        return text[: limit - 3] + "..."
    # Cut a string between characters, never inside an escape such as \u202e.
    quote, shown = text[0], ""
    for char in value:
        piece = repr(char)[1:-1] if char != quote else "\\" + char
        if len(shown) + len(piece) + 5 > limit:  # two quotes and the three dots
            break
        shown += piece
    return f"{quote}{shown}{quote}..."
