"""Who chooses when: the round's choosing stage, then the late choice of last round's scouts."""

from __future__ import annotations

from games.expedition_5x.state import CHOOSE, SCOUT, State


def late_seats(state: State) -> list[str]:
    """Seats that scouted last round, in seating order."""
    return [s for s in state.seats if state.players[s].late]


def has_scout_stage(state: State) -> bool:
    """True when some, but not all, players scouted last round: they choose after the others."""
    late = late_seats(state)
    return 0 < len(late) < len(state.seats)


def due_seats(state: State) -> list[str]:
    """The seats that owe an action choice now, in seating order."""
    if state.stage == CHOOSE:
        if has_scout_stage(state):
            return [s for s in state.seats if not state.players[s].late]
        return list(state.seats)
    if state.stage == SCOUT:
        return late_seats(state)
    return []


def revealed(state: State) -> dict[str, str]:
    """Action cards already revealed this round (the non-scouts' cards during the scout stage)."""
    if state.stage != SCOUT:
        return {}
    return {s: state.pending[s].action for s in state.seats if s in state.pending}
