"""Orders a fuzzer found dangerous: check answers each with a problem whose path points into the order.

The fuzzing itself (random shapes, mutated robot orders, mangled order files) runs for every game in
tests/conformance (test_play.py), with Pax Expanse's words from its hook."""

from __future__ import annotations

from engine.rng import Rng
from games.pax_expanse.game import GAME

SEATS = ("anna", "ben", "cleo", "dara")


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
