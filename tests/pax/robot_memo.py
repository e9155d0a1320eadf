"""The Pax kernel's robot memos as conformance hooks for every Pax game: a turn's order, the robot's or the deadline
default, is filed with the turn it built, and answers to a paused turn with the state they answer; the rules
accept each afresh, and read the answers as the memo hands them on; apply takes the filed turn. That reusing them
gives what the rules give from scratch is the suite's replay of every game (tests/conformance/robots.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.contract import Game, Order, Prompt, State
from games.pax import robot
from games.pax.game import PaxGame


def fresh(call: Callable[..., Any], *args: Any) -> Any:
    """`call(*args)` with the memos switched off, so the rules read and resolve the order from scratch."""
    robot.RESOLVED.enabled = robot.ANSWERED.enabled = False
    try:
        return call(*args)
    finally:
        robot.RESOLVED.enabled = robot.ANSWERED.enabled = True


def order_filed(game: Game, state: State, prompt: Prompt, order: Order) -> None:
    """A turn's order has its turn on file, answers to a paused turn are on file as answers (a loyalty choice is
    on neither), and the rules accept each without the memos; answers read as the memo hands them on."""
    assert robot.RESOLVED.holds(state, prompt.seat, order) == (prompt.kind == "turn"), (prompt, order)
    answering = prompt.kind not in ("turn", "loyalty")
    assert robot.ANSWERED.holds(state, prompt.seat, order) == answering, (prompt, order)
    assert fresh(game.check, state, prompt.seat, order) == [], (prompt, order)
    if answering:
        assert isinstance(game, PaxGame)
        read = game.checked_order(state, prompt.seat, order)
        assert repr(read) == repr(fresh(game.checked_order, state, prompt.seat, order)), (prompt, order)


def filed_turn_taken(turn: Any) -> None:
    """apply took every filed turn of the step, so no later lookup can be handed the same objects."""
    assert not any(robot.RESOLVED.holds(turn.before, seat, order) for seat, order in turn.orders.items())
