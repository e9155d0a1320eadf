"""A robot's turn is resolved once: check and apply reuse the turn it built (or the deadline default built), and
that must equal the rules' own resolution of the same order."""

from __future__ import annotations

from typing import Any

import pytest

from engine.contract import Order, Step
from engine.rng import Rng
from games.pax import robot
from games.pax_expanse.game import GAME
from games.pax_expanse.state import GameState

SEATS = ("anna", "ben", "cleo", "dara")


def _fresh(call: Any, *args: Any) -> Any:
    """`call(*args)` with the memo switched off, so the rules resolve the order from scratch."""
    robot.RESOLVED.enabled = False
    try:
        return call(*args)
    finally:
        robot.RESOLVED.enabled = True


def _plain_step(step: Step) -> tuple[dict[str, Any], list[tuple[Any, ...]]]:
    return GAME.encode(step.state), [(e.text, e.to, dict(e.data)) for e in step.events]


def play_comparing(players: int, seed: int, defaults_every: int) -> int:
    """Play a robot game (every `defaults_every`-th turn the deadline default); at every step the reused turn must
    equal the rules' own resolution. Returns the turns reused."""
    state: GameState = GAME.setup(SEATS[:players], {}, Rng.for_step(seed, 0))
    reused = 0
    for step in range(1, 3000):
        if GAME.result(state) is not None:
            return reused
        prompts = GAME.prompts(state)
        orders: dict[str, Order] = {}
        for prompt in prompts:
            if prompt.kind == "turn" and step % defaults_every == 0:
                orders[prompt.seat] = GAME.default_order(state, prompt.seat)
            else:
                orders[prompt.seat] = GAME.random_order(state, prompt.seat, Rng.for_robot(seed, step, prompt.seat))
            filed = robot.RESOLVED.holds(state, prompt.seat, orders[prompt.seat])
            reused += filed
            assert filed == (prompt.kind == "turn"), (step, prompt)
            assert _fresh(GAME.check, state, prompt.seat, orders[prompt.seat]) == []
            assert GAME.check(state, prompt.seat, orders[prompt.seat]) == []
        replayed = _fresh(GAME.apply, state, orders, Rng.for_step(seed, step))
        applied = GAME.apply(state, orders, Rng.for_step(seed, step))
        assert not any(robot.RESOLVED.holds(state, s, o) for s, o in orders.items()), "apply takes the filed turn"
        assert _plain_step(applied) == _plain_step(replayed), (step, orders)
        state = applied.state
    raise AssertionError("a robot game should end")


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("seed", range(2))
def test_reused_robot_turn_equals_its_replay(players: int, seed: int) -> None:
    assert play_comparing(players, seed, defaults_every=7) > 0
