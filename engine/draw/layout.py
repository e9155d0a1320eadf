"""Drawings as geometry: marks with outlines, so tests can prove that no two marks or labels overlap.

Game-neutral: a board is regions (polygons with a box for pieces and spots for labels) and borders (a line
between two regions with a strip of slots along it); pieces are placed in a grid that shrinks to fit.
A game's map module describes its board with these and `engine.draw.svg` turns a Drawing into SVG.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from engine.draw import metrics
from engine.draw.colour import ink_on

Point = tuple[float, float]

ASCENT, DESCENT = 0.76, 0.24  # of the font size, above and below the baseline


class LayoutError(ValueError):
    """Pieces that cannot fit in their box even at the smallest size allowed."""


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The advance width of `text` at `size` in DejaVu Sans (bold or not), the report font (engine.draw.metrics)."""
    return metrics.width(text, bold) * size / 100


def fit_text(text: str, size: float, width: float, bold: bool = False) -> str:
    """`text`, shortened with an ellipsis if needed so it is at most `width` wide."""
    if text_width(text, size, bold) <= width:
        return text
    while text and text_width(text + "…", size, bold) > width:
        text = text[:-1]
    return text.rstrip() + "…"


@dataclass(frozen=True)
class Box:
    """An axis-aligned rectangle."""

    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def width(self) -> float:
        """Its width."""
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        """Its height."""
        return self.y1 - self.y0

    def corners(self) -> tuple[Point, ...]:
        """Its four corners, clockwise from the top left."""
        return ((self.x0, self.y0), (self.x1, self.y0), (self.x1, self.y1), (self.x0, self.y1))


@dataclass(frozen=True)
class Mark:
    """One thing drawn, on a layer: `ground` (regions, lines: the background), `area` (where pieces go: a
    region's piece box, a border's strip of slots), `piece` or `label`. See `problems` for the rules.

    `outline` is the convex polygon the mark covers (a circle's: its bounding square; a text's: its box);
    `owner` names the area a piece lies in (`area:<owner>`), or the region a label is written in.
    """

    id: str
    shape: str  # polygon | rect | circle | text | line
    outline: tuple[Point, ...]
    layer: str = "piece"
    owner: str = ""
    fill: str = "none"
    stroke: str = "none"
    stroke_width: float = 1.0
    dash: str = ""
    text: str = ""
    size: float = 10.0
    bold: bool = False
    anchor: str = "start"
    at: Point = (0.0, 0.0)  # text baseline point; circle centre
    radius: float = 0.0
    points: tuple[Point, ...] = ()  # drawn points (polygon, polyline) when they differ from the outline
    title: str = ""  # a tooltip for browsers
    css: str = ""  # class names, so a page (or a test) can find kinds of marks

    def box(self) -> Box:
        """The bounding box of the outline."""
        xs = [p[0] for p in self.outline]
        ys = [p[1] for p in self.outline]
        return Box(min(xs), min(ys), max(xs), max(ys))


def rect(mark_id: str, box: Box, **style: object) -> Mark:
    """A rectangle mark."""
    return Mark(mark_id, "rect", box.corners(), **style)  # type: ignore[arg-type]


def circle(mark_id: str, centre: Point, radius: float, **style: object) -> Mark:
    """A circle mark; its outline is its bounding square, which is what the overlap test may rely on."""
    x, y = centre
    box = Box(x - radius, y - radius, x + radius, y + radius)
    return Mark(mark_id, "circle", box.corners(), at=centre, radius=radius, **style)  # type: ignore[arg-type]


def polygon(mark_id: str, points: Sequence[Point], **style: object) -> Mark:
    """A convex polygon mark (outline = the polygon)."""
    return Mark(mark_id, "polygon", tuple(points), **style)  # type: ignore[arg-type]


def label(mark_id: str, text: str, at: Point, size: float, *, width: float | None = None, bold: bool = False,
          anchor: str = "start", fill: str = "#222", owner: str = "", title: str = "") -> Mark:
    """A text mark at baseline point `at`, shortened to `width` if given; its outline is its measured box."""
    if width is not None:
        text = fit_text(text, size, width, bold)
    w = text_width(text, size, bold)
    x, y = at
    left = {"start": x, "middle": x - w / 2, "end": x - w}[anchor]
    box = Box(left, y - ASCENT * size, left + w, y + DESCENT * size)
    return Mark(mark_id, "text", box.corners(), layer="label", text=text, size=size, bold=bold, anchor=anchor, at=at,
                fill=fill, owner=owner, title=title)


# --- geometry tests ----------------------------------------------------------------------------------------


def _axes(points: Sequence[Point]) -> Iterable[Point]:
    n = len(points)
    for i in range(n if n > 2 else 1):
        (x0, y0), (x1, y1) = points[i], points[(i + 1) % n]
        yield (y0 - y1, x1 - x0)
    if n == 2:  # a segment: its own direction separates too
        (x0, y0), (x1, y1) = points
        yield (x1 - x0, y1 - y0)


