"""Rulebook "Objective Token": the player controlling the objective's region scores the check's objective points,
whatever else was scored, then the objective moves as the check says."""

from __future__ import annotations

from px_rulebook import market, put, table, turn

BUY_CHECK = {"actions": [{"action": "purchase", "row": 1, "column": 1}]}


def test_the_player_controlling_the_objectives_region_scores_and_it_moves_on() -> None:
    """"the player (not faction) who controls the region containing the current objective token scores the related
    points ... Then move the Objective token to the region stated at the bottom of the Dominance Check card"."""
    state = table()
    market(state, [101, 1], [21])
    put(state, "supporters", "belt", "cleo", 1)
    put(state, "fleets", "earth", "un", 1)  # faction scoring for the UN: cleo (OPA) scores nothing else
    step = turn(state, BUY_CHECK)
    assert step.state.players["cleo"].vp == 2
    assert step.state.objective == "tycho"


def test_the_objective_scores_on_top_of_other_points() -> None:
    """"This is completely independent of whether that player scored any other VPs earlier during the Dominance
    Check"."""
    state = table()
    market(state, [101, 1], [21])
    put(state, "supporters", "belt", "anna", 1)
    put(state, "fleets", "earth", "un", 1)
    step = turn(state, BUY_CHECK)
    assert step.state.players["anna"].vp == 5 + 2


def test_nobody_controlling_the_region_nobody_scores_it() -> None:
    """A faction's control of the objective's region scores nothing: it is the player's control that counts."""
    state = table()
    market(state, [101, 1], [21])
    put(state, "fleets", "belt", "opa", 2)
    step = turn(state, BUY_CHECK)
    assert {p.vp for p in step.state.players.values()} == {0, 5}
    assert step.state.players["cleo"].vp == 5 and step.state.objective == "tycho"
