"""Pax Expanse robots: the secret loyalty choice is one step for every seat, every question robot games raise is
in the orders guide, and a robot giving new standing orders builds its turn with them in force.

Whole robot games with the rulebook's invariants after every step are the conformance suite's
(tests/conformance, with this game's hook conformance_pax_expanse.py)."""

from __future__ import annotations

import re
from pathlib import Path

from conformance.robots import setup, turns

import games.pax_expanse
from engine.rng import Rng
from games.pax_expanse.game import GAME

SEATS = ("anna", "ben", "cleo", "dara")


def test_the_secret_loyalty_choice_is_one_step_for_every_seat() -> None:
    state = GAME.setup(SEATS[:4], {}, Rng("px/loyalty/setup"))
    prompts = GAME.prompts(state)
    assert sorted(p.seat for p in prompts) == sorted(SEATS[:4]) and {p.kind for p in prompts} == {"loyalty"}
    orders = {p.seat: GAME.random_order(state, p.seat, Rng.for_robot("loyalty", 0, p.seat)) for p in prompts}
    state = GAME.apply(state, orders, Rng.for_step("loyalty", 0)).state
    assert all(state.players[s].loyalty == orders[s]["loyalty"] for s in SEATS[:4])
    assert [p.kind for p in GAME.prompts(state)] == ["turn"]


def question_name(key: str) -> str:
    """A question key without its place in the order, its number and its seat: actions.1.bribe-play-2 -> bribe-play."""
    key = re.sub(r"^(actions\.\d+\.|files\.|cleanup\.)", "", key)
    key = re.sub(r"(-\d+|\.\d+)$", "", key)
    return re.sub(r"\.(" + "|".join(SEATS) + r")$", ".SEAT", key)


def test_every_question_robot_games_raise_is_in_the_orders_guide() -> None:
    guide = (Path(games.pax_expanse.__file__).parent / "orders.md").read_text()
    documented = " ".join(re.findall(r"`([^`]*)`", guide))
    asked: set[str] = set()
    for players, seed in ((3, 1), (4, 2), (3, 3), (4, 4)):
        for turn in turns(GAME, setup(GAME, SEATS[:players], {}, seed), seed):
            asked |= {question_name(k) for o in turn.orders.values() for k in (o.get("answers") or {})}
            if turn.state.paused:
                asked |= {question_name(q["key"]) for q in turn.state.paused.questions}
    assert {"bribe-play", "hand"} <= asked
    assert sorted(name for name in asked if name not in documented) == []


def test_a_robot_giving_new_standing_orders_builds_its_turn_with_them_in_force() -> None:
    # Anna's old standing discard answered her own cleanup; a robot order replacing it must not then pause on her.
    from px_helpers import market, position

    state = position(loyalty={"anna": "un", "ben": "mcr", "cleo": "opa"}, networks={"anna": [85, 34, 45, 91]},
                     hands={"anna": [93]})
    market(state, [46, 47, 48, 49, 50, 51], [52, 53, 54, 55, 56, 57])
    state.standing = {"anna": {"discard": [85]}}
    standing_given = 0
    for number in range(80):
        order = GAME.random_order(state, "anna", Rng(f"px/standing/{number}"))
        standing_given += "standing" in order
        assert GAME.check(state, "anna", order) == [], order
        after = GAME.apply(state, {"anna": order}, Rng("x")).state
        assert after.paused is None or "anna" not in after.paused.seats(), order
    assert standing_given
