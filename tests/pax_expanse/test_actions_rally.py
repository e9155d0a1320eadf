"""Rally, after the rulebook's "Rally" section, and the "Action Costs" it pays.

The rulebook refers to "the example of the rally Action on the next page" for paying action costs; that page is not
in our copy of the rulebook, so the action-cost rules are tested as its "Action Costs" text states them.
"""

from __future__ import annotations

import pytest
from px_actions import act, start, table
from px_helpers import market, put

from games.pax.context import OrderError, Pause
from games.pax_expanse.rules import RULES
from games.pax_expanse.state import GameState

# 10: Earth, political, rank 1, Rally. Earth's borders: earth-mars, belt-earth.


def shop(influence: int = 10) -> GameState:
    state = table(networks={"anna": [10]}, influence={"anna": influence})
    market(state, [1, 2, 3, 4, 5, 6], [7, 8, 9, 11, 12, 13])
    return state


def test_rally_fleets_and_transports_of_your_loyalty_in_the_assets_region() -> None:
    state = shop()
    ctx = start(state)
    act(ctx, {"action": "rally", "card": 10, "units": ["earth", "earth", "belt-earth"]})
    assert state.fleets == {"earth": {"un": 2}}
    assert state.transports == {"belt-earth": {"un": 1}}
    assert state.players["anna"].influence == 4  # two influence per unit


def test_rally_in_any_region_the_player_controls() -> None:
    state = shop()
    put(state, "supporters", "outer_planets", "anna")
    ctx = start(state)
    act(ctx, {"action": "rally", "card": 10, "units": ["outer_planets", "jupiter-outer_planets"]})
    assert state.fleets == {"outer_planets": {"un": 1}}
    assert state.transports == {"jupiter-outer_planets": {"un": 1}}


def test_rally_not_elsewhere() -> None:
    state = shop()
    ctx = start(state)
    with pytest.raises(OrderError) as error:
        act(ctx, {"action": "rally", "card": 10, "units": ["earth", "tycho"]})
    assert error.value.path == ("actions", 0, "units", 1)
    assert "earth, earth-mars, belt-earth" in error.value.message


def test_rally_up_to_three_units() -> None:
    state = shop()
    ctx = start(state)
    with pytest.raises(OrderError) as error:
        act(ctx, {"action": "rally", "card": 10, "units": ["earth"] * 4})
    assert error.value.path == ("actions", 0, "units")
    assert "1 to 3" in error.value.message


def test_rally_two_influence_per_unit_must_be_affordable() -> None:
    state = shop(3)
    ctx = start(state)
    with pytest.raises(OrderError) as error:
        act(ctx, {"action": "rally", "card": 10, "units": ["earth", "earth"]})
    assert "costs 4 influence and you have 3" in error.value.message


def test_rally_takes_a_piece_from_play_when_the_supply_is_empty() -> None:
    state = shop()
    put(state, "fleets", "mars", "un", 12)
    ctx = start(state, answers={"actions.0.take-piece-1": "fleet:mars"})
    act(ctx, {"action": "rally", "card": 10, "units": ["belt-earth"]})
    assert state.fleets["mars"]["un"] == 11
    assert state.transports == {"belt-earth": {"un": 1}}  # the fleet became a transport


def test_action_costs_one_influence_on_the_rightmost_card_of_each_row() -> None:
    state = shop()
    ctx = start(state)
    act(ctx, {"action": "rally", "card": 10, "units": ["earth", "earth"]})
    assert state.market_influence == [[0, 0, 0, 0, 1, 1], [0, 0, 0, 0, 1, 1]]


def test_action_costs_skip_a_vacant_market_slot() -> None:
    state = shop()
    state.market[0][5] = None
    ctx = start(state)
    act(ctx, {"action": "rally", "card": 10, "units": ["earth"]})
    assert state.market_influence == [[0, 0, 0, 0, 1, 0], [0, 0, 0, 0, 0, 1]]


def test_action_costs_forbid_buying_a_card_paid_this_turn() -> None:
    state = shop()
    ctx = start(state)
    act(ctx, {"action": "rally", "card": 10, "units": ["earth"]})
    with pytest.raises(OrderError) as error:
        act(ctx, {"action": "purchase", "row": 1, "column": 6})
    assert "placed influence" in error.value.message


def test_action_costs_odd_amount_the_payer_chooses_the_row_of_the_last_influence() -> None:
    state = shop()
    ctx = start(state)
    with pytest.raises(Pause) as pause:
        RULES.pay_action_cost(ctx, "anna", 3)
    assert pause.value.question.options == (1, 2)
    state = shop()
    ctx = start(state, answers={"odd-row-1": 2})
    RULES.pay_action_cost(ctx, "anna", 3)
    assert state.market_influence == [[0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 1, 1]]
