"""What the six card-based actions share: order paths, listing choices, names, and the spy track."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import Any, TypeGuard

from engine.contract import Path, Problem
from engine.words import counted
from games.pax_pamir import cards, queries
from games.pax_pamir.seats import seat_rules
from games.pax_pamir.state import GameState

#: How many legal choices a problem message spells out before it just counts them.
LIST_AT_MOST = 12


def is_int(value: Any) -> TypeGuard[int]:
    """True for a plain integer (YAML `true` is a bool, and a bool is not a number here)."""
    return isinstance(value, int) and not isinstance(value, bool)


def rank(number: int) -> int:
    """The rank (stars) of a court card: the strength of Tax, Move and Battle."""
    return queries.court_card(number).rank


def card_name(number: int) -> str:
    """A card as players read it: its name and number."""
    return f"{cards.title(number)} ({number})"


def region_name(region: str) -> str:
    """A region's display name."""
    return cards.board().region_names[region]


def listing(items: Iterable[Any], empty: str = "none") -> str:
    """Choices for a message: all of them when few, else the first ones and how many more."""
    shown = [str(item) for item in items]
    if not shown:
        return empty
    if len(shown) > LIST_AT_MOST:
        return ", ".join(shown[:LIST_AT_MOST]) + f" and {len(shown) - LIST_AT_MOST} more"
    return ", ".join(shown)


def problem(path: Path, *fields: str | int, message: str) -> Problem:
    """A Problem at a field (or item) under an order entry's path."""
    return Problem((*path, *fields), message)


def loyalty(state: GameState, seat: str) -> str:
    """The coalition of `seat`'s armies and roads: its loyalty (Wakhan's: her pragmatic loyalty)."""
    coalition = seat_rules(state, seat).coalition(state, seat)
    if coalition is None:
        raise ValueError(f"{seat} has no loyalty yet")
    return coalition


def borders_of(region: str) -> list[str]:
    """The borders of `region`, in map order."""
    return list(_borders_by_region().get(region, ()))


def border_between(a: str, b: str) -> str | None:
    """The border joining two regions, or None when they are not adjacent (or either is not a region)."""
    try:
        return _borders_by_pair().get((a, b))
    except TypeError:  # an order may name a list or a mapping where a region belongs
        return None


@functools.cache
def _borders_by_region() -> dict[str, tuple[str, ...]]:
    """Each region's borders in map order, worked out once: moves and battles ask for them constantly."""
    found: dict[str, list[str]] = {}
    for border, pair in cards.board().border_regions.items():
        for region in pair:
            found.setdefault(region, []).append(border)
    return {region: tuple(borders) for region, borders in found.items()}


@functools.cache
def _borders_by_pair() -> dict[tuple[str, str], str]:
    """The border joining each ordered pair of adjacent regions (cards.border without building its key)."""
    found: dict[tuple[str, str], str] = {}
    for border, (a, b) in cards.board().border_regions.items():
        found[(a, b)] = found[(b, a)] = border
    return found


def spy_steps(state: GameState, seat: str, number: int) -> list[int]:
    """The court cards one spy move of `seat`'s takes a spy on card `number` to, in track order.

    The spy track is every court in seating order, end to end, as one loop. Strange Bedfellows adds every card
    of the same region as a neighbour; Well-Connected lets one move cover two steps.
    """
    track = queries.courts_in_order(state)
    if number not in track:
        return []
    bedfellows = queries.has_ability(state, seat, "strange_bedfellows")
    reach = 2 if queries.has_ability(state, seat, "well_connected") else 1
    frontier, seen = {number}, {number}
    for _ in range(reach):
        nearer: set[int] = set()
        for card in frontier:
            nearer.update(_neighbours(track, card, bedfellows))
        frontier = nearer - seen
        seen |= nearer
    seen.discard(number)
    return [card for card in track if card in seen]


def _neighbours(track: Sequence[int], number: int, bedfellows: bool) -> set[int]:
    """Cards next to `number` on the loop, plus its region's cards under Strange Bedfellows."""
    at = track.index(number)
    found = {track[(at - 1) % len(track)], track[(at + 1) % len(track)]}
    if bedfellows:
        region = queries.court_card(number).region
        found.update(card for card in track if queries.court_card(card).region == region)
    found.discard(number)
    return found


def cost_problem(state: GameState, seat: str, path: Path, amount: int, what: str) -> list[Problem]:
    """A problem when `seat` cannot pay `amount` rupees for `what`."""
    have = state.players[seat].rupees
    if have >= amount:
        return []
    return [problem(path, message=f"{what} costs {counted(amount, 'rupee')} and you have {have}")]
