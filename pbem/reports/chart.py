"""The score history: every seat's points after the setup, after each step that changed them and at the end, and
its chart, drawn for the web archive's pages and the final report.

Each seat has its colour (the game's palette where it gives one colour per seat), and also a marker shape, a
dash pattern and a letter of its own, so the chart reads in black and white and for every kind of colour vision.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from markupsafe import Markup

from engine import contract, registry
from engine.draw.colour import ink_on
from engine.draw.layout import Box, Drawing, Mark, Point, circle, label, polygon, rect
from engine.words import counted

if TYPE_CHECKING:
    from pbem.store import GameDir

#: One point of the history: a step and every seat's score after it.
ScorePoint = tuple[int, dict[str, int]]

#: Colours for games whose palette names no colour per seat (Okabe and Ito's, told apart by every colour vision).
FALLBACK = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#000000", "#f0e442")
DASHES = ("", "6 3", "2 3", "8 3 2 3", "4 4", "1 2")
SHAPES = ("circle", "square", "triangle", "diamond", "down", "ring")
#: A narrow drawing with large type: pages scale it to their width (see the stylesheets), and at a phone's
#: 330 px of text column its 12-unit labels still come out about 10 px high.
WIDTH, PLOT_TOP, PLOT_HEIGHT = 400.0, 14.0, 160.0
LEFT, RIGHT = 34.0, 368.0
LEGEND_ROW = 20.0
TICK, TEXT = 11.0, 12.0
GRID = "#d8d8d8"
_HEX = re.compile(r"#[0-9a-fA-F]{3}(?:[0-9a-fA-F]{3})?")
INK = "#222"


def score_points(models: Sequence[Mapping[str, Any]]) -> list[ScorePoint]:
    """The scores after the setup, after every step that changed one (a scoring round, a Dominance Check) and
    after the last step, as (step, scores), from each step's `step` and `scores` (report models, say)."""
    points: list[ScorePoint] = []
    for position, model in enumerate(models):
        scores = {seat: int(value) for seat, value in model["scores"].items()}
        if not points or scores != points[-1][1] or position == len(models) - 1:
            points.append((int(model["step"]), scores))
    return points


_HISTORIES: dict[tuple[str, int, int], list[dict[str, Any]]] = {}


def score_history(gd: GameDir, step: int) -> list[dict[str, Any]]:
    """The score history of a game up to `step` as plain data ({"step", "scores"} each), read from its states.

    Scores are public, so every reader gets the same history; it is remembered for the snapshot it was read from,
    as every reader's report of a final step asks for it.
    """
    snapshot = gd.step_dir(step) / "state.json"
    key = (str(gd.root), step, snapshot.stat().st_mtime_ns if snapshot.is_file() else 0)
    if key not in _HISTORIES:
        models = [{"step": s, "scores": dict(gd.game.scores(gd.state(s)))} for s in gd.steps() if s <= step]
        _HISTORIES[key] = [{"step": s, "scores": scores} for s, scores in score_points(models)]
    return [dict(point) for point in _HISTORIES[key]]


def template_global(game_id: str | None) -> Callable[..., Markup]:
    """`score_chart_svg(history, seats)` for a game's report templates: the chart as inline SVG, in its palette."""
    game: object = None
    if game_id is not None:
        try:
            game = registry.get(game_id)
        except registry.UnknownGame:
            game = None
    palette = game.palette if isinstance(game, contract.GameBase) else {}

    def score_chart_svg(history: Sequence[Mapping[str, Any]], seats: Sequence[str], dealt: Any = None) -> Markup:
        from engine.draw.svg import svg

        points = [(int(p["step"]), {str(k): int(v) for k, v in p["scores"].items()}) for p in history]
        # The drawing kit escapes what it writes: the page holds it as it is.
        return Markup(svg(score_chart(points, seats, palette, dealt=dealt), "score-chart"))

    return score_chart_svg


def seat_colours(seats: Sequence[str], palette: Mapping[str, str], dealt: Any = None) -> dict[str, str]:
    """Each seat's colour: the colours the game dealt the seats (a view's `seat_colours`, as "#rrggbb") when it
    names one for every seat, else the palette's `seat:` colours in seating order when there are enough, else
    FALLBACK."""
    if isinstance(dealt, Mapping) and all(_HEX.fullmatch(str(dealt.get(seat, ""))) for seat in seats):
        return {seat: str(dealt[seat]) for seat in seats}
    own = [colour for key, colour in palette.items() if key.startswith("seat:")]
    chosen = own if len(own) >= len(seats) else list(FALLBACK)
    return {seat: chosen[i % len(chosen)] for i, seat in enumerate(seats)}


def seat_letters(seats: Sequence[str]) -> dict[str, str]:
    """A short mark per seat: its initial, or its first two letters, or its number when initials clash."""
    letters: dict[str, str] = {}
    for number, seat in enumerate(seats, start=1):
        for candidate in (seat[:1].upper(), seat[:2].capitalize(), str(number)):
            if candidate and candidate not in letters.values():
                letters[seat] = candidate
                break
    return letters


