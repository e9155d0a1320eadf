"""Combat, after the rulebook's "Combat", "Attacking the Rocinante" and the climates' rules (Peace, War)."""

from __future__ import annotations

import pytest
from px_actions import act, start, table
from px_helpers import put

from games.pax.context import OrderError
from games.pax_expanse.state import GameState

# 21: Earth, war, rank 2, Combat (anna, UN). 22: a Mars asset; 40: a Belt asset.


def field(climate: str = "cold_war", **networks: list[int]) -> GameState:
    state = table(networks={"anna": [21], **networks})
    state.climate = climate
    put(state, "fleets", "belt", "un", 2)
    return state


def fight(state: GameState, **entry: object) -> None:
    act(start(state), {"action": "combat", "card": 21, **entry})


def test_combat_removes_units_up_to_the_acting_cards_rank_at_one_region() -> None:
    state = field()
    put(state, "fleets", "belt", "mcr", 2)
    put(state, "transports", "belt-tycho", "mcr")
    fight(state, site="belt", remove=["fleet:mcr", "transport:mcr:belt-tycho"])
    assert state.fleets == {"belt": {"un": 2, "mcr": 1}}
    assert state.transports == {}


def test_combat_rank_limits_the_units_removed() -> None:
    state = field()
    put(state, "fleets", "belt", "un", 1)
    put(state, "fleets", "belt", "mcr", 3)
    with pytest.raises(OrderError) as error:
        fight(state, site="belt", remove=["fleet:mcr"] * 3)
    assert error.value.path == ("actions", 0, "remove")
    assert "at most 2" in error.value.message


def test_combat_no_more_units_than_you_have_fleets_in_that_combat() -> None:
    state = field()
    state.fleets["belt"]["un"] = 1
    put(state, "fleets", "belt", "mcr", 2)
    with pytest.raises(OrderError) as error:
        fight(state, site="belt", remove=["fleet:mcr", "fleet:mcr"])
    assert error.value.path == ("actions", 0, "remove")
    assert "1 to 1" in error.value.message


def test_combat_needs_your_fleets_or_agents_at_the_site() -> None:
    state = field()
    put(state, "fleets", "mars", "mcr")
    with pytest.raises(OrderError) as error:
        fight(state, site="mars", remove=["fleet:mcr"])
    assert error.value.path == ("actions", 0, "site")
    assert "no fleets of your loyalty in Mars" in error.value.message
    assert "sites where you can: none" in error.value.message  # the Belt holds nothing anna may remove


def test_combat_cannot_remove_fleets_or_transports_of_your_loyalty() -> None:
    state = field()
    put(state, "transports", "belt-earth", "un")
    put(state, "fleets", "belt", "opa")
    for unit in ("fleet:un", "transport:un:belt-earth"):
        with pytest.raises(OrderError) as error:
            fight(state, site="belt", remove=[unit])
        assert error.value.path == ("actions", 0, "remove", 0)
        assert "choose one of fleet:opa" in error.value.message


def test_combat_cannot_remove_supporters_of_players_sharing_your_loyalty() -> None:
    state = field(ben=[40])
    state.players["ben"].loyalty = "un"
    put(state, "supporters", "belt", "ben")
    put(state, "supporters", "belt", "cleo")
    with pytest.raises(OrderError) as error:
        fight(state, site="belt", remove=["supporter:ben"])
    assert "choose one of supporter:cleo" in error.value.message
    fight(state, site="belt", remove=["supporter:cleo"])
    assert state.supporters == {"belt": {"ben": 1}}


def test_combat_on_an_asset_removes_agents_even_of_players_sharing_your_loyalty() -> None:
    state = field(ben=[40])
    state.players["ben"].loyalty = "un"
    put(state, "agents", "40", "anna")
    put(state, "agents", "40", "ben", 2)
    fight(state, site=40, remove=["agent:ben"])  # one agent of anna's: one removal
    assert state.agents == {"40": {"anna": 1, "ben": 1}}


