"""Placing technologies: connecting by common symbols, on top or underneath, groups, crystal activation."""

from __future__ import annotations

from x5_helpers import make_state, play

from games.expedition_5x import GAME
from games.expedition_5x.cards import cards
from games.expedition_5x.placing import best_placement
from games.expedition_5x.state import Group
from games.expedition_5x.tableau import (
    Placement,
    active_crystals,
    active_improvements,
    left_attachments,
    place,
    placements,
    right_attachments,
)

DECK = cards()


def _rows(tableau):
    return [(g.cards, g.tops) for g in tableau]


def test_placing_connects_only_by_a_common_symbol_on_opposite_sides():
    settlement = [Group(["S1"])]  # Dune Hollow: Excavate on the left, Drill on the right
    assert left_attachments(settlement, DECK, "T01") == ["S1"]  # T01's left side shows Drill
    assert right_attachments(settlement, DECK, "T01") == []  # T01's right side shows Scout
    assert right_attachments(settlement, DECK, "T04") == []  # T04: Excavate left, Plunder right
    assert right_attachments(settlement, DECK, "T09") == ["S1"]  # T09's right side shows Excavate
    assert [(p.left, p.right) for p in placements(settlement, DECK, "T04")] == [(None, None)]  # only on its own


def test_placing_on_top_makes_the_new_symbol_active_and_activates_its_edge_crystal():
    # T01's left side (Drill, green edge crystal) on top of Rover Tracks' right side (Drill, purple edge crystal).
    tableau = place([Group(["T14"])], Placement("T01", left="T14", left_top="new"))
    assert _rows(tableau) == [(["T14", "T01"], ["right"])]
    assert [(c, s.action) for c, s in active_improvements(tableau, DECK)] == [
        ("T14", "scout"), ("T01", "drill"), ("T01", "scout")]
    assert sorted(active_crystals(tableau, DECK)) == ["blue", "green", "green"]
    under = place([Group(["T14"])], Placement("T01", left="T14", left_top="old"))
    assert sorted(active_crystals(under, DECK)) == ["blue", "green", "purple"]  # now T14's edge crystal shows


def test_activating_crystals_on_top_of_a_settlement_activates_no_edge_crystal():
    # "Only by connecting them to the edges of other technology cards": a settlement has no laurel branch.
    tableau = place([Group(["S1"])], Placement("T01", left="S1", left_top="new"))
    assert _rows(tableau) == [(["S1", "T01"], ["right"])]
    assert [(c, s.action) for c, s in active_improvements(tableau, DECK)] == [("T01", "drill"), ("T01", "scout")]
    assert active_crystals(tableau, DECK) == ["blue"]


def test_placing_underneath_covers_the_symbol_and_the_edge_crystal():
    tableau = place([Group(["S1"])], Placement("T01", left="S1", left_top="old"))
    assert _rows(tableau) == [(["S1", "T01"], ["left"])]
    assert [(c, s.action) for c, s in active_improvements(tableau, DECK)] == [("T01", "scout")]
    assert active_crystals(tableau, DECK) == ["blue"]


def test_placing_between_two_technologies_the_top_card_keeps_its_corner():
    # T01 right side (Scout, no crystal) meets T02 left side (Scout, no crystal); T02 goes underneath.
    tableau = place([Group(["T01"])], Placement("T02", left="T01", left_top="old"))
    corners = [(c, s.action, s.improvement) for c, s in active_improvements(tableau, DECK)]
    assert corners == [("T01", "drill", "water"), ("T01", "scout", "die"), ("T02", "expand", "steal")]


def test_placing_separately_keeps_both_corners_and_only_the_central_crystal():
    tableau = place([Group(["S1"])], Placement("T03"))
    assert _rows(tableau) == [(["S1"], []), (["T03"], [])]
    assert len(active_improvements(tableau, DECK)) == 2
    assert active_crystals(tableau, DECK) == ["purple"]


def test_placing_a_new_card_joins_groups_on_both_sides_at_once():
    tableau = [Group(["T14"]), Group(["T02"])]  # T14 ends in Drill on its right, T02 starts with Scout on its left
    joined = place(tableau, Placement("T01", left="T14", left_top="new", right="T02", right_top="old"))
    assert _rows(joined) == [(["T14", "T01", "T02"], ["right", "right"])]
    # T01 is on top on its left (green edge crystal active), underneath T02 on its right (no crystal there).
    assert sorted(active_crystals(joined, DECK)) == ["blue", "green", "green", "green"]


def test_placing_groups_attach_only_as_a_whole_at_their_ends():
    tableau = [Group(["S1", "T01"], ["right"])]
    # Dune Hollow's Drill side is inside the group now: another Drill-left card cannot reach it.
    assert left_attachments(tableau, DECK, "T06") == []
    assert left_attachments(tableau, DECK, "T02") == ["T01"]  # the group's right end shows Scout
    # A card cannot join the same group on both sides: T14 shows Scout left and Drill right.
    ring = [Group(["T14"])]
    sides = {(p.left, p.right) for p in placements(ring, DECK, "T01")}
    assert sides == {("T14", None), (None, "T14"), (None, None)}


def test_placing_in_an_order_same_group_on_both_sides_is_a_problem():
    state = make_state(3, market=("T01", "T02"))
    state.players["anna"].tableau = [Group(["S1"]), Group(["T14"])]
    problems = GAME.check(state, "anna", {"action": "excavate", "bid": 1,
                                         "wishes": [{"card": "T01", "left": "T14", "right": "T14"}]})
    assert [(p.path, p.message) for p in problems] == [
        (("wishes", 0), "T01 cannot be placed like this: both sides would join the same group")]


def test_placing_the_wish_placement_is_followed():
    state = make_state(3, market=("T01", "T02"))
    order = {"action": "excavate", "bid": 2, "wishes": [{"card": "T01", "left": "settlement", "left_top": "old"}]}
    step = play(state, {"anna": order, "bob": {"action": "drill"}, "cora": {"action": "drill"}}, rolls=[0])
    assert _rows(step.state.players["anna"].tableau) == [(["S1", "T01"], ["left"])]


def test_placing_default_policy_activates_the_most_crystals():
    tableau = [Group(["S1"]), Group(["T14"]), Group(["T02"])]
    best = best_placement(tableau, "T01", DECK)
    # Joining T14 on top activates T01's green edge; the T02 junction scores the same either way, new on top first.
    assert (best.left, best.left_top, best.right, best.right_top) == ("T14", "new", "T02", "new")
    assert sorted(active_crystals(place(tableau, best), DECK)) == ["blue", "green", "green", "green"]


def test_activating_crystals_central_always_edge_only_by_connection():
    tableau = [Group(["T03"]), Group(["T10"])]
    assert sorted(active_crystals(tableau, DECK)) == ["blue", "purple"]  # two centres, no edges
