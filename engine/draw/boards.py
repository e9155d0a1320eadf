"""What every game's board map shares: the ground (regions, the border strips with their lines, the boxes pieces
fill) and the panel beside the board (headings, swatches and lines of text, top to bottom).

Game-neutral like layout.py: a game's map module gives the shapes, colours and words.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence

from engine.draw.layout import (
    BorderShape,
    Box,
    Drawing,
    Mark,
    Piece,
    Point,
    RegionShape,
    circle,
    cue_mark,
    label,
    place_in_box,
    polygon,
    rect,
    strip_outline,
    text_width,
)
from engine.words import counted

#: Every board map is drawn at this size: the board 600 wide and 402 high and, beside it, the panel (lines this
#: far apart, sections this much further), so the picture is wide rather than tall and fits a page under the news.
WIDTH, BOARD_HEIGHT = 800.0, 402.0
PANEL_LEFT, PANEL_LINE, PANEL_GAP = 606.0, 14.0, 6.0
STRIP = 30.0  # how wide a border's strip of slots is
#: How far a strip stays from an end of its border where other borders meet, and from one on the board's edge.
END_MARGIN, OPEN_MARGIN = 22.0, 8.0


def seat_cues(seats: Iterable[str]) -> dict[str, str]:
    """The letter written on each seat's pieces: its initial, or every seat's number in seating order when two
    seats share an initial (a cue must tell seats apart, not only name them)."""
    names = list(seats)
    initials = [name[:1].upper() for name in names]
    if len(set(initials)) == len(initials) and all(i.isalnum() for i in initials):
        return dict(zip(names, initials, strict=True))
    return {name: str(i + 1) for i, name in enumerate(names)}


def region_shapes(outlines: Mapping[str, Sequence[Point]],
                  spots: Mapping[str, tuple[Point, Point, Box, float]]) -> dict[str, RegionShape]:
    """Each region's shape from its outline and its spots (name, notes, the box of pieces, the label width)."""
    return {r: RegionShape(r, tuple(outlines[r]), *spots[r]) for r in outlines}


def border_shapes(lines: Mapping[str, Sequence[Point]], open_ends: Collection[Point]) -> dict[str, BorderShape]:
    """Each border's shape from its line; a border's id is its two regions sorted and joined by a hyphen."""
    return {b: BorderShape(b, tuple(b.split("-")), tuple(line),  # type: ignore[arg-type]
                           chord(line, open_ends, END_MARGIN, OPEN_MARGIN), STRIP)
            for b, line in lines.items()}


def chord(line: Sequence[Point], open_ends: Collection[Point], end_margin: float = END_MARGIN,
          open_margin: float = OPEN_MARGIN) -> tuple[Point, Point]:
    """The chord of a border line, drawn in from each end: far from an end where other borders meet (their strips
    would touch), close to an end on the board's edge (`open_ends`)."""
    (x0, y0), (x1, y1) = line[0], line[-1]
    length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    m0 = open_margin if line[0] in open_ends else end_margin
    m1 = open_margin if line[-1] in open_ends else end_margin
    return (x0 + ux * m0, y0 + uy * m0), (x1 - ux * m1, y1 - uy * m1)


def draw_ground(drawing: Drawing, shapes: Mapping[str, RegionShape], lines: Mapping[str, BorderShape],
                fills: Mapping[str, str], *, edge: str, line: str, slot: str, slot_edge: str) -> None:
    """The regions, then each border's strip of slots with the border's line over it, then the (invisible) box
    each region's pieces fill, as areas `area:<region>` the pieces must lie within."""
    for shape in shapes.values():
        drawing.add(polygon(f"region:{shape.id}", shape.outline, layer="ground", fill=fills[shape.id], stroke=edge,
                            stroke_width=1.5))
    for border in lines.values():
        # The strip first, then the line over it: the line stays visible end to end.
        drawing.add(polygon(f"area:{border.id}", strip_outline(border), layer="area", fill=slot, stroke=slot_edge,
                            stroke_width=0.6, dash="2 2"))
        drawing.add(Mark(f"border:{border.id}", "line", border.line, layer="ground", stroke=line, stroke_width=2.2))
    for shape in shapes.values():
        drawing.add(Mark(f"area:{shape.id}", "rect", shape.pieces.corners(), layer="area"))


