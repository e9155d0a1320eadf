"""Rulebook, End of the Game: VP for water and for activated crystals by type, the joker, ties, the example."""

from __future__ import annotations

from x5_helpers import make_state, play

from games.expedition_5x import GAME
from games.expedition_5x.state import OVER, Group

DRILL, EXPAND = {"action": "drill"}, {"action": "expand"}


def _last_round(tableau, water=(5, 5, 5)):
    """Round 15 with anna's play area as given; anna expands (none of these cards improves it), the others drill."""
    state = make_state(3, water=water, market=("T01", "T02"), deck=(), round_=15)
    state.players["anna"].tableau = [Group(list(cards), list(tops)) for cards, tops in tableau]
    step = play(state, {"anna": EXPAND, "bob": DRILL, "cora": DRILL})
    assert step.state.stage == OVER and GAME.prompts(step.state) == []
    return step


def test_example_of_scoring_katya_ends_with_19_vp():
    """Example of Scoring: 3 blue, 3 green, 1 purple and a joker counted as blue: 10 + 6 + 1, and 2 VP for 5 water."""
    # A legal play area giving exactly those activated crystals: centres green (T05, T11, T08), purple (T09) and
    # blue (T10); edges on top of another technology: T05's blue (over T11), T08's joker (over T11), T09's blue
    # (over T10). T11's, T08's right and T10's edge crystals are covered.
    step = _last_round([(["S1"], []), (["T05", "T11", "T08", "T09", "T10"], ["left", "right", "right", "left"])])
    result = GAME.result(step.state)
    katya = result.detail["anna"]
    assert katya["crystals"] == sorted(["blue"] * 3 + ["green"] * 3 + ["purple", "X"])
    assert (katya["crystal_points"], katya["water"], katya["water_points"]) == (17, 5, 2)
    assert result.scores["anna"] == 19 and result.winners == ("anna",)
    # The screens are lifted: everyone now sees everyone's water.
    public = {e["seat"]: (e["water"], e["water_points"]) for e in GAME.view(step.state, None)["players"]}
    assert public == {"anna": (5, 2), "bob": (7, 3), "cora": (7, 3)}


def test_end_only_activated_crystals_earn_vp():
    """End of the Game: "Only activated crystals (surrounded by laurel-wreath branches on both sides) earn VP"."""
    # T01 over T14 activates T01's green edge; T14's purple edge is covered; T01's right side is free (no crystal),
    # T14's left side is free; T11 on top of the settlement's Drill side: its purple edge has no laurel branch.
    step = _last_round([(["S1", "T11"], ["right"]), (["T14", "T01"], ["right"])])
    detail = GAME.result(step.state).detail["anna"]
    assert detail["crystals"] == ["blue", "green", "green", "green"]
    assert detail["crystal_points"] == 1 + 6


def test_end_the_joker_counts_as_the_type_where_it_scores():
    """End of the Game: "The crystal marked X is a joker; you may count it as a crystal of any type"."""
    # T08's joker on top of T04's Plunder side: blue (T04), green (T08) and X. As blue or green: 3 + 1.
    step = _last_round([(["S1"], []), (["T04", "T08"], ["right"])])
    detail = GAME.result(step.state).detail["anna"]
    assert detail["crystals"] == ["X", "blue", "green"] and detail["crystal_points"] == 4


def test_end_a_tie_in_vp_goes_to_the_most_water_even_within_the_same_water_vp():
    """End of the Game: "In case of a tie, the contender who has the most water tokens in their personal supply wins"."""
    # anna: 1 crystal + 3 VP for 7 water; bob: 1 crystal + 3 VP for 6 water. cora drills too and ends with 2 water.
    state = make_state(3, water=(7, 4, 0), market=("T01", "T02"), deck=(), round_=15)
    state.players["anna"].tableau = [Group(["S1"]), Group(["T01"])]
    state.players["bob"].tableau = [Group(["S2"]), Group(["T03"])]
    step = play(state, {"anna": EXPAND, "bob": DRILL, "cora": DRILL})
    result = GAME.result(step.state)
    assert {s: step.state.players[s].water for s in state.seats} == {"anna": 7, "bob": 6, "cora": 2}
    assert result.scores == {"anna": 4, "bob": 4, "cora": 1} and result.winners == ("anna",)
