"""Rulebook "Political Climate": the track from Prosperity to War, the favoured suit's free actions, and each
space's special ability (Prosperity, Peace, Cold War, War)."""

from __future__ import annotations

import pytest
from px_rulebook import kinds, problems, put, table, turn

from games.pax_expanse.state import GameState

# 25: Mars political 1 (supporter, influence, climate towards Prosperity); 14: Earth war 1 (fleet, climate towards
# War); 27: Mars political 1 (supporter, fleet); 12: Earth economics 2 (Extort, Mobilise); 3, 5, 13, 22: assets.


@pytest.mark.parametrize("start, card, end", [("peace", 25, "prosperity"), ("prosperity", 25, "prosperity"),
                                              ("peace", 14, "cold_war"), ("cold_war", 14, "war"),
                                              ("war", 14, "war")])
def test_a_climate_icon_moves_the_marker_one_space_along_the_track(start: str, card: int, end: str) -> None:
    """"Move the Political Climate marker 1 space towards War or Prosperity"; the track is linear, Prosperity at one
    end and War at the other, so at an end it stays."""
    state = table(loyalty={"anna": "opa", "ben": "mcr", "cleo": "un"}, hands={"anna": [card]})
    state.climate = start
    step = turn(state, {"actions": [{"action": "play", "card": card, "side": "right"}]})
    assert step.state.climate == end


@pytest.mark.parametrize("climate, card", [("prosperity", 12), ("peace", 10), ("cold_war", 4), ("war", 14)])
def test_the_favoured_suits_actions_are_free(climate: str, card: int) -> None:
    """"actions performed using assets of the matching suit are free actions and do not count against the normal
    limit of 2 actions per turn": two other actions still follow one with a favoured asset."""
    state = table(influence={"anna": 20, "ben": 5}, networks={"anna": [card, 13, 11]})
    state.climate = climate
    put(state, "supporters", "earth", "ben", 1)
    put(state, "agents", "3", "anna", 1)
    state.players["ben"].network = [3, 5]
    entries = {12: {"action": "extort", "card": 12, "from": ["ben", "ben"]},
               10: {"action": "rally", "card": 10, "units": ["earth"]},
               4: {"action": "mobilise", "card": 4, "moves": [{"agent": 3, "to": 5}]},
               14: {"action": "extort", "card": 14, "from": ["ben"]}}
    body = {"actions": [entries[card], {"action": "favour", "card": 13, "effect": "favour"},
                        {"action": "rally", "card": 11, "units": ["earth"]}]}
    assert problems(state, body) == []


def test_prosperity_no_bribes_for_playing_cards() -> None:
    """Prosperity: "players do not have to pay bribes to a region's controller when playing cards"."""
    state = table(influence={"anna": 5}, hands={"anna": [27]})
    state.climate = "prosperity"
    put(state, "supporters", "mars", "ben", 2)
    state.standing["ben"] = {"bribe": "full"}
    step = turn(state, {"actions": [{"action": "play", "card": 27, "side": "right", "bribe": 0}]})
    assert step.state.players["anna"].network == [27] and step.state.players["anna"].influence == 5


def test_peace_no_destabilisation() -> None:
    """Peace: "assets are not exhausted due to destabilisation when a player's supporters in a region are killed"
    (and at Cold War they are)."""
    state = table(networks={"anna": [16], "ben": [3]})
    put(state, "fleets", "earth", "un", 2)
    put(state, "supporters", "earth", "ben", 1)
    body = {"actions": [{"action": "combat", "card": 16, "site": "earth", "remove": ["supporter:ben"]}]}
    assert "exhaust" not in kinds(turn(state, body))
    state.climate = "cold_war"
    body["actions"][0]["exhaust"] = [3]
    assert "exhaust" in kinds(turn(state, body))


def cold_war_table(climate: str) -> GameState:
    """anna [12] with an agent on it; ben [22, 13]; cleo [5]: 13 and 5 are Earth assets not next to 12."""
    state = table(networks={"anna": [12, 23], "ben": [22, 31], "cleo": [5, 24]})
    state.climate = climate
    put(state, "agents", "12", "anna", 1)
    return state


def test_cold_war_assets_of_the_same_region_are_adjacent_for_agents() -> None:
    """Cold War: "players may treat asset cards in play that share the same region as adjacent for the purposes of
    agent movement (for example, a Jupiter System asset is adjacent to all other Jupiter System assets)"."""
    body = {"actions": [{"action": "mobilise", "card": 12, "moves": [{"agent": 12, "to": 5}]}]}
    assert problems(cold_war_table("peace"), body)
    step = turn(cold_war_table("cold_war"), body)
    assert step.state.agents == {"5": {"anna": 1}}


def test_war_split_combat_is_only_at_war() -> None:
    """War: "players may split their Combat actions between any number of different regions and/or asset cards"."""
    state = table(networks={"anna": [16], "ben": [3]})
    put(state, "fleets", "earth", "un", 1)
    put(state, "fleets", "earth", "mcr", 1)
    put(state, "agents", "3", "anna", 1)
    put(state, "agents", "3", "ben", 1)
    body = {"actions": [{"action": "combat", "card": 16, "sites": [{"site": "earth", "remove": ["fleet:mcr"]},
                                                                   {"site": 3, "remove": ["agent:ben"]}]}]}
    assert problems(state, body)
    state.climate = "war"
    step = turn(state, body)
    assert step.state.fleets == {"earth": {"un": 1}} and step.state.agents == {"3": {"anna": 1}}
