"""The card-based actions (Extort, Favour, Rally, Mobilise, Eliminate, Combat): one module each, found by name.

An action module defines, at module level (the `Action` protocol):

    FIELDS: tuple[str, ...]
        The keys its order entry may hold besides `action`, `card` and `bribe` (unknown keys are problems).
    problems(state, seat, card, params, path) -> list[Problem]
        Everything wrong with taking this action now with these params, each located under `path` (the entry's
        path, e.g. ("actions", 1)). Called just before the action; the turn has already checked that `card` is
        in the seat's Network, unused and unexhausted, shows the action, that an action is left, and has settled
        the intimidation bribe.
    perform(ctx, seat, card, params) -> None
        Carry it out on ctx.state: pay its cost (RULES.pay_action_cost), move pieces (pieces.py), discard assets
        (network.py), emit events and ask for decisions the params leave open (ctx.ask with
        path=(*ctx.where, field)). Only called when problems() was empty.
    random_params(state, seat, card, rng) -> dict | None
        Random params that problems() accepts, or None when the action cannot be taken (robots).
    offer(state, seat, card) -> Offer
        The legal choices in a sentence and entries to try, for the order template (games.pax.template), on the
        state with the turn begun; with no entries the sentence says why the action cannot be taken now.

A module plugs in with `register(name, module)`; until an action is registered, an order using it is refused with
a problem saying so.
"""

from __future__ import annotations

from typing import Any, Protocol

from engine.contract import Path, Problem
from engine.rng import Rng
from games.pax.context import Context
from games.pax.template import Offer
from games.pax_expanse.model import ACTIONS
from games.pax_expanse.state import GameState

#: The card-based actions, in the order the rulebook presents them.
NAMES: tuple[str, ...] = ACTIONS


class Action(Protocol):
    """An action module's interface (see the module docstring)."""

    FIELDS: tuple[str, ...]

    def problems(self, state: GameState, seat: str, card: int, params: dict[str, Any], path: Path) -> list[Problem]:
        """Everything wrong with taking this action now with these params."""

    def perform(self, ctx: Context[GameState], seat: str, card: int, params: dict[str, Any]) -> None:
        """Carry the action out on ctx.state."""

    def random_params(self, state: GameState, seat: str, card: int, rng: Rng) -> dict[str, Any] | None:
        """Random legal params, or None when the action cannot be taken."""

    def offer(self, state: GameState, seat: str, card: int) -> Offer:
        """The legal choices and entries to try, for the order template."""


_REGISTRY: dict[str, Action] = {}


def register(name: str, action: Action) -> None:
    """Plug in the module implementing card-based action `name`."""
    if name not in NAMES:
        raise ValueError(f"unknown action {name!r}; actions: {', '.join(NAMES)}")
    _REGISTRY[name] = action


def module(name: str) -> Action | None:
    """The module implementing action `name`, or None while it is not implemented."""
    return _REGISTRY.get(name)


# The six actions register themselves here, after `register` exists (each module imports only common helpers).
from games.pax_expanse.actions import combat, eliminate, extort, favour, mobilise, rally  # noqa: E402

for _name, _module in (("extort", extort), ("favour", favour), ("rally", rally), ("mobilise", mobilise),
                       ("eliminate", eliminate), ("combat", combat)):
    register(_name, _module)
