"""ROCINANTE.md "Every crew action": each crew action kind and piece, whom it hurts or helps, and when it cannot
be resolved. Standing in every test: anna (MCR, 5 VP) leads, ben (UN, 3 VP) is second, cleo (OPA, 1 VP) trails;
the Rocinante is in Mars (borders earth-mars, belt-mars, mars-tycho in border order)."""

from __future__ import annotations

from px_helpers import position, put

from games.pax.context import Context
from games.pax_expanse import cards, queries
from games.pax_expanse.rocinante.effects import apply_plan
from games.pax_expanse.rocinante.orderings import standing
from games.pax_expanse.rocinante.planner import Decision, Plan, Unresolvable, plan
from games.pax_expanse.state import GameState


def _table(networks: dict[str, list[int]] | None = None) -> GameState:
    state = position(loyalty={"anna": "mcr", "ben": "un", "cleo": "opa"}, networks=networks)
    for seat, points in (("anna", 5), ("ben", 3), ("cleo", 1)):
        state.players[seat].vp = points
    state.rocinante.region = "mars"
    return state


def _decide(state: GameState, action: str) -> Decision:
    return plan(state, cards.rocinante().actions[action], standing(state))


def _do(state: GameState, action: str) -> Context[GameState]:
    decided = _decide(state, action)
    assert isinstance(decided, Plan), decided
    ctx: Context[GameState] = Context(state, "cleo", {})
    apply_plan(ctx, decided, action)
    return ctx


def test_holden_broadcast_removes_one_supporter_of_the_leader() -> None:
    state = _table()
    put(state, "supporters", "mars", "anna", 2)
    put(state, "supporters", "mars", "ben", 2)
    _do(state, "holden_broadcast")
    assert state.supporters["mars"] == {"anna": 1, "ben": 2}


def test_remove_supporter_hurts_the_highest_standing_player_who_has_one_there() -> None:
    state = _table()
    put(state, "supporters", "earth", "anna", 3)
    put(state, "supporters", "mars", "ben", 1)
    _do(state, "holden_broadcast")
    assert state.supporters == {"earth": {"anna": 3}}


def test_remove_supporter_never_hurts_the_trailing_player() -> None:
    state = _table()
    put(state, "supporters", "mars", "cleo", 2)
    decided = _decide(state, "holden_broadcast")
    assert isinstance(decided, Unresolvable)
    assert "trailing player (cleo)" in decided.reason


def test_amos_break_heads_removes_up_to_two_supporters() -> None:
    state = _table()
    put(state, "supporters", "mars", "anna", 3)
    _do(state, "amos_break_heads")
    assert state.supporters["mars"] == {"anna": 1}
    state = _table()
    put(state, "supporters", "mars", "ben", 1)
    _do(state, "amos_break_heads")
    assert state.supporters == {}


def test_holden_rally_the_crowd_places_a_supporter_of_the_trailing_player() -> None:
    state = _table()
    _do(state, "holden_rally_the_crowd")
    assert state.supporters == {"mars": {"cleo": 1}}


def test_place_supporter_cannot_be_resolved_with_no_marker_on_the_player_board() -> None:
    state = _table()
    put(state, "supporters", "earth", "cleo", 10)  # all ten markers in play: none is taken from play
    decided = _decide(state, "holden_rally_the_crowd")
    assert isinstance(decided, Unresolvable)
    assert "no control marker left" in decided.reason


def test_prax_greenhouse_places_up_to_two_supporters_as_the_supply_allows() -> None:
    state = _table()
    _do(state, "prax_greenhouse")
    assert state.supporters == {"mars": {"cleo": 2}}
    state = _table()
    put(state, "supporters", "earth", "cleo", 9)
    _do(state, "prax_greenhouse")
    assert state.supporters["mars"] == {"cleo": 1}


def test_naomi_cut_the_lines_removes_up_to_two_transports_in_border_order() -> None:
    state = _table()
    put(state, "transports", "mars-tycho", "mcr", 2)
    put(state, "transports", "belt-mars", "mcr", 1)
    put(state, "transports", "earth-mars", "un", 1)
    ctx = _do(state, "naomi_cut_the_lines")
    # The MCR (anna's loyalty) is first in faction order; belt-mars comes before mars-tycho.
    assert state.transports == {"mars-tycho": {"mcr": 1}, "earth-mars": {"un": 1}}
    assert [e.data["where"] for e in ctx.events if e.data.get("kind") == "remove"] == ["belt-mars", "mars-tycho"]


def test_remove_transport_never_hurts_the_trailing_players_faction() -> None:
    state = _table()
    put(state, "transports", "belt-mars", "opa", 2)
    put(state, "transports", "mars-tycho", "un", 1)
    _do(state, "naomi_cut_the_lines")
    assert state.transports == {"belt-mars": {"opa": 2}}


def test_remove_transport_only_touches_the_borders_of_the_rocinantes_region() -> None:
    state = _table()
    put(state, "transports", "belt-earth", "mcr", 2)
    assert isinstance(_decide(state, "naomi_cut_the_lines"), Unresolvable)


def test_naomi_reroute_replaces_a_transport_with_one_of_the_trailing_players_faction() -> None:
    state = _table()
    put(state, "transports", "mars-tycho", "un", 2)
    _do(state, "naomi_reroute")
    assert state.transports == {"mars-tycho": {"un": 1, "opa": 1}}


