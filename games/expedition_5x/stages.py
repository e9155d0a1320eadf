"""Who decides when: the round's choosing stage, the late choice of last round's scouts, and the bids."""

from __future__ import annotations

from collections.abc import Mapping

from games.expedition_5x.state import BID, CHOOSE, SCOUT, Choice, State, auction_case, bid_for


def late_seats(state: State) -> list[str]:
    """Seats that scouted last round, in seating order."""
    return [s for s in state.seats if state.players[s].late]


def has_scout_stage(state: State) -> bool:
    """True when some, but not all, players scouted last round: they choose after the others."""
    late = late_seats(state)
    return 0 < len(late) < len(state.seats)


def unbid(seats: list[str], choices: Mapping[str, Choice]) -> list[str]:
    """The Excavate players whose order gave no bid for the auction the revealed cards make."""
    case = auction_case(choices)
    return [s for s in seats if s in choices and choices[s].action == "excavate" and bid_for(choices[s], case) is None]


def due_seats(state: State) -> list[str]:
    """The seats that owe an order now, in seating order."""
    if state.stage == CHOOSE:
        if has_scout_stage(state):
            return [s for s in state.seats if not state.players[s].late]
        return list(state.seats)
    if state.stage == SCOUT:
        return late_seats(state)
    if state.stage == BID:
        return unbid(state.seats, state.pending)
    return []


def revealed(state: State) -> dict[str, str]:
    """Action cards already revealed this round: the non-scouts' during the scout stage, all at the bids."""
    if state.stage not in (SCOUT, BID):
        return {}
    return {s: state.pending[s].action for s in state.seats if s in state.pending}


def excavators(state: State) -> list[str]:
    """This round's Excavate players, once every card is revealed (the bid stage)."""
    return [s for s in state.seats if s in state.pending and state.pending[s].action == "excavate"]
