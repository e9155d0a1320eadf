"""Extort, after the rulebook's "Extort" section."""

from __future__ import annotations

import pytest
from px_actions import act, start, table
from px_helpers import market, put

from games.pax.context import OrderError, Pause

# 12: Earth, economics, rank 2, Extort. 44: the Belt, economics, rank 2, Extort.


def test_extort_takes_rank_influence_from_players_with_supporters_in_the_region() -> None:
    state = table(networks={"anna": [12]}, influence={"ben": 5, "cleo": 5})
    put(state, "supporters", "earth", "ben")
    ctx = start(state)
    act(ctx, {"action": "extort", "card": 12, "from": ["ben", "ben"]})
    assert state.players["anna"].influence == 2
    assert state.players["ben"].influence == 3
    assert state.players["cleo"].influence == 5


def test_extort_takes_from_market_assets_of_the_region() -> None:
    state = table(networks={"anna": [12]})
    market(state, [1, 44], [2])
    state.market_influence[0] = [1, 3, 0, 0, 0, 0]
    state.market_influence[1] = [1, 0, 0, 0, 0, 0]
    ctx = start(state)
    act(ctx, {"action": "extort", "card": 12, "from": [1, 2]})
    assert state.players["anna"].influence == 2
    assert state.market_influence[0][0] == 0 and state.market_influence[1][0] == 0
    assert state.market_influence[0][1] == 3  # a Belt asset is out of an Earth asset's reach


def test_extort_not_from_players_without_supporters_in_the_region() -> None:
    state = table(networks={"anna": [12]}, influence={"ben": 5})
    put(state, "supporters", "belt", "ben")
    put(state, "supporters", "earth", "cleo")  # cleo has none to take
    ctx = start(state)
    with pytest.raises(OrderError) as error:
        act(ctx, {"action": "extort", "card": 12})
    assert error.value.path == ("actions", 0, "card")
    assert "nothing to extort" in error.value.message


def test_extort_takes_all_there_is_when_less_than_rank() -> None:
    state = table(networks={"anna": [12]}, influence={"ben": 1})
    put(state, "supporters", "earth", "ben")
    ctx = start(state)
    act(ctx, {"action": "extort", "card": 12})  # the one source is no choice
    assert state.players["anna"].influence == 1
    assert state.players["ben"].influence == 0


def test_extort_from_list_names_no_more_sources_than_the_influence_taken() -> None:
    state = table(networks={"anna": [12]}, influence={"ben": 5})
    put(state, "supporters", "earth", "ben")
    ctx = start(state)
    with pytest.raises(OrderError) as error:
        act(ctx, {"action": "extort", "card": 12, "from": ["ben", "ben", "ben"]})
    assert error.value.path == ("actions", 0, "from")
    assert "sources now: ben" in error.value.message


def test_extort_asks_which_source_when_several() -> None:
    state = table(networks={"anna": [12]}, influence={"ben": 5, "cleo": 5})
    put(state, "supporters", "earth", "ben")
    put(state, "supporters", "earth", "cleo")
    ctx = start(state)
    with pytest.raises(Pause) as pause:
        act(ctx, {"action": "extort", "card": 12})
    assert pause.value.question.options == ("ben", "cleo")
    assert pause.value.question.path == ("actions", 0, "from", 0)


def test_extort_a_wrong_source_names_the_valid_ones() -> None:
    state = table(networks={"anna": [12]}, influence={"ben": 5})
    put(state, "supporters", "earth", "ben")
    ctx = start(state)
    with pytest.raises(OrderError) as error:
        act(ctx, {"action": "extort", "card": 12, "from": ["cleo", "ben"]})
    assert error.value.path == ("actions", 0, "from", 0)
    assert "choose one of ben" in error.value.message
