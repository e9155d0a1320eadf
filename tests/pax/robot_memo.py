"""The Pax kernel's robot memo as conformance hooks for every Pax game: a turn's order, the robot's or the deadline
default, is filed with the turn it built; the rules accept it afresh; apply takes the filed turn. That reusing
it gives what the rules give from scratch is the suite's replay of every game (tests/conformance/robots.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.contract import Game, Order, Prompt, State
from games.pax import robot


def fresh(call: Callable[..., Any], *args: Any) -> Any:
    """`call(*args)` with the memo switched off, so the rules resolve the order from scratch."""
    robot.RESOLVED.enabled = False
    try:
        return call(*args)
    finally:
        robot.RESOLVED.enabled = True


def order_filed(game: Game, state: State, prompt: Prompt, order: Order) -> None:
    """A turn's order has its turn on file (no other prompt's has), and the rules accept it without the memo."""
    assert robot.RESOLVED.holds(state, prompt.seat, order) == (prompt.kind == "turn"), (prompt, order)
    assert fresh(game.check, state, prompt.seat, order) == [], (prompt, order)


def filed_turn_taken(turn: Any) -> None:
    """apply took every filed turn of the step, so no later lookup can be handed the same objects."""
    assert not any(robot.RESOLVED.holds(turn.before, seat, order) for seat, order in turn.orders.items())