class Panel:
    """The column beside a board, written top to bottom: `y` is the baseline of the current line."""

    def __init__(self, drawing: Drawing, *, fill: str, stroke: str, left: float = PANEL_LEFT, right: float = WIDTH - 2,
                 bottom: float = BOARD_HEIGHT - 2, line: float = PANEL_LINE, gap: float = PANEL_GAP) -> None:
        self.drawing = drawing
        self.line, self.gap = line, gap
        self.x = left + 8
        self.width = right - left - 12  # what a line of text may take, from x
        self.y = 2 + line + 4
        drawing.add(rect("panel", Box(left, 2, right, bottom), layer="ground", fill=fill, stroke=stroke,
                         stroke_width=0.5))

    def next(self) -> None:
        """Move to the next line."""
        self.y += self.line

    def section(self) -> None:
        """Move to the next line, a little further: a new section starts."""
        self.y += self.line + self.gap

    def head(self, mark_id: str, text: str) -> None:
        """A section's heading on this line."""
        self.drawing.add(label(mark_id, text, (self.x, self.y), 11, bold=True, width=self.width))

    def text(self, mark_id: str, text: str, indent: float = 13.0, **style: object) -> None:
        """A line of text, after a swatch (indented) unless `indent` is 0; shortened to fit."""
        self.drawing.add(label(mark_id, text, (self.x + indent, self.y), 10, width=self.width - indent,
                               **style))  # type: ignore[arg-type]

    def swatch(self, mark_id: str, kind: str, colour: str, cue: str = "") -> None:
        """A small piece at the start of this line: a circle, a bar (a piece on a border) or a square, with the
        cue its pieces carry on the map, if any."""
        x, y = self.x, self.y
        if kind == "circle":
            swatch = circle(mark_id, (x + 4, y - 4), 5, fill=colour, stroke="#222", stroke_width=0.8)
        elif kind == "bar":
            swatch = rect(mark_id, Box(x - 1, y - 7, x + 9, y - 2), fill=colour, stroke="#222", stroke_width=0.8)
        else:
            swatch = rect(mark_id, Box(x - 1, y - 9, x + 9, y + 1), fill=colour, stroke="#222", stroke_width=0.8)
        self.drawing.add(swatch, *cue_mark(swatch, cue, 10))

    def item(self, mark_id: str, kind: str, colour: str, text: str, cue: str = "") -> None:
        """On the next line, a swatch (with its cue) and its words; their marks are `<mark_id>:mark` and
        `<mark_id>`."""
        self.next()
        self.swatch(f"{mark_id}:mark", kind, colour, cue)
        self.text(mark_id, text)

    def mark(self, mark_id: str, colour: str, stroke: str) -> None:
        """A square at the start of this line, filled when it marks where things stand now (or "none")."""
        x, y = self.x, self.y
        self.drawing.add(rect(mark_id, Box(x, y - 8, x + 8, y), fill=colour, stroke=stroke))

    def space(self, mark_id: str, text: str, here: bool, *, marker: str, fill: str, edge: str, cue: str = "",
              bold: bool = False) -> None:
        """This line as a space of a track printed beside the board, touching the spaces of the lines above and
        below: the track's marker (a disc of colour `marker`, with its cue) on it when things stand here, an
        empty ring where it would stand otherwise, and the space's words (`<mark_id>:mark`, `<mark_id>`)."""
        x, y = self.x, self.y
        self.drawing.add(rect(f"{mark_id}:space", Box(x - 4, y - 11, x + self.width + 2, y + 3), layer="ground",
                              fill=fill, stroke=edge, stroke_width=0.6))
        disc = circle(f"{mark_id}:mark", (x + 4, y - 4), 5, fill=marker if here else "none",
                      stroke="#222" if here else edge, stroke_width=0.8, dash="" if here else "1.5 1.5")
        self.drawing.add(disc, *(cue_mark(disc, cue, 10) if here else []))
        self.text(mark_id, text, bold=bold or here)

    def seats(self, seats: Mapping[str, str]) -> None:
        """A line for each seat: its colour, the cue on its pieces and its name (`legend:seat:<index>`)."""
        cues = seat_cues(seats)
        for i, (seat, colour) in enumerate(seats.items()):
            self.item(f"legend:seat:{i}", "circle", colour, seat, cues[seat])


