"""Rulebook, Dominance Checks: when a check happens, dominance by a lead of four blocks, scoring by influence or by
cylinders in play, ties split rounding down, blocks removed, the early end and the doubled final check.

Every check here is set off as a player would: by purchasing a Dominance Check card from the market.
"""

from __future__ import annotations

from typing import Any

from actions_helpers import make_state
from pp_helpers import turn

from games.pax_pamir import GAME
from games.pax_pamir.state import GameState

CHECK, LATER_CHECK = 101, 102
FIRST_ROW = [CHECK, 2, 3, 4, 5, 6]
SECOND_ROW = [7, 8, 9, 10, 11, 12]
BUY_CHECK = {"action": "purchase", "row": 1, "column": 1}
BALA_HISSAR = 16  # Kabul, military rank 1: tax, betray
AFGHAN_HANDICRAFTS = 9  # Kabul, economic rank 1 (a tax shelter of one)
ARMY_OF_THE_INDUS = 32  # a British patriot (military, rank 3)
AKALI_SIKHS = 38  # military, rank 2
HENRY_RAWLINSON = 20  # shows a Russian prize
SEATS4 = ("anna", "bob", "cati", "dave")


def _position(*, final: bool = False, **kw: Any) -> GameState:
    """Anna to move, a Dominance Check free in the top-left market slot; another check is left in the deck unless
    this is the final one."""
    state = make_state(market=[FIRST_ROW, SECOND_ROW], **kw)
    state.deck = [] if final else [LATER_CHECK]
    state.turn = None
    return state


def _buy_check(state: GameState, *more: dict[str, Any]) -> GameState:
    """Anna buys the check (then takes any further actions): the state after her turn."""
    return turn(state, {"actions": [BUY_CHECK, *more]}, seat="anna").state


def _scores(state: GameState) -> dict[str, int]:
    return {seat: player.score for seat, player in state.players.items()}


# --- when -----------------------------------------------------------------------------------------------------


def test_a_check_is_resolved_the_moment_it_is_purchased_and_the_turn_goes_on() -> None:
    """Dominance Checks: 'resolved when purchased' -- scored before the buyer's next action (here a Tax), and the
    purchase is only one of her two actions."""
    state = _position(courts={"anna": [BALA_HISSAR], "bob": [AFGHAN_HANDICRAFTS]}, rupees={"bob": 5},
                      tribes={"kabul": {"anna": 1}})
    after = _buy_check(state, {"action": "tax", "card": BALA_HISSAR, "take": ["bob"]})
    assert _scores(after) == {"anna": 3, "bob": 0, "cati": 0}
    assert after.players["anna"].rupees == 5 and after.phase == "turns" and after.checks_done == 1


def test_a_check_discarded_from_the_leftmost_column_at_cleanup_is_resolved() -> None:
    """Dominance Checks are resolved 'when triggered during cleanup': a check left in the leftmost market column is
    discarded at the end of Anna's turn, and everyone is scored (Bob's tribe: three points)."""
    state = _position(tribes={"kabul": {"bob": 1}})
    state.deck = [LATER_CHECK, 30, 31]
    after = turn(state, {"actions": []}, seat="anna").state
    assert _scores(after) == {"anna": 0, "bob": 3, "cati": 0} and CHECK in after.discard
    assert after.checks_done == 1 and after.phase == "turns"


# --- is a coalition dominant? ---------------------------------------------------------------------------------


def test_a_lead_of_exactly_four_blocks_over_each_other_coalition_is_dominant() -> None:
    """'the most blocks in play and at least four more than all other coalitions': 5 against 1 and 1 is enough
    (British Anna scores five for the most influence)."""
    state = _position(armies={"kabul": {"british": 3, "russian": 1}, "herat": {"afghan": 1}},
                      roads={"herat-kabul": {"british": 2}})
    after = _buy_check(state)
    assert _scores(after) == {"anna": 5, "bob": 0, "cati": 0}


def test_a_lead_of_three_blocks_is_not_dominant_and_cylinders_score_instead() -> None:
    """A lead of three fails: 'otherwise unsuccessful', so the cylinders in play score (Bob's two tribes)."""
    state = _position(armies={"kabul": {"british": 4, "russian": 1}}, tribes={"herat": {"bob": 2}})
    after = _buy_check(state)
    assert _scores(after) == {"anna": 0, "bob": 3, "cati": 0}


