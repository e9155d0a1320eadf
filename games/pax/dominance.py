"""The Dominance Check skeleton of a Pax game: ranking seats for points, splitting tied places, and the end of
the game."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence


class GameOver(Exception):
    """The game ended in the middle of a step; nothing more of the step is resolved."""


def split_points(values: Mapping[str, int], points: Sequence[int],
                 tie_break: Callable[[str], int] | None = None) -> dict[str, int]:
    """Award `points` to the highest values in turn; seats still tied share their places' points, rounded down
    (the remainder is lost). `tie_break`, when given, orders seats of equal value first (e.g. war stars)."""
    def rank(seat: str) -> tuple[int, int]:
        return values[seat], tie_break(seat) if tie_break is not None else 0

    ranked = sorted({rank(s) for s in values}, reverse=True)
    awards: dict[str, int] = {}
    place = 0
    for value in ranked:
        tied = [s for s in values if rank(s) == value]
        pool = sum(points[place:place + len(tied)])
        for seat in tied:
            awards[seat] = pool // len(tied)
        place += len(tied)
    return awards
