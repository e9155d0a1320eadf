"""The game-agnostic kernel: the game contract, seeded randomness, events, problems, the registry."""

from engine.contract import (
    Event,
    Game,
    Order,
    Problem,
    Prompt,
    Result,
    Step,
)
from engine.rng import Rng

__all__ = ["Event", "Game", "Order", "Problem", "Prompt", "Result", "Rng", "Step"]
