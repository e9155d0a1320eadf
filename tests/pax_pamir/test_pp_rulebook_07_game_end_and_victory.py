"""Rulebook, Game End and Victory (and the Overview's Game End): the early win and the final check's winner."""

from __future__ import annotations

import pytest
from pp_helpers import position, turn

from games.pax_pamir import GAME
from games.pax_pamir.state import GameState

COMPANY_WEAPONS = 31  # Punjab military rank 1
SINDHI_WARRIORS = 34  # Punjab military rank 1
AKALI_SIKHS = 38  # Punjab military rank 2
EUROPEAN_CANNONS = 98  # Transcaspia military rank 3
CHECK_FIRST = [[101, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12]]


def _scores(state: GameState) -> list[int]:
    return [state.players[s].score for s in ("anna", "bob", "cati")]


def _buy_check(state: GameState) -> GameState:
    """The current seat buys the Dominance Check in the free leftmost column."""
    return turn(state, {"actions": [{"action": "purchase", "row": 1, "column": 1}]}).state


def test_no_early_win_when_two_players_share_the_lead_even_four_ahead_of_the_rest() -> None:
    """Game End and Victory: the game ends early only if a single player leads all others by at least four."""
    state = position(market=CHECK_FIRST, deck=[20, 102, 103, 104], current="cati")
    state.players["anna"].score, state.players["bob"].score = 3, 5
    state.tribes = {"kabul": {"anna": 2}, "herat": {"bob": 1}}
    new = _buy_check(state)
    assert _scores(new) == [6, 6, 0]
    assert new.phase == "turns" and new.winners == []


def test_an_early_win_after_a_check_resolved_at_cleanup_ends_the_game_at_once() -> None:
    """Game End and Victory: if, after any Dominance Check (here one discarded from the market at cleanup), a single
    player leads all others by at least four, that player wins immediately."""
    state = position(market=CHECK_FIRST, deck=[20, 102, 103, 104], current="bob")
    state.players["anna"].score = 2
    state.tribes = {"kabul": {"anna": 2, "bob": 1}}
    step = turn(state, {})
    assert _scores(step.state) == [5, 1, 0]
    assert step.state.phase == "over" and step.state.winners == ["anna"]
    assert GAME.result(step.state).winners == ("anna",)
    assert GAME.prompts(step.state) == []


def test_after_the_final_check_the_most_points_win_without_a_four_point_lead() -> None:
    """Game End and Victory: after the deck's final Dominance Check is resolved, the most victory points win."""
    state = position(market=CHECK_FIRST, deck=[20], current="cati")
    state.players["anna"].score, state.players["bob"].score = 10, 9
    state.tribes = {"kabul": {"anna": 1, "bob": 1, "cati": 2}}
    new = _buy_check(state)
    assert _scores(new) == [11, 10, 6]  # final: doubled to 6 and 2, the tied second places share 2
    assert new.phase == "over" and GAME.result(new).winners == ("anna",)


def test_the_final_tie_break_weighs_military_stars_only_among_the_tied_players() -> None:
    """Game End and Victory: ties are broken by most red stars in court among tied players: Cati's three red stars
    do not matter, she is not tied; Bob's two beat Anna's one."""
    state = position(market=CHECK_FIRST, deck=[20], current="cati",
                     courts={"anna": [COMPANY_WEAPONS], "bob": [AKALI_SIKHS], "cati": [EUROPEAN_CANNONS]},
                     rupees={"anna": 9, "bob": 0, "cati": 9})
    state.players["anna"].score = state.players["bob"].score = 10
    state.tribes = {"kabul": {"anna": 1, "bob": 1, "cati": 2}}
    new = _buy_check(state)
    assert _scores(new) == [11, 11, 6]
    assert GAME.result(new).winners == ("bob",)


@pytest.mark.parametrize(("bob_rupees", "winners"), [(5, ("bob",)), (3, ("anna", "bob"))])
def test_with_equal_military_stars_most_rupees_win_and_a_last_tie_is_shared(
        bob_rupees: int, winners: tuple[str, ...]) -> None:
    """Game End and Victory: then most rupees. The overview's last tie-break (the best chopan kebab) cannot be
    played by mail: players still tied share the victory."""
    state = position(market=CHECK_FIRST, deck=[20], current="cati",
                     courts={"anna": [COMPANY_WEAPONS], "bob": [SINDHI_WARRIORS]},
                     rupees={"anna": 3, "bob": bob_rupees, "cati": 9})
    state.players["anna"].score = state.players["bob"].score = 10
    state.tribes = {"kabul": {"anna": 1, "bob": 1, "cati": 2}}
    new = _buy_check(state)
    assert _scores(new)[:2] == [11, 11]
    assert GAME.result(new).winners == winners


def test_an_early_win_in_the_middle_of_a_turn_ends_it_before_the_next_action() -> None:
    """Game End and Victory: the player who leads all others by four after a check 'wins immediately': a check
    bought as the first action ends the game, and the second action is never taken."""
    state = position(market=CHECK_FIRST, deck=[20, 102, 103, 104])
    state.players["anna"].score = 1
    state.tribes = {"kabul": {"anna": 2}}
    second = state.market[1][0]
    step = turn(state, {"actions": [{"action": "purchase", "row": 1, "column": 1},
                                    {"action": "purchase", "row": 2, "column": 1}]})
    assert step.state.phase == "over" and GAME.result(step.state).winners == ("anna",)
    assert _scores(step.state) == [4, 0, 0]
    assert step.state.players["anna"].hand == [] and step.state.market[1][0] == second
