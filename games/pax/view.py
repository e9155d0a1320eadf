"""What every Pax game's view (the report model of a seat) shares: the market as the table sees it, the cards in
a seat's tableau with the pieces on them, a hand that only its seat sees card by card, and the discard pile.

Each game names its own JSON keys (its words for the money on a slot, the agents on a card, a favoured card and
its hostage holder) through the `*_key` parameters, and adds what only it shows.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from games.pax.market import COLUMNS, ROWS, MarketState

#: A game's printed facts of a card, for reports.
CardData = Callable[[int], dict[str, Any]]


class ViewRules(Protocol):
    """The hooks of a game's rules object that the view asks."""

    def money_per_column(self, state: Any) -> int:
        """Money placed on each card to the left of a purchase."""

    def purchase_cost(self, state: Any, seat: str, row: int, column: int) -> int:
        """What `seat` pays for the card at (row, column)."""

    def agents_on(self, state: Any, card: int) -> Mapping[str, int]:
        """Each seat's agents on a card in play."""

    def hostage_holder(self, state: Any, card: int) -> str | None:
        """The enemy seat holding `card` hostage, if any."""

    def is_favoured(self, state: Any, seat: str, card: int) -> bool:
        """True when `card` takes bonus actions for `seat`."""


class UsedCards(Protocol):
    """The part of the turn in progress the view reads: whose turn it is and the cards that acted."""

    seat: str
    used: list[int]


def market_view(state: MarketState, rules: ViewRules, seat: str | None, money_key: str,
                card_data: CardData) -> list[list[dict[str, Any]]]:
    """The 2x6 market, row by row: each slot's row and column (from 1), the money on it under `money_key`, the
    column's cost, its card and, for a seat reading, what that seat would pay when its abilities change that."""
    rows = []
    for row in range(ROWS):
        slots = []
        for column in range(COLUMNS):
            number = state.market[row][column]
            slot: dict[str, Any] = {"row": row + 1, "column": column + 1, money_key: state.market_money[row][column],
                                    "cost": column * rules.money_per_column(state),
                                    "card": card_data(number) if number is not None else None}
            if seat is not None and seat in state.players and number is not None:
                slot["your_cost"] = rules.purchase_cost(state, seat, row, column)
            slots.append(slot)
        rows.append(slots)
    return rows


def tableau_view(state: Any, rules: ViewRules, seat: str, cards: Sequence[int],
                 turn: UsedCards | None, card_data: CardData, agents_key: str, favoured_key: str,
                 hostage_key: str) -> list[dict[str, Any]]:
    """The cards of `seat`'s tableau, left to right: each card's facts, the other seats' agents on it, whether
    it takes bonus actions, who holds it hostage, and whether it acted in the turn in progress."""
    entries = []
    for number in cards:
        entry = card_data(number)
        entry[agents_key] = dict(rules.agents_on(state, number))
        entry[favoured_key] = rules.is_favoured(state, seat, number)
        entry[hostage_key] = rules.hostage_holder(state, number)
        entry["used"] = bool(turn is not None and turn.seat == seat and number in turn.used)
        entries.append(entry)
    return entries


def hand_view(hand: Sequence[int], seat: str, viewer: str | None, card_data: CardData) -> dict[str, Any]:
    """A seat's hand: how many cards for every reader, the cards themselves only for the seat (None for others:
    a hand is hidden information)."""
    return {"hand_count": len(hand), "hand": [card_data(n) for n in hand] if viewer == seat else None}


def discard_view(discard: Sequence[int], card_data: CardData) -> dict[str, Any]:
    """The discard pile as everyone sees it: its size and its top card."""
    return {"count": len(discard), "top": card_data(discard[-1]) if discard else None}