def test_replace_cannot_be_resolved_with_no_token_of_the_trailing_faction_in_supply() -> None:
    state = _table()
    put(state, "transports", "mars-tycho", "un", 1)
    put(state, "fleets", "jupiter", "opa", 12)
    decided = _decide(state, "naomi_reroute")
    assert isinstance(decided, Unresolvable) and "no OPA token is left in the supply" in decided.reason
    put(state, "fleets", "mars", "un", 1)
    assert isinstance(_decide(state, "bobbie_change_of_colours"), Unresolvable)


def test_alex_strafing_run_removes_up_to_two_fleets_of_the_first_faction_in_order() -> None:
    state = _table()
    put(state, "fleets", "mars", "mcr", 3)
    put(state, "fleets", "mars", "un", 2)
    put(state, "fleets", "mars", "opa", 2)
    _do(state, "alex_strafing_run")
    assert state.fleets["mars"] == {"mcr": 1, "un": 2, "opa": 2}


def test_remove_fleet_passes_to_the_next_faction_and_spares_the_trailing_one() -> None:
    state = _table()
    put(state, "fleets", "mars", "un", 1)
    put(state, "fleets", "mars", "opa", 4)
    _do(state, "alex_strafing_run")
    assert state.fleets["mars"] == {"opa": 4}


def test_bobbie_boarding_action_removes_up_to_three_fleets() -> None:
    state = _table()
    put(state, "fleets", "mars", "mcr", 4)
    _do(state, "bobbie_boarding_action")
    assert state.fleets["mars"] == {"mcr": 1}


def test_bobbie_change_of_colours_replaces_a_fleet_with_the_trailing_factions() -> None:
    state = _table()
    put(state, "fleets", "mars", "un", 1)
    _do(state, "bobbie_change_of_colours")
    assert state.fleets["mars"] == {"opa": 1}


def test_alex_escort_places_a_fleet_of_the_trailing_players_faction() -> None:
    state = _table()
    _do(state, "alex_escort")
    assert state.fleets == {"mars": {"opa": 1}}


def test_place_fleet_cannot_be_resolved_with_the_factions_supply_empty() -> None:
    state = _table()
    put(state, "transports", "belt-jupiter", "opa", 12)
    decided = _decide(state, "alex_escort")
    assert isinstance(decided, Unresolvable)
    assert "no OPA token is left" in decided.reason


def test_clarissa_plant_a_beacon_places_a_transport_on_the_first_border() -> None:
    state = _table()
    _do(state, "clarissa_plant_a_beacon")
    assert state.transports == {"earth-mars": {"opa": 1}}


def test_clarissa_sabotage_removes_up_to_two_agents_taking_assets_in_asset_order() -> None:
    # Asset order in Mars: anna's 23 (rank 2), then ben's 29 (rank 2) and 22 (rank 1).
    state = _table(networks={"anna": [23], "ben": [22, 29]})
    put(state, "agents", "22", "ben", 2)
    put(state, "agents", "29", "ben", 1)
    put(state, "agents", "23", "cleo", 1)
    _do(state, "clarissa_sabotage")
    assert state.agents == {"22": {"ben": 1}, "23": {"cleo": 1}}


def test_remove_agent_hurts_the_highest_standing_player_with_an_agent_there() -> None:
    state = _table(networks={"cleo": [22]})
    put(state, "agents", "22", "ben", 1)
    put(state, "agents", "22", "cleo", 1)
    _do(state, "prax_search_party")
    assert state.agents == {"22": {"cleo": 1}}


def test_prax_search_party_removes_one_agent_from_the_first_asset_carrying_one() -> None:
    state = _table(networks={"anna": [23, 29]})
    put(state, "agents", "23", "anna", 2)
    put(state, "agents", "29", "anna", 1)
    _do(state, "prax_search_party")
    # 29 (Bank of Mars, rank 2) and 23 (rank 2) tie on rank; 23 is leftmost.
    assert state.agents == {"23": {"anna": 1}, "29": {"anna": 1}}


def test_clarissa_never_removes_an_agent_from_a_crew_asset() -> None:
    state = _table(networks={"anna": [97]})  # Naomi Nagata is of the Rocinante's region
    put(state, "agents", "97", "ben", 2)
    assert isinstance(_decide(state, "clarissa_sabotage"), Unresolvable)


def test_amos_clean_up_the_mess_discards_the_leaders_first_asset_and_sends_agents_home() -> None:
    state = _table(networks={"anna": [31, 29], "ben": [36]})
    put(state, "agents", "29", "ben", 1)
    put(state, "agents", "29", "anna", 1)
    _do(state, "amos_eliminate")
    assert state.players["anna"].network == [31]
    assert state.discard == [29]
    assert state.agents == {}
    assert queries.markers_in_supply(state, "ben") == 10
    assert state.players["anna"].rewards == [] and state.players["cleo"].rewards == []


def test_amos_never_eliminates_alex() -> None:
    state = _table(networks={"anna": [99], "ben": [98, 100]})
    decided = _decide(state, "amos_eliminate")
    assert isinstance(decided, Unresolvable)
    assert "crew assets never count" in decided.reason


def test_eliminate_never_hurts_the_trailing_player() -> None:
    state = _table(networks={"cleo": [29]})
    assert isinstance(_decide(state, "amos_eliminate"), Unresolvable)


def test_a_crew_action_reports_the_control_it_changes() -> None:
    state = _table()
    put(state, "fleets", "mars", "mcr", 1)
    put(state, "supporters", "mars", "anna", 1)
    ctx = _do(state, "alex_strafing_run")
    assert queries.faction_control(state, "mars") is None
    assert "Mars: no faction controls it now" in [e.text for e in ctx.events if e.data.get("kind") == "control"][0]
