"""End of the game: crystal sets, jokers, water, the scoring example and ties."""

from __future__ import annotations

import pytest
from x5_helpers import make_state

from games.expedition_5x import GAME
from games.expedition_5x.scoring import crystal_points, set_points, water_points
from games.expedition_5x.state import OVER, Group


@pytest.mark.parametrize(("count", "points"), [(0, 0), (1, 1), (2, 3), (3, 6), (4, 10), (5, 15), (6, 21)])
def test_end_of_game_crystal_table(count, points):
    assert set_points(count) == points


def test_end_of_game_more_than_6_of_a_type_still_21():
    assert crystal_points(["green"] * 9) == 21


def test_end_of_game_scoring_example_19vp():
    # Katya: 3 blue, 3 green, 1 purple and a joker counted as blue; 5 water.
    crystals = ["blue"] * 3 + ["green"] * 3 + ["purple", "X"]
    assert crystal_points(crystals) == 10 + 6 + 1
    assert crystal_points(crystals) + water_points(5) == 19


def test_end_of_game_water_1vp_per_2():
    assert [water_points(w) for w in (0, 1, 2, 5, 11)] == [0, 0, 1, 2, 5]


def test_end_of_game_several_jokers_go_where_they_score_most():
    assert crystal_points(["X", "X"]) == 3  # both on one colour
    assert crystal_points(["blue", "blue", "green", "X", "X"]) == 10 + 1
    assert crystal_points(["blue"] * 5 + ["X"] * 3) == 21 + 3  # one joker fills blue to 6, two pair up elsewhere
    assert crystal_points(["X"] * 7) == 21 + 1  # 6 + 1 beats 4 + 3 (16) and 5 + 2 (18)


def _over(water, tableaus):
    state = make_state(3, water=water, market=())
    state.stage, state.round, state.deck = OVER, 15, []
    for seat, groups in zip(state.seats, tableaus, strict=True):
        state.players[seat].tableau = [Group(list(g)) for g in groups]
    return state


def test_end_of_game_most_points_wins():
    result = GAME.result(_over((4, 4, 4), [[["S1"], ["T01"]], [["S2"]], [["S3"]]]))
    assert result.scores == {"anna": 3, "bob": 2, "cora": 2} and result.winners == ("anna",)


def test_end_of_game_tie_goes_to_the_most_water():
    result = GAME.result(_over((3, 2, 1), [[["S1"]], [["S2"], ["T01"]], [["S3"]]]))
    assert result.scores == {"anna": 1, "bob": 2, "cora": 0} and result.winners == ("bob",)
    result = GAME.result(_over((5, 4, 0), [[["S1"]], [["S2"], ["T01"]], [["S3"]]]))
    assert result.scores == {"anna": 2, "bob": 3, "cora": 0} and result.winners == ("bob",)
    result = GAME.result(_over((4, 2, 0), [[["S1"]], [["S2"], ["T01"]], [["S3"]]]))
    assert result.scores["anna"] == result.scores["bob"] == 2 and result.winners == ("anna",)


def test_end_of_game_full_tie_is_a_shared_victory():
    result = GAME.result(_over((4, 4, 1), [[["S1"]], [["S2"]], [["S3"]]]))
    assert result.winners == ("anna", "bob")


def test_scores_so_far_count_crystals_only():
    state = make_state(3, water=(40, 0, 0))
    state.players["bob"].tableau = [Group(["S2"]), Group(["T01"])]
    assert GAME.scores(state) == {"anna": 0, "bob": 1, "cora": 0}
    assert "crystals only" in GAME.view(state, None)["scores_note"]


def test_end_of_game_scores_become_the_final_totals():
    state = _over((5, 4, 1), [[["S1"], ["T01"]], [["S2"]], [["S3"]]])
    assert GAME.scores(state) == {"anna": 1 + 2, "bob": 2, "cora": 0}
    assert "final scores add 1 point per 2 water" in GAME.view(state, None)["scores_note"]
