"""Robot seats: seeded random legal orders (batch.play_robots sends them through the same intake as a person's)."""

from __future__ import annotations

from typing import Any

from engine.contract import Game, Order
from engine.rng import Rng


def play(game: Game, state: Any, seat: str, rng: Rng) -> Order:
    """A robot's order for `seat`: the game's random legal order from a seat-and-step seeded stream."""
    return game.random_order(state, seat, rng)
