"""The card-based actions of a Pax game: the one interface every action module meets, and the registry that finds
a game's modules by name.

An action module defines, at module level (the `Action` protocol, generic over the game's state `S` and step
context `C`; mypy checks each module against it where the game's registry lists it):

    FIELDS: tuple[str, ...]
        The keys its order entry may hold besides `action`, `card` and the hostage bribe's field (unknown keys are
        problems).
    problems(state, seat, card, params, path) -> list[Problem]
        Everything wrong with taking this action now with these params, each Problem located under `path` (the
        entry's path, e.g. ("actions", 1)) and listing the legal choices where they are few. Called on the state
        just before the action; the turn (games.pax.turn.TurnActions) has already checked that `card` is in the
        seat's tableau, has not acted this turn, shows this action, that an action is left, and has settled any
        hostage bribe.
    perform(ctx, seat, card, params) -> None
        Carry it out on ctx.state: pay its cost (the rules object's `pay_action_cost`), move pieces, discard,
        emit events (ctx.emit) and ask for decisions the params leave open (ctx.ask, with
        path=(*ctx.where, field) so the order can answer in advance). Only called when problems() was empty.
    random_params(state, seat, card, rng) -> dict | None
        A random params dict that problems() accepts, or None when the action cannot be taken (robots).
    offer(state, seat, card) -> Offer
        The legal choices in a sentence and entries to try, for the order template (games.pax.template), on the
        state with the turn begun; with no entries the sentence says why the action cannot be taken now.

A game lists its modules once, `ActionRegistry(NAMES, {name: module, ...})`, names in the order its rulebook
presents the actions; an action not registered is refused by the turn with a problem saying so.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from engine.contract import Path, Problem
from engine.rng import Rng


@dataclass(frozen=True)
class Offer:
    """What a card-based action offers the template now: its legal choices in a sentence, and entries to try (the
    action's fields); with no entries, `note` says why the action cannot be taken."""

    note: str
    examples: tuple[dict[str, Any], ...] = ()


S_contra = TypeVar("S_contra", contravariant=True)
C_contra = TypeVar("C_contra", contravariant=True)


class Action(Protocol[S_contra, C_contra]):
    """An action module's interface over state `S_contra` and context `C_contra` (see the module docstring)."""

    FIELDS: tuple[str, ...]

    def problems(self, state: S_contra, seat: str, card: int, params: dict[str, Any],
                 path: Path) -> list[Problem]:
        """Everything wrong with taking this action now with these params."""

    def perform(self, ctx: C_contra, seat: str, card: int, params: dict[str, Any]) -> None:
        """Carry the action out on ctx.state."""

    def random_params(self, state: S_contra, seat: str, card: int, rng: Rng) -> dict[str, Any] | None:
        """Random legal params, or None when the action cannot be taken."""

    def offer(self, state: S_contra, seat: str, card: int) -> Offer:
        """The legal choices and entries to try, for the order template."""


S = TypeVar("S")
C = TypeVar("C")


class ActionRegistry(Generic[S, C]):
    """A game's card-based actions: their names in rulebook order, and the module resolving each."""

    def __init__(self, names: Sequence[str], modules: Mapping[str, Action[S, C]]) -> None:
        self.names: tuple[str, ...] = tuple(names)
        self.modules: dict[str, Action[S, C]] = {}
        for name, action in modules.items():
            self.register(name, action)

    def register(self, name: str, action: Action[S, C]) -> None:
        """Plug in the module implementing action `name`, which must be one of the names."""
        if name not in self.names:
            raise ValueError(f"unknown action {name!r}; actions: {', '.join(self.names)}")
        self.modules[name] = action

    def module(self, name: str) -> Action[S, C] | None:
        """The module implementing action `name`, or None for a name that is no implemented card-based action."""
        return self.modules.get(name)

    def implemented(self) -> tuple[str, ...]:
        """The card-based actions whose modules are registered, in rulebook order."""
        return tuple(name for name in self.names if name in self.modules)
