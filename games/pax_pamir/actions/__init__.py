"""The card-based actions (tax, gift, build, move, betray, battle): one module each, found by name.

Each module meets the kernel's action interface (games/pax/actions.py, `Action`) over Pax Pamir's state and
context; the turn has already checked the card is in the seat's court, unused this turn and shows the action,
that an action is left, and has settled any hostage bribe, before it asks the module.
"""

from __future__ import annotations

from typing import TypeAlias

from games.pax import actions
from games.pax_pamir.actions import battle, betray, build, gift, move, tax
from games.pax_pamir.context import Context
from games.pax_pamir.state import GameState

#: An action module, as mypy checks each one listed below.
Action: TypeAlias = actions.Action[GameState, Context]

#: The card-based actions, in the order the rulebook presents them.
NAMES: tuple[str, ...] = ("tax", "gift", "build", "move", "betray", "battle")

REGISTRY: actions.ActionRegistry[GameState, Context] = actions.ActionRegistry(
    NAMES, {"tax": tax, "gift": gift, "build": build, "move": move, "betray": betray, "battle": battle})

module = REGISTRY.module
implemented = REGISTRY.implemented
