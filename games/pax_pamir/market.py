"""Pax Pamir's own market cards: Public Withdrawal, and the Dominance Checks in the market and the deck.

The market itself (costs, payments, shifting) is the kernel's (games.pax.market), with Pax Pamir's hooks in
rules.py.
"""

from __future__ import annotations

from games.pax.market import occupied
from games.pax_pamir import cards, queries
from games.pax_pamir.state import GameState

#: The event that takes no rupees: rupees placed on it leave the game.
PUBLIC_WITHDRAWAL = "public_withdrawal"


def is_public_withdrawal(number: int | None) -> bool:
    """True for the event card that can never be bought."""
    return (number is not None and queries.is_event(number)
            and cards.event_cards()[number].purchased.id == PUBLIC_WITHDRAWAL)


def dominance_checks_in_market(state: GameState) -> list[tuple[int, int]]:
    """Positions of Dominance Check cards in the market."""
    return [(r, c) for r, c, n in occupied(state) if queries.is_event(n) and cards.event_cards()[n].dominance_check]


def dominance_checks_left(state: GameState) -> int:
    """Dominance Check cards still in the deck or the market."""
    checks = [n for n in cards.event_cards().values() if n.dominance_check]
    numbers = {c.number for c in checks}
    in_market = sum(1 for _, _, n in occupied(state) if n in numbers)
    return in_market + sum(1 for n in state.deck if n in numbers)


def cards_before_checks(state: GameState) -> list[int]:
    """For each Dominance Check still in the deck, how many cards lie above it."""
    numbers = {c.number for c in cards.event_cards().values() if c.dominance_check}
    return [i for i, n in enumerate(state.deck) if n in numbers]