def _project(points: Sequence[Point], axis: Point) -> tuple[float, float]:
    values = [p[0] * axis[0] + p[1] * axis[1] for p in points]
    return min(values), max(values)


def convex_overlap(a: Sequence[Point], b: Sequence[Point], margin: float = 0.0) -> bool:
    """True when two convex polygons (or segments) come closer than `margin` (separating axis test)."""
    for axis in [*_axes(a), *_axes(b)]:
        length = math.hypot(*axis)
        if length == 0:
            continue
        unit = (axis[0] / length, axis[1] / length)
        a0, a1 = _project(a, unit)
        b0, b1 = _project(b, unit)
        if a1 + margin <= b0 or b1 + margin <= a0:
            return False
    return True


def inside(point: Point, poly: Sequence[Point]) -> bool:
    """True when `point` lies inside the simple polygon `poly` (ray casting)."""
    x, y = point
    found = False
    n = len(poly)
    for i in range(n):
        (x0, y0), (x1, y1) = poly[i], poly[(i + 1) % n]
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            found = not found
    return found


def within(outline: Sequence[Point], poly: Sequence[Point]) -> bool:
    """True when a convex outline lies wholly inside the simple polygon `poly` (no edge of it crosses in)."""
    if not all(inside(p, poly) for p in outline):
        return False
    n = len(poly)
    return not any(convex_overlap(outline, (poly[i], poly[(i + 1) % n])) for i in range(n))


def overlaps(first: Sequence[Mark], second: Sequence[Mark] | None = None, margin: float = 0.5) -> list[tuple[str, str]]:
    """Every pair of marks closer than `margin`, by id: within `first`, or between `first` and `second`."""
    found = []
    boxes = {id(m): m.box() for m in [*first, *(second or ())]}
    for i, a in enumerate(first):
        ba = boxes[id(a)]
        for b in (first[i + 1:] if second is None else second):
            bb = boxes[id(b)]
            if ba.x1 + margin <= bb.x0 or bb.x1 + margin <= ba.x0 or ba.y1 + margin <= bb.y0 or bb.y1 + margin <= ba.y0:
                continue
            if convex_overlap(a.outline, b.outline, margin):
                found.append((a.id, b.id))
    return found


def problems(drawing: Drawing, margin: float = 0.5) -> list[str]:
    """Everything wrong with a drawing's geometry, in words; empty when it is clean.

    Pieces and labels never overlap one another; areas never overlap one another nor a label; a piece lies
    within its owner's area; a label with an owner lies within that region's outline (`region:<owner>`);
    every mark lies on the canvas.
    """
    layers: dict[str, list[Mark]] = {"ground": [], "area": [], "piece": [], "label": []}
    for mark in drawing.marks:
        layers[mark.layer].append(mark)
    by_id = {m.id: m for m in drawing.marks}
    found = [f"{a} overlaps {b}" for a, b in overlaps([*layers["piece"], *layers["label"]], margin=margin)]
    found += [f"area {a} overlaps area {b}" for a, b in overlaps(layers["area"], margin=margin)]
    found += [f"label {a} overlaps area {b}" for a, b in overlaps(layers["label"], layers["area"], margin=margin)]
    for piece in layers["piece"]:
        area = by_id.get(f"area:{piece.owner}")
        if piece.owner and (area is None or not within(piece.outline, area.outline)):
            found.append(f"piece {piece.id} is not within area:{piece.owner}")
    for text in layers["label"]:
        region = by_id.get(f"region:{text.owner}") if text.owner else None
        if region is not None and not within(text.outline, region.points or region.outline):
            found.append(f"label {text.id} is not within region:{text.owner}")
    found += [f"{m.id} is off the canvas" for m in drawing.marks
              if not all(0 <= x <= drawing.width and 0 <= y <= drawing.height for x, y in m.outline)]
    return found


# --- boards: regions, borders with slots, pieces -----------------------------------------------------------


@dataclass(frozen=True)
class RegionShape:
    """A region: its outline, where its name and notes are written, and the box its pieces fill."""

    id: str
    outline: tuple[Point, ...]
    name_at: Point
    notes_at: Point  # baseline of the first note line (a ruler, say); later lines go below
    pieces: Box
    label_width: float  # how wide its name and notes may be


@dataclass(frozen=True)
class BorderShape:
    """A border: the line drawn between two regions and the strip along it where its slots lie."""

    id: str
    regions: tuple[str, str]
    line: tuple[Point, ...]
    strip: tuple[Point, Point]  # the strip's centre line
    strip_width: float


@dataclass(frozen=True)
class Piece:
    """A piece to place: `kind` is block, cylinder or road; `colour` its owner's; `id` unique in the drawing.

    `cue` is a letter or two written on the piece, so its owner is known without telling colours apart.
    """

    id: str
    kind: str
    colour: str
    title: str = ""
    cue: str = ""


@dataclass
class Drawing:
    """A picture as marks, in drawing order, on a canvas of `width` × `height`."""

    width: float
    height: float
    marks: list[Mark] = field(default_factory=list)
    title: str = ""

    def add(self, *marks: Mark) -> None:
        """Append marks (drawn after, so on top of, the earlier ones)."""
        self.marks.extend(marks)