# --- the victory point track around a board, and tracks of spaces in the panel ----------------------------

#: How deep the victory point track around a board is, and the board's outer edge it runs along.
TRACK_DEPTH = 18.0
TRACK_EDGE = Box(2.0, 2.0, 598.0, BOARD_HEIGHT - 2)
#: The map inside the victory point track.
MAP_FRAME = Box(TRACK_EDGE.x0 + TRACK_DEPTH, TRACK_EDGE.y0 + TRACK_DEPTH, TRACK_EDGE.x1 - TRACK_DEPTH,
                TRACK_EDGE.y1 - TRACK_DEPTH)


def ring_cells(count: int, outer: Box = TRACK_EDGE, depth: float = TRACK_DEPTH) -> list[Box]:
    """`count` spaces of a track `depth` deep around the edge of `outer`, clockwise from the top left corner:
    the top and bottom rows take the corners and as many spaces as their length's share, the sides the rest."""
    side = outer.height - 2 * depth
    per_row = max(1, round(count * outer.width / (2 * outer.width + 2 * side)))
    left = (count - 2 * per_row) // 2
    right = count - 2 * per_row - left
    w = outer.width / per_row
    cells = [Box(outer.x0 + i * w, outer.y0, outer.x0 + (i + 1) * w, outer.y0 + depth) for i in range(per_row)]
    cells += [Box(outer.x1 - depth, outer.y0 + depth + i * side / right, outer.x1,
                  outer.y0 + depth + (i + 1) * side / right) for i in range(right)]
    cells += [Box(outer.x1 - (i + 1) * w, outer.y1 - depth, outer.x1 - i * w, outer.y1) for i in range(per_row)]
    cells += [Box(outer.x0, outer.y1 - depth - (i + 1) * side / left, outer.x0 + depth,
                  outer.y1 - depth - i * side / left) for i in range(left)]
    return cells


def draw_score_track(drawing: Drawing, end: int, scores: Mapping[str, int], seats: Mapping[str, str], *,
                     fills: tuple[str, str], edge: str, ink: str, noun: str = "victory point") -> None:
    """The victory point track from 0 to `end` around the board, each space's number written at its start and
    every seat's marker (a disc in its colour, with its cue) on the space of its score; a score past the end
    stands on the end, as the printed track has no further space, and its marker's title says the score."""
    cues = seat_cues(seats)
    cells = ring_cells(end + 1)
    on: dict[int, list[Piece]] = {}
    for seat, score in scores.items():
        space = min(max(score, 0), end)
        on.setdefault(space, []).append(Piece(f"vp:{space}:{cues[seat]}", "cylinder", seats[seat],
                                              f"{seat}: {counted(score, noun)}", cues[seat]))
    for n, cell in enumerate(cells):
        drawing.add(rect(f"track:{n}", cell, layer="ground", fill=fills[n % 2], stroke=edge, stroke_width=0.6))
        across = cell.width > cell.height  # the top and bottom rows; the sides run down the board
        size = 8.0
        if across:
            drawing.add(label(f"track:{n}:number", str(n), (cell.x0 + 2, cell.y0 + cell.height / 2 + 3), size,
                              bold=True, fill=ink))
            box = Box(cell.x0 + 3 + text_width(str(end), size, True), cell.y0 + 1, cell.x1 - 1, cell.y1 - 1)
        else:
            drawing.add(label(f"track:{n}:number", str(n), (cell.x0 + cell.width / 2, cell.y0 + 8), size,
                              bold=True, anchor="middle", fill=ink))
            box = Box(cell.x0 + 1, cell.y0 + 11, cell.x1 - 1, cell.y1 - 1)
        drawing.add(Mark(f"area:vp:{n}", "rect", box.corners(), layer="area"))
        drawing.add(*place_in_box(on.get(n, []), box, f"vp:{n}"))
