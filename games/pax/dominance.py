"""The Dominance Check skeleton of a Pax game: ranking seats for points (a tie-break hook, tied places split
evenly with the remainder lost), awarding them, the leader at the end, and ending the game."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from engine.words import counted


class GameOver(Exception):
    """The game ended in the middle of a step; nothing more of the step is resolved."""


class Scorer(Protocol):
    """A seat's victory points."""

    score: int


class ScoredState(Protocol):
    """What the end of the game needs of a state."""

    seats: list[str]
    phase: str
    winners: list[str]
    end_reason: str

    @property
    def players(self) -> Mapping[str, Scorer]:
        """The seats."""


class Emitter(Protocol):
    """A Context: the working state and a way to record events."""

    @property
    def state(self) -> Any:
        """The working state."""

    def emit(self, text: str, to: Sequence[str] | None = None, **data: Any) -> None:
        """Record an event."""


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


def award(ctx: Emitter, awards: Mapping[str, int]) -> None:
    """Add each seat's points of a check to its score, seat by seat in seating order."""
    state = ctx.state
    for seat in state.seats:
        if awards.get(seat):
            state.players[seat].score += awards[seat]
            ctx.emit(f"{seat} scores {counted(awards[seat], 'victory point')}.", kind="score", seat=seat, points=awards[seat])


def leaders(seats: Sequence[str], key: Callable[[str], tuple[int, ...]]) -> list[str]:
    """The seats with the best `key` (most points, then the game's tie-breaks); a tie after that is shared."""
    keys = {s: key(s) for s in seats}
    best = max(keys.values())
    return [s for s in seats if keys[s] == best]


def finish(ctx: Emitter, winners: list[str], reason: str) -> None:
    """End the game with these winners: nothing more of the step is resolved."""
    state: ScoredState = ctx.state
    state.phase = "over"
    state.winners = list(winners)
    state.end_reason = reason
    ctx.emit(f"The game is over ({reason}): {' and '.join(winners)} win{'s' if len(winners) == 1 else ''}.",
             kind="game-over", winners=list(winners))
    raise GameOver(reason)
