"""Rulebook, III/II. Plunder: water from the Excavate and Expand players, the supply covering what they lack."""

from __future__ import annotations

from x5_helpers import make_state, play, water_of


def test_plunder_steals_from_excavate_and_expand_players_only():
    """Plunder: "Steal water from the players who played Excavate and Expand", not from Drill or Scout players."""
    state = make_state(5)
    step = play(state, {"anna": {"action": "plunder"}, "bob": {"action": "excavate", "bid": 1},
                        "cora": {"action": "expand"}, "dan": {"action": "drill"}, "eve": {"action": "scout"}},
                rolls=[1, 2])
    # bob's lone bid of 1 does not beat the roll of 1: he pays 1, then 2 to anna; cora pays 2; eve scouts 2.
    assert water_of(step) == {"anna": 9, "bob": 2, "cora": 3, "dan": 9, "eve": 7}


def test_plunder_a_victim_without_water_the_supply_pays_the_plunderer():
    """Plunder: "If a player does not have enough water tokens, you receive the missing ones from the common supply"."""
    state = make_state(3, water=(0, 5, 5))
    step = play(state, {"anna": {"action": "expand"}, "bob": {"action": "plunder"}, "cora": {"action": "drill"}})
    assert water_of(step) == {"anna": 0, "bob": 7, "cora": 9}
