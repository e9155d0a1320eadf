"""Helpers for the card-based action tests: take one action entry as the turn would."""

from __future__ import annotations

from typing import Any

from px_helpers import position, turn_context

from games.pax.context import Context
from games.pax_expanse import turn
from games.pax_expanse.state import GameState

LOYAL = {"anna": "un", "ben": "mcr", "cleo": "opa"}


def table(**kwargs: Any) -> GameState:
    """A position with anna UN, ben MCR and cleo OPA (unless given), anna to act."""
    kwargs.setdefault("loyalty", LOYAL)
    return position(**kwargs)


def start(state: GameState, seat: str | None = None, answers: dict[str, Any] | None = None) -> Context[GameState]:
    """A turn in progress on `state` itself."""
    return turn_context(state, seat, answers=answers)


def act(ctx: Context[GameState], entry: dict[str, Any]) -> None:
    """Resolve one entry (core or card-based) appended to the order's actions, at its path."""
    entries = ctx.order.setdefault("actions", [])
    entries.append(entry)
    ctx.where = ("actions", len(entries) - 1)
    turn.take_action(ctx, entry)
