"""Wakhan's Battle: in the first region of her order where she has an army and another player has pieces, or on
the highest-priority court card where she and another player both have spies; and the `battle_on_spied_card`
code, which fights on the card with the most spies among those carrying hers."""

from __future__ import annotations

from games.pax_pamir import cards, queries
from games.pax_pamir.actions.battle import removable
from games.pax_pamir.state import GameState
from games.pax_pamir.wakhan.actions import Plan, rank
from games.pax_pamir.wakhan.deck import Reading
from games.pax_pamir.wakhan.loyalty import pragmatic_loyalty
from games.pax_pamir.wakhan.priority import by_priority, red_arrow_seats, why_best

CITADELS = {"kabul": "citadel_kabul", "transcaspia": "citadel_transcaspia"}


def _borders(region: str) -> list[str]:
    return [b for b, pair in cards.board().border_regions.items() if region in pair]


def region_targets(state: GameState, seat: str, reading: Reading, region: str) -> list[tuple[str, str, str]]:
    """Enemy pieces she may remove in `region`, in her order: tribes, then armies, then roads; within one kind of
    piece, the red arrow's player first.

    Each item is (kind, where, owner): a tribe of another player (Citadels protect theirs), or an army or road of a
    coalition another player is loyal to, never of her pragmatic loyalty.
    """
    coalition = pragmatic_loyalty(state, reading, seat)
    others = red_arrow_seats(state, seat, reading.row_side)
    citadel = CITADELS.get(region)
    found: list[tuple[str, str, str]] = []
    for other in others:
        if not (citadel and queries.has_ability(state, other, citadel)):
            found += [("tribe", region, other)] * state.tribes.get(region, {}).get(other, 0)
    coalitions: list[str] = []
    for other in others:
        loyalty = state.players[other].loyalty
        if loyalty is not None and loyalty != coalition and loyalty not in coalitions:
            coalitions.append(loyalty)
    for loyalty in coalitions:
        found += [("army", region, loyalty)] * state.armies.get(region, {}).get(loyalty, 0)
    for loyalty in coalitions:
        for border in _borders(region):
            found += [("road", border, loyalty)] * state.roads.get(border, {}).get(loyalty, 0)
    return found


def fighters(state: GameState, seat: str, reading: Reading, region: str) -> int:
    """Her pieces that may fight in `region`: armies of her pragmatic loyalty, and her tribes under Nationalism."""
    armies = state.armies.get(region, {}).get(pragmatic_loyalty(state, reading, seat), 0)
    if queries.effect(state, "nationalism", seat):
        armies += state.tribes.get(region, {}).get(seat, 0)
    return armies


def battle_region(state: GameState, seat: str, reading: Reading) -> str | None:
    """The first region of her order where she has an army and another player has pieces."""
    for region in reading.front.region_order:
        if fighters(state, seat, reading, region) and region_targets(state, seat, reading, region):
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
        return Plan("battle", 0, f"{region} is the first region on her card where she has an army and another "
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
    """The pieces her battle in `region` removes, as the order lists them: the first of her targets, up to the
    card's rank and no more than her armies there."""
    strength = min(rank(card), fighters(state, seat, reading, region))
    names = {"tribe": "tribe:{owner}", "army": "army:{owner}", "road": "road:{where}:{owner}"}
    return [names[kind].format(where=where, owner=owner)
            for kind, where, owner in region_targets(state, seat, reading, region)[:strength]]


def card_removals(state: GameState, seat: str, reading: Reading, number: int, card: int) -> list[str]:
    """The spies her battle on card `number` removes, one at a time by the red arrow, up to the card's rank and no
    more than her spies there."""
    strength = min(rank(card), queries.spies_on(state, number).get(seat, 0))
    left = dict(queries.spies_on(state, number))
    allowed = set(card_targets(state, seat, number))
    removals: list[str] = []
    for other in red_arrow_seats(state, seat, reading.row_side):
        while other in allowed and left.get(other, 0) and len(removals) < strength:
            left[other] -= 1
            removals.append(f"spy:{other}")
    return removals
