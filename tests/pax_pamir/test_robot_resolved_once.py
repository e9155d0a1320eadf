"""A robot's turn is resolved once: check and apply reuse the turn it built, and that must equal a replay.

Every robot game of the conformance suite's fast runs checks this at every step (the hooks of
tests/pax/robot_memo.py, and the suite's replay of each game); the tests here add what needs a game of its own."""

from __future__ import annotations

from typing import Any

import pytest
from conformance.robots import play

from engine.rng import Rng
from games.pax_pamir import GAME, robot
from games.pax_pamir.state import GameState

SEATS = ("anna", "bob", "cati", "dora", "emil")


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
    must then be accepted by the rules afresh, and replay, from scratch, to exactly the turn the robot filed.
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
        play(GAME, SEATS[:players], {}, 5)
    assert len(refused) > 20
