"""Write engine/draw/dejavu_sans.json: the advance widths of DejaVu Sans, as the drawings measure their text.

Usage: python tests/reports/make_font_widths.py [FONT_DIR] [OUT]   (defaults: Debian's fonts-dejavu-core, the engine's table)

Run once, when the report font changes; it needs Pillow built with libraqm (HarfBuzz) and fontTools, which
the engine itself never imports. Every number is what Pillow's `ImageFont.getlength` gives at 100 px, in its
26.6 fixed point (1/64 px, so 1/6400 em), which is how the drawings measured text before the table existed:
each character alone, each ligature of the font's Latin `liga` feature, and the kerning of every pair of
characters (and ligatures) of Latin text, measured after a Latin letter so the run is shaped as Latin.

The table is measured from the DejaVu fonts (Bitstream Vera licence, DejaVu changes in the public domain),
version 2.37 as Debian's fonts-dejavu-core 2.37 ships it. It holds numbers only, no glyph: it is no copy of
the fonts, and it carries their copyright notice and licence name all the same.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import PIL
from fontTools.ttLib import TTFont
from PIL import ImageFont, features

FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")
OUT = Path(__file__).resolve().parents[2] / "engine" / "draw" / "dejavu_sans.json"
FACES = {"regular": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf"}
SIZE = 100
#: Characters whose pairs are kerned in the table: Latin text (ASCII, Latin-1, Latin Extended-A and -B) and the
#: punctuation and signs the games write; other scripts are measured by their advances alone.
KERNED = [*range(0x20, 0x7F), *range(0xA0, 0x250), *range(0x2010, 0x203B), 0x20AC, 0x2122, 0x2212, 0x25B6, 0x25C0]
#: Kerning is measured after this letter, so that digits and punctuation are shaped as Latin, as in a label.
LEAD = "n"
NOTICE = ("Derived from the DejaVu fonts: Copyright (c) 2003 by Bitstream, Inc. All Rights Reserved. Bitstream Vera "
          "is a trademark of Bitstream, Inc. DejaVu changes are in public domain. Licence: the Bitstream Vera Fonts "
          "licence (https://dejavu-fonts.github.io/License.html).")


def ligatures(font: TTFont) -> list[str]:
    """The texts the Latin `liga` feature joins into one glyph, in the order the font tries them (longest first)."""
    names = {glyph: chr(cp) for cp, glyph in font.getBestCmap().items()}
    gsub = font["GSUB"].table
    latin = next(s.Script.DefaultLangSys for s in gsub.ScriptList.ScriptRecord if s.ScriptTag == "latn")
    found = []
    for index in latin.FeatureIndex:
        record = gsub.FeatureList.FeatureRecord[index]
        if record.FeatureTag != "liga":
            continue
        for lookup in record.Feature.LookupListIndex:
            for table in gsub.LookupList.Lookup[lookup].SubTable:
                table = getattr(table, "ExtSubTable", table)
                for first, joined in table.ligatures.items():
                    found += [names[first] + "".join(names[g] for g in lig.Component) for lig in joined]
    return found


def tokens(text: str, joined: list[str]) -> list[str]:
    """`text` as the glyphs the shaper makes of it: ligatures (first that fits, left to right) and characters."""
    out, i = [], 0
    while i < len(text):
        lig = next((j for j in joined if text.startswith(j, i)), text[i])
        out.append(lig)
        i += len(lig)
    return out


def spans(widths: dict[int, int], shortest: int = 8) -> tuple[list[list[int]], list[list[int]]]:
    """The widths as spans of at least `shortest` consecutive code points of one width ([first, last, width]),
    and the rest as runs of consecutive code points ([first code point, width, width, ...])."""
    same: list[list[int]] = []
    for cp in sorted(widths):
        if same and cp == same[-1][1] + 1 and widths[cp] == same[-1][2]:
            same[-1][1] = cp
        else:
            same.append([cp, cp, widths[cp]])
    long = [span for span in same if span[1] - span[0] + 1 >= shortest]
    rest = sorted(cp for span in same if span not in long for cp in range(span[0], span[1] + 1))
    runs: list[list[int]] = []
    for cp in rest:
        if not runs or cp != runs[-1][0] + len(runs[-1]) - 1:
            runs.append([cp])
        runs[-1].append(widths[cp])
    return long, runs


def face(path: Path) -> dict[str, Any]:
    """One face's table: the width of a missing character, every other width, the ligatures and the kerning."""
    pil = ImageFont.truetype(str(path), SIZE)
    if pil.layout_engine != ImageFont.Layout.RAQM:
        sys.exit("Pillow lays text out without libraqm: no kerning or ligatures, not what the drawings measured")

    def width(text: str) -> int:
        value = pil.getlength(text) * 64
        assert value == int(value), (text, value)
        return int(value)

    font = TTFont(str(path))
    cmap = font.getBestCmap()
    missing = width(chr(next(cp for cp in range(0xE000, 0xF900) if cp not in cmap)))
    advances, refused = {}, set()
    for cp in (c for c in range(0x110000) if not 0xD800 <= c < 0xE000):
        try:
            value = width(chr(cp))
        except RuntimeError:  # a paragraph separator: the layout refuses it, a label never holds one
            refused.add(cp)
            continue
        if value != missing:
            advances[cp] = value
    joined = ligatures(font)
    everything = [chr(cp) for cp in KERNED if cp in cmap and cp not in refused] + joined
    kerning: dict[str, dict[str, int]] = {}
    for a in everything:
        for b in everything:
            if tokens(LEAD + a + b, joined) != [LEAD, a, b]:
                continue  # the two would join into a ligature
            kern = width(LEAD + a + b) - width(LEAD + a) - width(b)
            if kern:
                kerning.setdefault(a, {})[b] = kern
    long, runs = spans(advances)
    return {"missing": missing, "spans": long, "advances": runs,
            "ligatures": [[j, width(j)] for j in joined], "kerning": kerning}