def test_combat_destabilisation_exhausts_an_asset_of_the_killed_supporters_owner_in_its_region() -> None:
    state = field(cleo=[40, 22])
    put(state, "supporters", "belt", "cleo")
    fight(state, site="belt", remove=["supporter:cleo"], exhaust=[40])
    assert state.players["cleo"].exhausted == [40]


def test_combat_destabilisation_is_optional() -> None:
    state = field(cleo=[40])
    put(state, "supporters", "belt", "cleo")
    fight(state, site="belt", remove=["supporter:cleo"], exhaust=["none"])
    assert state.players["cleo"].exhausted == []


def test_combat_destabilisation_only_assets_matching_the_region() -> None:
    state = field(cleo=[40, 22])
    put(state, "supporters", "belt", "cleo")
    with pytest.raises(OrderError) as error:
        fight(state, site="belt", remove=["supporter:cleo"], exhaust=[22])
    assert error.value.path == ("actions", 0, "exhaust", 0)
    assert "choose one of 40, none" in error.value.message


def test_peace_no_destabilisation_when_supporters_are_killed() -> None:
    state = field("peace", cleo=[40])
    put(state, "supporters", "belt", "cleo")
    fight(state, site="belt", remove=["supporter:cleo"], exhaust=[40])
    assert state.supporters == {}
    assert state.players["cleo"].exhausted == []


def test_war_combat_split_across_regions_and_assets() -> None:
    state = field("war", cleo=[40])
    put(state, "fleets", "mars", "un")
    put(state, "fleets", "mars", "mcr")
    put(state, "fleets", "belt", "opa")
    put(state, "agents", "40", "anna")
    put(state, "agents", "40", "cleo")
    fight(state, sites=[{"site": "mars", "remove": ["fleet:mcr"]}, {"site": 40, "remove": ["agent:cleo"]}])
    assert state.fleets == {"belt": {"un": 2, "opa": 1}, "mars": {"un": 1}}
    assert state.agents == {"40": {"anna": 1}}


def test_war_combat_split_still_limited_by_rank() -> None:
    state = field("war")
    put(state, "fleets", "belt", "opa", 2)
    put(state, "fleets", "mars", "un")
    put(state, "fleets", "mars", "mcr")
    with pytest.raises(OrderError) as error:
        fight(state, sites=[{"site": "belt", "remove": ["fleet:opa", "fleet:opa"]},
                            {"site": "mars", "remove": ["fleet:mcr"]}])
    assert "at most 2" in error.value.message


def test_combat_split_only_at_war() -> None:
    state = field()
    put(state, "fleets", "belt", "opa")
    with pytest.raises(OrderError) as error:
        fight(state, sites=[{"site": "belt", "remove": ["fleet:opa"]}])
    assert error.value.path == ("actions", 0, "sites")
    assert "only at War" in error.value.message


def test_attacking_the_rocinante_damages_it_like_a_fleet_never_destroys_it() -> None:
    state = field()
    state.rocinante.region = "belt"
    fight(state, site="belt", remove=["rocinante"])
    assert state.rocinante.damaged
    assert state.rocinante.region == "belt"
    state.players["anna"].exhausted.clear()
    put(state, "fleets", "belt", "opa")
    with pytest.raises(OrderError) as error:
        fight(state, site="belt", remove=["rocinante"])  # already damaged
    assert "choose one of fleet:opa" in error.value.message


def test_attacking_the_rocinante_only_in_its_region() -> None:
    state = field()
    state.rocinante.region = "tycho"
    put(state, "fleets", "belt", "opa")
    with pytest.raises(OrderError) as error:
        fight(state, site="belt", remove=["rocinante"])
    assert "choose one of fleet:opa" in error.value.message


def test_combat_destabilised_asset_stays_exhausted_through_its_owners_next_turn() -> None:
    from games.pax_expanse.turn import run_turn

    state = field(cleo=[40])
    put(state, "supporters", "belt", "cleo")
    after = run_turn(state, "anna", {"actions": [{"action": "combat", "card": 21, "site": "belt",
                                                 "remove": ["supporter:cleo"], "exhaust": [40]}]}).ctx.state
    assert after.players["cleo"].exhausted == [40]  # anna's turn ends: only anna's assets refresh
    assert after.players["anna"].exhausted == []