def test_the_lead_counts_against_each_other_coalition_uncombined() -> None:
    """'at least four more than all other coalitions (uncombined)': the rulebook's 8 against 4 and 4."""
    state = _position(armies={"kabul": {"british": 8, "russian": 4, "afghan": 4}})
    assert _scores(_buy_check(state))["anna"] == 5
    state = _position(armies={"kabul": {"british": 8, "russian": 4, "afghan": 5}})
    assert _scores(_buy_check(state)) == {"anna": 1, "bob": 1, "cati": 1}  # unsuccessful: no cylinders in play


# --- a successful check ---------------------------------------------------------------------------------------


def test_only_players_loyal_to_the_dominant_coalition_score_and_by_influence() -> None:
    """'Players loyal to the Dominant Coalition score based on their influence points': Bob (Russian), with the
    most influence of all, neither scores nor takes a place; British Anna and Cati take the first two."""
    state = _position(loyalty={"anna": "british", "bob": "russian", "cati": "british"},
                      gifts={"bob": [2, 4, 6], "anna": [2]}, armies={"punjab": {"british": 4}})
    after = _buy_check(state)
    assert _scores(after) == {"anna": 5, "bob": 0, "cati": 3}


def test_influence_is_one_plus_patriots_prizes_and_gifts() -> None:
    """Loyalty and Influence: 'one plus the number of patriots in your court, the number of your prizes, and the
    number of your gifts'. Anna: 1 + a patriot = 2; Bob: 1 + a prize = 2; Cati: 1 + two gifts = 3."""
    state = _position(seats=SEATS4, loyalty={s: "british" for s in SEATS4},
                      courts={"anna": [ARMY_OF_THE_INDUS]}, prizes={"bob": [25]}, gifts={"cati": [2, 4]},
                      armies={"punjab": {"british": 4}})
    after = _buy_check(state)
    # Cati first (5); Anna and Bob tie for second and third: (3 + 1) / 2 = 2 each; Dave (influence 1) is fourth.
    assert _scores(after) == {"anna": 2, "bob": 2, "cati": 5, "dave": 0}


def test_a_three_way_tie_for_influence_shares_five_three_and_one() -> None:
    """Ties: 'add up the victory points for the tied places and divide by the number of tied players':
    (5 + 3 + 1) / 3 = 3 each."""
    state = _position(loyalty={s: "afghan" for s in ("anna", "bob", "cati")}, armies={"kabul": {"afghan": 4}})
    assert _scores(_buy_check(state)) == {"anna": 3, "bob": 3, "cati": 3}


def test_a_tie_for_first_splits_eight_and_rounds_the_third_place_tie_down() -> None:
    """Two tie for first: (5 + 3) / 2 = 4 each; two more tie for third: (1 + 0) / 2 rounds down to nothing."""
    state = _position(seats=SEATS4, loyalty={s: "russian" for s in SEATS4}, gifts={"anna": [2], "bob": [2]},
                      armies={"herat": {"russian": 4}})
    assert _scores(_buy_check(state)) == {"anna": 4, "bob": 4, "cati": 0, "dave": 0}


def test_with_nobody_loyal_to_the_dominant_coalition_nobody_scores_but_the_blocks_go() -> None:
    """Only players loyal to the dominant coalition score: Russian dominance with no Russian player scores nothing
    (not even Anna's tribe, as an unsuccessful check would), and the blocks are still removed."""
    state = _position(loyalty={"anna": "british", "bob": "afghan", "cati": "afghan"},
                      armies={"kabul": {"russian": 4}}, tribes={"kabul": {"anna": 1}})
    after = _buy_check(state)
    assert _scores(after) == {"anna": 0, "bob": 0, "cati": 0} and after.armies == {}


def test_after_a_successful_check_every_coalition_block_leaves_the_map() -> None:
    """'After awarding points, remove all coalition blocks from the board': armies and roads of every coalition."""
    state = _position(armies={"kabul": {"british": 5, "russian": 1}}, roads={"herat-kabul": {"afghan": 1}},
                      tribes={"kabul": {"bob": 1}})
    after = _buy_check(state)
    assert after.armies == {} and after.roads == {}
    assert after.tribes == {"kabul": {"bob": 1}}  # cylinders stay


# --- an unsuccessful check ------------------------------------------------------------------------------------


