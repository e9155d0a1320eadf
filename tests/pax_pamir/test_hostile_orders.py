"""Orders a fuzzer found dangerous: check must reject them (with a path into the order) before apply sees them.

The fuzzing itself runs for every game in tests/conformance (test_play.py), with Pax Pamir's words from its hook."""

from __future__ import annotations

import json

from pp_helpers import MARKET, bribe_position, check_invariants, context, position, turn
from ruamel.yaml import YAML

from games.pax.context import Question
from games.pax_pamir import GAME


def test_a_float_card_number_is_a_problem_not_a_spy_on_card_8_0() -> None:
    # 8.0 == 8, so the hand check let it through and Kabul Bazaar's spy landed on the key "8.0".
    state = position(hands={"anna": [8]}, market=MARKET)
    (problem,) = GAME.check(state, "anna", {"actions": [{"action": "play", "card": 8.0, "side": "left"}]})
    assert problem.path == ("actions", 0, "card") and "whole numbers" in problem.message
    (problem,) = GAME.check(state, "anna", {"actions": [{"action": "play", "card": 8, "side": "left",
                                                         "spies": [8.0]}]})
    assert problem.path == ("actions", 0, "spies", 0)


def test_a_key_that_is_not_a_word_is_a_problem_so_a_paused_order_stays_canonical_json() -> None:
    # The turn pauses for Bob's bribe; the order (kept in the state) had `1:` beside word keys under answers:,
    # which json.dumps(sort_keys=True) cannot sort, so the batch died writing state.json.
    order = {"actions": [{"action": "play", "card": 25, "side": "left"}], "answers": {1: 2, "x": 3}}
    (problem,) = GAME.check(bribe_position(), "anna", order)
    assert problem.path == ("answers", 1)
    order = {"actions": [{"action": "play", "card": 25, "side": "left", True: 1}]}
    (problem,) = GAME.check(bribe_position(), "anna", order)
    assert problem.path == ("actions", 0, True)
    paused = turn(bribe_position(), {"actions": [{"action": "play", "card": 25, "side": "left"}],
                                     "answers": {"x": 3}}).state
    check_invariants(paused)
    json.dumps(GAME.encode(paused), sort_keys=True)


def test_true_is_not_the_answer_1() -> None:
    paused = turn(bribe_position(), {"actions": [{"action": "play", "card": 25, "side": "left"}]}).state
    (problem,) = GAME.check(paused, "bob", {"answer": True})
    assert problem.path == ("answer",)
    assert GAME.check(paused, "bob", {"answer": 1}) == []


def test_a_standing_discard_list_naming_a_card_twice_still_answers_with_distinct_cards() -> None:
    # Before, [12, 12] was taken as Bob's answer and rejected as illegal inside Anna's turn.
    state = position(market=MARKET)
    state.standing = {"bob": {"discard": [12, 12, 13]}}
    ctx = context(state)
    answer = ctx.ask(Question("bob", "k", "discard", "Bob discards two", (12, 13, 14), count=2))
    assert answer == [12, 13]


def test_true_is_not_card_1() -> None:
    # Mohan Lal is card 1: `card: true` played him as the card True, with three spies on the key "True".
    state = position(hands={"anna": [1]}, market=[[13, 2, 3, 4, 5, 6], MARKET[1]])
    (problem,) = GAME.check(state, "anna", {"actions": [{"action": "play", "card": True, "side": "left"}]})
    assert problem.path == ("actions", 0, "card")
    assert GAME.check(state, "anna", {"standing": {"safe_house": True}}) == []


def test_the_template_of_a_seat_with_both_blackmail_cards_is_valid_yaml_and_a_legal_order() -> None:
    # Sweep 3/1115: two `blackmail:` lines, a duplicate key no YAML parser accepts.
    state = position(courts={"anna": [43, 54], "bob": [44, 55]}, market=MARKET)
    state.tribes = {"kandahar": {"anna": 1}, "herat": {"anna": 1}}
    body = YAML(typ="safe").load(GAME.template(state, "anna"))
    assert body["blackmail"] == {"herat": "none", "kandahar": "none"}
    assert GAME.check(state, "anna", body) == []
