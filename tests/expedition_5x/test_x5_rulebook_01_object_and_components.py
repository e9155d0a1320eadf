"""Rulebook, Object of the Game and Components: one action a round, an unlimited common water supply."""

from __future__ import annotations

from x5_helpers import make_state, play, water_of

from games.expedition_5x import GAME


def test_object_each_round_a_clan_performs_one_action_out_of_five():
    """Object of the Game: "In each round you may perform one action out of five possible"."""
    state = make_state(3)
    assert [(p.seat, p.kind) for p in GAME.prompts(state)] == [(s, "action") for s in state.seats]
    problems = GAME.check(state, "anna", {"action": ["drill", "scout"]})
    assert [p.path for p in problems] == [("action",)]
    assert "you can play: excavate, drill, plunder, scout, expand" in problems[0].message


def test_components_the_common_water_supply_is_not_limited():
    """Game Setup: the common supply's "number is not limited": with all 50 tokens behind screens, Drill still pays."""
    state = make_state(5, water=10)
    step = play(state, {"anna": {"action": "drill"}, "bob": {"action": "expand"}, "cora": {"action": "expand"},
                        "dan": {"action": "expand"}, "eve": {"action": "expand"}})
    assert water_of(step)["anna"] == 14
    assert sum(water_of(step).values()) == 54
