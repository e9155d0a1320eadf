"""The card-based actions (tax, gift, build, move, betray, battle): one module each, found by name.

Every action module defines, at module level (the `Action` protocol, which mypy checks each module against):

    FIELDS: tuple[str, ...]
        The keys its order entry may hold besides `action` and `card` (unknown keys are problems).
    problems(state, seat, card, params, path) -> list[Problem]
        Everything wrong with taking this action now with these params, each Problem located under `path`
        (the entry's path, e.g. ("actions", 1)) and listing the legal choices where they are few. Called on the
        state just before the action; the turn code has already checked that `card` is in the seat's court,
        unused this turn, shows this action, that an action is left, and has settled any hostage bribe.
    perform(ctx, seat, card, params) -> None
        Carry it out on ctx.state: pay its cost (market.pay_action_cost), move pieces (pieces.py), discard
        (court.py), emit events (ctx.emit) and ask for decisions the params leave open (ctx.ask, with
        path=(*ctx.where, field) so the order can answer in advance). Only called when problems() was empty.
    random_params(state, seat, card, rng) -> dict | None
        A random params dict that problems() accepts, or None when the action cannot be taken (robots).
    offer(state, seat, card) -> Offer
        The legal choices in a sentence and entries to try, for the order template (games.pax.template), on the
        state with the turn begun; with no entries the sentence says why the action cannot be taken now.
"""

from __future__ import annotations

from typing import Any, Protocol

from engine.contract import Path, Problem
from engine.rng import Rng
from games.pax.template import Offer
from games.pax_pamir.actions import battle, betray, build, gift, move, tax
from games.pax_pamir.context import Context
from games.pax_pamir.state import GameState

#: The card-based actions, in the order the rulebook presents them.
NAMES: tuple[str, ...] = ("tax", "gift", "build", "move", "betray", "battle")


class Action(Protocol):
    """An action module's interface (see the module docstring)."""

    FIELDS: tuple[str, ...]

    def problems(self, state: GameState, seat: str, card: int, params: dict[str, Any], path: Path) -> list[Problem]:
        """Everything wrong with taking this action now with these params."""

    def perform(self, ctx: Context, seat: str, card: int, params: dict[str, Any]) -> None:
        """Carry the action out on ctx.state."""

    def random_params(self, state: GameState, seat: str, card: int, rng: Rng) -> dict[str, Any] | None:
        """Random legal params, or None when the action cannot be taken."""

    def offer(self, state: GameState, seat: str, card: int) -> Offer:
        """The legal choices and entries to try, for the order template."""


_REGISTRY: dict[str, Action] = {"tax": tax, "gift": gift, "build": build, "move": move, "betray": betray,
                                "battle": battle}


def module(name: str) -> Action | None:
    """The module implementing action `name`, or None for a name that is no card-based action."""
    return _REGISTRY.get(name)


def implemented() -> tuple[str, ...]:
    """The card-based actions whose modules exist."""
    return tuple(name for name in NAMES if module(name) is not None)
