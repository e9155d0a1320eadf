"""Hostile orders: random YAML shapes and mutated robot orders go into check(), which never raises and answers
every bad order with a problem whose path points into the order; an order it accepts applies cleanly."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from test_expanse_robot_games import check_invariants

from engine.rng import Rng
from games.pax_expanse.game import GAME
from games.pax_expanse.state import GameState

SEATS = ("anna", "ben", "cleo", "dara")
#: Values a careless or hostile player might write anywhere in an order.
JUNK: list[Any] = [None, True, False, -1, 0, 1, 2, 7, 10**30, "", "x", "none", "left", "right", "belt", "mars-belt",
                   "un", "opa", "full", "waive", 3.0, 8.5, [], {}, [[1]], {"a": {"b": []}}, [1, 1], {1: 2},
                   {"action": "purchase"}, {"action": "extort", "card": 1}, 45, 100, 101, 116, 117, "1"]
#: Keys of every order kind and entry, and some that belong to no order.
FIELDS: list[Any] = ["action", "card", "side", "bribe", "transports", "agents", "row", "column", "target", "climate",
                     "region", "actions", "cleanup", "network", "hand", "answers", "answer", "loyalty", "standing",
                     "discard", "moves", "remove", "site", "effect", "units", "from", 1, True]


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
    if move == 4 and isinstance(parent[key], int) and not isinstance(parent[key], bool):
        parent[key] = float(parent[key])  # equal to the int: a membership test alone would let it through
    elif move == 0:
        del parent[key]
    elif move == 1 and isinstance(parent, list):
        parent.append(copy.deepcopy(parent[key]))
    elif move == 2 and isinstance(parent[key], dict):
        parent[key][rng.choice(FIELDS)] = copy.deepcopy(rng.choice(JUNK))
    else:
        parent[key] = copy.deepcopy(rng.choice(JUNK))
    return order


def random_shape(rng: random.Random, depth: int = 0) -> Any:
    """A random YAML document: mappings keyed by order words, lists, and junk scalars; a mapping at the top, as
    the order file's reader guarantees."""
    pick = 2 if depth == 0 else rng.randrange(4 if depth < 3 else 1)
    if pick == 0:
        return copy.deepcopy(rng.choice(JUNK))
    if pick == 1:
        return [random_shape(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {rng.choice(FIELDS): random_shape(rng, depth + 1) for _ in range(rng.randrange(1, 4))}


def reaches_into(order: Any, path: tuple[Any, ...]) -> bool:
    """True when the problem's path starts at a part of the order, or at a key the order lacks but needs."""
    if not path:
        return False
    return not isinstance(order, dict) or path[0] in order or path[0] in ("answer", "answers", "actions", "loyalty")


def fuzz_game(players: int, seed: str, steps: int, tries: int) -> tuple[int, int]:
    """Feed hostile orders at every prompt of a robot game; returns (accepted, rejected)."""
    rng = random.Random(f"px-fuzz/{seed}")
    state: GameState = GAME.setup(SEATS[:players], {}, Rng(f"px-fuzz/{seed}"))
    accepted = rejected = 0
    for step in range(steps):
        if GAME.result(state) is not None:
            break
        prompts = GAME.prompts(state)
        orders = {p.seat: GAME.random_order(state, p.seat, Rng.for_robot(seed, step, p.seat)) for p in prompts}
        before = GAME.encode(state)
        for prompt in prompts:
            for attempt in range(tries):
                hostile = mutate(orders[prompt.seat], rng) if attempt % 2 else random_shape(rng)
                problems = GAME.check(state, prompt.seat, copy.deepcopy(hostile))
                assert all(reaches_into(hostile, p.path) and p.message for p in problems), (step, hostile, problems)
                if problems:
                    rejected += 1
                    continue
                accepted += 1
                if len(prompts) == 1:
                    check_invariants(GAME.apply(state, {prompt.seat: hostile}, Rng("fuzz")).state)
        assert GAME.encode(state) == before, "check and apply must not change the state they are given"
        state = GAME.apply(state, orders, Rng.for_step(seed, step)).state
    return accepted, rejected


@pytest.mark.parametrize("players", [3, 4])
def test_hostile_orders_are_problems_with_a_path_never_a_traceback(players: int) -> None:
    accepted, rejected = fuzz_game(players, f"p{players}", steps=40, tries=12)
    assert accepted and rejected


def test_a_float_row_is_not_row_1() -> None:
    state = GAME.setup(SEATS[:3], {}, Rng("px-fuzz/float"))
    state = GAME.apply(state, {s: {"loyalty": "un"} for s in SEATS[:3]}, Rng("x")).state
    (problem, *_) = GAME.check(state, state.current, {"actions": [{"action": "purchase", "row": 1.0, "column": 1}]})
    assert problem.path[:3] == ("actions", 0, "row")


def test_a_float_card_number_is_a_problem_not_the_card_in_hand() -> None:
    # 13.0 == 13: "in hand" let it through, and the play then failed an assertion instead of answering.
    state = GAME.setup(SEATS[:3], {}, Rng("px-fuzz/float-card"))
    state = GAME.apply(state, {s: {"loyalty": "un"} for s in SEATS[:3]}, Rng("x")).state
    seat = state.current
    state.players[seat].hand = [13]
    state.players[seat].network = [12]
    for entry in ({"action": "play", "card": 13.0}, {"action": "extort", "card": 12.0},
                  {"action": "play", "card": True}):
        (problem, *_) = GAME.check(state, seat, {"actions": [entry]})
        assert problem.path == ("actions", 0, "card"), entry


def test_a_key_that_is_not_a_word_is_a_problem_so_a_paused_order_stays_canonical_json() -> None:
    # A turn that pauses keeps its order in the state: `answers: {moves: {1: 2}}` came back from JSON as {"1": 2}.
    state = GAME.setup(SEATS[:3], {}, Rng("px-fuzz/keys"))
    state = GAME.apply(state, {s: {"loyalty": "un"} for s in SEATS[:3]}, Rng("x")).state
    (problem,) = GAME.check(state, state.current, {"actions": [], "answers": {"moves": {1: 2}}})
    assert problem.path == ("answers", "moves", 1)
    (problem,) = GAME.check(state, state.current, {"actions": [{"action": "purchase", True: 1}]})
    assert problem.path == ("actions", 0, True)


#: Fragments spliced into an order's YAML text.
SPLICES = ["", ":", "- ", "  ", "\n", "[", "]", "{", "}", "'", '"', "#", "&a ", "*a", "!!python/object ", "1.5",
           "true", "~", "card: 13.0", "actions:", "\t", "row: 9", "- {action: play}", "answers: {1: 2}", "é"]


def mangle(text: str, rng: random.Random) -> str:
    """The text with a few fragments spliced in, characters cut, or two lines swapped."""
    for _ in range(rng.randrange(1, 4)):
        at = rng.randrange(len(text) + 1)
        move = rng.randrange(3)
        if move == 0:
            text = text[:at] + rng.choice(SPLICES) + text[at:]
        elif move == 1:
            text = text[:at] + text[at + rng.randrange(1, 6):]
        else:
            lines = text.split("\n")
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
            text = "\n".join(lines)
    return text


def test_mangled_order_files_are_located_problems_never_a_traceback() -> None:
    from pbem.orders import dump_body, parse

    rng = random.Random("px-fuzz/text")
    state = GAME.setup(SEATS[:3], {}, Rng("px-fuzz/text"))
    checked = refused = 0
    for step in range(12):
        if GAME.result(state) is not None:
            break
        prompts = GAME.prompts(state)
        orders = {p.seat: GAME.random_order(state, p.seat, Rng.for_robot("text", step, p.seat)) for p in prompts}
        for prompt in prompts:
            text = f"game: g\nseat: {prompt.seat}\nstep: {step + 1}\n" + dump_body(orders[prompt.seat])
            assert parse(text, "o.yaml").problems == [] and parse(text, "o.yaml").body == orders[prompt.seat]
            for _ in range(25):
                doc = parse(mangle(text, rng), "o.yaml")
                if doc.problems:
                    refused += 1
                    continue
                problems = GAME.check(state, prompt.seat, doc.body)
                checked += 1
                for problem in problems:
                    located = doc.locate(problem.path, problem.message)
                    assert located.line >= 1 and located.col >= 1 and problem.message
        state = GAME.apply(state, orders, Rng.for_step("text", step)).state
    assert checked and refused
