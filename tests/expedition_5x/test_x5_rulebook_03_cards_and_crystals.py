"""Rulebook, Action Card / Technology Card Description and Activating Crystals."""

from __future__ import annotations

from x5_helpers import make_state, play, water_of

from games.expedition_5x import GAME
from games.expedition_5x.state import Group

DRILL, EXPAND = {"action": "drill"}, {"action": "expand"}


def _tableau(state, seat, *rows):
    state.players[seat].tableau = [Group(list(cards), list(tops)) for cards, tops in rows]
    return state


def test_action_cards_resolve_lowest_number_first_drill_before_expand():
    """Action Card Description A: cards resolve "starting with the card with the lowest number".

    bob starts dry; he drills (2) before anna's Expand improvement (T02: steal 1 from each Drill player) acts.
    """
    state = _tableau(make_state(3, water=(5, 0, 5)), "anna", (["S1"], []), (["T02"], []))
    step = play(state, {"anna": EXPAND, "bob": DRILL, "cora": DRILL})
    assert water_of(step) == {"anna": 7, "bob": 1, "cora": 6}


def test_a_technology_card_improves_two_basic_actions():
    """Technology Card Description D: "A technology card you acquire can improve the effects of 2 basic actions"."""
    # T01 on its own: Drill (take 1 water) on the left, Scout (roll the die) on the right.
    state = _tableau(make_state(3), "anna", (["S1"], []), (["T01"], []))
    state = play(state, {"anna": DRILL, "bob": EXPAND, "cora": EXPAND}).state
    assert state.players["anna"].water == 5 + 1 + 4
    state = play(state, {"anna": {"action": "scout"}, "bob": EXPAND, "cora": EXPAND}, rolls=[2, 1]).state
    assert state.players["anna"].water == 10 + 2 + 1


def test_activating_crystals_the_central_crystal_is_already_activated():
    """Activating Crystals: "The central crystal of a technology card is already activated"."""
    # T01 alone: blue centre; its green edge crystal has no neighbour and stays inactive.
    state = _tableau(make_state(3), "anna", (["S1"], []), (["T01"], []))
    assert GAME.scores(state)["anna"] == 1
    assert GAME.view(state, None)["players"][0]["crystals"] == ["blue"]


def test_activating_crystals_an_edge_crystal_needs_the_edge_of_another_technology():
    """Activating Crystals: edge crystals "can be activated only by connecting them to the edges of other technology cards"."""
    # T01's Drill side with its green edge crystal on top of T14's Drill side: 2 laurel branches surround it.
    connected = _tableau(make_state(3), "anna", (["S1"], []), (["T14", "T01"], ["right"]))
    assert sorted(GAME.view(connected, None)["players"][0]["crystals"]) == ["blue", "green", "green"]
    assert GAME.scores(connected)["anna"] == 1 + 3
    # The same side on top of the settlement's Drill side: no technology edge, so no laurel branch.
    on_settlement = _tableau(make_state(3), "anna", (["S1", "T01"], ["right"]), (["T14"], []))
    assert sorted(GAME.view(on_settlement, None)["players"][0]["crystals"]) == ["blue", "green"]
