"""Rulebook "Controlling a Region", with its example (Chris, Robin and Mel in the Belt), checked through the view
and a turn played by order."""

from __future__ import annotations

from px_rulebook import put, region, table, turn, view

from games.pax_expanse.state import GameState

SEATS = ("chris", "robin", "mel")
LOYALTY = {"chris": "mcr", "robin": "un", "mel": "opa"}


def control(state: GameState, region_id: str) -> dict[str, str | None]:
    """Who controls the region, as the public view shows it: the player and the faction."""
    shown = region(view(state), region_id)
    return {"player": shown["player_control"], "faction": shown["faction_control"]}


def example() -> GameState:
    """The example's Belt; Robin to act, with a Combat asset of the Belt (42) and a Rally asset (52)."""
    state = table(seats=SEATS, loyalty=LOYALTY, influence={"robin": 10}, networks={"robin": [42, 52]},
                  current="robin")
    put(state, "supporters", "belt", "chris", 2)
    put(state, "supporters", "belt", "robin", 2)
    put(state, "supporters", "belt", "mel", 1)
    put(state, "fleets", "belt", "mcr", 2)
    put(state, "fleets", "belt", "un", 1)
    put(state, "fleets", "belt", "opa", 1)
    put(state, "transports", "belt-earth", "opa", 1)
    put(state, "transports", "belt-jupiter", "opa", 1)
    return state


def test_example_chris_has_player_control_and_the_opa_faction_control() -> None:
    """"Chris currently has player control of the Belt ... However, it is the OPA that has faction control"."""
    assert control(example(), "belt") == {"player": "chris", "faction": "opa"}


def test_example_a_supporter_destroyed_leaves_a_tie_and_no_player_control() -> None:
    """"1 of Chris's supporters is destroyed by Robin. Now no one has player control of the Belt"."""
    step = turn(example(), {"actions": [{"action": "combat", "card": 42, "site": "belt",
                                         "remove": ["supporter:chris"]}]})
    assert control(step.state, "belt") == {"player": None, "faction": "opa"}


def test_example_robin_takes_control_then_the_transport_ties_the_factions() -> None:
    """"Robin then places another UN fleet ... take player control of the Belt. Finally, Robin places a UN transport
    on the border of the Belt ... the region reverts to uncontrolled status"."""
    step = turn(example(), {"actions": [
        {"action": "combat", "card": 42, "site": "belt", "remove": ["supporter:chris"]},
        {"action": "rally", "card": 52, "units": ["belt"]}]})
    assert control(step.state, "belt") == {"player": "robin", "faction": "opa"}
    step = turn(example(), {"actions": [
        {"action": "combat", "card": 42, "site": "belt", "remove": ["supporter:chris"]},
        {"action": "rally", "card": 52, "units": ["belt", "belt-tycho"]}]})
    assert control(step.state, "belt") == {"player": "robin", "faction": None}


def test_transports_count_for_both_regions_they_border() -> None:
    """"transports always border two regions, and will count for both such regions"."""
    state = table()
    put(state, "transports", "belt-earth", "un", 1)
    assert control(state, "belt")["faction"] == "un"
    assert control(state, "earth")["faction"] == "un"


def test_a_tie_between_factions_means_no_faction_controls() -> None:
    """"In the case of a tie, no faction controls it"."""
    state = table()
    put(state, "fleets", "mars", "mcr", 2)
    put(state, "transports", "mars-tycho", "un", 1)
    put(state, "fleets", "mars", "un", 1)
    assert control(state, "mars")["faction"] is None


def test_a_tie_between_players_means_no_player_controls() -> None:
    """To determine player control "the player with the highest total controls the region. In the case of a tie,
    no player controls it"."""
    state = table()
    put(state, "supporters", "mars", "anna", 2)
    put(state, "supporters", "mars", "ben", 1)
    put(state, "fleets", "mars", "mcr", 1)
    assert control(state, "mars")["player"] is None


