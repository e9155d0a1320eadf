"""The special abilities that change a card-based action (data/abilities.yaml), one test each."""

from __future__ import annotations

import pytest
from px_actions import act, start, table
from px_helpers import market, put

from games.pax.context import OrderError, Pause
from games.pax_expanse import queries


def test_loyal_informants_agents_on_an_asset_cannot_be_removed_by_another_players_combat() -> None:
    state = table(networks={"anna": [21], "cleo": [37, 40]})  # 37: Loyal Informants
    put(state, "agents", "40", "anna")
    put(state, "agents", "40", "cleo")
    with pytest.raises(OrderError) as error:
        act(start(state), {"action": "combat", "card": 21, "site": 40, "remove": ["agent:cleo"]})
    assert "nothing you may remove at 40" in error.value.message


def test_governor_in_exile_extort_reaches_every_region() -> None:
    state = table(networks={"anna": [41, 12]}, influence={"ben": 3})  # 41: Governor in Exile
    put(state, "supporters", "jupiter", "ben")
    act(start(state), {"action": "extort", "card": 12, "from": ["ben", "ben"]})
    assert state.players["anna"].influence == 2


def test_close_protection_political_assets_cannot_be_eliminated() -> None:
    state = table(networks={"anna": [36], "ben": [50, 8, 22]}, influence={"anna": 5})  # 50: Close Protection
    put(state, "agents", "8", "anna")
    put(state, "agents", "22", "anna")
    with pytest.raises(OrderError) as error:
        act(start(state), {"action": "eliminate", "card": 36, "target": 8})
    assert "Close Protection" in error.value.message
    assert "carrying your agent: 22" in error.value.message


def test_hardened_habitats_belt_combat_never_removes_your_supporters_from_the_belt() -> None:
    state = table(networks={"anna": [21], "cleo": [52]})  # 52: Hardened Habitats (the Belt)
    put(state, "fleets", "belt", "un")
    put(state, "supporters", "belt", "cleo")
    put(state, "fleets", "belt", "opa")
    with pytest.raises(OrderError) as error:
        act(start(state), {"action": "combat", "card": 21, "site": "belt", "remove": ["supporter:cleo"]})
    assert "choose one of fleet:opa" in error.value.message


def test_hardened_habitats_jupiter_combat_never_removes_your_supporters_from_the_jupiter_system() -> None:
    state = table(networks={"anna": [21], "cleo": [77]})  # 77: Hardened Habitats (the Jupiter System)
    put(state, "fleets", "jupiter", "un")
    put(state, "supporters", "jupiter", "cleo")
    with pytest.raises(OrderError) as error:
        act(start(state), {"action": "combat", "card": 21, "site": "jupiter", "remove": ["supporter:cleo"]})
    assert "nothing you may remove" in error.value.message
    state.players["cleo"].network = []
    act(start(state), {"action": "combat", "card": 21, "site": "jupiter", "remove": ["supporter:cleo"]})
    assert state.supporters == {}


def test_old_acquaintances_agent_may_move_to_any_asset_of_the_same_region() -> None:
    state = table(networks={"anna": [4, 1, 3], "ben": [22, 5, 24]})  # 4: Old Acquaintances; 22, 24 Mars
    put(state, "agents", "22", "anna")
    assert 24 not in queries.adjacent_assets(state, 22)
    act(start(state), {"action": "mobilise", "card": 4, "moves": [{"agent": 22, "to": 24}]})
    assert state.agents == {"24": {"anna": 1}}


def test_safehouse_a_killed_agent_may_hide_on_the_safehouse_instead_of_going_home() -> None:
    state = table(networks={"anna": [21], "ben": [24], "cleo": [40]})  # 24: Safehouse
    put(state, "agents", "40", "anna")
    put(state, "agents", "40", "ben")
    with pytest.raises(Pause) as pause:
        act(start(state), {"action": "combat", "card": 21, "site": 40, "remove": ["agent:ben"]})
    assert pause.value.question.seat == "ben"
    assert pause.value.question.options == (24, "home")
    state = table(networks={"anna": [21], "ben": [24], "cleo": [40]})
    put(state, "agents", "40", "anna")
    put(state, "agents", "40", "ben")
    act(start(state, answers={"actions.0.safehouse-1": 24}),
        {"action": "combat", "card": 21, "site": 40, "remove": ["agent:ben"]})
    assert state.agents == {"40": {"anna": 1}, "24": {"ben": 1}}


def test_open_docks_supporters_mobilise_across_any_border_once_each() -> None:
    state = table(networks={"anna": [34, 15]})  # 34: Open Docks; 15: Mobilise rank 3
    put(state, "supporters", "earth", "anna", 2)
    with pytest.raises(OrderError) as error:
        act(start(state), {"action": "mobilise", "card": 15, "moves": [{"supporter": "earth", "to": "mars"},
                                                                       {"supporter": "earth", "to": "mars"}]})
    assert error.value.path == ("actions", 0, "moves", 1)
    state = table(networks={"anna": [34, 15]})
    put(state, "supporters", "earth", "anna", 2)
    act(start(state), {"action": "mobilise", "card": 15, "moves": [{"supporter": "earth", "to": "mars"},
                                                                   {"supporter": "earth", "to": "belt"}]})
    assert state.supporters == {"mars": {"anna": 1}, "belt": {"anna": 1}}


def test_well_connected_an_agent_moves_up_to_two_assets_around_the_ring() -> None:
    state = table(networks={"anna": [55, 15, 1, 3, 5]})  # 55: Well-Connected
    put(state, "agents", "15", "anna")
    act(start(state), {"action": "mobilise", "card": 15, "moves": [{"agent": 15, "to": 3}]})
    assert state.agents == {"3": {"anna": 1}}


def test_shipyard_capacity_every_rally_ends_with_a_free_unit() -> None:
    state = table(networks={"anna": [90]}, influence={"anna": 2})  # 90: Shipyard Capacity, Outer Planets
    market(state, [1, 2], [3, 4])
    act(start(state), {"action": "rally", "card": 90, "units": ["outer_planets"], "extra": "outer_planets-tycho"})
    assert state.fleets == {"outer_planets": {"un": 1}}
    assert state.transports == {"outer_planets-tycho": {"un": 1}}
    assert state.players["anna"].influence == 0  # only the unit paid for costs anything
