"""Text is measured from the report font's width table (engine/draw/dejavu_sans.json), as HarfBuzz lays it out."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib.resources import files
from pathlib import Path

import pytest
from ruamel.yaml import YAML

from engine.draw import metrics

ROOT = Path(__file__).resolve().parents[2]
FONTS = {False: Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
         True: Path("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")}
#: Text a label may hold besides the games' own words: names from anywhere, ligatures, kerned pairs, signs.
SAMPLES = ["AVATAR Tower", "office affluent fjord", "Zoë Ångström, Łódź", "Ærø – “Yvonne’s” …", "ffi ffl fff",
           "T.Y. W. V, P.", "12 (3) + 4 × 5 = 17 €", "soft\u00adhyphen", "e\u0301cole", "cafe\u0301 au lait", "ﬁne"]


def _data_strings() -> list[str]:
    """Every line of text in the games' data files: card, region and faction names, titles, notes."""
    found: set[str] = set()

    def walk(node: object) -> None:
        if isinstance(node, str):
            found.update(line for line in node.splitlines() if line.strip())
        elif isinstance(node, dict):
            for key, value in node.items():
                walk(key)
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    yaml = YAML(typ="safe")
    for path in sorted((ROOT / "games").rglob("data/*.yaml")):
        walk(yaml.load(path.read_text(encoding="utf-8")))
    return sorted(found)


def _pillow(bold: bool) -> object:
    """Pillow laying out the installed report font with HarfBuzz, when it is the font the table was made from."""
    image_font = pytest.importorskip("PIL.ImageFont")
    features = pytest.importorskip("PIL.features")
    if not FONTS[bold].is_file() or not features.check("raqm"):
        pytest.skip("no DejaVu font or no libraqm here to compare the table with")
    table = json.loads(files("engine.draw").joinpath(metrics.TABLE).read_text(encoding="utf-8"))
    from fontTools.ttLib import TTFont

    if TTFont(str(FONTS[bold]))["name"].getDebugName(5) not in table["font"]:
        pytest.skip("the installed DejaVu is not the version the table was made from")
    return image_font.truetype(str(FONTS[bold]), metrics.SIZE)


@pytest.mark.parametrize("bold", [False, True])
def test_the_table_measures_what_harfbuzz_measures(bold: bool) -> None:
    font = _pillow(bold)
    texts = [*_data_strings(), *SAMPLES]
    assert len(texts) > 500
    wrong = [(t, font.getlength(t), metrics.width(t, bold))  # type: ignore[attr-defined]
             for t in texts if font.getlength(t) != metrics.width(t, bold)]  # type: ignore[attr-defined]
    assert wrong == []


def test_ligatures_kerning_marks_and_missing_characters() -> None:
    face = metrics.face()
    assert face.units("ffi") < face.units("f") * 2 + face.units("i")  # one glyph for three letters
    assert face.units("AV") < face.units("A") + face.units("V")  # kerned
    assert face.units("e\u0301") == face.units("e")  # the accent sits on the letter
    assert face.units("soft\u00adhyphen") == face.units("softhyphen")
    assert face.units("\ue000") == face.missing  # a private character the font lacks: the missing-glyph box
    assert metrics.width("Kabul", True) > metrics.width("Kabul")


def test_drawing_reads_no_font_file_and_loads_no_image_library() -> None:
    code = ("import sys\nfrom engine.draw import layout\nlayout.label('name', 'Kabul', (0, 10), 11, width=30)\n"
            "print('\\n'.join(sys.modules))")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT, check=True)
    assert not {m for m in done.stdout.split() if m.split(".")[0] in ("PIL", "markupsafe", "jinja2")}
