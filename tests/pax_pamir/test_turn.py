"""Rulebook pages 8 and 12: the turn's action limit, bonus actions, each card once, hostage bribes.

The card-based actions themselves are tested in test_actions_*.py; here a stand-in action module shows what the
turn code does around any of them.
"""

from __future__ import annotations

import types
from typing import Any

import pytest
from pp_helpers import position, turn

from engine.contract import Problem
from games.pax_pamir import GAME, actions, queries
from games.pax_pamir.rules import RULES

MARKET = [[1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12]]


def _stand_in() -> types.ModuleType:
    """An action that costs one rupee and records which cards acted."""
    module = types.ModuleType("stand_in")
    module.FIELDS = ("note",)

    def problems(state: Any, seat: str, card: int, params: dict[str, Any], path: tuple) -> list[Problem]:
        if state.players[seat].rupees < 1:
            return [Problem((*path, "card"), "needs a rupee")]
        return []

    def perform(ctx: Any, seat: str, card: int, params: dict[str, Any]) -> None:
        RULES.pay_action_cost(ctx, seat, 1)
        ctx.emit(f"card {card} acts", kind="acted", card=card)

    module.problems, module.perform = problems, perform
    module.random_params = lambda state, seat, card, rng: None
    module.choices = lambda state, seat, card: []
    return module


@pytest.fixture
def tax(monkeypatch: pytest.MonkeyPatch) -> types.ModuleType:
    """Every action replaced by the stand-in."""
    module = _stand_in()
    monkeypatch.setattr(actions.REGISTRY, "modules", dict.fromkeys(actions.NAMES, module))
    return module


def acted(step: Any) -> list[int]:
    """The cards that acted in a step."""
    return [e.data["card"] for e in step.events if e.data.get("kind") == "acted"]


def tax_order(*cards: int, **fields: Any) -> dict[str, Any]:
    return {"actions": [{"action": "tax", "card": n, **fields} for n in cards]}


def test_p08_each_court_card_acts_once_per_turn(tax: types.ModuleType) -> None:
    state = position(courts={"anna": [9, 13]}, market=MARKET)  # economic tax cards; political is favored
    (problem,) = GAME.check(state, "anna", tax_order(9, 9))
    assert problem.path == ("actions", 1, "card") and "already acted" in problem.message


def test_p09_two_actions_at_most_besides_bonus_actions(tax: types.ModuleType) -> None:
    state = position(courts={"anna": [9, 13, 29]}, market=MARKET)
    (problem,) = GAME.check(state, "anna", tax_order(9, 13, 29))
    assert problem.path == ("actions", 2, "action") and "no actions left" in problem.message
    state.favored = "economic"
    assert acted(turn(state, tax_order(9, 13, 29))) == [9, 13, 29]


def test_p09_purchase_and_play_always_count_against_the_limit(tax: types.ModuleType) -> None:
    state = position(courts={"anna": [9]}, market=MARKET, hands={"anna": [20]})
    state.favored = "economic"
    order = {"actions": [{"action": "purchase", "row": 1, "column": 1}, {"action": "tax", "card": 9},
                         {"action": "play", "card": 20, "side": "left", "spies": [20]},
                         {"action": "purchase", "row": 2, "column": 1}]}
    (problem,) = GAME.check(state, "anna", order)
    assert problem.path == ("actions", 3, "action")


def test_p12_savvy_operator_counts_as_favored(tax: types.ModuleType) -> None:
    state = position(courts={"anna": [91, 9, 13]}, market=MARKET)
    state.favored = "military"
    assert queries.is_favored(state, "anna", 91)
    step = turn(state, {"actions": [{"action": "betray", "card": 91}, {"action": "tax", "card": 9},
                                    {"action": "tax", "card": 13}]})
    assert acted(step) == [91, 9, 13]


def test_p12_card_must_show_the_action_and_be_in_court(tax: types.ModuleType) -> None:
    state = position(courts={"anna": [9]}, market=MARKET)
    (problem,) = GAME.check(state, "anna", {"actions": [{"action": "battle", "card": 9}]})
    assert "no battle action" in problem.message
    (problem,) = GAME.check(state, "anna", tax_order(13))
    assert problem.path == ("actions", 0, "card") and "cards that can tax now: 9" in problem.message


def test_p12_hostage_bribe_is_paid_to_the_holder(tax: types.ModuleType) -> None:
    state = position(courts={"anna": [9]}, market=MARKET)
    state.spies = {"9": {"bob": 2}}
    state.standing = {"bob": {"bribe": "full"}}
    step = turn(state, tax_order(9, hostage_bribe=2))
    assert step.state.players["bob"].rupees == 6 and step.state.players["anna"].rupees == 1
    assert acted(step) == [9]


def test_p12_hostage_bribe_refused_means_no_action(tax: types.ModuleType) -> None:
    state = position(courts={"anna": [9]}, market=MARKET)
    state.spies = {"9": {"bob": 2}}
    state.standing = {"bob": {"bribe": 1}}
    step = turn(state, tax_order(9, hostage_bribe=0))
    assert acted(step) == [] and step.state.players["bob"].rupees == 4


def test_p12_hostage_bribe_asks_the_holder_then_the_payer(tax: types.ModuleType) -> None:
    state = position(courts={"anna": [9]}, market=MARKET)
    state.spies = {"9": {"bob": 2}}
    step = turn(state, tax_order(9))
    (prompt,) = GAME.prompts(step.state)
    assert prompt.seat == "bob" and "up to 2" in prompt.text
    assert GAME.label(step.state) == "Anna's turn 1, waiting for Bob"
    step = turn(step.state, {"answer": 1})
    (prompt,) = GAME.prompts(step.state)
    assert prompt.seat == "anna" and "pay or refuse" in prompt.text
    step = turn(step.state, {"answer": "pay"})
    assert step.state.players["bob"].rupees == 5 and acted(step) == [9]
    assert step.state.paused is None and step.state.current == "bob"


