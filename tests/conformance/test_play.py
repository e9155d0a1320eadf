"""Conformance in memory, for every registered game and setup: robot games end with the game's own invariants
kept at every step and replay from their orders, the same seed plays the same game, deadline defaults and order
templates are orders check accepts, and hostile orders are problems located in the order, never a traceback."""

from __future__ import annotations

import copy
import json
import random

import pytest
from ruamel.yaml import YAML

from engine.contract import Problem
from engine.simulate import play_out
from pbem.orders import dump_body, parse

from .cases import Case, cases, fingerprint, params
from .fuzz import Fuzzer, reaches_into
from .hooks import hostile, invariants, sweep
from .robots import play, setup, silent, turns

#: Each test plays its own games from nothing: the sweep's chunks may go to different workers (tests/conftest.py).
SPREAD_OVER_WORKERS = True
#: Seeds of the fast suite; the sweep marked slow plays each game's SWEEP more.
QUICK = range(2)
#: Games of one sweep test: a sweep is cut in chunks so that parallel workers share it.
CHUNK = 50


def sweep_params() -> list[object]:
    """(case, seeds) for every chunk of every game's sweep."""
    found: list[object] = []
    for case in cases():
        games = sweep(case.game)
        for start in range(0, games, CHUNK):
            seeds = range(len(QUICK) + start, len(QUICK) + min(start + CHUNK, games))
            found.append(pytest.param(case, seeds, id=f"{case.name}-{seeds.start}-{seeds.stop - 1}"))
    return found


@pytest.mark.parametrize("case", params())
@pytest.mark.parametrize("seed", QUICK)
def test_robot_games_end_with_every_invariant_kept_and_replay_exactly(case: Case, seed: int) -> None:
    play(case.game, case.seats, case.options, f"conf-{seed}")


@pytest.mark.slow
@pytest.mark.parametrize(("case", "seeds"), sweep_params())
def test_many_robot_games_end_with_every_invariant_kept(case: Case, seeds: range) -> None:
    for seed in seeds:
        play(case.game, case.seats, case.options, f"conf-{seed}", thorough=False)


@pytest.mark.parametrize("case", params())
def test_the_same_seed_plays_the_same_game(case: Case) -> None:
    def end(seed: int) -> str:
        return fingerprint(case.game, play_out(case.game, case.seats, f"conf-{seed}", case.options).state)

    assert end(0) == end(0)
    assert len({end(seed) for seed in range(3)}) > 1, "different seeds should play different games"


@pytest.mark.parametrize("case", params())
def test_a_deadline_default_is_an_order_check_accepts(case: Case) -> None:
    game = case.game
    first = setup(game, case.seats, case.options, "conf-default")
    for prompt in game.prompts(first):
        assert game.check(first, prompt.seat, game.default_order(first, prompt.seat)) == []
    seen = 0
    for turn in turns(game, first, "conf-default"):
        for prompt in game.prompts(turn.state)[:2]:
            order = game.default_order(turn.state, prompt.seat)
            assert game.check(turn.state, prompt.seat, order) == [], (turn.number, prompt.seat, order)
            seen += 1
    assert seen


@pytest.mark.parametrize("case", params())
@pytest.mark.parametrize("seed", QUICK)
def test_a_seat_that_never_writes_takes_the_default_at_every_prompt_and_the_game_ends(case: Case, seed: int) -> None:
    quiet = case.seats[0]
    played = play(case.game, case.seats, case.options, f"conf-silent-{seed}", choose=silent(quiet))
    asked = sum(prompt.seat == quiet for turn in played.turns for prompt in turn.prompts)
    assert asked >= 3, f"{quiet} was asked only {asked} times: the defaults were hardly tried"


def templates_and_defaults_pass_check(case: Case, seeds: range) -> None:
    """At every prompt of robot games, the order template and the deadline default are orders check accepts."""
    game, yaml = case.game, YAML(typ="safe", pure=True)
    for seed in seeds:
        for turn in turns(game, setup(game, case.seats, case.options, f"conf-tpl-{seed}"), f"conf-tpl-{seed}"):
            for prompt in game.prompts(turn.state):
                template = game.template(turn.state, prompt.seat)
                assert game.check(turn.state, prompt.seat, yaml.load(template) or {}) == [], (turn.number, template)
                default = game.default_order(turn.state, prompt.seat)
                assert game.check(turn.state, prompt.seat, default) == [], (turn.number, prompt.seat, default)


@pytest.mark.parametrize("case", params())
def test_the_order_template_and_the_default_of_every_prompt_are_orders_check_accepts(case: Case) -> None:
    templates_and_defaults_pass_check(case, QUICK)


@pytest.mark.slow
@pytest.mark.parametrize("case", params())
def test_templates_and_defaults_of_many_robot_games_are_orders_check_accepts(case: Case) -> None:
    templates_and_defaults_pass_check(case, range(len(QUICK), 20))


@pytest.mark.parametrize("case", params())
def test_hostile_orders_are_problems_in_the_order_and_accepted_ones_apply(case: Case) -> None:
    game, seed, check = case.game, "conf-fuzz", invariants(case.game)
    fuzz = Fuzzer(random.Random(f"conf-fuzz/{case.name}"), hostile(game, "HOSTILE_KEYS"),
                  hostile(game, "HOSTILE_VALUES"))
    accepted = rejected = 0
    for turn in turns(game, setup(game, case.seats, case.options, seed), seed):
        if turn.number > 60:
            break
        state, orders = turn.before, turn.orders
        before = game.encode(state)
        for seat, written in orders.items():
            fields = fuzz.words(written)
            for attempt in range(16):
                order = fuzz.mutate(written) if attempt % 2 else fuzz.shape(fields)
                problems = game.check(state, seat, copy.deepcopy(order))
                assert isinstance(problems, list) and all(isinstance(p, Problem) and p.message for p in problems)
                assert all(reaches_into(order, written, p.path) for p in problems), (turn.number, order, problems)
                if problems:
                    rejected += 1
                    continue
                accepted += 1
                after = game.apply(state, {**orders, seat: order}, turn.rng()).state
                check(game, after)
                encoded = game.encode(after)
                assert game.encode(game.decode(json.loads(json.dumps(encoded)))) == encoded, (turn.number, order)
        assert game.encode(state) == before, "check and apply must not change the state they are given"
    assert rejected, "no hostile order was ever refused"
    assert accepted, "no hostile order was ever accepted: the apply side went untried"


@pytest.mark.parametrize("case", params())
def test_mangled_order_files_are_located_problems_never_a_traceback(case: Case) -> None:
    game, seed = case.game, "conf-text"
    fuzz = Fuzzer(random.Random(f"conf-text/{case.name}"), splices=hostile(game, "HOSTILE_SPLICES"))
    checked = refused = 0
    for turn in turns(game, setup(game, case.seats, case.options, seed), seed):
        if turn.number > 12:
            break
        for seat, written in turn.orders.items():
            text = f"game: g\nseat: {seat}\nstep: {turn.number}\n" + dump_body(written)
            assert parse(text, "o.yaml").problems == [] and parse(text, "o.yaml").body == written
            for _ in range(25):
                doc = parse(fuzz.mangle(text), "o.yaml")
                if doc.problems:
                    refused += 1
                    continue
                checked += 1
                for problem in game.check(turn.before, seat, doc.body):
                    located = doc.locate(problem.path, problem.message)
                    assert located.line >= 1 and located.col >= 1 and problem.message
    assert checked and refused
