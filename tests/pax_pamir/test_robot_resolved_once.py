"""A robot's turn is resolved once: check and apply reuse the turn it built, and that must equal a replay."""

from __future__ import annotations

from typing import Any

import pytest

from engine.contract import Step
from engine.rng import Rng
from games.pax import robot as kernel_robot
from games.pax_pamir import GAME, robot
from games.pax_pamir.state import GameState

SEATS = ("anna", "bob", "cati", "dora", "emil")


def _fresh(call: Any, *args: Any) -> Any:
    """`call(*args)` with the memo switched off, so the rules resolve the order from scratch."""
    kernel_robot.RESOLVED.enabled = False
    try:
        return call(*args)
    finally:
        kernel_robot.RESOLVED.enabled = True


def _plain_step(step: Step) -> tuple[dict[str, Any], list[tuple[Any, ...]]]:
    return GAME.encode(step.state), [(e.text, e.to, dict(e.data)) for e in step.events]


def play_comparing(seats: tuple[str, ...], options: dict[str, Any], seed: int) -> int:
    """Play a robot game; at every step the reused turn must equal the rules' own resolution. Returns turns reused."""
    state: GameState = GAME.setup(seats, options, Rng.for_step(seed, 0))
    reused = 0
    for step in range(1, 3000):
        if GAME.result(state) is not None:
            return reused
        (prompt,) = GAME.prompts(state)
        order = GAME.random_order(state, prompt.seat, Rng.for_robot(seed, step, prompt.seat))
        filed = kernel_robot.RESOLVED.holds(state, prompt.seat, order)
        reused += filed
        assert filed == (prompt.kind == "turn"), (step, prompt)
        assert _fresh(GAME.check, state, prompt.seat, order) == []
        assert GAME.check(state, prompt.seat, order) == []
        orders = {prompt.seat: order}
        replayed = _fresh(GAME.apply, state, orders, Rng.for_step(seed, step))
        applied = GAME.apply(state, orders, Rng.for_step(seed, step))
        assert not kernel_robot.RESOLVED.holds(state, prompt.seat, order), "apply takes the filed turn"
        assert _plain_step(applied) == _plain_step(replayed), (step, order)
        state = applied.state
    raise AssertionError("a robot game should end")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", range(3))
def test_reused_robot_turn_equals_its_replay(players: int, seed: int) -> None:
    assert play_comparing(SEATS[:players], {}, seed) > 0


@pytest.mark.parametrize("humans", [1, 2])
@pytest.mark.parametrize("seed", range(3))
def test_reused_robot_turn_equals_its_replay_against_wakhan(humans: int, seed: int) -> None:
    assert play_comparing(SEATS[:humans], {"wakhan": True}, seed) > 0


def test_an_order_changed_after_it_was_built_is_checked_by_the_rules() -> None:
    state: GameState = GAME.setup(SEATS[:2], {}, Rng.for_step(1, 0))
    for step in range(1, 3):  # both loyalty choices
        (prompt,) = GAME.prompts(state)
        state = GAME.apply(state, {prompt.seat: {"loyalty": "afghan"}}, Rng.for_step(1, step)).state
    (prompt,) = GAME.prompts(state)
    order = GAME.random_order(state, prompt.seat, Rng.for_robot(1, 3, prompt.seat))
    changed = {**order, "actions": [{"action": "play", "card": 999, "side": "left"}]}
    assert GAME.check(state, prompt.seat, changed), "an unknown card is refused, not waved through"
    assert GAME.check(GAME.decode(GAME.encode(state)), prompt.seat, order) == []


def test_a_refused_attempt_is_forgotten_as_if_never_drawn(monkeypatch: pytest.MonkeyPatch) -> None:
    """An action found illegal only after its effects (e.g. a bribe leaves too few rupees) leaves no trace.

    Every second new entry is made to fail after it has acted, the worst case for forgetting it; the order built
    must then replay, from scratch, to exactly the turn the robot filed.
    """
    from games.pax.context import OrderError

    taken = robot.take_action
    seen: set[tuple[int, str]] = set()
    refused = []

    def refuse_every_second_new_entry(ctx: Any, entry: Any) -> None:
        taken(ctx, entry)
        drawn = (ctx.state.turn_number, repr(entry))  # the same entry run again (a rebuild) is not new
        if drawn not in seen:
            seen.add(drawn)
            if len(seen) % 2 == 0:
                refused.append(entry)
                raise OrderError(ctx.where, "refused by the test after acting")

    monkeypatch.setattr(robot, "take_action", refuse_every_second_new_entry)
    for players in (2, 4):
        play_comparing(SEATS[:players], {}, 5)
    assert len(refused) > 20
