"""Her impact icons' places: roads on the borders of the card's region in her region order, and spies where she
does not have the most. The rules ask these as questions when she plays a card (core.resolve_road and
core.resolve_spy); decide.py answers them from here."""

from __future__ import annotations

from games.pax_pamir import cards, queries
from games.pax_pamir.state import GameState
from games.pax_pamir.wakhan.deck import Reading
from games.pax_pamir.wakhan.priority import by_priority, why_best


def road_border(region: str, reading: Reading, index: int) -> str:
    """The border for her `index`-th road: the borders of `region` in her region order, round again if needed."""
    near = [r for r in reading.front.region_order if r in cards.board().neighbours[region]]
    return cards.border(region, near[index % len(near)])


def spy_candidates(state: GameState, seat: str, region: str) -> list[int]:
    """Court cards of `region` where she does not have strictly the most spies."""
    found = []
    for number in queries.courts_in_order(state):
        if queries.court_card(number).region != region:
            continue
        spies = queries.spies_on(state, number)
        mine = spies.get(seat, 0)
        if not (mine > 0 and all(mine > n for s, n in spies.items() if s != seat)):
            found.append(number)
    return found


def spy_target(state: GameState, seat: str, region: str) -> tuple[int, str] | None:
    """Where her spy of `region` goes, and why: the highest-priority card of the region where she does not have
    the most spies (any card of the region when she has the most everywhere); None when the region has none."""
    everywhere = [n for n in queries.courts_in_order(state) if queries.court_card(n).region == region]
    candidates = spy_candidates(state, seat, region) or everywhere
    if not candidates:
        return None
    target = by_priority(state, seat, candidates)[0]
    return target, why_best(state, seat, target, candidates)
