"""Eliminate, after the rulebook's "Eliminate" section, Peace's rule and "Agents on Discarded Assets"."""

from __future__ import annotations

import pytest
from px_actions import act, start, table
from px_helpers import market, put

from games.pax.context import OrderError, Pause
from games.pax_expanse.state import GameState

# 36: Mars, war, rank 2, Eliminate (anna's). 22, 23, 24: Mars assets. 2: Earth, UN loyalist, MCR reward.
# 17: Earth, UN reward. 3: Earth, UN loyalist.


def board(**networks: list[int]) -> GameState:
    state = table(networks={"anna": [36], **networks}, influence={"anna": 5})
    market(state, [1, 4, 5, 6, 8, 9], [10, 11, 12, 13, 14, 15])
    state.climate = "cold_war"
    return state


def test_eliminate_discards_an_asset_where_you_have_an_agent_for_two_influence() -> None:
    state = board(ben=[22])
    put(state, "agents", "22", "anna")
    ctx = start(state)
    act(ctx, {"action": "eliminate", "card": 36, "target": 22})
    assert state.players["ben"].network == []
    assert state.discard == [22]
    assert state.agents == {}  # the agent returned to its player board
    assert state.players["anna"].influence == 3
    assert state.market_influence == [[0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 1]]


def test_eliminate_including_cards_in_your_own_network() -> None:
    state = board()
    state.players["anna"].network.append(23)
    put(state, "agents", "23", "anna")
    ctx = start(state)
    act(ctx, {"action": "eliminate", "card": 36, "target": 23, "reward": False})
    assert state.players["anna"].network == [36]


def test_eliminate_only_where_you_have_an_agent() -> None:
    state = board(ben=[22, 23])
    put(state, "agents", "22", "anna")
    ctx = start(state)
    with pytest.raises(OrderError) as error:
        act(ctx, {"action": "eliminate", "card": 36, "target": 23})
    assert error.value.path == ("actions", 0, "target")
    assert "carrying your agent: 22" in error.value.message


def test_eliminate_costs_two() -> None:
    state = board(ben=[22])
    state.players["anna"].influence = 1
    put(state, "agents", "22", "anna")
    ctx = start(state)
    with pytest.raises(OrderError) as error:
        act(ctx, {"action": "eliminate", "card": 36, "target": 22})
    assert "costs 2 influence and you have 1" in error.value.message


def test_eliminate_other_agents_move_to_adjacent_cards_by_their_controllers_in_player_order() -> None:
    state = board(ben=[22, 23, 24])
    put(state, "agents", "23", "anna", 2)
    put(state, "agents", "23", "cleo")
    ctx = start(state)
    with pytest.raises(Pause) as pause:
        act(ctx, {"action": "eliminate", "card": 36, "target": 23})
    assert pause.value.question.seat == "anna"  # the current player moves first
    state = board(ben=[22, 23, 24])
    put(state, "agents", "23", "anna", 2)
    put(state, "agents", "23", "cleo")
    ctx = start(state, answers={"actions.0.agent-moves-1": 24})
    with pytest.raises(Pause) as pause:
        act(ctx, {"action": "eliminate", "card": 36, "target": 23})
    assert pause.value.question.seat == "cleo"
    assert pause.value.question.options == (22, 24, 36)  # under Cold War, anna's Mars asset is adjacent too
    state = board(ben=[22, 23, 24])
    put(state, "agents", "23", "anna", 2)
    put(state, "agents", "23", "cleo")
    ctx = start(state, answers={"actions.0.agent-moves-1": 24, "actions.0.agent-moves-2": 22})
    act(ctx, {"action": "eliminate", "card": 36, "target": 23, "reward": False})
    assert state.agents == {"24": {"anna": 1}, "22": {"cleo": 1}}


def test_eliminate_may_remove_a_supporter_of_the_owner_in_the_assets_region() -> None:
    state = board(ben=[22])
    put(state, "agents", "22", "anna")
    put(state, "supporters", "mars", "ben", 2)
    ctx = start(state)
    act(ctx, {"action": "eliminate", "card": 36, "target": 22, "supporter": True})
    assert state.supporters == {"mars": {"ben": 1}}


def test_eliminate_the_supporter_removal_is_optional() -> None:
    state = board(ben=[22])
    put(state, "agents", "22", "anna")
    put(state, "supporters", "mars", "ben")
    ctx = start(state)
    act(ctx, {"action": "eliminate", "card": 36, "target": 22, "supporter": False})
    assert state.supporters == {"mars": {"ben": 1}}


def test_peace_supporters_are_not_lost_when_assets_are_eliminated() -> None:
    state = board(ben=[22])
    state.climate = "peace"
    put(state, "agents", "22", "anna")
    put(state, "supporters", "mars", "ben")
    ctx = start(state)
    act(ctx, {"action": "eliminate", "card": 36, "target": 22, "supporter": True})
    assert state.supporters == {"mars": {"ben": 1}}


def test_eliminate_reward_of_your_loyalty_is_tucked_behind_your_loyalty_card() -> None:
    state = board(ben=[17])
    put(state, "agents", "17", "anna")
    ctx = start(state)
    act(ctx, {"action": "eliminate", "card": 36, "target": 17, "reward": True})
    assert state.players["anna"].rewards == [17]
    assert 17 not in state.discard
    assert state.players["anna"].loyalty == "un"


def test_eliminate_reward_may_be_declined() -> None:
    state = board(ben=[17])
    put(state, "agents", "17", "anna")
    ctx = start(state)
    act(ctx, {"action": "eliminate", "card": 36, "target": 17, "reward": False})
    assert state.players["anna"].rewards == []
    assert state.discard == [17]


def test_eliminate_reward_of_another_faction_changes_loyalty_first() -> None:
    state = board(ben=[2])
    state.players["anna"].network.append(3)  # a UN loyalist
    state.players["anna"].favours = 2
    put(state, "agents", "2", "anna")
    ctx = start(state)
    act(ctx, {"action": "eliminate", "card": 36, "target": 2, "reward": True})
    anna = state.players["anna"]
    assert anna.loyalty == "mcr"
    assert anna.favours == 0
    assert anna.network == [36]  # the UN loyalist is discarded
    assert anna.rewards == [2]
