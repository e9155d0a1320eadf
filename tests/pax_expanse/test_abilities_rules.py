"""The special abilities that change a rule outside one action (data/abilities.yaml), one test each."""

from __future__ import annotations

import pytest
from px_actions import act, start, table
from px_helpers import market, put

from games.pax.context import OrderError, Pause
from games.pax_expanse import dominance
from games.pax_expanse.rules import RULES
from games.pax_expanse.turn import run_turn


def test_belter_uprising_two_opa_fleets_in_the_belt_after_each_dominance_check() -> None:
    state = table(networks={"ben": [39]})  # 39: Belter Uprising
    ctx = start(state)
    dominance.resolve(state, ctx, 1)
    assert state.fleets == {"belt": {"opa": 2}}
    assert state.checks == [1]


def test_diplomatic_immunity_no_bribe_to_use_your_own_intimidated_asset() -> None:
    state = table(networks={"anna": [12]}, influence={"cleo": 3})
    put(state, "agents", "12", "ben", 2)  # ben intimidates 12
    put(state, "supporters", "earth", "cleo")
    with pytest.raises(Pause) as pause:
        act(start(state), {"action": "extort", "card": 12, "from": ["cleo", "cleo"]})
    assert pause.value.question.seat == "ben"  # the bribe is asked without the ability
    state.players["anna"].network.insert(0, 7)  # 7: Diplomatic Immunity
    act(start(state), {"action": "extort", "card": 12, "from": ["cleo", "cleo"]})
    assert state.players["anna"].influence == 2
    assert state.players["ben"].influence == 0


def test_popular_mandate_play_assets_without_paying_the_regions_controller() -> None:
    state = table(hands={"anna": [22]})
    put(state, "supporters", "mars", "ben", 2)  # ben controls Mars
    with pytest.raises(Pause) as pause:
        act(start(state), {"action": "play", "card": 22, "side": "left", "agents": [22]})
    assert pause.value.question.seat == "ben"
    state.players["anna"].network.append(25)  # 25: Popular Mandate
    act(start(state), {"action": "play", "card": 22, "side": "left", "agents": [22]})
    assert state.players["anna"].network == [22, 25]


def test_compromising_files_tycho_an_agent_on_a_tycho_asset_without_agents_at_the_start_of_the_turn() -> None:
    state = table(networks={"anna": [53], "ben": [54, 59]})  # 53: Compromising Files (Tycho Station)
    put(state, "agents", "54", "cleo")
    outcome = run_turn(state, "anna", {"actions": [], "files": {"compromising_files_tycho": 59}})
    assert outcome.ctx.state.agents == {"54": {"cleo": 1}, "59": {"anna": 1}}
    with pytest.raises(OrderError) as error:
        run_turn(state, "anna", {"actions": [], "files": {"compromising_files_tycho": 54}})
    assert error.value.path == ("files", "compromising_files_tycho")
    assert "choose one of 59, 53, none" in error.value.message  # 54 already carries an agent
    outcome = run_turn(state, "anna", {"actions": []})  # a "may": an order without it does not use it
    assert outcome.ctx.state.agents == {"54": {"cleo": 1}}


def test_compromising_files_mars_an_agent_on_a_mars_asset_without_agents_at_the_start_of_the_turn() -> None:
    state = table(networks={"anna": [26], "ben": [22]})  # 26: Compromising Files (Mars)
    outcome = run_turn(state, "anna", {"actions": [], "files": {"compromising_files_mars": 22}})
    assert outcome.ctx.state.agents == {"22": {"anna": 1}}


@pytest.mark.parametrize(("ability_card", "row", "column", "card"), [
    pytest.param(64, 1, 4, 53, id="tycho_contracts"),
    pytest.param(81, 2, 5, 81, id="outer_planets_contracts"),
    pytest.param(82, 2, 6, 67, id="martian_patronage"),
])
def test_free_purchase_abilities(ability_card: int, row: int, column: int, card: int) -> None:
    state = table(networks={"anna": []}, influence={"anna": 0})
    market(state, [1, 2, 3, 53, 5, 6], [7, 8, 9, 10, 81, 67])  # 53 Tycho, 81 Outer Planets, 67 MCR loyalist
    assert RULES.purchase_cost(state, "anna", row - 1, column - 1) == column - 1
    state.players["anna"].network.append(ability_card)
    assert RULES.purchase_cost(state, "anna", row - 1, column - 1) == 0
    act(start(state), {"action": "purchase", "row": row, "column": column})
    assert state.players["anna"].hand == [card]
    assert state.market_influence == [[0] * 6, [0] * 6]  # nothing paid to the cards on its left


def test_opportunist_its_actions_are_always_bonus_actions() -> None:
    state = table(networks={"anna": [72, 71]})  # 72: Opportunist; 71: political too, without the ability
    state.climate = "war"
    start(state)
    assert RULES.is_favoured(state, "anna", 72)
    assert not RULES.is_favoured(state, "anna", 71)
    assert state.turn is not None
    state.turn.actions = 2
    assert RULES.action_left(state, "anna", 72)
    assert not RULES.action_left(state, "anna", 71)
