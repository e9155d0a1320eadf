"""Helpers for the Pax Expanse rules tests: hand-made positions and a recorder of what happened."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.pax.context import Context
from games.pax_expanse.state import GameState, Player, TurnState, nested_bump

SEATS = ("anna", "ben", "cleo")


def position(
    *,
    seats: Sequence[str] = SEATS,
    loyalty: Mapping[str, str] | None = None,
    influence: Mapping[str, int] | None = None,
    networks: Mapping[str, Sequence[int]] | None = None,
    hands: Mapping[str, Sequence[int]] | None = None,
    current: str | None = None,
) -> GameState:
    """A game in its turns phase, in turn order `seats`, before `current`'s turn, with exactly these cards."""
    players = {s: Player(s, loyalty=(loyalty or {}).get(s), influence=(influence or {}).get(s, 0),
                         hand=list((hands or {}).get(s, ())), network=list((networks or {}).get(s, ())))
               for s in seats}
    return GameState(seats=list(seats), players=players, order=list(seats), phase="turns",
                     current=current or seats[0])


def put(state: GameState, kind: str, where: str, who: str, count: int = 1) -> None:
    """Place `count` pieces: kind is supporters, fleets, transports or agents (where: region, border, asset)."""
    nested_bump(getattr(state, kind), where, who, count)


def turn_context(state: GameState, seat: str | None = None, order: dict[str, Any] | None = None,
                 answers: dict[str, Any] | None = None) -> Context[GameState]:
    """A Context for `seat`'s turn in progress on `state` itself (not a copy), for calling rules directly."""
    seat = seat or state.current
    state.turn = TurnState(seat, state.turn_number + 1)
    state.current = seat
    return Context(state, seat, order or {}, dict(answers or {}))


def texts(ctx: Context[GameState]) -> list[str]:
    """The text of every event so far."""
    return [e.text for e in ctx.events]


def kinds(ctx: Context[GameState]) -> list[str]:
    """The kind of every event so far."""
    return [str(e.data.get("kind")) for e in ctx.events]


def market(state: GameState, top: Sequence[int | None], bottom: Sequence[int | None] = ()) -> None:
    """Lay out the market: the given cards from the left, the rest of each row empty."""
    for row, cards_ in enumerate((top, bottom)):
        state.market[row] = list(cards_) + [None] * (6 - len(cards_))


def act(ctx: Context[GameState], entry: dict[str, Any]) -> Any:
    """Resolve one core action entry as the turn would: appended to the order's actions, at its path."""
    from games.pax_expanse import core

    actions = ctx.order.setdefault("actions", [])
    actions.append(entry)
    ctx.where = ("actions", len(actions) - 1)
    return core.purchase(ctx, entry) if entry["action"] == "purchase" else core.play(ctx, entry)