def _marker(ident: str, shape: str, at: Point, colour: str, title: str) -> Mark:
    x, y = at
    r = 4.0
    style = {"fill": colour, "stroke": "#fff", "stroke_width": 0.8, "title": title}
    if shape == "circle":
        return circle(ident, at, r, **style)
    if shape == "ring":
        return circle(ident, at, r, fill="#fff", stroke=colour, stroke_width=2.0, title=title)
    if shape == "square":
        return rect(ident, Box(x - r, y - r, x + r, y + r), **style)
    corners = {
        "triangle": ((x, y - r - 1), (x + r + 1, y + r), (x - r - 1, y + r)),
        "down": ((x - r - 1, y - r), (x + r + 1, y - r), (x, y + r + 1)),
        "diamond": ((x, y - r - 1), (x + r + 1, y), (x, y + r + 1), (x - r - 1, y)),
    }[shape]
    return polygon(ident, corners, **style)


def score_chart(points: Sequence[tuple[int, Mapping[str, int]]], seats: Sequence[str],
                palette: Mapping[str, str], noun: str = "point", dealt: Any = None) -> Drawing:
    """The chart of `points` (step, each seat's score), one line per seat, with a legend below; `dealt`: the seats'
    colours as the game's view gives them (see seat_colours)."""
    colours, letters = seat_colours(seats, palette, dealt), seat_letters(seats)
    last = points[-1][1] if points else {}
    height = PLOT_TOP + PLOT_HEIGHT + 26 + LEGEND_ROW * len(seats)
    summary = ", ".join(f"{seat} {counted(last.get(seat, 0), noun)}" for seat in seats)
    drawing = Drawing(WIDTH, height, title=f"Scores after each step that changed them: {summary}")
    if not points:
        return drawing
    steps = [step for step, _ in points]
    values = [score for _, scores in points for score in scores.values()]
    low, high = min(0, *values), max(1, *values)
    first, final = steps[0], max(steps[-1], steps[0] + 1)
    bottom = PLOT_TOP + PLOT_HEIGHT

    def x_of(step: int) -> float:
        return LEFT + (RIGHT - LEFT) * (step - first) / (final - first)

    def y_of(score: int) -> float:
        return bottom - PLOT_HEIGHT * (score - low) / (high - low)

    for n, score in enumerate(_ticks(low, high)):
        y = y_of(score)
        drawing.add(Mark(f"grid:{n}", "line", ((LEFT, y), (RIGHT, y)), layer="ground", stroke=GRID, stroke_width=0.6),
                    label(f"tick:{n}", str(score), (LEFT - 8, y + 4), TICK, anchor="end", fill=INK))
    drawing.add(label("axis:first", f"step {first}", (LEFT, bottom + 15), TICK, fill=INK),
                label("axis:last", f"step {steps[-1]}", (RIGHT, bottom + 15), TICK, anchor="end", fill=INK))
    ends: list[tuple[float, str]] = []
    for index, seat in enumerate(seats):
        colour, shape = colours[seat], SHAPES[index % len(SHAPES)]
        line = tuple((x_of(step), y_of(scores.get(seat, 0))) for step, scores in points)
        drawing.add(Mark(f"line:{seat}", "line", line, layer="ground", stroke=colour, stroke_width=2.0,
                         dash=DASHES[index % len(DASHES)], css="score-line"))
        for (step, scores), at in zip(points, line, strict=True):
            title = f"{seat}: {counted(scores.get(seat, 0), noun)} after step {step}"
            drawing.add(_marker(f"point:{seat}:{step}", shape, at, colour, title))
        ends.append((line[-1][1], seat))
    for y, seat in _spread(sorted(ends), 13.0):
        drawing.add(label(f"end:{seat}", letters[seat], (RIGHT + 7, y + 4), TEXT, bold=True, fill=INK,
                          title=seat))
    for index, seat in enumerate(seats):
        y = bottom + 26 + LEGEND_ROW * index + 6
        colour = colours[seat]
        drawing.add(Mark(f"key-line:{seat}", "line", ((LEFT, y), (LEFT + 28, y)), layer="ground", stroke=colour,
                         stroke_width=2.0, dash=DASHES[index % len(DASHES)]),
                    _marker(f"key:{seat}", SHAPES[index % len(SHAPES)], (LEFT + 14, y), colour, seat),
                    rect(f"key-letter-box:{seat}", Box(LEFT + 34, y - 8, LEFT + 54, y + 8), fill=colour),
                    label(f"key-letter:{seat}", letters[seat], (LEFT + 44, y + 4.5), TEXT, bold=True, anchor="middle",
                          fill=ink_on(colour)),
                    label(f"key-name:{seat}", f"{seat}: {counted(last.get(seat, 0), noun)}", (LEFT + 60, y + 4.5),
                          TEXT, width=WIDTH - LEFT - 62, fill=INK))
    return drawing


def _ticks(low: int, high: int) -> list[int]:
    """Round scores for the grid lines: about five, from `low` to `high`."""
    span = high - low
    step = next(s for s in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000, 10**9) if span / s <= 5)
    start = low - low % step
    return [v for v in range(start, high + 1, step) if v >= low]


def _spread(ends: Sequence[tuple[float, str]], gap: float) -> list[tuple[float, str]]:
    """Line-end heights moved apart just enough that their letters do not overlap, in order from the top."""
    placed: list[tuple[float, str]] = []
    for y, seat in ends:
        if placed and y - placed[-1][0] < gap:
            y = placed[-1][0] + gap
        placed.append((y, seat))
    return placed
