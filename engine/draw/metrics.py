"""How wide text is in DejaVu Sans, the report font: from the table of its widths shipped as package data.

The table (`dejavu_sans.json`, made by tests/reports/make_font_widths.py, where its source and licence are given) holds what
HarfBuzz lays out at 100 px, in 1/64 px: each character alone, the ligatures of Latin text and the kerning of
its pairs. Text is measured the same way: ligatures joined left to right, then each glyph's advance plus the
kerning between neighbours. Latin text comes out exactly as HarfBuzz measures it; other scripts to within their
kerning (a script whose letters join, such as Arabic, is not shaped).
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib.resources import files
from typing import Any

TABLE = "dejavu_sans.json"
#: The table's widths are in 1/64 px at 100 px.
FIXED, SIZE = 64, 100
#: What HarfBuzz draws an accent around when no letter comes before it; after a letter the accent adds only
#: what it adds alone beyond this.
DOTTED_CIRCLE = "\u25cc"


@dataclass(frozen=True)
class Face:
    """One face of the font: widths by character or ligature, the width of a missing character, the kerning."""

    missing: int
    advances: Mapping[str, int]
    ligatures: tuple[str, ...]  # in the order the font tries them: the longest first
    kerning: Mapping[str, Mapping[str, int]]
    marks: frozenset[str] = frozenset()  # accents and other marks, written on the character before them
    invisible: frozenset[str] = frozenset()  # format characters (a soft hyphen): no width, passed over

    @classmethod
    def from_table(cls, data: Mapping[str, Any]) -> Face:
        """A face from its part of the table."""
        advances: dict[str, int] = {}
        for first, last, width in data["spans"]:
            advances.update(dict.fromkeys(map(chr, range(first, last + 1)), width))
        for first, *widths in data["advances"]:
            advances.update((chr(first + i), width) for i, width in enumerate(widths))
        kinds = {c: unicodedata.category(c) for c in advances}
        marks = frozenset(c for c, kind in kinds.items() if kind.startswith("M"))
        invisible = frozenset(c for c, kind in kinds.items() if kind == "Cf" and advances[c] == 0)
        advances.update((joined, width) for joined, width in data["ligatures"])
        return cls(int(data["missing"]), advances, tuple(j for j, _ in data["ligatures"]), data["kerning"], marks,
                   invisible)

    def glyphs(self, text: str) -> Iterator[str]:
        """`text` as the shaper joins it: a ligature where the first one that fits starts, else a character."""
        starts = {joined[0] for joined in self.ligatures}
        i = 0
        while i < len(text):
            glyph = text[i]
            if glyph in starts:
                glyph = next((j for j in self.ligatures if text.startswith(j, i)), glyph)
            yield glyph
            i += len(glyph)

    def units(self, text: str) -> int:
        """The advance width of `text` in 1/64 px at 100 px."""
        if not self.invisible.isdisjoint(text):  # joining and kerning pass over them as if they were not there
            text = "".join(c for c in text if c not in self.invisible)
        total, previous, first = 0, "", True
        for glyph in self.glyphs(text):
            width = self.advances.get(glyph, self.missing)
            if glyph in self.marks and not first:
                # A mark on the character before it: the dotted circle it is measured around alone is not drawn,
                # and kerning passes over it to the next letter.
                total += width - self.advances.get(DOTTED_CIRCLE, self.missing)
                continue
            total += width + (self.kerning.get(previous, {}).get(glyph, 0) if previous else 0)
            previous, first = glyph, False
        return total


@cache
def _faces() -> dict[bool, Face]:
    table = json.loads(files("engine.draw").joinpath(TABLE).read_text(encoding="utf-8"))
    return {False: Face.from_table(table["faces"]["regular"]), True: Face.from_table(table["faces"]["bold"])}


def face(bold: bool = False) -> Face:
    """The regular or the bold face (the table is read once)."""
    return _faces()[bold]


@lru_cache(maxsize=4096)
def width(text: str, bold: bool = False) -> float:
    """The advance width of `text` at 100 px: labels are measured again and again while they are fitted."""
    return face(bold).units(text) / FIXED