def grid_size(count: int, width: float, height: float, largest: float, smallest: float,
              aspect: float = 1.0) -> tuple[float, int]:
    """The largest piece height (pieces `aspect` times as wide as high, gaps a quarter of a piece) and the
    number of columns that fit `count` pieces in width × height; LayoutError when even `smallest` does not."""
    size = largest
    while size >= smallest - 1e-9:
        gap = size / 4
        cols = int((width + gap) // (size * aspect + gap))
        rows = int((height + gap) // (size + gap))
        if cols * rows >= count:
            return size, max(cols, 1)
        size -= 0.25
    raise LayoutError(f"{count} pieces do not fit in {width:g} × {height:g}")


def place_in_box(pieces: Sequence[Piece], box: Box, owner: str, largest: float = 12, smallest: float = 5) -> list[Mark]:
    """Pieces in a grid filling `box` row by row, as large as they fit: blocks as squares, cylinders as circles."""
    if not pieces:
        return []
    size, cols = grid_size(len(pieces), box.width - 1, box.height - 1, largest, smallest)
    gap = size / 4
    marks = []
    for index, piece in enumerate(pieces):
        row, col = divmod(index, cols)
        x = box.x0 + 0.5 + col * (size + gap)
        y = box.y0 + 0.5 + row * (size + gap)
        mark = _piece_mark(piece, Box(x, y, x + size, y + size), owner)
        marks += [mark, *cue_mark(mark, piece.cue, size)]
    return marks


def _piece_mark(piece: Piece, box: Box, owner: str) -> Mark:
    style = {"fill": piece.colour, "stroke": "#222", "stroke_width": 0.8, "owner": owner, "title": piece.title}
    if piece.kind == "cylinder":
        r = box.width / 2
        return circle(piece.id, (box.x0 + r, box.y0 + r), r, **style)
    return rect(piece.id, box, **style)


def cue_mark(piece: Mark, cue: str, size: float) -> list[Mark]:
    """The cue written on a piece (`cue:<piece id>`), centred, in the ink that reads best on its fill; none
    without a cue. It lies on the ground layer, as part of the piece it is written on, never beside it."""
    if not cue:
        return []
    xs, ys = [p[0] for p in piece.outline], [p[1] for p in piece.outline]
    cx, cy = sum(xs) / len(xs), sum(ys) / len(ys)
    font = round(size * (0.8 if len(cue) == 1 else 0.6), 2)
    # The baseline sits half a capital's height below the centre (DejaVu Sans capitals are 0.73 em high).
    return [Mark(f"cue:{piece.id}", "text", piece.outline, layer="ground", text=cue, size=font, bold=True,
                 anchor="middle", at=(cx, round(cy + 0.365 * font, 2)), fill=ink_on(piece.fill))]


def strip_outline(shape: BorderShape) -> tuple[Point, ...]:
    """The strip of a border as a (rotated) rectangle."""
    (x0, y0), (x1, y1) = shape.strip
    length = math.hypot(x1 - x0, y1 - y0)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    nx, ny = -uy * shape.strip_width / 2, ux * shape.strip_width / 2
    return ((x0 + nx, y0 + ny), (x1 + nx, y1 + ny), (x1 - nx, y1 - ny), (x0 - nx, y0 - ny))


def place_on_border(pieces: Sequence[Piece], shape: BorderShape, largest: float = 7, smallest: float = 2.5) -> list[Mark]:
    """Pieces (roads) as bars lying along the border's strip, in rows on both sides of the line, centred."""
    if not pieces:
        return []
    (x0, y0), (x1, y1) = shape.strip
    length = math.hypot(x1 - x0, y1 - y0)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    vx, vy = -uy, ux
    # A road is twice as long as it is thick; the grid runs along the strip (columns) and across it (rows).
    # One unit of play inside the strip, so a full strip's pieces do not lie on its edge.
    size, cols = grid_size(len(pieces), length - 1, shape.strip_width - 1, largest, smallest, aspect=2.0)
    gap = size / 4
    rows = math.ceil(len(pieces) / cols)
    used_cols = min(cols, len(pieces))
    along0 = (length - (used_cols * (2 * size + gap) - gap)) / 2
    across0 = -(rows * (size + gap) - gap) / 2
    marks = []
    for index, piece in enumerate(pieces):
        row, col = divmod(index, cols)
        a = along0 + col * (2 * size + gap)
        c = across0 + row * (size + gap)
        corners = [(a, c), (a + 2 * size, c), (a + 2 * size, c + size), (a, c + size)]
        outline = tuple((x0 + ux * p + vx * q, y0 + uy * p + vy * q) for p, q in corners)
        mark = polygon(piece.id, outline, fill=piece.colour, stroke="#222", stroke_width=0.8, owner=shape.id,
                       title=piece.title)
        marks += [mark, *cue_mark(mark, piece.cue, size)]
    return marks
