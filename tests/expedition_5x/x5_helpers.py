"""Shared helpers for the Expedition to 5X tests: hand-built states and a die that rolls what we say."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.contract import Event, Step
from engine.rng import Rng
from games.expedition_5x import GAME
from games.expedition_5x.cards import ACTIONS, DIE_FACES, cards
from games.expedition_5x.state import CHOOSE, Group, Player, State

SEATS = ("anna", "bob", "cora", "dan", "eve")
SETTLEMENTS = ("S1", "S2", "S3", "S4", "S5")


class LoadedDie(Rng):
    """An Rng whose die rolls are scripted; anything else is still seeded randomness."""

    def __init__(self, rolls: Sequence[int]):
        super().__init__("loaded")
        self.rolls = list(rolls)

    def roll(self, faces):  # type: ignore[no-untyped-def]
        assert tuple(faces) == DIE_FACES
        return self.rolls.pop(0)


def make_state(players: int = 3, *, water: int | Sequence[int] = 5, market: Sequence[str] = ("T01", "T02"),
               deck: Sequence[str] | None = None, round_: int = 1) -> State:
    """A state in the choosing stage with the given market; the deck holds the other technologies."""
    seats = list(SEATS[:players])
    waters = [water] * players if isinstance(water, int) else list(water)
    rest = [c for c in sorted(cards().technologies) if c not in market]
    state = State(seats, round_, CHOOSE, list(deck) if deck is not None else rest, list(market), [], {
        seat: Player(w, list(ACTIONS), [], settlement, [Group([settlement])])
        for seat, w, settlement in zip(seats, waters, SETTLEMENTS, strict=False)
    })
    return state


def play(state: State, orders: dict[str, dict[str, Any]], rolls: Sequence[int] = ()) -> Step:
    """Apply one step with a loaded die, checking every order first."""
    for seat, order in orders.items():
        assert GAME.check(state, seat, order) == [], (seat, GAME.check(state, seat, order))
    die = LoadedDie(rolls)
    step = GAME.apply(state, orders, die)
    assert die.rolls == [], f"unused rolls {die.rolls}"
    return step


def water_of(step: Step) -> dict[str, int]:
    """Water after the step, by seat."""
    return {s: p.water for s, p in step.state.players.items()}


def texts(events: Sequence[Event]) -> list[str]:
    """Event texts."""
    return [e.text for e in events]