def test_loyal_fleets_alone_never_give_player_control() -> None:
    """"players can only control regions if they have at least one supporter in the region; a player cannot
    control a region using loyal fleets alone"."""
    state = table()
    put(state, "fleets", "tycho", "un", 3)
    assert control(state, "tycho")["player"] is None
    put(state, "supporters", "tycho", "anna", 1)
    assert control(state, "tycho")["player"] == "anna"


def test_enemy_fleets_prevent_player_control_without_enemy_supporters() -> None:
    """"enemy fleets can prevent a player from controlling a region, even if the region contains no other
    player's supporters"."""
    state = table()
    put(state, "supporters", "tycho", "anna", 1)
    put(state, "fleets", "tycho", "mcr", 1)
    assert control(state, "tycho")["player"] is None
    put(state, "fleets", "tycho", "un", 1)
    assert control(state, "tycho")["player"] == "anna"


def test_player_and_faction_control_are_independent() -> None:
    """"It is possible for a region to be under player control by one player, while also being under faction
    control by one of the three factions (not necessarily the faction that the player ... is loyal to)"."""
    state = table()
    put(state, "supporters", "jupiter", "anna", 2)
    put(state, "transports", "belt-jupiter", "mcr", 1)
    assert control(state, "jupiter") == {"player": "anna", "faction": "mcr"}


def test_fleets_follow_the_faction_and_supporters_follow_the_player() -> None:
    """Components: "even if you helped raise the fleet, your navy will not follow you if you change your loyalty"
    and "control markers will always be on your side, even if you change loyalty": anna holds Earth with a supporter
    and two UN fleets against ben's two supporters; once she turns OPA, the UN fleets no longer count for her."""
    state = table(hands={"anna": [8]})  # 8: Earth political 1, an OPA loyalist (a supporter icon)
    put(state, "supporters", "earth", "anna", 1)
    put(state, "supporters", "earth", "ben", 2)
    put(state, "fleets", "earth", "un", 2)
    assert control(state, "earth")["player"] == "anna"
    step = turn(state, {"actions": [{"action": "play", "card": 8, "side": "right"}]})
    assert step.state.players["anna"].loyalty == "opa"
    assert step.state.supporters["earth"] == {"anna": 2, "ben": 2}
    assert control(step.state, "earth")["player"] is None


def test_enemy_fleets_of_a_faction_nobody_is_loyal_to_do_not_block_player_control() -> None:
    """Controlling a Region: totals are "each player's supporters ... plus the number of loyal fleets", and "enemy
    fleets can prevent a player from controlling a region": they do so through the total of a player loyal to
    them. With nobody loyal to the MCR, MCR fleets count for no one (DESIGN.md's reading)."""
    state = table(loyalty={"anna": "un", "ben": "un", "cleo": "opa"})
    put(state, "supporters", "tycho", "anna", 1)
    put(state, "fleets", "tycho", "mcr", 3)
    assert region(view(state), "tycho")["player_control"] == "anna"



def test_two_players_of_one_faction_both_count_its_fleets() -> None:
    """Controlling a Region: each player's total includes "the number of loyal fleets in that region (i.e, fleets
    belonging to the faction the player is loyal to)": two UN players each count the same UN fleets, so their
    supporters decide, and a tie means nobody."""
    state = table(loyalty={"anna": "un", "ben": "un", "cleo": "opa"})
    put(state, "supporters", "mars", "anna", 2)
    put(state, "supporters", "mars", "ben", 1)
    put(state, "fleets", "mars", "un", 2)
    assert region(view(state), "mars")["player_control"] == "anna"
    put(state, "supporters", "mars", "ben", 1)
    assert region(view(state), "mars")["player_control"] is None



def test_a_player_with_fleets_only_ties_a_supporter_and_nobody_controls() -> None:
    """Controlling a Region: "a player cannot control a region using loyal fleets alone. However, enemy fleets can
    prevent a player from controlling a region": ben's 2 MCR fleets (no supporter) tie anna's 2 supporters."""
    state = table()
    put(state, "supporters", "belt", "anna", 2)
    put(state, "fleets", "belt", "mcr", 2)
    assert region(view(state), "belt")["player_control"] is None
    put(state, "supporters", "belt", "anna", 1)
    assert region(view(state), "belt")["player_control"] == "anna"
