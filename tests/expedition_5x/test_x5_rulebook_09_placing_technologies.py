"""Rulebook, Placing Technologies and the Rules for Connecting Technology Cards."""

from __future__ import annotations

import pytest
from x5_helpers import make_state, play, water_of

from games.expedition_5x import GAME
from games.expedition_5x.state import Group

DRILL, EXPAND = {"action": "drill"}, {"action": "expand"}


def _win(state, wish, roll=0):
    """anna bids 4 alone (always more than the die) for the wished card; bob and cora expand."""
    order = {"action": "excavate", "bid": 4, "wishes": [wish]}
    assert GAME.check(state, "anna", order) == []
    return play(state, {"anna": order, "bob": EXPAND, "cora": EXPAND}, rolls=[roll]).state


def _rows(state, seat="anna"):
    return [(g.cards, g.tops) for g in state.players[seat].tableau]


def test_placing_a_technology_may_stand_alone_even_when_it_could_connect():
    """Placing Technologies: a card is placed "either separately or by connecting it"; any number may lie apart."""
    state = _win(make_state(3, market=("T01", "T02")), {"card": "T01", "left": "none"})
    assert _rows(state) == [(["S1"], []), (["T01"], [])]


@pytest.mark.parametrize(("top", "gain", "points"), [("new", 1, 1 + 3), ("old", 2, 1 + 1 + 1)])
def test_placing_on_top_or_underneath_at_your_choice_the_symbol_on_top_is_active(top, gain, points):
    """Connecting: the new card goes "either on top of or underneath the other card. The symbol that is on top becomes
    the active one" (and only the top card's edge crystal is between two laurel branches)."""
    # T01's left side (Drill: take 1; green edge) meets T14's right side (Drill: 1 per Drill card; purple edge).
    state = make_state(3, market=("T01", "T02"))
    state.players["anna"].tableau = [Group(["S1"]), Group(["T14"])]
    state = _win(state, {"card": "T01", "left": "T14", "left_top": top})
    assert _rows(state)[1] == (["T14", "T01"], ["right" if top == "new" else "left"])
    assert GAME.scores(state)["anna"] == points
    after = play(state, {"anna": DRILL, "bob": DRILL, "cora": EXPAND})
    assert water_of(after)["anna"] == state.players["anna"].water + gain + 2


def test_placing_a_new_card_joins_the_settlement_and_a_technology_and_the_group_grows_only_as_a_whole():
    """Connecting: a card attaches "to the settlement card and/or to a technology card"; groups "cannot be separated"
    and take new cards "only as a whole"."""
    state = make_state(3, market=("T01", "T03"))
    state.players["anna"].tableau = [Group(["S1"]), Group(["T02"])]
    state = _win(state, {"card": "T01", "left": "settlement", "right": "T02",
                         "right_top": "new"})
    assert _rows(state) == [(["S1", "T01", "T02"], ["right", "left"])]  # T01 on top at both junctions
    anna = state.players["anna"]
    anna.hand, anna.discards, anna.water = ["excavate", "expand"], [], 5  # as after an Expand
    state = _win(state, {"card": "T03", "left": "T02"})  # T02's free Expand side meets T03's Expand side
    assert [g.cards for g in state.players["anna"].tableau] == [["S1", "T01", "T02", "T03"]]


def test_placing_a_card_cannot_attach_to_the_middle_of_a_group():
    """Connecting: groups are attached "only as a whole": a covered side inside a group takes no new card."""
    # S1's Drill side is taken by T01; T06 (Drill on its left) cannot reach it, and nothing else shows Drill.
    state = make_state(3, market=("T06", "T02"))
    state.players["anna"].tableau = [Group(["S1", "T01"], ["right"])]
    problems = GAME.check(state, "anna", {"action": "excavate", "bid": 1, "wishes": [{"card": "T06", "left": "S1"}]})
    assert [p.path for p in problems] == [("wishes", 0, "left")]
    assert "no group of yours shows Drill on its right end" in problems[0].message


def test_placing_needs_a_common_symbol_on_opposite_sides():
    """Connecting: cards connect "if these two cards have a common basic action symbol on opposite sides"."""
    # T04: Excavate left, Plunder right; Dune Hollow (S1): Excavate left, Drill right. Same symbol, same side: no.
    state = make_state(3, market=("T04", "T02"))
    problems = GAME.check(state, "anna", {"action": "excavate", "bid": 1,
                                          "wishes": [{"card": "T04", "right": "settlement"}]})
    assert [p.path for p in problems] == [("wishes", 0, "right")]
    state = _win(state, "T04")
    assert _rows(state) == [(["S1"], []), (["T04"], [])]
