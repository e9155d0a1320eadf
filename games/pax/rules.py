"""The rules object of a Pax game: the kernel's rules, with every way one game differs from another as a named
hook (a method the game's subclass overrides), as python-chess's variants override a board's methods.

The hooks, by part of the kernel (see each class for its defaults):

* market (`MarketRules`): `money_per_column`, `free_purchase`, `never_purchasable`, `takes_money`,
  `money_lost_on`, `cost_left_over`, `odd_share_row`;
* turn frame (`TurnRules`): `card_actions`, `card_title`, `is_favoured`, `favoured_name`, `ACTION_LIMIT`,
  `TABLEAU`;
* the order's action entries (`TurnActions` in games/pax/turn.py, built on the rules object and the game's
  `ActionRegistry` of games/pax/actions.py): `card_name`, `purchase`, `play`, `card_problem`, `counts_as_action`,
  `before_hostage_bribe`, `fill`, `card_acted`, and the words `CORE_FIELDS`, `BRIBE_FIELD`, `MONEY`,
  `LIST_EXAMPLES`, `ICON_ORDER`, `NOT_FAVOURED`;
* bribes (`BribeRules`): `card_region`, `controller`, `controller_pieces`, `agents_on`, `owner_of`,
  `bribes_waived`, `declines_bribe`, `MONEY_UNIT`, `MONEY_NOUN`;
* cleanup (`CleanupRules`, which includes the market): `tableau_limit`, `hand_limit`, `discard_from_tableau`,
  `discard_from_hand`, `is_event`, `is_dominance_check`, `event_discarded`, `check_discarded`, `resolve_check`,
  `instability`.

A game's rules object may differ seat by seat (an automated opponent with rules of its own): the game then keeps
one rules object per kind of seat and looks it up by seat; the kernel never asks what kind of seat it serves.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol, TypeVar

from games.pax.bribes import BribeRules
from games.pax.cleanup import CleanupRules, HandHolder
from games.pax.context import HasStanding
from games.pax.market import MarketState
from games.pax.turn import Seat, TurnRules, TurnState


class Turn(Protocol):
    """The turn in progress: its seat, actions counted, cards used and market cards paid this turn."""

    seat: str
    actions: int
    used: list[int]

    @property
    def paid(self) -> list[int]:
        """Market cards the acting seat placed money on this turn."""


class Holder(HandHolder, Seat, Protocol):
    """A seat as the kernel sees it: its money, hand and tableau."""


class PaxState(MarketState, TurnState, HasStanding, Protocol):
    """What the kernel needs of a Pax game's state."""

    deck: list[int]
    discard: list[int]

    @property
    def players(self) -> Mapping[str, Holder]:
        """The seats."""

    @property
    def turn(self) -> Turn | None:
        """The turn in progress, if any."""


S = TypeVar("S", bound=PaxState)


class PaxRules(CleanupRules[S], TurnRules[S], BribeRules[S]):
    """The rules every Pax game shares; a game subclasses it and overrides the hooks where it differs."""
