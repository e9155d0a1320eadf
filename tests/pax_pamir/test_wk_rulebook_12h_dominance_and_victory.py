"""Playing with Wakhan, Dominance Checks and Victory (summary; rulebook p. 18): "Wakhan will claim VPs and victory
just like a regular player. Remember that Wakhan is loyal to all coalitions so she will be in the running no
matter which coalition is dominant." Here anna resolves the check by her own order (a purchase, or a check left
in market column 1 at her cleanup), through the contract."""

from __future__ import annotations

from wk_rulebook_helpers import CHECK, before_her, market, pass_to_her

from games.pax_pamir import GAME
from games.pax_pamir.wakhan import SEAT

BUY_CHECK = {"actions": [{"action": "purchase", "row": 1, "column": 3}]}
#: Court cards to refill the market from, then another check: the bought check is not the final one.
LATER = [100, 99, 98, 97, 102]


def test_she_scores_for_the_dominant_coalition_with_her_gifts_and_its_patriots():
    """Dominance Checks: british dominant; her influence is 1 + her British patriot + her gift (a gift counts in
    every coalition), 3, against anna's 1 + 1 patriot: she scores 5, anna 3 (Successful Check)."""
    state = before_her(1, 4, market=market(t3=CHECK), armies={"punjab": {"british": 4}}, gifts={SEAT: [2]},
                       courts={SEAT: [20, 4], "anna": [22]})
    state.deck = list(LATER)
    step = pass_to_her(state, BUY_CHECK)
    assert step.state.players[SEAT].score == 5 and step.state.players["anna"].score == 3


def test_she_is_in_the_running_for_a_coalition_no_human_is_loyal_to():
    """Dominance Checks, "in the running no matter which coalition is dominant": russian dominant, anna british,
    so only she scores (5); a lead of five ends the game with her the only winner."""
    state = before_her(1, 4, market=market(t3=CHECK), armies={"transcaspia": {"russian": 4}})
    state.deck = list(LATER)
    step = pass_to_her(state, BUY_CHECK)
    result = GAME.result(step.state)
    assert result is not None and result.winners == (SEAT,) and result.scores == {SEAT: 5, "anna": 0}


def test_she_shares_a_tied_place_like_a_player():
    """Dominance Checks, ties: with influence 1 each (anna loyal to the dominant british, Wakhan loyal to all)
    first and second place are added and split, rounded down: (5 + 3) / 2 = 4 each."""
    state = before_her(1, 4, market=market(t3=CHECK), armies={"punjab": {"british": 4}})
    state.deck = list(LATER)
    step = pass_to_her(state, BUY_CHECK)
    assert step.state.players[SEAT].score == 4 and step.state.players["anna"].score == 4


def test_she_wins_the_final_check_on_the_military_stars_tie_break():
    """Victory, "just like a regular player": the final check (discarded from market column 1 at anna's cleanup)
    leaves them level; ties go to the most military stars, and her Akali Sikhs (rank 2) win it."""
    state = before_her(1, 4, market=market(t1=CHECK), tribes={"kabul": {SEAT: 1, "anna": 1}},
                       courts={SEAT: [38]}, rupees={SEAT: 0, "anna": 9})
    state.players[SEAT].score = state.players["anna"].score = 8
    step = pass_to_her(state)
    result = GAME.result(step.state)
    assert result is not None and result.winners == (SEAT,)
    assert step.state.players[SEAT].score == step.state.players["anna"].score == 12
    assert not any(e.text.startswith("Wakhan's turn.") for e in step.events)  # the game ended in anna's turn