def test_cylinders_in_play_are_tribes_spies_and_gifts_and_blocks_stay() -> None:
    """'a cylinder is in play if not on a player board': Bob's tribe + spy + gift (3) beat Anna's two tribes;
    nobody is dominant, so the blocks stay where they are."""
    state = _position(courts={"cati": [7]}, tribes={"kabul": {"anna": 2, "bob": 1}}, spies={7: {"bob": 1}},
                      gifts={"bob": [2]}, armies={"kabul": {"british": 2}})
    after = _buy_check(state)
    assert _scores(after) == {"anna": 1, "bob": 3, "cati": 0}
    assert after.armies == {"kabul": {"british": 2}}


def test_even_zero_cylinders_take_a_place_so_a_tie_at_zero_shares_it() -> None:
    """Players score on cylinders in play 'even zero': with nothing in play all three tie, (3 + 1) / 3 = 1 each."""
    assert _scores(_buy_check(_position())) == {"anna": 1, "bob": 1, "cati": 1}


def test_a_tie_for_second_cylinders_rounds_one_point_down_to_nothing() -> None:
    """Bob and Cati tie for second: (1 + 0) / 2 rounds down to 0."""
    state = _position(tribes={"kabul": {"anna": 3, "bob": 1, "cati": 1}})
    assert _scores(_buy_check(state)) == {"anna": 3, "bob": 0, "cati": 0}


# --- the early end --------------------------------------------------------------------------------------------


def test_a_lead_of_four_points_after_scoring_ends_the_game_at_once() -> None:
    """Early End: 'If, after scoring, the leading player has at least four more victory points than the next
    highest player, the game ends and that player wins' -- Anna's second action is never taken."""
    state = _position(tribes={"kabul": {"anna": 1}}, courts={"anna": [BALA_HISSAR]})
    state.players["anna"].score, state.players["bob"].score = 4, 3
    step = turn(state, {"actions": [BUY_CHECK, {"action": "tax", "card": BALA_HISSAR}]}, seat="anna")
    assert step.state.phase == "over" and GAME.result(step.state).winners == ("anna",)
    assert step.state.players["anna"].score == 7 and GAME.prompts(step.state) == []


def test_a_lead_of_three_points_lets_the_game_go_on() -> None:
    """A lead of three after scoring is not enough."""
    state = _position(tribes={"kabul": {"anna": 1}})
    state.players["anna"].score = state.players["bob"].score = 1
    after = _buy_check(state)
    assert _scores(after) == {"anna": 4, "bob": 1, "cati": 0} and after.phase == "turns"


# --- the final check ------------------------------------------------------------------------------------------


def test_the_final_check_doubles_points_before_a_tie_splits_them() -> None:
    """Final Dominance Check: 'doubled (before any tie-splitting)': two tie for the most influence, (10 + 6) / 2
    = 8 each; Cati and Dave tie for third, (2 + 0) / 2 = 1 each (split first, then doubled, it would be 0)."""
    state = _position(final=True, seats=SEATS4, loyalty={s: "british" for s in SEATS4},
                      gifts={"anna": [2, 4], "bob": [2, 4]}, armies={"kabul": {"british": 4}})
    after = _buy_check(state)
    assert _scores(after) == {"anna": 8, "bob": 8, "cati": 1, "dave": 1}


def test_the_rulebook_final_check_example_six_for_blake_one_each_for_cati_and_hope() -> None:
    """Dominance example: no coalition dominant, Blake the most cylinders scores 3 x 2; Cati and Hope share
    (1 x 2) / 2 = 1 each. The game then ends and Blake, with the most points, wins."""
    seats = ("cati", "blake", "hope")
    state = make_state(seats=seats, acting="cati", loyalty={"cati": "russian", "blake": "russian", "hope": "british"},
                       market=[FIRST_ROW, SECOND_ROW], tribes={"kabul": {"blake": 2}})
    state.deck, state.turn = [], None
    step = turn(state, {"actions": [BUY_CHECK]}, seat="cati")
    assert _scores(step.state) == {"cati": 1, "blake": 6, "hope": 1}
    assert step.state.phase == "over" and GAME.result(step.state).winners == ("blake",)


def test_after_the_final_check_a_tie_on_points_goes_to_the_most_military_stars() -> None:
    """Game End: 'Ties are broken by most red stars in court (among tied players), then most rupees'."""
    state = _position(final=True, courts={"bob": [AKALI_SIKHS]}, rupees={"anna": 9},
                      tribes={"kabul": {"anna": 1, "bob": 1}})
    step = turn(state, {"actions": [BUY_CHECK]}, seat="anna")
    assert _scores(step.state) == {"anna": 4, "bob": 4, "cati": 0}
    assert GAME.result(step.state).winners == ("bob",)
