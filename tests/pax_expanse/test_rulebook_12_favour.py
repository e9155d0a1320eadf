"""Rulebook "Favour": gain a favour (2/4/6, at most 3), move the Rocinante (undamaged only), place a supporter."""

from __future__ import annotations

from px_rulebook import market, player, problems, put, table, turn, view

from games.pax_expanse.state import GameState

# 13: Earth economics 1 (Extort, Favour); 40: Belt subterfuge 1 (Favour, Mobilise); 25: OPA loyalist of Mars;
# 97: Naomi Nagata (crew: Extort, Favour).


def favour_table(influence: int = 20, network: tuple[int, ...] = (13,)) -> GameState:
    state = table(influence={"anna": influence}, networks={"anna": list(network)})
    market(state, [1, 2, 3, 4, 5, 6], [21, 22, 23, 24, 25, 26])
    return state


def favour(card: int = 13, **more: object) -> dict[str, object]:
    return {"action": "favour", "card": card, "effect": "favour", **more}


def test_favours_cost_two_then_four_then_six_paid_to_the_market() -> None:
    """"The first favour gained costs 2 influence, the second 4 influence and the third 6 influence"."""
    state = favour_table()
    for favours, cost in ((0, 2), (1, 4), (2, 6)):
        state.players["anna"].favours = favours
        step = turn(state, {"actions": [favour()]})
        assert step.state.players["anna"].influence == 20 - cost
        assert step.state.players["anna"].favours == favours + 1
        assert sum(map(sum, step.state.market_influence)) == cost


def test_no_more_than_three_favours() -> None:
    """"A player cannot gain more than 3 favours with a faction"."""
    state = favour_table()
    state.players["anna"].favours = 3
    found = problems(state, {"actions": [favour()]})
    assert found and found[0].path == ("actions", 0, "effect")


def test_a_favour_is_a_control_marker_from_the_supply() -> None:
    """"Place a control marker on one of the favour spaces on your Loyalty card"."""
    step = turn(favour_table(), {"actions": [favour()]})
    assert step.state.players["anna"].favours == 1
    assert player(view(step.state), "anna")["markers_in_supply"] == 9


def test_favours_are_lost_on_changing_loyalty_and_the_cost_resets() -> None:
    """"All favours are lost when a player changes loyalty (and the cost for purchasing the first favour with the new
    faction resets to 2 influence)"."""
    state = favour_table()
    state.players["anna"].favours = 2
    state.players["anna"].hand = [25]
    step = turn(state, {"actions": [{"action": "play", "card": 25, "side": "right"}, favour()]})
    anna = step.state.players["anna"]
    assert anna.loyalty == "opa" and anna.favours == 1 and anna.influence == 20 + 2 - 2


def test_the_rocinante_moves_into_the_assets_region_from_an_adjacent_one() -> None:
    """"If the Rocinante is in a region adjacent to this asset's region, move it to this asset's region"."""
    state = favour_table(network=(40,))
    state.rocinante.region = "tycho"
    found = problems(state, {"actions": [favour(40, effect="rocinante", region="jupiter")]})
    assert found and found[0].path == ("actions", 0, "region")
    step = turn(state, {"actions": [favour(40, effect="rocinante", region="belt")]})
    assert step.state.rocinante.region == "belt"


def test_the_rocinante_moves_out_of_the_assets_region_to_any_adjacent_one() -> None:
    """"If the Rocinante is in this asset's region, move it to any adjacent region"."""
    state = favour_table(network=(40,))
    state.rocinante.region = "belt"
    step = turn(state, {"actions": [favour(40, effect="rocinante", region="jupiter")]})
    assert step.state.rocinante.region == "jupiter"
    found = problems(state, {"actions": [favour(40, effect="rocinante", region="outer_planets")]})
    assert found and found[0].path == ("actions", 0, "region")


def test_the_rocinante_farther_away_cannot_be_moved() -> None:
    """Neither in nor next to the asset's region: no move."""
    state = favour_table(network=(13,))
    found = problems(state, {"actions": [favour(13, effect="rocinante", region="mars")]})
    assert found and found[0].path[:2] == ("actions", 0)


def test_a_damaged_rocinante_cannot_be_moved() -> None:
    """"This may only be done if the Rocinante is undamaged"."""
    state = favour_table(network=(40,))
    state.rocinante.region = "belt"
    state.rocinante.damaged = True
    found = problems(state, {"actions": [favour(40, effect="rocinante", region="jupiter")]})
    assert found and "damaged" in found[0].message


def test_naomi_always_has_the_rocinante_in_her_region() -> None:
    """Rocinante Assets: a crew asset's region is the Rocinante's, so its Favour moves it to any adjacent region."""
    state = favour_table(network=(97,))
    step = turn(state, {"actions": [favour(97, effect="rocinante", region="jupiter")]})
    assert step.state.rocinante.region == "jupiter"


def test_a_supporter_costs_two_per_supporter_you_already_have_there() -> None:
    """"Pay 2 influence tokens per supporter you currently have in that region to place a supporter"."""
    state = favour_table()
    put(state, "supporters", "earth", "anna", 2)
    step = turn(state, {"actions": [favour(effect="supporter", region="earth")]})
    assert step.state.supporters["earth"]["anna"] == 3 and step.state.players["anna"].influence == 16


def test_a_supporter_goes_to_the_assets_region_or_one_your_faction_controls() -> None:
    """"Choose either the asset's region or another region controlled by the faction you are loyal to"."""
    state = favour_table()
    found = problems(state, {"actions": [favour(effect="supporter", region="mars")]})
    assert found and found[0].path == ("actions", 0, "region")
    put(state, "fleets", "mars", "un", 1)
    step = turn(state, {"actions": [favour(effect="supporter", region="mars")]})
    assert step.state.supporters == {"mars": {"anna": 1}}
