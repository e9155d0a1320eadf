"""Pax Pamir's own market cards: Public Withdrawal, and the Dominance Checks in the market and the deck.

The market itself (costs, payments, shifting) is the kernel's (games.pax.market), with Pax Pamir's hooks in
rules.py.
"""

from __future__ import annotations

import functools

from games.pax.market import occupied
from games.pax_pamir import cards
from games.pax_pamir.state import GameState

#: The event that takes no rupees: rupees placed on it leave the game.
PUBLIC_WITHDRAWAL = "public_withdrawal"


def is_public_withdrawal(number: int | None) -> bool:
    """True for the event card that can never be bought."""
    return number is not None and number in _public_withdrawal_cards()


@functools.cache
def _public_withdrawal_cards() -> frozenset[int]:
    """The numbers of the event cards whose purchased effect is Public Withdrawal (asked of every market card)."""
    return frozenset(n for n, e in cards.event_cards().items() if e.purchased.id == PUBLIC_WITHDRAWAL)


def dominance_checks_in_market(state: GameState) -> list[tuple[int, int]]:
    """Positions of Dominance Check cards in the market."""
    checks = _dominance_check_cards()
    return [(r, c) for r, c, n in occupied(state) if n in checks]


@functools.cache
def _dominance_check_cards() -> frozenset[int]:
    """The numbers of the Dominance Check cards (asked of the market after every card drawn)."""
    return frozenset(n for n, e in cards.event_cards().items() if e.dominance_check)


def dominance_checks_left(state: GameState) -> int:
    """Dominance Check cards still in the deck or the market."""
    checks = [n for n in cards.event_cards().values() if n.dominance_check]
    numbers = {c.number for c in checks}
    in_market = sum(1 for _, _, n in occupied(state) if n in numbers)
    return in_market + sum(1 for n in state.deck if n in numbers)