def test_p12_civil_service_reforms_no_hostage_bribes(tax: types.ModuleType) -> None:
    state = position(courts={"anna": [9, 24]}, market=MARKET)
    state.tribes = {"punjab": {"anna": 1}}
    state.spies = {"9": {"bob": 2}}
    step = turn(state, tax_order(9))
    assert acted(step) == [9] and step.state.players["bob"].rupees == 4


def test_unimplemented_action_is_a_problem_naming_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(actions.REGISTRY, "modules", {})
    state = position(courts={"anna": [9]}, market=MARKET)
    (problem,) = GAME.check(state, "anna", tax_order(9))
    assert problem.path == ("actions", 0, "action") and "tax action is not implemented" in problem.message


def test_unknown_action_and_fields_are_problems(tax: types.ModuleType) -> None:
    state = position(courts={"anna": [9]}, market=MARKET)
    (problem,) = GAME.check(state, "anna", {"actions": [{"action": "dance"}]})
    assert problem.path == ("actions", 0, "action") and "purchase, play, tax" in problem.message
    (problem,) = GAME.check(state, "anna", tax_order(9, colour="red"))
    assert problem.path == ("actions", 0, "colour")
    (problem,) = GAME.check(state, "anna", {"moves": []})
    assert problem.path == ("moves",)


def test_orders_are_only_due_from_the_prompted_seat() -> None:
    state = position(market=MARKET)
    (problem,) = GAME.check(state, "bob", {})
    assert "no order is due from bob" in problem.message


def test_a_misspelt_field_of_purchase_or_play_is_a_problem_naming_the_fields() -> None:
    state = position(hands={"anna": [20]}, market=MARKET)
    order = {"actions": [{"action": "purchase", "row": 1, "column": 1, "traget": "bob"}]}
    (problem,) = GAME.check(state, "anna", order)
    assert problem.path == ("actions", 0, "traget") and "row, column, target, suit, region" in problem.message
    (problem,) = GAME.check(state, "anna", {"actions": [{"action": "play", "card": 20, "side": "left", "spy": [20]}]})
    assert problem.path == ("actions", 0, "spy") and "card, side, bribe, roads, spies" in problem.message


def test_p11_impact_icons_resolve_top_to_bottom_after_a_patriots_loyalty_change() -> None:
    # Prince Akbar Khan (3): spy, spy, army, favor military; an Afghan patriot played by British anna.
    state = position(hands={"anna": [3]}, courts={"bob": [9]}, market=MARKET)
    state.players["anna"].gifts = [2]
    step = turn(state, {"actions": [{"action": "play", "card": 3, "side": "left", "spies": [9, 3]}]})
    kinds = [e.data.get("kind") for e in step.events if e.data.get("kind") in ("loyalty", "spy", "army", "favored")]
    assert kinds == ["loyalty", "spy", "spy", "army", "favored"]
    new = step.state
    assert new.players["anna"].loyalty == "afghan" and new.players["anna"].gifts == []
    assert new.armies == {"kabul": {"afghan": 1}}  # a block of the new loyalty
    assert new.spies == {"9": {"anna": 1}, "3": {"anna": 1}}
    # Bank (46): road, road, leverage, favor intelligence.
    state = position(hands={"anna": [46]}, market=MARKET)
    step = turn(state, {"actions": [{"action": "play", "card": 46, "side": "right",
                                     "roads": ["kandahar-punjab", "herat-kandahar"]}]})
    kinds = [e.data.get("kind") for e in step.events if e.data.get("kind") in ("road", "rupees", "favored")]
    assert kinds == ["road", "road", "rupees", "favored"]
    assert step.state.favored == "intelligence" and step.state.players["anna"].rupees == 6


def test_p11_a_played_card_goes_to_the_chosen_end_of_the_court() -> None:
    state = position(courts={"anna": [9]}, hands={"anna": [30, 36]}, market=MARKET)
    order = {"actions": [{"action": "play", "card": 36, "side": "left"}, {"action": "play", "card": 30, "side": "right",
                                                                          "roads": ["kabul-punjab"], "spies": [30]}]}
    assert turn(state, order).state.players["anna"].court == [36, 9, 30]
    (problem,) = GAME.check(state, "anna", {"actions": [{"action": "play", "card": 36, "side": "middle"}]})
    assert problem.path == ("actions", 0, "side") and "left or right" in problem.message


def test_a_bribe_limit_must_be_a_whole_number_of_rupees(tax: types.ModuleType) -> None:
    state = position(courts={"anna": [9]}, hands={"anna": [36]}, market=MARKET)
    order = {"actions": [{"action": "play", "card": 36, "side": "left", "bribe": "all"}]}
    (problem,) = GAME.check(state, "anna", order)
    assert problem.path == ("actions", 0, "bribe") and "0 or more" in problem.message
    (problem,) = GAME.check(state, "anna", {"actions": [{"action": "tax", "card": 9, "hostage_bribe": -1}]})
    assert problem.path == ("actions", 0, "hostage_bribe")


def test_impact_answers_of_a_play_are_lists() -> None:
    state = position(hands={"anna": [30]}, market=MARKET)
    order = {"actions": [{"action": "play", "card": 30, "side": "left", "roads": "kabul-punjab", "spies": [30]}]}
    (problem,) = GAME.check(state, "anna", order)
    assert problem.path == ("actions", 0, "roads") and "roads: [kabul-punjab]" in problem.message
