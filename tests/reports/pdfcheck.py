"""Just enough PDF reading for tests: the page count, through compressed object streams."""

from __future__ import annotations

import re
import zlib

_STREAM = re.compile(rb"stream\r?\n(.*?)\r?\nendstream", re.S)
_PAGES = re.compile(rb"/Type\s*/Pages\b.*?/Count\s+(\d+)|/Count\s+(\d+)[^>]*?/Type\s*/Pages\b", re.S)


def page_count(pdf: bytes) -> int:
    """The /Count of the page tree root: the largest one, as nested page trees count a part each."""
    chunks = [pdf]
    for raw in _STREAM.findall(pdf):
        try:
            chunks.append(zlib.decompress(raw))
        except zlib.error:
            continue  # fonts and images that are not Flate, or not whole
    counts = [int(a or b) for chunk in chunks for a, b in _PAGES.findall(chunk)]
    if not counts:
        raise AssertionError("no page tree found in the PDF")
    return max(counts)
