"""The card-based actions (Extort, Favour, Rally, Mobilise, Eliminate, Combat): one module each, found by name.

Each module meets the kernel's action interface (games/pax/actions.py, `Action`) over Pax Expanse's state and
context; the turn has already checked the card is in the seat's Network, unused and unexhausted and shows the
action, that an action is left, and has settled the intimidation bribe, before it asks the module. An action
missing from the registry is refused with a problem saying so.
"""

from __future__ import annotations

from typing import TypeAlias

from games.pax import actions
from games.pax.context import Context
from games.pax_expanse.actions import combat, eliminate, extort, favour, mobilise, rally
from games.pax_expanse.model import ACTIONS
from games.pax_expanse.state import GameState

#: An action module, as mypy checks each one listed below.
Action: TypeAlias = actions.Action[GameState, Context[GameState]]

#: The card-based actions, in the order the rulebook presents them.
NAMES: tuple[str, ...] = ACTIONS

REGISTRY: actions.ActionRegistry[GameState, Context[GameState]] = actions.ActionRegistry(
    NAMES, {"extort": extort, "favour": favour, "rally": rally, "mobilise": mobilise, "eliminate": eliminate,
            "combat": combat})

module = REGISTRY.module
implemented = REGISTRY.implemented
