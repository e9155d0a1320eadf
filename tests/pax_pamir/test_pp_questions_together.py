"""Issue 19: a Pax Pamir game made with `questions: together` asks a seat, in one prompt, every question of a
paused turn that does not hang on the answers still owed; a game made before asks one question at a time."""

from __future__ import annotations

from typing import Any

from pp_helpers import MARKET, position, turn

from engine.contract import Step
from engine.rng import Rng
from games.pax_pamir import GAME
from games.pax_pamir.state import GameState

# Alexander Burnes (21, Punjab: spy, spy) from anna's hand; Bob's court holds a Punjab card (26), so each spy is a
# choice of two cards, and Bob rules Punjab with two tribes, so he may ask a bribe of up to two rupees.
PLAY = {"action": "play", "card": 21, "side": "left"}


def punjab_ruled_by_bob(together: bool) -> GameState:
    state = position(market=MARKET, hands={"anna": [21]}, courts={"bob": [26, 8]}, rupees={"anna": 4})
    state.tribes = {"punjab": {"bob": 2}}
    state.together = together
    return state


def asked(step: Step) -> list[tuple[str, str]]:
    paused = step.state.paused
    return [(q["seat"], q["key"]) for q in paused.questions] if paused is not None else []


def test_an_older_game_asks_the_bribe_pay_and_each_spy_one_at_a_time() -> None:
    step = turn(punjab_ruled_by_bob(False), {"actions": [PLAY]})
    assert asked(step) == [("bob", "actions.0.bribe-play")]
    step = turn(step.state, {"answer": 2})
    assert asked(step) == [("anna", "actions.0.bribe-play-pay")]
    step = turn(step.state, {"answer": "pay"})
    assert asked(step) == [("anna", "actions.0.spy-0")]
    step = turn(step.state, {"answer": 26})
    assert asked(step) == [("anna", "actions.0.spy-1")]
    step = turn(step.state, {"answer": 21})
    assert step.state.paused is None and step.state.spies == {"26": {"anna": 1}, "21": {"anna": 1}}
    assert "questions" not in GAME.encode(step.state)


def test_a_new_game_asks_pay_and_both_spies_in_one_prompt() -> None:
    step = turn(punjab_ruled_by_bob(True), {"actions": [PLAY]})
    assert asked(step) == [("bob", "actions.0.bribe-play")]
    step = turn(step.state, {"answer": 2})
    assert asked(step) == [("anna", "actions.0.bribe-play-pay"), ("anna", "actions.0.spy-0"),
                           ("anna", "actions.0.spy-1")]
    assert GAME.view(step.state, None)["question"].endswith("; choose a punjab court card for a spy")
    (prompt,) = GAME.prompts(step.state)
    assert prompt.seat == "anna" and prompt.kind == "answers" and "actions.0.spy-1:" in prompt.text
    step = turn(step.state, {"answers": {"actions.0.bribe-play-pay": "pay", "actions.0.spy-0": 26,
                                         "actions.0.spy-1": 21}})
    assert step.state.paused is None and step.state.spies == {"26": {"anna": 1}, "21": {"anna": 1}}
    assert step.state.players["anna"].rupees == 2 and step.state.players["bob"].rupees == 6


def test_a_partial_answer_asks_again_only_for_what_is_missing() -> None:
    step = turn(turn(punjab_ruled_by_bob(True), {"actions": [PLAY]}).state, {"answer": 2})
    step = turn(step.state, {"answers": {"actions.0.bribe-play-pay": "pay", "actions.0.spy-1": 21}})
    assert asked(step) == [("anna", "actions.0.spy-0")]
    step = turn(step.state, {"answer": 26})
    assert step.state.paused is None and step.state.spies == {"26": {"anna": 1}, "21": {"anna": 1}}


def test_an_answer_to_several_questions_is_checked_by_key() -> None:
    step = turn(turn(punjab_ruled_by_bob(True), {"actions": [PLAY]}).state, {"answer": 2})
    found = GAME.check(step.state, "anna", {"answer": "pay"})
    assert ("answers",) in [p.path for p in found]
    found = GAME.check(step.state, "anna", {"answers": {"actions.0.spy-0": 8, "actions.0.spy-9": 26}})
    assert sorted(p.path for p in found) == [("answers", "actions.0.spy-0"), ("answers", "actions.0.spy-9")]


def test_answers_given_in_advance_are_never_asked() -> None:
    order: dict[str, Any] = {"actions": [{**PLAY, "spies": [26]}]}
    step = turn(turn(punjab_ruled_by_bob(True), order).state, {"answer": 2})
    assert asked(step) == [("anna", "actions.0.bribe-play-pay"), ("anna", "actions.0.spy-1")]
    order = {"actions": [{**PLAY, "bribe": 2, "spies": [26, 21]}]}
    step = turn(turn(punjab_ruled_by_bob(True), order).state, {"answer": 2})
    assert step.state.paused is None and step.state.spies == {"26": {"anna": 1}, "21": {"anna": 1}}


def test_the_option_is_recorded_in_new_states_only() -> None:
    seats = ["anna", "bob", "cati"]
    old, new = (GAME.setup(seats, options, Rng("s")) for options in ({}, {"questions": "together"}))
    assert GAME.encode(new) == {**GAME.encode(old), "questions": "together"}
    assert GAME.decode(GAME.encode(new)).together and not GAME.decode(GAME.encode(old)).together
    assert GAME.setup(["anna"], {"wakhan": "true", "questions": "together"}, Rng("s")).together
