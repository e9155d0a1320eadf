"""Card priority: how Wakhan picks one court card among several, and the red arrow among players.

High to low: an opponent's card, the favored suit, a patriot of the dominant coalition, a prize of the dominant
coalition, any other patriot, a leveraged card, the highest rank, the highest number.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from games.pax_pamir import queries
from games.pax_pamir.dominance import dominant_coalition
from games.pax_pamir.state import GameState

#: The priority rules in order, as the report names them.
RULES: tuple[str, ...] = ("an opponent's card", "of the favored suit", "a patriot of the dominant coalition",
                          "a prize of the dominant coalition", "another patriot", "leveraged", "the highest rank",
                          "the highest number")


def priority_key(state: GameState, seat: str, number: int) -> tuple[int, ...]:
    """A sort key for court card `number`: larger is higher priority for Wakhan at `seat`."""
    card = queries.court_card(number)
    dominant = dominant_coalition(state)
    owner = queries.owner_of(state, number)
    return (
        int(owner is not None and owner != seat),
        int(matches_favored(state, number)),
        int(dominant is not None and card.patriot == dominant),
        int(dominant is not None and card.prize == dominant),
        int(card.patriot is not None and card.patriot != dominant),
        int("leverage" in card.impact),
        card.rank,
        number,
    )


def matches_favored(state: GameState, number: int) -> bool:
    """Whether a card counts as the favored suit: in a court as its owner's bonus actions count it (Savvy Operator,
    Irregulars, New Tactics), elsewhere by its printed suit."""
    owner = queries.owner_of(state, number)
    if owner is None:
        return queries.court_card(number).suit == state.favored
    return queries.is_favored(state, owner, number)


def by_priority(state: GameState, seat: str, numbers: Iterable[int]) -> list[int]:
    """Court cards, highest priority first."""
    return sorted(numbers, key=lambda n: priority_key(state, seat, n), reverse=True)


def best(state: GameState, seat: str, numbers: Iterable[int]) -> int | None:
    """The highest-priority card, or None when there is none."""
    ranked = by_priority(state, seat, numbers)
    return ranked[0] if ranked else None


def why_best(state: GameState, seat: str, chosen: int, others: Sequence[int]) -> str:
    """The first priority rule that put `chosen` above the runner-up, in words."""
    rest = [n for n in others if n != chosen]
    if not rest:
        return "the only candidate"
    runner = best(state, seat, rest)
    assert runner is not None
    mine, theirs = priority_key(state, seat, chosen), priority_key(state, seat, runner)
    for rule, a, b in zip(RULES, mine, theirs, strict=True):
        if a != b:
            return f"card priority: {rule} (ahead of {queries.court_card(runner).name})"
    return "card priority"


def red_arrow_seats(state: GameState, seat: str, row_side: str) -> list[str]:
    """The other seats in the red arrow's order: to her left (clockwise) first for top/left, else to her right."""
    at = state.seats.index(seat)
    n = len(state.seats)
    step = 1 if row_side == "top_left" else -1
    return [state.seats[(at + step * i) % n] for i in range(1, n)]


def cheapest_then_highest(costs: dict[int, int]) -> int | None:
    """Among market cards with their costs: the cheapest, the highest card number breaking ties."""
    if not costs:
        return None
    return min(costs, key=lambda n: (costs[n], -n))
