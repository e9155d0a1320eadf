"""Just enough PDF reading for tests: the page count, through compressed object streams."""

from __future__ import annotations

import re
import zlib

_STREAM = re.compile(rb"stream\r?\n(.*?)\r?\nendstream", re.S)
_PAGES = re.compile(rb"/Type\s*/Pages\b.*?/Count\s+(\d+)|/Count\s+(\d+)[^>]*?/Type\s*/Pages\b", re.S)


def chunks(pdf: bytes) -> list[bytes]:
    """The file itself and every stream in it that inflates (object streams hold most dictionaries)."""
    found = [pdf]
    for raw in _STREAM.findall(pdf):
        try:
            found.append(zlib.decompress(raw))
        except zlib.error:
            continue  # not Flate, or not whole
    return found


def base_fonts(pdf: bytes) -> set[str]:
    """The /BaseFont names of every font in the PDF."""
    return {m.decode() for chunk in chunks(pdf) for m in re.findall(rb"/BaseFont\s*/([^\s/<>\[\]]+)", chunk)}


def page_count(pdf: bytes) -> int:
    """The /Count of the page tree root: the largest one, as nested page trees count a part each."""
    counts = [int(a or b) for chunk in chunks(pdf) for a, b in _PAGES.findall(chunk)]
    if not counts:
        raise AssertionError("no page tree found in the PDF")
    return max(counts)
