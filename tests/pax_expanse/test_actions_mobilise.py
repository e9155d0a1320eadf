"""Mobilise, after the rulebook's "Mobilise" section and Cold War's rule for agents."""

from __future__ import annotations

import pytest
from px_actions import act, start, table
from px_helpers import put

from games.pax.context import OrderError
from games.pax_expanse.state import GameState

# 15: Earth, war, rank 3, Mobilise. 12: Earth, economics, rank 2. Earth borders Mars and the Belt.


def test_mobilise_as_many_moves_as_the_assets_rank() -> None:
    state = table(networks={"anna": [12]})
    put(state, "fleets", "earth", "un", 3)
    ctx = start(state)
    with pytest.raises(OrderError) as error:
        act(ctx, {"action": "mobilise", "card": 12, "moves": [{"fleet": "earth", "to": "mars"}] * 3})
    assert error.value.path == ("actions", 0, "moves")
    assert "1 to 2" in error.value.message


def test_mobilise_loyal_fleet_to_an_adjacent_region() -> None:
    state = table(networks={"anna": [15]})
    put(state, "fleets", "earth", "un", 2)
    ctx = start(state)
    act(ctx, {"action": "mobilise", "card": 15, "moves": [{"fleet": "earth", "to": "mars"},
                                                           {"fleet": "earth", "to": "belt"}]})
    assert state.fleets == {"mars": {"un": 1}, "belt": {"un": 1}}
    assert [e.text for e in ctx.events if e.data.get("kind") == "move"][0] == "anna moves a UN fleet from Earth to Mars"


def test_mobilise_not_an_enemy_fleet_nor_to_a_region_not_adjacent() -> None:
    state = table(networks={"anna": [15]})
    put(state, "fleets", "earth", "mcr")
    put(state, "fleets", "mars", "un")
    ctx = start(state)
    with pytest.raises(OrderError) as error:
        act(ctx, {"action": "mobilise", "card": 15, "moves": [{"fleet": "earth", "to": "mars"}]})
    assert error.value.path == ("actions", 0, "moves", 0)
    assert "{fleet: mars, to: earth}" in error.value.message
    ctx = start(state)
    with pytest.raises(OrderError):
        act(ctx, {"action": "mobilise", "card": 15, "moves": [{"fleet": "mars", "to": "jupiter"}]})


def test_mobilise_each_fleet_moves_once_per_action() -> None:
    state = table(networks={"anna": [15]})
    put(state, "fleets", "earth", "un")
    ctx = start(state)
    with pytest.raises(OrderError) as error:
        act(ctx, {"action": "mobilise", "card": 15, "moves": [{"fleet": "earth", "to": "mars"},
                                                               {"fleet": "mars", "to": "tycho"}]})
    assert error.value.path == ("actions", 0, "moves", 1)


def test_mobilise_agent_to_an_adjacent_asset_around_the_ring_of_networks() -> None:
    # Turn order anna, ben, cleo: ben sits to anna's left, so ben's rightmost asset is next to anna's leftmost.
    state = table(networks={"anna": [15, 1], "ben": [22, 23], "cleo": [40]})
    put(state, "agents", "15", "anna")
    ctx = start(state)
    act(ctx, {"action": "mobilise", "card": 15, "moves": [{"agent": 15, "to": 23}, {"agent": 23, "to": 22},
                                                           {"agent": 22, "to": 40}]})
    assert state.agents == {"40": {"anna": 1}}


def test_mobilise_agent_the_ring_closes() -> None:
    state = table(networks={"anna": [15, 1], "ben": [22], "cleo": [40]})
    put(state, "agents", "1", "anna")
    ctx = start(state)
    act(ctx, {"action": "mobilise", "card": 15, "moves": [{"agent": 1, "to": 40}]})
    assert state.agents == {"40": {"anna": 1}}


def test_mobilise_agent_not_two_assets_away() -> None:
    state = table(networks={"anna": [15, 1, 3, 5]})
    put(state, "agents", "15", "anna")
    ctx = start(state)
    with pytest.raises(OrderError) as error:
        act(ctx, {"action": "mobilise", "card": 15, "moves": [{"agent": 15, "to": 3}]})
    assert "{agent: 15, to: 1}" in error.value.message


def test_cold_war_assets_of_the_same_region_are_adjacent_for_agents() -> None:
    state = table(networks={"anna": [15, 40, 3], "ben": [22]})
    put(state, "agents", "15", "anna")
    state.climate = "cold_war"
    ctx = start(state)
    act(ctx, {"action": "mobilise", "card": 15, "moves": [{"agent": 15, "to": 3}]})
    assert state.agents == {"3": {"anna": 1}}


def test_mobilise_supporter_across_a_loyal_transport() -> None:
    state = table(networks={"anna": [15]})
    put(state, "supporters", "earth", "anna")
    put(state, "transports", "belt-earth", "un")
    put(state, "transports", "earth-mars", "mcr")
    ctx = start(state)
    with pytest.raises(OrderError):
        act(ctx, {"action": "mobilise", "card": 15, "moves": [{"supporter": "earth", "to": "mars"}]})
    ctx = start(state)
    act(ctx, {"action": "mobilise", "card": 15, "moves": [{"supporter": "earth", "to": "belt"}]})
    assert state.supporters == {"belt": {"anna": 1}}


def two_transports() -> GameState:
    state = table(networks={"anna": [15]})
    put(state, "supporters", "earth", "anna", 2)
    put(state, "transports", "belt-earth", "un")
    put(state, "transports", "belt-tycho", "un")
    return state


def test_mobilise_each_transport_once_per_action_but_a_supporter_may_go_on() -> None:
    ctx = start(two_transports())
    with pytest.raises(OrderError) as error:
        act(ctx, {"action": "mobilise", "card": 15, "moves": [{"supporter": "earth", "to": "belt"},
                                                               {"supporter": "earth", "to": "belt"}]})
    assert error.value.path == ("actions", 0, "moves", 1)
    state = two_transports()
    ctx = start(state)
    act(ctx, {"action": "mobilise", "card": 15, "moves": [{"supporter": "earth", "to": "belt"},
                                                           {"supporter": "belt", "to": "tycho"}]})
    assert state.supporters == {"earth": {"anna": 1}, "tycho": {"anna": 1}}


def test_mobilise_moves_split_across_fleets_supporters_and_agents() -> None:
    state = table(networks={"anna": [15, 1]})
    put(state, "fleets", "earth", "un")
    put(state, "supporters", "earth", "anna")
    put(state, "transports", "earth-mars", "un")
    put(state, "agents", "1", "anna")
    ctx = start(state)
    act(ctx, {"action": "mobilise", "card": 15, "moves": [{"fleet": "earth", "to": "belt"},
                                                           {"supporter": "earth", "to": "mars"},
                                                           {"agent": 1, "to": 15}]})
    assert state.fleets == {"belt": {"un": 1}}
    assert state.supporters == {"mars": {"anna": 1}}
    assert state.agents == {"15": {"anna": 1}}


def test_mobilise_a_move_must_name_one_piece_and_where_to() -> None:
    state = table(networks={"anna": [15]})
    ctx = start(state)
    with pytest.raises(OrderError) as error:
        act(ctx, {"action": "mobilise", "card": 15, "moves": [{"fleet": "earth"}]})
    assert error.value.path == ("actions", 0, "moves", 0)
    assert "fleet, supporter, agent" in error.value.message
