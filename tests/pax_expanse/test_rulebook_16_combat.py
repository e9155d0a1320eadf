"""Rulebook "Combat": at one site, remove as many units as the acting card's rank, within three restrictions; then
destabilisation for each supporter killed."""

from __future__ import annotations

from px_rulebook import kinds, problems, put, table, turn

from games.pax_expanse.state import GameState

# 16: Earth war 2 (Combat, Favour); 20: Earth war 1 (Combat, Mobilise); 3, 13: Earth assets.


def combat_table(fleets: int = 2, climate: str = "cold_war", **loyalty: str) -> GameState:
    loyal = {"anna": "un", "ben": "mcr", "cleo": "opa", **loyalty}
    state = table(loyalty=loyal, networks={"anna": [16]})
    state.climate = climate
    if fleets:
        put(state, "fleets", "earth", "un", fleets)
    return state


def combat(*remove: str, site: object = "earth", **more: object) -> dict[str, object]:
    return {"action": "combat", "card": 16, "site": site, "remove": list(remove), **more}


def test_remove_up_to_the_acting_cards_rank() -> None:
    """"remove any combination of supporters, agents, transports, or fleets equal to the acting card's rank"."""
    state = combat_table(fleets=3)
    put(state, "fleets", "earth", "mcr", 3)
    step = turn(state, {"actions": [combat("fleet:mcr", "fleet:mcr")]})
    assert step.state.fleets["earth"] == {"un": 3, "mcr": 1}
    found = problems(state, {"actions": [combat("fleet:mcr", "fleet:mcr", "fleet:mcr")]})
    assert found and found[0].path[:3] == ("actions", 0, "remove")


def test_a_combat_may_remove_fewer_than_its_rank_as_orders_md_reads_it() -> None:
    """Our reading (orders.md, "Combat removes up to the asset's rank"): "equal to the acting card's rank" is the
    most a combat removes, so anna's rank-2 combat in Earth with 2 UN fleets may spare one of 2 MCR fleets."""
    state = combat_table(fleets=2)
    put(state, "fleets", "earth", "mcr", 2)
    assert problems(state, {"actions": [combat("fleet:mcr")]}) == []
    step = turn(state, {"actions": [combat("fleet:mcr")]})
    assert step.state.fleets["earth"] == {"un": 2, "mcr": 1}


def test_no_more_than_your_own_fleets_in_the_combat() -> None:
    """"You cannot remove more units than you yourself have fleets or agents in that combat"."""
    state = combat_table(fleets=1)
    put(state, "fleets", "earth", "mcr", 2)
    found = problems(state, {"actions": [combat("fleet:mcr", "fleet:mcr")]})
    assert found and found[0].path == ("actions", 0, "remove")
    state.fleets["earth"]["un"] = 0
    del state.fleets["earth"]["un"]
    found = problems(state, {"actions": [combat("fleet:mcr")]})
    assert found and found[0].path == ("actions", 0, "site")


def test_on_an_asset_your_agents_are_your_strength() -> None:
    """The combat's site may be "a single asset": agents fight agents there, up to your agents on it."""
    state = combat_table(fleets=0)
    state.players["ben"].network = [13]
    put(state, "agents", "13", "anna", 1)
    put(state, "agents", "13", "cleo", 2)
    step = turn(state, {"actions": [combat("agent:cleo", site=13)]})
    assert step.state.agents == {"13": {"anna": 1, "cleo": 1}}
    found = problems(state, {"actions": [combat("agent:cleo", "agent:cleo", site=13)]})
    assert found and found[0].path == ("actions", 0, "remove")


def test_never_fleets_or_transports_of_your_loyalty() -> None:
    """"You cannot remove fleets or transports that are of your loyalty"."""
    state = combat_table(fleets=2)
    put(state, "transports", "earth-mars", "un", 1)
    assert problems(state, {"actions": [combat("fleet:un")]})
    assert problems(state, {"actions": [combat("transport:un:earth-mars")]})


def test_transports_on_the_regions_borders_may_be_removed() -> None:
    """Transports border the region, so a Combat in it may remove them."""
    state = combat_table()
    put(state, "transports", "belt-earth", "opa", 1)
    step = turn(state, {"actions": [combat("transport:opa:belt-earth")]})
    assert step.state.transports == {}


def test_never_supporters_of_players_sharing_your_loyalty_but_their_agents_yes() -> None:
    """"You cannot remove supporters belonging to players that share your loyalty. However, their agents may be
    removed!"."""
    state = combat_table(ben="un")
    state.players["cleo"].network = [13]
    put(state, "supporters", "earth", "ben", 1)
    put(state, "agents", "13", "ben", 1)
    put(state, "agents", "13", "anna", 1)
    assert problems(state, {"actions": [combat("supporter:ben")]})
    step = turn(state, {"actions": [combat("agent:ben", site=13)]})
    assert step.state.agents == {"13": {"anna": 1}}


def test_destabilisation_exhausts_an_asset_of_the_victim_of_that_region() -> None:
    """"for each supporter that was killed, that player may choose an asset controlled by the same player as the
    killed supporter that matches the killed supporter's region and exhaust that asset"."""
    state = combat_table()
    state.players["ben"].network = [3, 22]
    put(state, "supporters", "earth", "ben", 2)
    found = problems(state, {"actions": [combat("supporter:ben", exhaust=[22])]})
    assert found and found[0].path == ("actions", 0, "exhaust", 0)
    step = turn(state, {"actions": [combat("supporter:ben", "supporter:ben", exhaust=[3, "none"])]})
    assert kinds(step).count("exhaust") == 1


def test_no_destabilisation_at_peace() -> None:
    """Peace: "assets are not exhausted due to destabilisation when a player's supporters in a region are killed"."""
    state = combat_table(climate="peace")
    state.players["ben"].network = [3]
    put(state, "supporters", "earth", "ben", 1)
    step = turn(state, {"actions": [combat("supporter:ben")]})
    assert "exhaust" not in kinds(step)


def test_at_war_combat_may_be_split_across_sites() -> None:
    """War: "players may split their Combat actions between any number of different regions and/or asset cards"; the
    rank still caps the total."""
    state = combat_table(climate="war")
    put(state, "fleets", "mars", "un", 1)
    put(state, "fleets", "earth", "mcr", 1)
    put(state, "fleets", "mars", "mcr", 1)
    body = {"actions": [{"action": "combat", "card": 16, "sites": [{"site": "earth", "remove": ["fleet:mcr"]},
                                                                   {"site": "mars", "remove": ["fleet:mcr"]}]}]}
    step = turn(state, body)
    assert step.state.fleets == {"earth": {"un": 2}, "mars": {"un": 1}}
    state.climate = "cold_war"
    found = problems(state, body)
    assert found and found[0].path == ("actions", 0, "sites")


def test_destabilisation_cannot_exhaust_an_asset_twice() -> None:
    """Exhausting: "An exhausted asset may not be exhausted again": two of ben's supporters killed in Earth, where
    ben has one asset, exhaust it once; nothing is left for the second."""
    state = combat_table()
    state.players["ben"].network = [3]
    put(state, "supporters", "earth", "ben", 2)
    step = turn(state, {"actions": [combat("supporter:ben", "supporter:ben", exhaust=[3])]})
    assert kinds(step).count("exhaust") == 1 and step.state.players["ben"].exhausted == [3]
