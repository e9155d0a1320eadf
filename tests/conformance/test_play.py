"""Conformance in memory, for every registered game and setup: robot games end, the same seed plays the same
game, states survive encode/decode, deadline defaults are legal orders, and hostile orders are problems."""

from __future__ import annotations

import copy
import random

import pytest

from engine.contract import Problem
from engine.rng import Rng
from engine.simulate import play_out

from .cases import Case, fingerprint, params
from .fuzz import mutate, random_shape, words
from .hooks import invariants

#: Seeds of the fast suite; the sweep marked slow plays many more.
QUICK = range(2)
SWEEP = range(2, 40)


def play(case: Case, seed: int) -> str:
    """A whole robot game with the round trip and the game's own invariants checked after every step."""
    game, check = case.game, invariants(case.game)

    def after(step: int, state: object) -> None:
        encoded = game.encode(state)
        again = game.decode(copy.deepcopy(encoded))
        assert game.encode(again) == encoded, f"step {step}: encode(decode(encode(s))) differs"
        check(game, state)

    playout = play_out(game, case.seats, f"conf-{seed}", case.options, after)
    assert playout.result.winners and set(playout.result.winners) <= set(playout.result.scores)
    return fingerprint(game, playout.state)


@pytest.mark.parametrize("case", params())
@pytest.mark.parametrize("seed", QUICK)
def test_robot_games_end_with_the_round_trip_and_invariants_kept(case: Case, seed: int) -> None:
    play(case, seed)


@pytest.mark.slow
@pytest.mark.parametrize("case", params())
def test_many_robot_games_end(case: Case) -> None:
    for seed in SWEEP:
        play(case, seed)


@pytest.mark.parametrize("case", params())
def test_the_same_seed_plays_the_same_game(case: Case) -> None:
    assert play(case, 0) == play(case, 0)
    assert len({play(case, seed) for seed in range(3)}) > 1, "different seeds should play different games"


@pytest.mark.parametrize("case", params())
def test_a_deadline_default_is_an_order_check_accepts(case: Case) -> None:
    game = case.game
    seen = 0

    def after(step: int, state: object) -> None:
        nonlocal seen
        for prompt in game.prompts(state)[:2]:
            order = game.default_order(state, prompt.seat)
            assert game.check(state, prompt.seat, order) == [], (step, prompt.seat, order)
            seen += 1

    play_out(game, case.seats, "conf-default", case.options, after)
    first = game.setup(case.seats, case.options, Rng.for_step("conf-default", 0))
    for prompt in game.prompts(first):
        assert game.check(first, prompt.seat, game.default_order(first, prompt.seat)) == []


@pytest.mark.parametrize("case", params())
def test_hostile_orders_are_problems_never_a_traceback(case: Case) -> None:
    game, rng, seed = case.game, random.Random(f"conf-fuzz/{case.name}"), "conf-fuzz"
    state = game.setup(case.seats, case.options, Rng.for_step(seed, 0))
    rejected = 0
    for step in range(1, 30):
        if game.result(state) is not None:
            break
        prompts = game.prompts(state)
        orders = {p.seat: game.random_order(state, p.seat, Rng.for_robot(seed, step, p.seat)) for p in prompts}
        before = game.encode(state)
        for prompt in prompts:
            fields = words(orders[prompt.seat])
            for attempt in range(6):
                hostile = mutate(orders[prompt.seat], rng) if attempt % 2 else random_shape(rng, fields)
                problems = game.check(state, prompt.seat, copy.deepcopy(hostile))
                assert isinstance(problems, list) and all(isinstance(p, Problem) and p.message for p in problems)
                rejected += bool(problems)
        assert game.encode(state) == before, "check must not change the state it is given"
        state = game.apply(state, orders, Rng.for_step(seed, step)).state
    assert rejected, "no hostile order was ever refused"
