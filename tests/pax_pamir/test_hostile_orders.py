"""Orders a fuzzer found dangerous: check must reject them (with a path into the order) before apply sees them."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from pp_helpers import MARKET, bribe_position, check_invariants, context, position, turn
from ruamel.yaml import YAML

from engine.rng import Rng
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


# --- a small seeded fuzz: the sweep that found the bugs above, kept short enough for every test run -------------

JUNK: list[Any] = [None, True, False, -1, 0, 1, 7, 10**30, "", "x", "none", "left", "kabul", "herat-kabul", 8.0,
                   [], {}, [[1]], {"a": {"b": []}}, [1, 1], {1: 2}, {"action": "tax"}, 45, 101, 117]
FIELDS = ["action", "card", "side", "bribe", "roads", "spies", "row", "column", "site", "remove", "target", "place",
          "price", "moves", "take", "hostage_bribe", "answers", "cleanup", "blackmail", "standing", "answer", 1, True]


def mutate(order: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The order with one node replaced, deleted, duplicated, turned into a float or given an extra key."""
    order = copy.deepcopy(order)
    spots: list[tuple[Any, Any]] = [(None, None)]
    stack: list[Any] = [order]
    while stack:
        node = stack.pop()
        children = list(node.items()) if isinstance(node, dict) else list(enumerate(node)) \
            if isinstance(node, list) else []
        for key, child in children:
            spots.append((node, key))
            stack.append(child)
    parent, key = rng.choice(spots)
    if parent is None:
        order[rng.choice(FIELDS)] = copy.deepcopy(rng.choice(JUNK))
        return order
    move = rng.randrange(5)
    if move == 4 and isinstance(parent[key], int):
        parent[key] = float(parent[key])  # equal to the int, so `in` tests alone let it through
    elif move == 0:
        del parent[key]
    elif move == 1 and isinstance(parent, list):
        parent.append(copy.deepcopy(parent[key]))
    elif move == 2 and isinstance(parent[key], dict):
        parent[key][rng.choice(FIELDS)] = copy.deepcopy(rng.choice(JUNK))
    else:
        parent[key] = copy.deepcopy(rng.choice(JUNK))
    return order


def reaches_into(order: Any, path: tuple[Any, ...]) -> bool:
    """True when the path's first step names a part of the order, or a key the order lacks (a missing answer)."""
    return not path or not isinstance(order, dict) or path[0] in order or path[0] in ("answer", "actions", "loyalty")


@pytest.mark.parametrize("kind", ["3", "w1"])
def test_mutated_robot_orders_are_rejected_or_applied_without_an_exception(kind: str) -> None:
    rng = random.Random(f"hostile/{kind}")
    seats = ("anna", "bob", "cati")
    if kind == "w1":
        state = GAME.setup(seats[:1], {"wakhan": True}, Rng("hostile/w1"))
    else:
        state = GAME.setup(seats, {}, Rng("hostile/3"))
    step = accepted = rejected = 0
    while GAME.result(state) is None and step < 60:
        (prompt,) = GAME.prompts(state)
        order = GAME.random_order(state, prompt.seat, Rng.for_step("hostile", step, "robot"))
        before = GAME.encode(state)
        for _ in range(8):
            hostile = mutate(order, rng)
            problems = GAME.check(state, prompt.seat, copy.deepcopy(hostile))
            assert all(reaches_into(hostile, p.path) for p in problems), (step, hostile, problems)
            if problems:
                rejected += 1
                continue
            accepted += 1
            check_invariants(GAME.apply(state, {prompt.seat: hostile}, Rng("hostile")).state)
        assert GAME.encode(state) == before, "check and apply must not change the state they are given"
        state = GAME.apply(state, {prompt.seat: order}, Rng.for_step("hostile", step)).state
        step += 1
    assert accepted and rejected
