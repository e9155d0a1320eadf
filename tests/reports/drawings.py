"""Checks every board map's tests share: the SVG of a drawing draws each mark exactly at its geometry."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from engine.draw import layout


def svg_marks(svg: str) -> dict[str, ET.Element]:
    """The elements of an SVG picture that carry a mark's id, by id."""
    root = ET.fromstring(svg)
    return {el.attrib["data-mark"]: el for el in root.iter() if "data-mark" in el.attrib}


def assert_drawn_at_geometry(drawing: layout.Drawing, svg: str) -> None:
    """Each visible mark of `drawing` is in `svg` where its outline says, and nothing else is."""
    drawn = svg_marks(svg)
    visible = [m for m in drawing.marks if m.fill != "none" or m.stroke != "none"]
    assert sorted(drawn) == sorted(m.id for m in visible)
    for mark in visible:
        el = drawn[mark.id]
        if mark.shape == "rect":
            box = mark.box()
            got = [float(el.attrib[k]) for k in ("x", "y", "width", "height")]
            assert got == pytest.approx([box.x0, box.y0, box.width, box.height], abs=0.01)
        elif mark.shape == "circle":
            got = [float(el.attrib[k]) for k in ("cx", "cy", "r")]
            assert got == pytest.approx([*mark.at, mark.radius], abs=0.01)
        elif mark.shape in ("polygon", "line"):
            got = [float(v) for pair in el.attrib["points"].split() for v in pair.split(",")]
            assert got == pytest.approx([v for p in (mark.points or mark.outline) for v in p], abs=0.01)
        else:
            assert [float(el.attrib["x"]), float(el.attrib["y"])] == pytest.approx(list(mark.at), abs=0.01)
            assert "".join(el.itertext()).endswith(mark.text)
            assert float(el.attrib["font-size"]) == mark.size