def dump(table: dict[str, Any]) -> str:
    """The table as JSON, a run or a kerned character a line, so a regenerated table diffs readably."""
    def lines(items: Iterable[str]) -> str:
        return ",\n".join(f"        {item}" for item in items)

    faces = []
    for name, data in table["faces"].items():
        advances = lines(json.dumps(run) for run in data["advances"])
        same = lines(json.dumps(span) for span in data["spans"])
        kerning = lines(f"{json.dumps(a, ensure_ascii=False)}: {json.dumps(b, ensure_ascii=False)}"
                        for a, b in data["kerning"].items())
        faces.append(f'    "{name}": {{\n      "missing": {data["missing"]},\n'
                     f'      "ligatures": {json.dumps(data["ligatures"])},\n'
                     f'      "spans": [\n{same}\n      ],\n'
                     f'      "advances": [\n{advances}\n      ],\n'
                     f'      "kerning": {{\n{kerning}\n      }}\n    }}')
    head = json.dumps({k: v for k, v in table.items() if k != "faces"}, indent=2, ensure_ascii=False)
    return head[:-2] + ',\n  "faces": {\n' + ",\n".join(faces) + "\n  }\n}\n"


def main(font_dir: Path = FONT_DIR, out: Path = OUT) -> None:
    """Measure both faces and write the table."""
    regular = TTFont(str(font_dir / FACES["regular"]))
    version = regular["name"].getDebugName(5)
    table = {
        "font": f"DejaVu Sans, {version} ({', '.join(FACES.values())})",
        "licence": NOTICE,
        "made_by": (f"tests/reports/make_font_widths.py with Pillow {PIL.__version__}, libraqm "
                    f"{features.version('raqm')}, HarfBuzz {features.version('harfbuzz')}"),
        "unit": "1/6400 em: 1/64 px at 100 px, HarfBuzz's fixed point",
        "faces": {name: face(font_dir / file) for name, file in FACES.items()},
    }
    out.write_text(dump(table), encoding="utf-8")
    json.loads(out.read_text(encoding="utf-8"))  # what was written reads back


if __name__ == "__main__":
    main(*(Path(a) for a in sys.argv[1:3]))
