"""Play a game from setup to its end with random legal orders, in memory: for sweeps and benchmarks."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.contract import Game, GameBase, Order, Prompt, Result, State
from engine.rng import Rng
from engine.words import counted

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


@dataclass(frozen=True)
class Setup:
    """One way to set up a robot game: how many seats, with which options, and a label naming both."""

    label: str
    players: int
    options: Mapping[str, Any] = field(default_factory=dict)


def robot_setups(game: Game) -> list[Setup]:
    """Every seat count of `game`, then every seat count of each of its robot variants.

    A game may name variants worth playing as a class attribute `robot_variants`: a label (e.g. "Wakhan") for
    each set of options (e.g. {"wakhan": True}); the seat counts of a variant come from `game.seat_counts`.
    """
    found = [Setup(f"{game.title}, {counted(n, 'player')}", n) for n in game.player_counts]
    variants: Mapping[str, Mapping[str, Any]] = game.robot_variants if isinstance(game, GameBase) else {}
    for name, options in variants.items():
        found += [Setup(f"{game.title}, {counted(n, 'player')} and {name}", n, dict(options))
                  for n in game.seat_counts(options)]
    return found


def play_out(
    game: Game,
    seats: Sequence[str],
    seed: str | int,
    options: Mapping[str, Any] | None = None,
    after_step: Callable[[int, State], None] | None = None,
    after_order: Callable[[Prompt, Order], None] | None = None,
) -> Playout:
    """Set up and play a whole game with every seat a robot; `after_step` sees every state, `after_order` every
    prompt with the order that answers it."""
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
            if after_order is not None:
                after_order(prompt, order)
        state = game.apply(state, orders, Rng.for_step(seed, step)).state
        if after_step is not None:
            after_step(step, state)
    raise GameDidNotEnd(f"{game.id} seed {seed}: no result after {MAX_STEPS} steps")
