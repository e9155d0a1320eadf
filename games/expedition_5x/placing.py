"""Choosing a won technology and its placement: the wish list first, then the documented defaults."""

from __future__ import annotations

from games.expedition_5x.cards import Cards
from games.expedition_5x.scoring import crystal_points
from games.expedition_5x.state import Group, Wish
from games.expedition_5x.tableau import Placement, active_crystals, matches, place, placements


def placement_value(tableau: list[Group], placement: Placement, deck: Cards) -> tuple[int, int]:
    """How good a placement is: crystal points of the tableau after it, then activated crystals."""
    crystals = active_crystals(place(tableau, placement), deck)
    return crystal_points(crystals), len(crystals)


def best_placement(tableau: list[Group], tech: str, deck: Cards, wish: Wish | None = None) -> Placement:
    """The best placement that obeys the wish's constraints; ties go to the first in placements() order."""
    # A wish whose constraints no longer fit (it cannot happen with checked orders) falls back to all placements.
    every = list(placements(tableau, deck, tech))
    fitting = [p for p in every if wish is None or matches(p, wish)] or every
    best = fitting[0]
    best_value = placement_value(tableau, best, deck)
    for candidate in fitting[1:]:
        value = placement_value(tableau, candidate, deck)
        if value > best_value:
            best, best_value = candidate, value
    return best


def ranked_market(tableau: list[Group], market: list[str], deck: Cards) -> list[str]:
    """Market cards by the crystal points of their best placement, best first (oldest first on ties)."""
    value = {card: placement_value(tableau, best_placement(tableau, card, deck), deck) for card in market}
    return sorted(market, key=lambda card: (-value[card][0], -value[card][1]))  # sorted is stable: oldest first


def choose_technology(
    tableau: list[Group], market: list[str], wishes: list[Wish], deck: Cards
) -> tuple[str, Wish | None]:
    """The first wished card still in the market; else the one whose best placement scores most (oldest on ties)."""
    for wish in wishes:
        if wish.card in market:
            return wish.card, wish
    return ranked_market(tableau, market, deck)[0], None
