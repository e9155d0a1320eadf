"""Wakhan's loyalty: loyal to every coalition, yet placing, moving and battling with one pragmatic loyalty.

How her pieces rule a region (her tribes plus only the most numerous armies of a single coalition there) and her
influence at a Dominance Check (patriots and prizes of the dominant coalition, every gift) are core rules, in
ruling.py, queries.influence and dominance.check_scores; they are re-exported here for her modules.
"""

from __future__ import annotations

from games.pax_pamir.dominance import EARLY_WIN_LEAD, check_scores, final_winners
from games.pax_pamir.ruling import regions_ruled, ruler, ruling_pieces
from games.pax_pamir.state import GameState
from games.pax_pamir.wakhan.deck import pragmatic_loyalty

__all__ = ["pragmatic_loyalty", "regions_ruled", "ruler", "ruling_pieces", "would_win_check"]


def would_win_check(state: GameState, seat: str, final: bool, rupees_change: int = 0) -> tuple[bool, str]:
    """Whether a Dominance Check now would give `seat` the most points or the game, and why in words.

    `rupees_change` is what buying the check does to her rupees: the final check's tie-break counts them.
    """
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
    rupees = {s: state.players[s].rupees + (rupees_change if s == seat else 0) for s in state.seats}
    if final and final_winners(state, scores, rupees) == [seat]:
        return True, (f"with {what} she would end level on {scores[seat]} points and win the game on the "
                      "tie-break (most military stars, then most rupees)")
    return False, f"with {what} she would score {mine} against {others}"
