"""The game-neutral drawing geometry: overlap tests, text measuring, pieces placed in boxes and on borders."""

from __future__ import annotations

import pytest

from engine.draw import layout
from engine.draw.layout import BorderShape, Box, Drawing, Piece


def test_convex_overlap_separates_apart_touching_and_crossing_shapes() -> None:
    square = Box(0, 0, 10, 10).corners()
    assert layout.convex_overlap(square, Box(5, 5, 15, 15).corners())
    assert not layout.convex_overlap(square, Box(10, 0, 20, 10).corners())  # touching edges do not overlap
    assert layout.convex_overlap(square, Box(10, 0, 20, 10).corners(), margin=0.5)  # but come too close
    diamond = ((16, 5), (21, 0), (26, 5), (21, 10))
    assert not layout.convex_overlap(square, diamond)
    assert layout.convex_overlap(square, ((-5, 5), (15, 5)))  # a segment across
    assert not layout.convex_overlap(square, ((12, -5), (30, 20)))  # a segment beside it


def test_text_is_measured_in_the_report_font() -> None:
    assert layout.text_width("WWWW", 10) > layout.text_width("iiii", 10) * 2
    assert layout.text_width("Kabul", 13, bold=True) > layout.text_width("Kabul", 13)
    short = layout.fit_text("a very long seat name indeed", 10, 60)
    assert short.endswith("…") and layout.text_width(short, 10) <= 60


def test_problems_name_overlapping_labels_and_stray_pieces() -> None:
    drawing = Drawing(100, 100)
    drawing.add(layout.rect("area:box", Box(10, 10, 50, 50), layer="area"))
    drawing.add(layout.label("a", "Herat", (10, 70), 12), layout.label("b", "Kabul", (20, 72), 12))
    drawing.add(layout.rect("p", Box(45, 45, 55, 55), owner="box"))
    found = layout.problems(drawing)
    assert "a overlaps b" in found
    assert "piece p is not within area:box" in found
    drawing.add(layout.rect("far", Box(95, 95, 105, 105)))
    assert "far is off the canvas" in layout.problems(drawing)


def test_pieces_fill_a_box_shrinking_to_fit_and_refuse_beyond_the_smallest() -> None:
    box = Box(0, 0, 60, 30)
    few = layout.place_in_box([Piece(f"p{i}", "block", "#000") for i in range(3)], box, "r")
    many = layout.place_in_box([Piece(f"p{i}", "cylinder", "#000") for i in range(30)], box, "r")
    assert few[0].box().width == 12 and many[0].box().width < 12
    assert layout.overlaps(many) == []
    assert all(layout.within(m.outline, box.corners()) for m in many)
    with pytest.raises(layout.LayoutError):
        layout.place_in_box([Piece(f"p{i}", "block", "#000") for i in range(200)], box, "r")


def test_roads_lie_along_a_sloping_border_strip() -> None:
    shape = BorderShape("a-b", ("a", "b"), ((0, 0), (80, 60)), ((10, 7.5), (70, 52.5)), 20)
    marks = layout.place_on_border([Piece(f"r{i}", "road", "#000") for i in range(20)], shape)
    strip = layout.strip_outline(shape)
    assert len(marks) == 20 and layout.overlaps(marks) == []
    assert all(layout.within(m.outline, strip) for m in marks)
