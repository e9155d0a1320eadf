"""Dominance Checks, instability's scoring and the game's end, after the rulebook's sections."""

from __future__ import annotations

import pytest
from px_helpers import position, put, turn_context

from games.pax.dominance import GameOver
from games.pax_expanse import dominance
from games.pax_expanse.state import Effect


def test_dominance_check_faction_scoring_by_reputation() -> None:
    state = position(seats=("anna", "ben", "cleo", "dan"), loyalty={"anna": "un", "ben": "un", "cleo": "un",
                                                                     "dan": "mcr"},
                     networks={"anna": [2, 3], "ben": [5], "dan": [33, 34]})
    put(state, "fleets", "earth", "un", 1)
    put(state, "fleets", "mars", "un", 1)
    put(state, "fleets", "belt", "mcr", 1)
    assert dominance.dominant_faction(state) == "un"
    assert dominance.faction_scoring(state, "un", (5, 3, 1)) == {"anna": 5, "ben": 3, "cleo": 1}


def test_dominance_check_faction_scoring_war_stars_break_ties_then_split() -> None:
    # anna and ben both have 1 UN loyalist; anna's war stars (15 is war 3) put her first.
    state = position(loyalty={"anna": "un", "ben": "un", "cleo": "un"}, networks={"anna": [2, 14], "ben": [3]})
    state.players["anna"].network = [5, 15]  # UN loyalists both: reputation 2, war stars 3
    state.players["ben"].network = [2, 3]  # reputation 2, no war stars
    state.players["cleo"].network = [6, 19]  # reputation 2, war stars 1 + 1
    assert dominance.faction_scoring(state, "un", (5, 3, 1)) == {"anna": 5, "cleo": 3, "ben": 1}
    state.players["cleo"].network = [5]
    state.players["ben"].network = [3]
    assert dominance.faction_scoring(state, "un", (5, 3, 1)) == {"anna": 5, "ben": 2, "cleo": 2}


def test_dominance_check_tie_between_factions_means_player_scoring() -> None:
    state = position(loyalty={"anna": "un", "ben": "mcr", "cleo": "opa"})
    put(state, "fleets", "earth", "un", 1)
    put(state, "fleets", "mars", "mcr", 1)
    assert dominance.dominant_faction(state) is None
    put(state, "supporters", "earth", "anna")
    put(state, "supporters", "mars", "ben")
    put(state, "supporters", "belt", "ben")
    state.objective = "jupiter"
    dominance.resolve(state, turn_context(state), 1)
    # Check 1 pays 3/1 for player scoring: ben controls two regions, anna one; cleo none.
    assert [state.players[s].vp for s in ("anna", "ben", "cleo")] == [1, 3, 0]
    assert state.objective == "tycho"
    assert state.checks == [1]


def test_dominance_check_objective_scores_its_controller_and_moves() -> None:
    state = position(loyalty={"anna": "un", "ben": "mcr", "cleo": "opa"})
    put(state, "fleets", "earth", "un", 2)
    put(state, "supporters", "belt", "cleo")
    dominance.resolve(state, turn_context(state), 2)
    # Faction scoring for the UN (anna alone, reputation 0: still first), and cleo holds the Belt's objective.
    assert state.players["anna"].vp == 5
    assert state.players["cleo"].vp == 2
    assert state.objective == "mars"


def test_dominance_check_effects_end_before_or_after_the_check() -> None:
    state = position(loyalty={"anna": "un", "ben": "un", "cleo": "un"})
    state.players["anna"].favours = 1
    state.players["ben"].favours = 1
    put(state, "fleets", "earth", "un")
    state.effects = [
        Effect(106, "ice_hauler_windfall", "favour_worth", "until_after_next_dominance_check", "anna"),
        Effect(107, "diplomatic_pouch", "refuse_bribes", "until_next_dominance_check", "ben"),
    ]
    ctx = turn_context(state)
    dominance.resolve(state, ctx, 1)
    assert state.players["anna"].vp == 5 and state.players["ben"].vp == 3  # the windfall still counted
    assert state.effects == []
    assert sorted(state.discard) == [106, 107]
    happened = [e.data.get("kind") for e in ctx.events]
    assert happened.index("effect-ends") < happened.index("dominance-check")


def test_game_end_and_victory_after_the_final_check() -> None:
    state = position(loyalty={"anna": "un", "ben": "un", "cleo": "mcr"}, networks={"anna": [2]})
    put(state, "fleets", "earth", "un")
    with pytest.raises(GameOver):
        dominance.resolve(state, turn_context(state), 4)
    assert state.phase == "over"
    assert state.players["anna"].vp == 10 and state.players["ben"].vp == 6
    assert state.winners == ["anna"]


def test_game_end_ties_broken_by_war_stars_then_influence_then_shared() -> None:
    state = position(loyalty={"anna": "un", "ben": "un", "cleo": "mcr"})
    for seat in ("anna", "ben", "cleo"):
        state.players[seat].vp = 7
    state.players["cleo"].vp = 3
    state.players["ben"].network = [14]  # one war star
    assert dominance.winners(state) == ["ben"]
    state.players["anna"].network = [19]
    assert dominance.winners(state) == ["anna", "ben"]
    state.players["anna"].influence = 2
    assert dominance.winners(state) == ["anna"]


def test_instability_lower_check_scores_higher_places_objective_final_ends() -> None:
    state = position(loyalty={"anna": "un", "ben": "un", "cleo": "mcr"}, networks={"anna": [2]})
    put(state, "fleets", "earth", "un")
    with pytest.raises(GameOver):
        dominance.resolve(state, turn_context(state), 3, objective_by=4)
    assert state.players["anna"].vp == 5  # check 3 scores 5/3/1, not check 4's 10/6/2
    assert state.objective == "earth"  # where check 4 sends it
    assert state.phase == "over"


def test_special_abilities_belter_uprising_after_each_check() -> None:
    state = position(loyalty={"anna": "un", "ben": "mcr", "cleo": "opa"}, networks={"cleo": [39]})
    dominance.resolve(state, turn_context(state), 1)
    assert state.fleets == {"belt": {"opa": 2}}
