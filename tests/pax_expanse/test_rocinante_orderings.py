"""ROCINANTE.md "Orderings (tie-breaks)": standing, faction order, border order and asset order."""

from __future__ import annotations

from px_helpers import position

from games.pax_expanse.rocinante.orderings import (
    border_order,
    faction_order,
    region_assets,
    standing,
    why_ahead,
)
from games.pax_expanse.state import GameState

LOYAL = {"anna": "mcr", "ben": "un", "cleo": "opa"}


def _table(vp: dict[str, int] | None = None, influence: dict[str, int] | None = None,
           networks: dict[str, list[int]] | None = None, loyalty: dict[str, str] | None = None) -> GameState:
    state = position(loyalty=loyalty or LOYAL, influence=influence, networks=networks)
    for seat, points in (vp or {}).items():
        state.players[seat].vp = points
    state.rocinante.region = "mars"
    return state


def test_standing_most_victory_points_leads_and_fewest_trails() -> None:
    ranking = standing(_table(vp={"anna": 2, "ben": 7, "cleo": 4}))
    assert ranking.seats == ("ben", "cleo", "anna")
    assert (ranking.leader, ranking.trailing) == ("ben", "anna")


def test_standing_war_stars_break_a_victory_point_tie() -> None:
    # Ben's UN Home Fleet (war, rank 3) beats Anna's Freelance Gunship Crew (war, rank 1).
    state = _table(vp={"anna": 3, "ben": 3, "cleo": 3}, networks={"anna": [35], "ben": [15]})
    assert standing(state).seats == ("ben", "anna", "cleo")
    assert why_ahead(state, ("ben", "anna")) == "ben is ahead of anna: more war stars"


def test_standing_influence_then_turn_order_break_ties() -> None:
    state = _table(influence={"anna": 1, "ben": 1, "cleo": 4})
    assert standing(state).seats == ("cleo", "anna", "ben")
    assert why_ahead(state, ("anna", "ben")) == "anna is ahead of ben: earlier in turn order"


def test_standing_crew_assets_count_their_printed_war_stars() -> None:
    # Amos Burton (98) is war 2: his stars count for standing though the crew never targets him.
    state = _table(networks={"cleo": [98]})
    assert standing(state).leader == "cleo"


def test_faction_order_leaders_loyalty_first_and_never_the_trailing_players() -> None:
    state = _table(vp={"anna": 1, "ben": 5, "cleo": 3})
    # Standing ben (UN), cleo (OPA), anna (MCR): the MCR is spared.
    assert faction_order(state, standing(state), "mars") == ["un", "opa"]


def test_faction_order_factions_nobody_is_loyal_to_come_last_in_map_order() -> None:
    state = _table(vp={"anna": 5, "ben": 3, "cleo": 1}, loyalty={"anna": "opa", "ben": "opa", "cleo": "mcr"})
    assert faction_order(state, standing(state), "mars") == ["opa", "un"]


def test_border_order_is_the_maps_order_of_the_regions_borders() -> None:
    state = _table()
    assert border_order(state, "mars", "un") == ["earth-mars", "belt-mars", "mars-tycho"]
    assert border_order(state, "outer_planets", "un") == ["outer_planets-tycho", "jupiter-outer_planets"]


def test_asset_order_networks_in_standing_then_highest_rank_then_leftmost() -> None:
    # Mars assets: 22 rank 1, 23 rank 2, 29 rank 2, 31 rank 1; Earth's 1 is not of Mars.
    state = _table(vp={"anna": 1, "ben": 5, "cleo": 3},
                   networks={"anna": [23], "ben": [31, 1, 29, 22], "cleo": [24]})
    assert region_assets(state, standing(state), "mars") == [29, 31, 22, 24, 23]


def test_asset_order_leaves_out_the_crew_assets() -> None:
    state = _table(networks={"anna": [97, 98, 99, 100, 22]})
    assert region_assets(state, standing(state), "mars") == [22]
