"""The turn frame: two actions, bonus actions of the favoured suit, one action per asset, exhaustion and
intimidation (rulebook "Card-Based Actions", "Bonus Actions", "Exhausting an Asset", "Intimidation")."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from px_helpers import position, put

from engine.contract import Path, Problem
from engine.rng import Rng
from games.pax.context import Context, OrderError
from games.pax_expanse import actions
from games.pax_expanse.state import GameState
from games.pax_expanse.turn import run_turn


class Tally:
    """A card-based action for testing the frame: it takes one influence from the bank, and records who acted."""

    FIELDS: tuple[str, ...] = ("note",)
    performed: list[int] = []

    @staticmethod
    def problems(state: GameState, seat: str, card: int, params: dict[str, Any], path: Path) -> list[Problem]:
        return [Problem((*path, "note"), "note must not be 'bad'")] if params.get("note") == "bad" else []

    @staticmethod
    def perform(ctx: Context[GameState], seat: str, card: int, params: dict[str, Any]) -> None:
        ctx.state.players[seat].influence += 1
        Tally.performed.append(card)

    @staticmethod
    def random_params(state: GameState, seat: str, card: int, rng: Rng) -> dict[str, Any] | None:
        return {}

    @staticmethod
    def choices(state: GameState, seat: str, card: int) -> list[str]:
        return []


@pytest.fixture(autouse=True)
def extort_is_tallied(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setitem(actions.REGISTRY.modules, "extort", Tally)  # type: ignore[arg-type]
    Tally.performed = []
    yield


def table(networks: dict[str, list[int]]) -> GameState:
    return position(loyalty={"anna": "un", "ben": "mcr", "cleo": "opa"}, networks=networks)


def extort(card: int, **more: Any) -> dict[str, Any]:
    return {"action": "extort", "card": card, **more}


# 8 political 1, 32 economics 1, 35 war 1, 45 economics 1: all show Extort. Peace favours political.


def test_card_based_actions_two_actions_then_no_more() -> None:
    state = table({"anna": [32, 35, 45]})
    run_turn(state, "anna", {"actions": [extort(32), extort(35)]})
    with pytest.raises(OrderError) as error:
        run_turn(state, "anna", {"actions": [extort(32), extort(35), extort(45)]})
    assert error.value.path == ("actions", 2, "action")
    assert "no actions left" in error.value.message


def test_bonus_actions_of_the_favoured_suit_do_not_count() -> None:
    state = table({"anna": [8, 32, 35]})
    outcome = run_turn(state, "anna", {"actions": [extort(32), extort(8), extort(35)]})
    assert Tally.performed == [32, 8, 35]
    assert outcome.ctx.state.players["anna"].influence == 3


def test_bonus_actions_follow_the_climate() -> None:
    state = table({"anna": [8, 32, 35]})
    state.climate = "war"
    run_turn(state, "anna", {"actions": [extort(32), extort(8), extort(35)]})
    with pytest.raises(OrderError):
        state.climate = "peace"
        run_turn(state, "anna", {"actions": [extort(32), extort(35), extort(8), extort(45)]})


def test_card_based_actions_each_asset_acts_once_per_turn() -> None:
    state = table({"anna": [8]})
    with pytest.raises(OrderError) as error:
        run_turn(state, "anna", {"actions": [extort(8), extort(8)]})
    assert "already acted" in error.value.message


def test_card_based_actions_only_from_your_network_and_printed_actions() -> None:
    state = table({"anna": [8], "ben": [32]})
    with pytest.raises(OrderError) as error:
        run_turn(state, "anna", {"actions": [extort(32)]})
    assert error.value.path == ("actions", 0, "card")
    with pytest.raises(OrderError) as error:
        run_turn(state, "anna", {"actions": [{"action": "rally", "card": 8}]})
    assert error.value.path == ("actions", 0, "action")


def test_card_based_actions_problems_of_the_action_reach_the_order() -> None:
    state = table({"anna": [8]})
    with pytest.raises(OrderError) as error:
        run_turn(state, "anna", {"actions": [extort(8, note="bad")]})
    assert error.value.path == ("actions", 0, "note")


def test_card_based_actions_not_yet_implemented_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(actions.REGISTRY.modules, "combat")  # every action is registered now; take one away
    state = table({"anna": [34]})
    with pytest.raises(OrderError) as error:
        run_turn(state, "anna", {"actions": [{"action": "combat", "card": 34}]})
    assert "not implemented yet" in error.value.message


def test_exhausting_an_asset_exhausted_assets_cannot_act_and_refresh_at_the_end_of_the_turn() -> None:
    state = table({"anna": [8, 32]})
    state.players["anna"].exhausted = [32]
    with pytest.raises(OrderError) as error:
        run_turn(state, "anna", {"actions": [extort(32)]})
    assert "exhausted" in error.value.message
    outcome = run_turn(state, "anna", {"actions": [extort(8)]})
    assert outcome.ctx.state.players["anna"].exhausted == []
    assert outcome.ctx.state.current == "ben"


def test_intimidation_bribe_to_the_intimidating_player_before_acting() -> None:
    state = table({"anna": [8]})
    state.players["anna"].influence = 3
    put(state, "agents", "8", "ben", 2)
    state.standing = {"ben": {"bribe": "full"}}
    outcome = run_turn(state, "anna", {"actions": [extort(8, bribe=2)]})
    assert outcome.ctx.state.players["ben"].influence == 2
    assert outcome.ctx.state.players["anna"].influence == 1 + 1


def test_intimidation_bribe_refused_means_no_action() -> None:
    state = table({"anna": [8]})
    put(state, "agents", "8", "ben", 2)
    state.standing = {"ben": {"bribe": "full"}}
    outcome = run_turn(state, "anna", {"actions": [extort(8, bribe=1)]})
    assert Tally.performed == []
    assert outcome.ctx.state.players["anna"].influence == 0


def test_purchase_and_play_always_count_against_the_limit() -> None:
    state = table({"anna": [8]})
    state.players["anna"].hand = [10, 12]
    state.players["anna"].influence = 5
    with pytest.raises(OrderError) as error:
        run_turn(state, "anna", {"actions": [{"action": "play", "card": 10, "side": "left"},
                                             {"action": "play", "card": 12, "side": "left", "transports": ["earth-mars",
                                                                                                           "earth-mars"]},
                                             {"action": "purchase", "row": 1, "column": 1}]})
    assert error.value.path == ("actions", 2, "action")


def test_sequence_of_play_turn_passes_clockwise_and_cleanup_runs() -> None:
    state = table({})
    state.players["anna"].hand = [10, 11, 12]
    outcome = run_turn(state, "anna", {"actions": [], "cleanup": {"hand": [11]}})
    after = outcome.ctx.state
    assert after.players["anna"].hand == [10, 12]
    assert after.current == "ben"
    assert after.turn is None and after.turn_number == 1


def test_special_abilities_compromising_files_places_an_agent_at_the_start_of_the_turn() -> None:
    state = table({"anna": [53], "ben": [54, 22]})  # 53: Compromising Files (Tycho Station)
    put(state, "agents", "22", "cleo")
    outcome = run_turn(state, "anna", {"files": {"compromising_files_tycho": 54}, "actions": []})
    assert outcome.ctx.state.agents["54"] == {"anna": 1}
    with pytest.raises(OrderError) as error:
        run_turn(state, "anna", {"files": {"compromising_files_tycho": 22}, "actions": []})
    assert error.value.path == ("files", "compromising_files_tycho")


def test_special_abilities_diplomatic_immunity_no_intimidation_bribe() -> None:
    state = table({"anna": [7, 8]})  # 7: Diplomatic Immunity
    put(state, "agents", "8", "ben", 2)
    run_turn(state, "anna", {"actions": [extort(8)]})
    assert Tally.performed == [8]


def test_special_abilities_opportunist_always_takes_bonus_actions() -> None:
    from games.pax_expanse.rules import RULES

    state = table({"anna": [79, 72]})  # both Opportunist: war and political assets
    state.climate = "prosperity"
    assert RULES.is_favoured(state, "anna", 79) and RULES.is_favoured(state, "anna", 72)
