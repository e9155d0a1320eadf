"""Rulebook "Dominance Checks", "Faction Scoring", "Player Scoring" and "Objective Token" share this position
builder: check 1 (faction 5/3/1, player 3/1, objective 2 then to Tycho Station) bought from the free column."""

from __future__ import annotations

from px_rulebook import data, market, put, table, turn

from games.pax_expanse.state import GameState

BUY_CHECK = {"actions": [{"action": "purchase", "row": 1, "column": 1}]}


def check_table() -> GameState:
    state = table()
    market(state, [101, 1], [21])
    return state


def test_a_faction_controlling_more_regions_than_each_other_brings_faction_scoring() -> None:
    """"check to see if one faction controls more regions than each other faction. If so, then faction scoring will
    take place"."""
    state = check_table()
    put(state, "fleets", "earth", "un", 1)
    put(state, "fleets", "mars", "un", 1)
    put(state, "fleets", "tycho", "mcr", 1)
    step = turn(state, BUY_CHECK)
    assert data(step, "dominance-check")[0]["faction"] == "un"
    assert step.state.players["anna"].vp == 5


def test_a_tie_for_most_regions_brings_player_scoring() -> None:
    """"If there is a tie between two or more factions for control of the most regions, then player scoring will
    take place instead"."""
    state = check_table()
    put(state, "fleets", "earth", "un", 1)
    put(state, "fleets", "tycho", "mcr", 1)
    put(state, "supporters", "jupiter", "cleo", 1)
    step = turn(state, BUY_CHECK)
    assert data(step, "dominance-check")[0]["faction"] is None
    assert step.state.players["cleo"].vp == 3 and step.state.players["anna"].vp == 0


def test_no_faction_controlling_anything_is_a_tie_too() -> None:
    """Every faction on no region ties for the most: player scoring."""
    state = check_table()
    put(state, "supporters", "mars", "ben", 1)
    step = turn(state, BUY_CHECK)
    assert data(step, "dominance-check")[0]["faction"] is None and step.state.players["ben"].vp == 3


def test_a_single_faction_controlling_one_region_is_dominant() -> None:
    """Dominance Checks: "check to see if one faction controls more regions than each other faction": one region
    against none is more, so faction scoring takes place (passes)."""
    state = table()
    market(state, [101, 1], [21])
    put(state, "fleets", "mars", "mcr", 1)
    step = turn(state, BUY_CHECK)
    assert step.state.players["ben"].vp == 5 and step.state.players["anna"].vp == 0
