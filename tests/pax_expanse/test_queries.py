"""Pax Expanse queries, named after the rulebook: Controlling a Region, reputation, stars, limits, climate."""

from __future__ import annotations

from games.pax_expanse import queries
from games.pax_expanse.rules import RULES
from games.pax_expanse.state import Effect, GameState, Player, nested_bump


def three_players(**loyalty: str | None) -> GameState:
    """Chris, Robin and Mel (the rulebook's example), in that turn order."""
    seats = ["chris", "robin", "mel"]
    players = {s: Player(s, loyalty=loyalty.get(s)) for s in seats}
    return GameState(seats=seats, players=players, order=list(seats), phase="turns")


def test_controlling_a_region_example() -> None:
    state = three_players(chris="mcr", robin="un", mel="opa")
    nested_bump(state.supporters, "belt", "chris", 2)
    nested_bump(state.supporters, "belt", "robin", 2)
    nested_bump(state.supporters, "belt", "mel", 1)
    nested_bump(state.fleets, "belt", "mcr", 2)
    nested_bump(state.fleets, "belt", "un", 1)
    nested_bump(state.fleets, "belt", "opa", 1)
    nested_bump(state.transports, "belt-earth", "opa", 1)
    nested_bump(state.transports, "belt-jupiter", "opa", 1)
    # Chris: 2 supporters + 2 loyal fleets beat everyone; the OPA's 1 fleet + 2 transports beat every faction.
    assert queries.player_strength(state, "belt") == {"chris": 4, "robin": 3, "mel": 2}
    assert queries.player_control(state, "belt") == "chris"
    assert queries.faction_strength(state, "belt") == {"un": 1, "mcr": 2, "opa": 3}
    assert queries.faction_control(state, "belt") == "opa"
    # Robin destroys one of Chris's supporters: 3 against 3, nobody controls the Belt.
    nested_bump(state.supporters, "belt", "chris", -1)
    assert queries.player_control(state, "belt") is None
    # Robin places another UN fleet and takes player control.
    nested_bump(state.fleets, "belt", "un", 1)
    assert queries.player_control(state, "belt") == "robin"
    # A UN transport on a border of the Belt ties the UN with the OPA on 3: no faction controls it.
    nested_bump(state.transports, "belt-mars", "un", 1)
    assert queries.faction_strength(state, "belt")["un"] == queries.faction_strength(state, "belt")["opa"] == 3
    assert queries.faction_control(state, "belt") is None


def test_controlling_a_region_transports_count_for_both_regions() -> None:
    state = three_players(chris="mcr")
    nested_bump(state.transports, "earth-mars", "un", 1)
    assert queries.faction_control(state, "earth") == "un"
    assert queries.faction_control(state, "mars") == "un"
    assert queries.faction_control(state, "belt") is None


def test_controlling_a_region_needs_a_supporter() -> None:
    state = three_players(chris="mcr", robin="un")
    nested_bump(state.fleets, "mars", "mcr", 3)
    assert queries.player_strength(state, "mars")["chris"] == 3
    assert queries.player_control(state, "mars") is None


def test_controlling_a_region_enemy_fleets_prevent_control() -> None:
    state = three_players(chris="mcr", robin="un")
    nested_bump(state.supporters, "mars", "chris", 1)
    assert queries.player_control(state, "mars") == "chris"
    nested_bump(state.fleets, "mars", "un", 2)  # Robin's loyal fleets, with no supporter of Robin's there
    assert queries.player_control(state, "mars") is None
    assert queries.regions_of_player(state, "chris") == []


def test_loyalty_and_reputation_sum_loyalists_rewards_and_favours() -> None:
    state = three_players(chris="un")
    chris = state.players["chris"]
    chris.network = [2, 3, 8]  # UN, UN and OPA loyalists
    chris.rewards = [17, 21, 4]  # UN, UN and OPA rewards
    chris.favours = 2
    assert queries.reputation(state, "chris", "un") == 2 + 2 + 2
    assert queries.reputation(state, "chris", "opa") == 1 + 1  # favours count only for the loyalty
    assert queries.reputation(state, "chris", "mcr") == 0


def test_reputation_follows_events_on_favours_and_loyalists() -> None:
    state = three_players(chris="un", robin="un")
    state.players["chris"].network = [2]
    state.players["chris"].favours = 1
    state.players["robin"].favours = 1
    state.effects.append(Effect(106, "ice_hauler_windfall", "favour_worth", "until_after_next_dominance_check",
                                "chris"))
    assert queries.reputation(state, "chris", "un") == 1 + 2
    assert queries.reputation(state, "robin", "un") == 1
    state.effects.append(Effect(108, "leaked_broadcast", "loyalists_worthless", "until_after_next_dominance_check",
                                "robin", "chris"))
    assert queries.reputation(state, "chris", "un") == 2


