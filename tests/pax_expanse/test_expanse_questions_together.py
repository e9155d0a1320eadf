"""Issue 19: a game made with `questions: together` asks a seat, in one prompt, every question of a paused turn
that does not hang on the answers still owed; a game made before keeps asking one question at a time."""

from __future__ import annotations

from typing import Any

from px_rulebook import GAME, answer, put, questions, table, turn

from engine.rng import Rng
from games.pax_expanse.state import GameState

# 24: Naval Intelligence Safehouse, of Mars, two agent icons; 27: a Mars asset in ben's Network (a second
# card for the agents, so each agent is a real choice). ben controls Mars with two supporters.
PLAY = {"action": "play", "card": 24, "side": "right"}


def mars_held_by_ben(together: bool) -> GameState:
    state = table(influence={"anna": 5}, hands={"anna": [24]}, networks={"ben": [27]})
    put(state, "supporters", "mars", "ben", 2)
    state.together = together
    return state


def asked_keys(state: GameState, seat: str) -> list[str]:
    return [str(q["key"]) for q in questions(state, seat)]


def test_an_older_game_asks_bribe_pay_and_each_agent_one_at_a_time() -> None:
    step = turn(mars_held_by_ben(together=False), {"actions": [PLAY]}, pauses=True)
    assert asked_keys(step.state, "ben") == ["actions.0.bribe-play"]
    step = answer(step.state, "ben", 2)
    assert asked_keys(step.state, "anna") == ["actions.0.bribe-play-pay"]
    step = answer(step.state, "anna", "pay")
    assert asked_keys(step.state, "anna") == ["actions.0.agent-0"]
    step = answer(step.state, "anna", 27)
    assert asked_keys(step.state, "anna") == ["actions.0.agent-1"]
    step = answer(step.state, "anna", 24)
    assert step.state.paused is None
    assert step.state.agents == {"24": {"anna": 1}, "27": {"anna": 1}}


def test_a_new_game_asks_pay_and_both_agents_in_one_prompt() -> None:
    step = turn(mars_held_by_ben(together=True), {"actions": [PLAY]}, pauses=True)
    # The pay-or-refuse question hangs on ben's demand: ben is asked alone first.
    assert asked_keys(step.state, "ben") == ["actions.0.bribe-play"]
    step = answer(step.state, "ben", 2)
    assert asked_keys(step.state, "anna") == ["actions.0.bribe-play-pay", "actions.0.agent-0", "actions.0.agent-1"]
    (prompt,) = GAME.prompts(step.state)
    assert prompt.seat == "anna" and prompt.kind == "answers" and "; actions.0.agent-1: " in prompt.text
    answers = {"actions.0.bribe-play-pay": "pay", "actions.0.agent-0": 27, "actions.0.agent-1": 24}
    step = turn(step.state, {"answers": answers}, "anna")
    assert step.state.agents == {"24": {"anna": 1}, "27": {"anna": 1}}
    assert step.state.players["anna"].influence == 3 and step.state.players["ben"].influence == 2


def test_a_partial_answer_to_a_combined_prompt_asks_again_only_for_what_is_missing() -> None:
    step = turn(mars_held_by_ben(together=True), {"actions": [PLAY]}, pauses=True)
    step = answer(step.state, "ben", 2)
    step = turn(step.state, {"answers": {"actions.0.bribe-play-pay": "pay", "actions.0.agent-1": 24}}, "anna",
                pauses=True)
    assert asked_keys(step.state, "anna") == ["actions.0.agent-0"]
    step = answer(step.state, "anna", 27)
    assert step.state.paused is None and step.state.agents == {"24": {"anna": 1}, "27": {"anna": 1}}


def test_an_answer_to_a_combined_prompt_must_answer_something() -> None:
    step = turn(mars_held_by_ben(together=True), {"actions": [PLAY]}, pauses=True)
    step = answer(step.state, "ben", 2)
    found = GAME.check(step.state, "anna", {"answers": {}})
    assert [p.path for p in found] == [("answers",)] and "actions.0.agent-0" in found[0].message
    found = GAME.check(step.state, "anna", {"answers": {"actions.0.agent-0": 13}})
    assert [p.path for p in found] == [("answers", "actions.0.agent-0")]


def test_answers_given_in_advance_in_the_order_are_never_asked() -> None:
    order: dict[str, Any] = {"actions": [{**PLAY, "bribe": 2, "agents": [27, 24]}]}
    step = turn(mars_held_by_ben(together=True), order, pauses=True)
    assert asked_keys(step.state, "ben") == ["actions.0.bribe-play"]
    step = answer(step.state, "ben", 2)
    assert step.state.paused is None and step.state.agents == {"24": {"anna": 1}, "27": {"anna": 1}}
    order = {"actions": [{**PLAY, "agents": [27]}]}
    step = answer(turn(mars_held_by_ben(together=True), order, pauses=True).state, "ben", 2)
    assert asked_keys(step.state, "anna") == ["actions.0.bribe-play-pay", "actions.0.agent-1"]


def test_a_refused_bribe_leaves_the_agents_answers_unused() -> None:
    step = answer(turn(mars_held_by_ben(together=True), {"actions": [PLAY]}, pauses=True).state, "ben", 2)
    answers = {"actions.0.bribe-play-pay": "refuse", "actions.0.agent-0": 27, "actions.0.agent-1": 24}
    step = turn(step.state, {"answers": answers}, "anna")
    assert step.state.agents == {} and step.state.players["anna"].hand == [24]


def test_the_option_is_recorded_in_new_states_only() -> None:
    seats = ["anna", "ben", "cleo"]
    old = GAME.setup(seats, {}, Rng("s"))
    new = GAME.setup(seats, {"questions": "together"}, Rng("s"))
    assert "questions" not in GAME.encode(old)
    assert GAME.encode(new) == {**GAME.encode(old), "questions": "together"}
    assert GAME.decode(GAME.encode(new)).together and not GAME.decode(GAME.encode(old)).together
    assert GAME.new_options == {"questions": "together", "resume": "at-part"}
    resuming = GAME.setup(seats, {"questions": "together", "resume": "at-part"}, Rng("s"))
    assert GAME.encode(resuming) == {**GAME.encode(new), "resume": "at-part"}
    assert GAME.decode(GAME.encode(resuming)).resumes_at_part and not GAME.decode(GAME.encode(new)).resumes_at_part
