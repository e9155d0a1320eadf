"""The drawing kit's tracks: the victory point track's spaces around a board, and a seat's marker on it."""

from __future__ import annotations

import pytest

from engine.draw import layout
from engine.draw.boards import MAP_FRAME, TRACK_DEPTH, TRACK_EDGE, draw_score_track, ring_cells

SEATS = {"ann": "#1a397b", "bob": "#8c2813", "cy": "#7c7c7c"}


@pytest.mark.parametrize("count", [8, 24, 37, 51])
def test_spaces_go_clockwise_around_the_edge_and_tile_the_ring(count: int) -> None:
    cells = ring_cells(count)
    assert len(cells) == count
    assert (cells[0].x0, cells[0].y0) == (TRACK_EDGE.x0, TRACK_EDGE.y0)  # the first space in the top left corner
    for a, b in zip(cells, cells[1:] + cells[:1], strict=True):  # each touches the next, the last the first
        assert a.x0 <= b.x1 and b.x0 <= a.x1 and a.y0 <= b.y1 and b.y0 <= a.y1
    marks = [layout.rect(f"cell:{i}", c) for i, c in enumerate(cells)]
    assert layout.overlaps(marks, margin=-0.01) == []  # touching, never overlapping
    area = sum(c.width * c.height for c in cells)
    ring = TRACK_EDGE.width * TRACK_EDGE.height - MAP_FRAME.width * MAP_FRAME.height
    assert area == pytest.approx(ring)
    assert all(min(c.width, c.height) == pytest.approx(TRACK_DEPTH) for c in cells)


def test_spaces_along_the_long_sides_are_as_long_as_those_down_the_short_ones_near_enough() -> None:
    lengths = [max(c.width, c.height) for c in ring_cells(24)]
    assert max(lengths) / min(lengths) < 1.3


def test_markers_stand_on_their_scores_space_and_a_score_past_the_end_on_the_end() -> None:
    drawing = layout.Drawing(800, 402)
    draw_score_track(drawing, 10, {"ann": 0, "bob": 4, "cy": 12}, SEATS, fills=("#eee", "#ddd"), edge="#888",
                     ink="#222")
    markers = {m.title: (m.owner, m.fill) for m in drawing.marks if m.id.startswith("vp:")}
    assert markers == {"ann: 0 victory points": ("vp:0", SEATS["ann"]), "bob: 4 victory points": ("vp:4", SEATS["bob"]),
                       "cy: 12 victory points": ("vp:10", SEATS["cy"])}
    assert {m.text for m in drawing.marks if m.id.startswith("cue:vp:")} == {"A", "B", "C"}
    assert layout.problems(drawing) == []