def test_rank_and_privilege_stars_set_the_limits() -> None:
    state = three_players()
    state.players["mel"].network = [7, 8, 2, 15]  # political 2, political 1, subterfuge 2, war 3
    assert queries.stars(state, "mel", "political") == 3
    assert queries.stars(state, "mel", "war") == 3
    assert queries.network_limit(state, "mel") == 3 + 3
    assert queries.hand_limit(state, "mel") == 2 + 2
    assert queries.network_limit(state, "chris") == 3
    assert queries.hand_limit(state, "chris") == 2


def test_political_climate_favours_a_suit() -> None:
    state = three_players()
    expected = {"prosperity": "economics", "peace": "political", "cold_war": "subterfuge", "war": "war"}
    for climate, suit in expected.items():
        state.climate = climate
        assert queries.favoured_suit(state) == suit
    state.effects.append(Effect(105, "martian_naval_doctrine", "suit_counts_as_favoured",
                                "until_next_dominance_check", "mel"))
    state.climate = "peace"
    assert queries.favoured_suits(state, "mel") == {"political", "war"}
    assert queries.favoured_suits(state, "chris") == {"political"}


def test_component_limits_supplies_count_what_is_in_play() -> None:
    state = three_players(chris="mcr")
    nested_bump(state.supporters, "mars", "chris", 2)
    nested_bump(state.agents, "22", "chris", 1)
    state.players["chris"].favours = 3
    nested_bump(state.fleets, "mars", "mcr", 4)
    nested_bump(state.transports, "earth-mars", "mcr", 1)
    assert queries.markers_in_supply(state, "chris") == 10 - 6
    assert queries.tokens_in_supply(state, "mcr") == 12 - 5
    assert queries.tokens_in_supply(state, "un") == 12


def test_intimidation_needs_a_single_enemy_with_most_agents() -> None:
    state = three_players()
    state.players["chris"].network = [22]
    nested_bump(state.agents, "22", "robin", 1)
    assert RULES.hostage_holder(state, 22) == "robin"
    nested_bump(state.agents, "22", "chris", 1)
    assert RULES.hostage_holder(state, 22) is None  # tied with the owner
    nested_bump(state.agents, "22", "mel", 2)
    assert RULES.hostage_holder(state, 22) == "mel"
    state.agents["22"] = {"chris": 3}
    assert RULES.hostage_holder(state, 22) is None  # the owner's own agents never intimidate


def test_mobilise_agents_move_around_the_ring_of_networks() -> None:
    state = three_players()
    state.players["chris"].network = [1, 22]
    state.players["robin"].network = [40]  # Robin is to Chris's left: next in turn order
    state.players["mel"].network = [81, 2]
    # Chris's leftmost asset is adjacent to the rightmost asset of Robin, the player to Chris's left.
    assert set(queries.adjacent_assets(state, 1)) == {40, 22}
    # Chris is to Mel's left, so Mel's leftmost asset follows Chris's rightmost: the ring closes.
    assert set(queries.adjacent_assets(state, 22)) == {1, 81}
    assert set(queries.adjacent_assets(state, 40)) == {2, 1}


def test_cold_war_assets_sharing_a_region_are_adjacent() -> None:
    state = three_players()
    state.players["chris"].network = [1, 22]
    state.players["robin"].network = [40]
    state.players["mel"].network = [81, 2]
    state.climate = "cold_war"
    assert set(queries.adjacent_assets(state, 1)) == {40, 22, 2}  # 1 and 2 are both Earth assets


def test_rocinante_assets_region_follows_the_token() -> None:
    state = three_players()
    assert queries.asset_region(state, 97) == "outer_planets"
    state.rocinante.region = "mars"
    assert queries.asset_region(state, 97) == "mars"
    assert queries.asset_region(state, 1) == "earth"


def test_play_bribe_goes_to_the_region_controller_unless_prosperity() -> None:
    state = three_players(chris="mcr", robin="un")
    nested_bump(state.supporters, "earth", "robin", 2)
    assert queries.play_bribe(state, "chris", 1) == ("robin", 2)
    assert queries.play_bribe(state, "robin", 1) is None
    assert queries.play_bribe(state, "chris", 22) is None  # nobody controls Mars
    state.climate = "prosperity"
    assert queries.play_bribe(state, "chris", 1) is None
