"""Rulebook, III/I. Using Improvements: only for the card you played, first, and each visible one."""

from __future__ import annotations

from x5_helpers import make_state, play, water_of

from games.expedition_5x.state import Group

DRILL, EXPAND, PLUNDER, SCOUT = {"action": "drill"}, {"action": "expand"}, {"action": "plunder"}, {"action": "scout"}


def _tableau(state, seat, *rows):
    state.players[seat].tableau = [Group(list(cards), list(tops)) for cards, tops in rows]
    return state


def test_improvements_apply_only_to_the_action_card_you_played():
    """III/I: "Check whether you have technologies that can improve the action card you played"."""
    # T01 on its own improves Drill (take 1) and Scout (roll the die); anna plays Plunder and nobody is plundered.
    state = _tableau(make_state(3), "anna", (["S1"], []), (["T01"], []))
    step = play(state, {"anna": PLUNDER, "bob": DRILL, "cora": SCOUT}, rolls=[0])
    assert water_of(step)["anna"] == 5
    assert not [e for e in step.events if e.data.get("kind") == "improve"]


def test_improvements_every_visible_improvement_for_the_action_is_used():
    """III/I: "If you do, use their corresponding improvements" (all of them, from every technology)."""
    # T01 (Drill: take 1) and T14 (Drill: 1 per Drill card) both on their own; anna drills alone.
    state = _tableau(make_state(3), "anna", (["S1"], []), (["T01"], []), (["T14"], []))
    step = play(state, {"anna": DRILL, "bob": EXPAND, "cora": EXPAND})
    assert water_of(step)["anna"] == 5 + 1 + 1 + 4


def test_improvements_a_count_gives_nothing_when_no_card_of_the_type_was_played():
    """III/I: 1 water "for each action card of the indicated type that was played this round": none, nothing."""
    # T04's right corner: Plunder, 1 water per Expand card played; nobody plays Expand or Excavate.
    state = _tableau(make_state(3), "anna", (["S1"], []), (["T04"], []))
    step = play(state, {"anna": PLUNDER, "bob": DRILL, "cora": DRILL})
    assert water_of(step) == {"anna": 5, "bob": 7, "cora": 7}


def test_improvements_a_steal_is_used_before_the_basic_action():
    """III: "you must first use the improvement effects ... and then perform the basic action itself"."""
    # T11's left corner: Drill, steal 1 from each Plunder player. bob plunders nobody (no Excavate/Expand).
    state = _tableau(make_state(3), "anna", (["S1"], []), (["T11"], []))
    step = play(state, {"anna": DRILL, "bob": PLUNDER, "cora": DRILL})
    assert water_of(step) == {"anna": 5 + 1 + 2, "bob": 4, "cora": 7}
    kinds = [e.data["kind"] for e in step.events if e.data.get("kind") in ("steal", "drill")]
    assert kinds.index("drill") > max(i for i, k in enumerate(kinds) if k == "steal")


def test_improvements_a_card_placed_separately_still_improves_its_actions():
    """Placing Technologies: a card placed "either separately or by connecting" lets its effect be used."""
    # T09 alone: Scout (1 water per Scout card) and Excavate (roll the die).
    state = _tableau(make_state(3), "anna", (["S1"], []), (["T09"], []))
    step = play(state, {"anna": SCOUT, "bob": SCOUT, "cora": EXPAND}, rolls=[0, 0])
    assert water_of(step)["anna"] == 5 + 2
