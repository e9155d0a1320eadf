"""The turn frame with the real actions (rulebook "Card-Based Actions", "Bonus Actions", "Exhausting an Asset",
"Agents on Discarded Assets")."""

from __future__ import annotations

import pytest
from px_actions import act, start, table
from px_helpers import market, put

from games.pax.context import OrderError
from games.pax_expanse.network import discard_asset
from games.pax_expanse.state import GameState

# 21 and 16: Earth, war, rank 2, Combat; 12: Earth, economics, Extort and Mobilise; 10: Earth, political, Rally.


def test_bonus_actions_war_assets_act_free_under_war() -> None:
    state = table(networks={"anna": [21, 16, 12, 10]}, influence={"anna": 4, "ben": 2})
    market(state, [1, 2], [3, 4])
    state.climate = "war"
    put(state, "fleets", "belt", "un", 2)
    put(state, "fleets", "belt", "mcr", 2)
    put(state, "supporters", "earth", "ben")
    ctx = start(state)
    act(ctx, {"action": "extort", "card": 12, "from": ["ben", "ben"]})
    act(ctx, {"action": "rally", "card": 10, "units": ["earth"]})
    act(ctx, {"action": "combat", "card": 21, "site": "belt", "remove": ["fleet:mcr"]})
    act(ctx, {"action": "combat", "card": 16, "site": "belt", "remove": ["fleet:mcr"]})
    assert state.fleets == {"belt": {"un": 2}, "earth": {"un": 1}}
    assert state.turn is not None and state.turn.actions == 2


def test_card_based_actions_each_asset_one_action_per_turn_whatever_it_shows() -> None:
    state = table(networks={"anna": [12]}, influence={"ben": 2})
    put(state, "supporters", "earth", "ben")
    put(state, "fleets", "earth", "un")
    ctx = start(state)
    act(ctx, {"action": "extort", "card": 12, "from": ["ben", "ben"]})
    with pytest.raises(OrderError) as error:
        act(ctx, {"action": "mobilise", "card": 12, "moves": [{"fleet": "earth", "to": "mars"}]})
    assert error.value.path == ("actions", 1, "card")
    assert "already acted" in error.value.message
    assert state.players["anna"].exhausted == [12]


def test_agents_on_discarded_assets_cold_war_may_move_to_an_asset_of_the_same_region() -> None:
    def around_22(climate: str) -> GameState:
        state = table(networks={"anna": [1, 22, 2, 3], "ben": [40, 23, 41]})  # 22, 23: Mars; 22 sits by 1 and 2
        put(state, "agents", "22", "ben")
        state.climate = climate
        return state

    with pytest.raises(OrderError):  # not adjacent in the ring
        discard_asset(start(around_22("peace"), "ben", answers={"agent-moves-1": 23}), 22, "test")
    state = around_22("cold_war")
    discard_asset(start(state, "ben", answers={"agent-moves-1": 23}), 22, "test")
    assert state.agents == {"23": {"ben": 1}}
