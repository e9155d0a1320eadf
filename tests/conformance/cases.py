"""The cases of the conformance suite: every registered game, every seat count and robot variant."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

import pytest

from engine import registry
from engine.contract import Game, State
from engine.simulate import Setup, robot_setups

#: Seats are named like players, so orders and reports read as in a real game.
NAMES = ("anna", "ben", "cleo", "dora", "emil", "fay")


@dataclass(frozen=True)
class Case:
    """One game set up one way."""

    game_id: str
    setup: Setup

    @property
    def game(self) -> Game:
        return registry.get(self.game_id)

    @property
    def seats(self) -> list[str]:
        return list(NAMES[: self.setup.players])

    @property
    def options(self) -> dict[str, Any]:
        return dict(self.setup.options)

    @property
    def cli_options(self) -> list[str]:
        """The options as `pbem new --option key=value` spells them."""
        spell = {True: "yes", False: "no"}
        return [f"{key}={spell.get(value, value) if isinstance(value, bool) else value}"
                for key, value in self.options.items()]

    @property
    def name(self) -> str:
        """A folder name `pbem new` accepts."""
        variant = "-".join(f"{key}" for key in sorted(self.options))
        return f"{self.game_id}-{self.setup.players}" + (f"-{variant}" if variant else "")


def cases() -> list[Case]:
    """Every registered game with every setup it names, asked of the registry at collection time."""
    return [Case(game_id, setup) for game_id, game in registry.games().items() for setup in robot_setups(game)]


def firsts() -> list[Case]:
    """The fewest seats of each game and of each of its robot variants: one case of every kind."""
    found, seen = [], set()
    for case in cases():
        kind = (case.game_id, tuple(sorted(case.options)))
        if kind not in seen:
            seen.add(kind)
            found.append(case)
    return found


def params(*, slow_after_first: bool = False) -> list[Any]:
    """The cases as test parameters; with `slow_after_first`, all but the fewest seats of each game and robot
    variant (`firsts`) are marked slow, for checks so dear that the fast suite affords one case of each kind."""
    first = firsts()
    return [pytest.param(case, id=case.name, marks=[pytest.mark.slow] if slow_after_first and case not in first
                         else []) for case in cases()]


def fingerprint(game: Game, state: State) -> str:
    """A digest of a state's encoding: equal digests, equal games."""
    text = json.dumps(game.encode(state), sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]

