"""Wakhan's loyalty: loyal to every coalition, yet placing, moving and battling with one pragmatic loyalty.

Also how her pieces count when a region's ruler is settled (her tribes plus only the most numerous armies of a
single coalition there) and how much influence she has for a coalition at a Dominance Check.
"""

from __future__ import annotations

from games.pax_pamir import cards, queries
from games.pax_pamir.dominance import EARLY_WIN_LEAD, FAILURE_POINTS, SUCCESS_POINTS, dominant_coalition, split_points
from games.pax_pamir.state import GameState

from games.pax_pamir.wakhan.deck import Reading, is_wakhan


def pragmatic_loyalty(state: GameState, reading: Reading, seat: str) -> str:
    """The leftmost coalition on the AI card that no other player is loyal to."""
    taken = {state.players[s].loyalty for s in state.seats if s != seat}
    return next((c for c in reading.front.loyalty_order if c not in taken), reading.front.loyalty_order[0])


def ruling_pieces(state: GameState, seat: str, region: str) -> int:
    """Ruling pieces in `region`: tribes plus loyal armies, or for Wakhan the most armies of any one coalition."""
    tribes = state.tribes.get(region, {}).get(seat, 0)
    armies = state.armies.get(region, {})
    if is_wakhan(state, seat):
        return tribes + max(armies.values(), default=0)
    loyalty = state.players[seat].loyalty
    return tribes + (armies.get(loyalty, 0) if loyalty else 0)


def ruler(state: GameState, region: str) -> str | None:
    """Who rules `region`, counting Wakhan's pieces her way: a tribe and strictly the most ruling pieces."""
    pieces = {seat: ruling_pieces(state, seat, region) for seat in state.seats}
    best = max(pieces.values(), default=0)
    leaders = [seat for seat, n in pieces.items() if n == best]
    if best == 0 or len(leaders) != 1:
        return None
    return leaders[0] if state.tribes.get(region, {}).get(leaders[0], 0) > 0 else None


def regions_ruled(state: GameState, seat: str) -> list[str]:
    """The regions `seat` rules, in map order."""
    return [region for region in cards.board().regions if ruler(state, region) == seat]


def influence_for(state: GameState, seat: str, coalition: str) -> int:
    """Wakhan's influence with `coalition`: one, its patriots and prizes she holds, and every gift (gifts count
    for all three coalitions)."""
    player = state.players[seat]
    gift_value = 1
    if queries.effect(state, "embarrassment_of_riches"):
        gift_value = 0
    elif queries.effect(state, "koh_i_noor_recovered", seat):
        gift_value = 2
    patriots = sum(1 for n in player.court if queries.court_card(n).patriot == coalition)
    if any(e.id == "rumor" and e.target == seat for e in state.effects):
        patriots = 0
    prizes = sum(1 for n in player.prizes if queries.court_card(n).prize == coalition)
    return 1 + patriots + prizes + gift_value * len(player.gifts)


def check_scores(state: GameState, final: bool) -> tuple[str | None, dict[str, int]]:
    """A Dominance Check's scores with Wakhan in the running whichever coalition is dominant."""
    factor = 2 if final else 1
    coalition = dominant_coalition(state)
    if coalition is not None:
        loyal = {s: (influence_for(state, s, coalition) if is_wakhan(state, s) else queries.influence(state, s))
                 for s in state.seats if is_wakhan(state, s) or state.players[s].loyalty == coalition}
        return coalition, split_points(loyal, [p * factor for p in SUCCESS_POINTS])
    cylinders = {s: queries.cylinders_in_play(state, s) for s in state.seats}
    return None, split_points(cylinders, [p * factor for p in FAILURE_POINTS])


def would_win_check(state: GameState, seat: str, final: bool) -> tuple[bool, str]:
    """Whether a Dominance Check now would give `seat` the most points or the game, and why in words."""
    coalition, awards = check_scores(state, final)
    mine = awards.get(seat, 0)
    others = max((awards.get(s, 0) for s in state.seats if s != seat), default=0)
    scores = {s: state.players[s].score + awards.get(s, 0) for s in state.seats}
    lead = scores[seat] - max((v for s, v in scores.items() if s != seat), default=0)
    what = f"{coalition} dominant" if coalition else "no coalition dominant"
    if mine > others:
        return True, f"with {what} she would score {mine}, more than anyone else ({others})"
    if lead >= EARLY_WIN_LEAD or (final and lead > 0):
        return True, f"with {what} she would lead by {lead} and win the game"
    return False, f"with {what} she would score {mine} against {others}"
