"""Wakhan's cleanup priority: which court and hand cards she gives up first."""

from __future__ import annotations

from collections.abc import Iterable

from games.pax_pamir import queries
from games.pax_pamir.state import GameState
from games.pax_pamir.wakhan.priority import by_priority, matches_favored

RULE_TEXT = ("non-political first, then non-patriots, non-leveraged, most other spies over hers, fewest spies, "
             "lowest rank, not of the favored suit, lowest number")


def discard_key(state: GameState, seat: str, number: int) -> tuple[int, ...]:
    """A sort key for court card `number`: smaller is discarded first."""
    card = queries.court_card(number)
    spies = queries.spies_on(state, number)
    hers = spies.get(seat, 0)
    others = sum(n for s, n in spies.items() if s != seat)
    return (
        int(card.suit == "political"),
        int(card.patriot is not None),
        int("leverage" in card.impact),
        -(others - hers),
        sum(spies.values()),
        card.rank,
        int(matches_favored(state, number)),
        number,
    )


def court_order(state: GameState, seat: str, numbers: Iterable[int]) -> list[int]:
    """Court cards in the order she discards them."""
    return sorted(numbers, key=lambda n: discard_key(state, seat, n))


def hand_order(state: GameState, seat: str, numbers: Iterable[int]) -> list[int]:
    """Hand cards (she only holds any after a hand swap) lowest card priority first."""
    return list(reversed(by_priority(state, seat, numbers)))
