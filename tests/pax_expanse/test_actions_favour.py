"""Favour, after the rulebook's "Favour" section: gain a favour, move the Rocinante, place a supporter."""

from __future__ import annotations

import pytest
from px_actions import act, start, table
from px_helpers import market, put

from games.pax.context import OrderError
from games.pax_expanse.state import GameState

# 29: Mars, economics, rank 2, Favour. Mars borders Earth, the Belt and Tycho Station.


def shop(influence: int = 20) -> GameState:
    state = table(networks={"anna": [29]}, influence={"anna": influence})
    market(state, [1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12])
    return state


def test_favour_gain_costs_2_then_4_then_6_paid_to_the_market() -> None:
    state = shop(12)
    for expected_left in (10, 6, 0):
        ctx = start(state)
        act(ctx, {"action": "favour", "card": 29, "effect": "favour"})
        assert state.players["anna"].influence == expected_left
        state.players["anna"].exhausted.clear()
    assert state.players["anna"].favours == 3
    assert sum(map(sum, state.market_influence)) == 12


def test_favour_no_more_than_three_with_a_faction() -> None:
    state = shop()
    state.players["anna"].favours = 3
    ctx = start(state)
    with pytest.raises(OrderError) as error:
        act(ctx, {"action": "favour", "card": 29, "effect": "favour"})
    assert error.value.path == ("actions", 0, "effect")
    assert "3 favours already" in error.value.message
    assert "effects possible now: supporter" in error.value.message


def test_favour_must_be_affordable() -> None:
    state = shop(3)
    state.players["anna"].favours = 1
    ctx = start(state)
    with pytest.raises(OrderError) as error:
        act(ctx, {"action": "favour", "card": 29, "effect": "favour"})
    assert "costs 4 influence and you have 3" in error.value.message


def test_favour_counts_for_reputation_and_is_lost_on_loyalty_change() -> None:
    from games.pax_expanse import queries
    from games.pax_expanse.network import change_loyalty

    state = shop()
    ctx = start(state)
    act(ctx, {"action": "favour", "card": 29, "effect": "favour"})
    assert queries.reputation(state, "anna", "un") == 1
    change_loyalty(ctx, "anna", "mcr")
    assert state.players["anna"].favours == 0
    from games.pax_expanse.actions.favour import favour_cost

    assert favour_cost(state, "anna") == 2  # the first favour with the new faction costs 2 again


def test_favour_move_the_rocinante_from_an_adjacent_region_into_the_assets_region() -> None:
    state = shop()
    state.rocinante.region = "tycho"
    ctx = start(state)
    act(ctx, {"action": "favour", "card": 29, "effect": "rocinante", "region": "mars"})
    assert state.rocinante.region == "mars"
    assert state.players["anna"].influence == 20  # moving the Rocinante costs nothing


def test_favour_move_the_rocinante_out_of_the_assets_region_to_any_adjacent_region() -> None:
    state = shop()
    state.rocinante.region = "mars"
    ctx = start(state)
    with pytest.raises(OrderError) as error:
        act(ctx, {"action": "favour", "card": 29, "effect": "rocinante", "region": "jupiter"})
    assert "may move to earth, belt, tycho" in error.value.message
    ctx = start(state)
    act(ctx, {"action": "favour", "card": 29, "effect": "rocinante", "region": "earth"})
    assert state.rocinante.region == "earth"


def test_favour_move_the_rocinante_not_from_farther_away() -> None:
    state = shop()
    state.rocinante.region = "outer_planets"
    ctx = start(state)
    with pytest.raises(OrderError) as error:
        act(ctx, {"action": "favour", "card": 29, "effect": "rocinante", "region": "mars"})
    assert "neither in nor next to Mars" in error.value.message


def test_favour_move_the_rocinante_only_when_undamaged() -> None:
    state = shop()
    state.rocinante.region = "tycho"
    state.rocinante.damaged = True
    ctx = start(state)
    with pytest.raises(OrderError) as error:
        act(ctx, {"action": "favour", "card": 29, "effect": "rocinante", "region": "mars"})
    assert "it is damaged" in error.value.message


def test_favour_place_supporter_costs_2_per_supporter_already_there() -> None:
    state = shop(10)
    put(state, "supporters", "mars", "anna", 2)
    ctx = start(state)
    act(ctx, {"action": "favour", "card": 29, "effect": "supporter", "region": "mars"})
    assert state.supporters["mars"]["anna"] == 3
    assert state.players["anna"].influence == 6


def test_favour_place_supporter_first_one_is_free() -> None:
    state = shop(0)
    ctx = start(state)
    act(ctx, {"action": "favour", "card": 29, "effect": "supporter", "region": "mars"})
    assert state.supporters["mars"]["anna"] == 1


def test_favour_place_supporter_in_a_region_your_faction_controls() -> None:
    state = shop()
    put(state, "fleets", "jupiter", "un")
    ctx = start(state)
    act(ctx, {"action": "favour", "card": 29, "effect": "supporter", "region": "jupiter"})
    assert state.supporters["jupiter"]["anna"] == 1
    state.players["anna"].exhausted.clear()
    ctx = start(state)
    with pytest.raises(OrderError) as error:
        act(ctx, {"action": "favour", "card": 29, "effect": "supporter", "region": "belt"})
    assert error.value.path == ("actions", 0, "region")
    assert "mars, jupiter" in error.value.message


def test_favour_unknown_effect_names_the_three() -> None:
    state = shop()
    ctx = start(state)
    with pytest.raises(OrderError) as error:
        act(ctx, {"action": "favour", "card": 29, "effect": "gift"})
    assert error.value.path == ("actions", 0, "effect")
    assert "favour, rocinante, supporter" in error.value.message
