"""Who rules a region: at least one tribe and more ruling pieces (tribes and loyal armies) than each other seat
and than the armies of each coalition, whether or not any seat is loyal to it."""

from __future__ import annotations

from games.pax_pamir import cards
from games.pax_pamir.seats import seat_rules
from games.pax_pamir.state import GameState


def ruling_pieces(state: GameState, seat: str, region: str) -> int:
    """`seat`'s tribes in `region` plus the armies there that count for it (those of its coalition)."""
    return state.tribes.get(region, {}).get(seat, 0) + seat_rules(state, seat).ruling_armies(state, seat, region)


def ruler(state: GameState, region: str) -> str | None:
    """The seat ruling `region`, or None (a tie for the most ruling pieces means nobody rules).

    Armies of an enemy coalition compete even when no seat is loyal to it (rulebook p. 7: they can keep you from
    the ruler token with no enemy tribe there). A coalition's armies never outnumber the ruling pieces of a seat
    loyal to it, so they decide only where nobody else stands for them.
    """
    if not state.tribes.get(region):
        return None  # a ruler needs a tribe of their own there (the common case, so answered before counting)
    pieces = {seat: ruling_pieces(state, seat, region) for seat in state.seats}
    best = max(pieces.values(), default=0)
    leaders = [seat for seat, n in pieces.items() if n == best]
    if best == 0 or len(leaders) != 1:
        return None
    leader = leaders[0]
    if state.tribes.get(region, {}).get(leader, 0) == 0:
        return None
    if any(armies >= best for armies in state.armies.get(region, {}).values()):
        return None  # a coalition's armies alone match the leader (the leader's own armies never can)
    return leader


def regions_ruled(state: GameState, seat: str) -> list[str]:
    """The regions `seat` rules, in map order."""
    # Only a region holding a tribe of `seat` can be ruled by `seat`: the others are not asked.
    return [region for region in cards.board().regions
            if state.tribes.get(region, {}).get(seat) and ruler(state, region) == seat]
