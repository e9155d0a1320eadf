"""Play a game from setup to its end with random legal orders, in memory: for sweeps and benchmarks."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.contract import Game, Result, State
from engine.rng import Rng

#: A guard against a rules bug that never ends a game.
MAX_STEPS = 20_000


class GameDidNotEnd(RuntimeError):
    """A simulated game ran past MAX_STEPS."""


@dataclass(frozen=True)
class Playout:
    """The end of a simulated game."""

    state: State
    result: Result
    steps: int


def play_out(
    game: Game,
    seats: Sequence[str],
    seed: str | int,
    options: Mapping[str, Any] | None = None,
    after_step: Callable[[int, State], None] | None = None,
) -> Playout:
    """Set up and play a whole game with every seat a robot; `after_step` sees every state."""
    state = game.setup(seats, options or {}, Rng.for_step(seed, 0))
    for step in range(1, MAX_STEPS + 1):
        result = game.result(state)
        if result is not None:
            return Playout(state, result, step - 1)
        orders = {}
        for prompt in game.prompts(state):
            order = game.random_order(state, prompt.seat, Rng.for_robot(seed, step, prompt.seat))
            problems = game.check(state, prompt.seat, order)
            if problems:
                raise AssertionError(f"step {step}: robot order of {prompt.seat} is illegal: {problems} in {order}")
            orders[prompt.seat] = order
        state = game.apply(state, orders, Rng.for_step(seed, step)).state
        if after_step is not None:
            after_step(step, state)
    raise GameDidNotEnd(f"{game.id} seed {seed}: no result after {MAX_STEPS} steps")
