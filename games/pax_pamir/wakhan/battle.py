"""Wakhan's Battle: in the first region of her order where she has an army and another player has pieces, or on
the highest-priority court card where she and another player both have spies; and the `battle_on_spied_card`
code, which fights on the card with the most spies among those carrying hers."""

from __future__ import annotations

from games.pax_pamir import cards, names, queries
from games.pax_pamir.actions.battle import limit, removable, strength
from games.pax_pamir.state import GameState
from games.pax_pamir.wakhan.actions import Plan
from games.pax_pamir.wakhan.deck import Reading
from games.pax_pamir.wakhan.priority import by_priority, red_arrow_seats, why_best


def region_targets(state: GameState, seat: str, reading: Reading, region: str) -> list[str]:
    """The pieces she may remove in `region` (as the rules' Battle names them: `tribe:<seat>`, `army:<coalition>`,
    `road:<border>:<coalition>`), one item per piece in her order: tribes, then armies, then roads; within one
    kind, the red arrow's player first. Armies and roads only of a coalition another player is loyal to."""
    there = removable(state, seat, region)
    others = red_arrow_seats(state, seat, reading.row_side)
    coalitions: list[str] = []
    for other in others:
        loyalty = state.players[other].loyalty
        if loyalty is not None and loyalty not in coalitions:
            coalitions.append(loyalty)
    borders = [b for b, pair in cards.board().border_regions.items() if region in pair]
    order = ([f"tribe:{s}" for s in others] + [f"army:{c}" for c in coalitions]
             + [f"road:{b}:{c}" for c in coalitions for b in borders])
    return [item for item in order for _ in range(there.get(item, 0))]


def battle_region(state: GameState, seat: str, reading: Reading) -> str | None:
    """The first region of her order where she has an army and another player has pieces."""
    for region in reading.front.region_order:
        if strength(state, seat, region) and region_targets(state, seat, reading, region):
            return region
    return None


def card_targets(state: GameState, seat: str, number: int) -> list[str]:
    """Seats whose spies on card `number` she may remove, as the rules' Battle allows (Indispensable Advisors
    protect their owner's)."""
    pieces = removable(state, seat, number)
    return [s for s, n in queries.spies_on(state, number).items() if n and f"spy:{s}" in pieces]


def spied_cards(state: GameState, seat: str) -> list[int]:
    """Court cards carrying her spy and a spy she may remove."""
    return [n for n in queries.courts_in_order(state)
            if queries.spies_on(state, n).get(seat) and card_targets(state, seat, n)]


def plan_battle(state: GameState, seat: str, reading: Reading) -> Plan | None:
    """Her default Battle: a region first, else the highest-priority card where she and another player spy."""
    region = battle_region(state, seat, reading)
    if region is not None:
        return Plan("battle", 0, f"{names.region(region)} is the first region on her card where she has an army and another "
                    "player has pieces",
                    lambda card: {"site": region, "remove": region_removals(state, seat, reading, region, card)})
    spied = spied_cards(state, seat)
    if not spied:
        return None
    target = by_priority(state, seat, spied)[0]
    why = f"no region qualifies; {queries.court_card(target).name} by {why_best(state, seat, target, spied)}"
    return Plan("battle", 0, why, lambda card: {"site": target, "remove": card_removals(state, seat, reading, target,
                                                                                     card)})


def plan_battle_on_spied_card(state: GameState, seat: str, reading: Reading) -> Plan | None:
    """Battle on the card with the most spies among those carrying hers and another player's; priority on ties."""
    spied = spied_cards(state, seat)
    if not spied:
        return None
    most = max(sum(queries.spies_on(state, n).values()) for n in spied)
    tied = [n for n in spied if sum(queries.spies_on(state, n).values()) == most]
    target = by_priority(state, seat, tied)[0]
    why = f"{queries.court_card(target).name} carries the most spies ({most})"
    if len(tied) > 1:
        why += f"; {why_best(state, seat, target, tied)}"
    return Plan("battle", 0, why, lambda card: {"site": target, "remove": card_removals(state, seat, reading, target,
                                                                                     card)})


def region_removals(state: GameState, seat: str, reading: Reading, region: str, card: int) -> list[str]:
    """The pieces her battle in `region` removes: the first of her targets, as many as the rules allow."""
    return region_targets(state, seat, reading, region)[:limit(state, seat, card, region)]


def card_removals(state: GameState, seat: str, reading: Reading, number: int, card: int) -> list[str]:
    """The spies her battle on card `number` removes, one at a time by the red arrow, up to the card's rank and no
    more than her spies there."""
    most = limit(state, seat, card, number)
    left = dict(queries.spies_on(state, number))
    allowed = set(card_targets(state, seat, number))
    removals: list[str] = []
    for other in red_arrow_seats(state, seat, reading.row_side):
        while other in allowed and left.get(other, 0) and len(removals) < most:
            left[other] -= 1
            removals.append(f"spy:{other}")
    return removals
