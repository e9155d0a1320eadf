"""Questions name the seat they concern, so they read well when reported about someone else (Wakhan's choices)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from conformance.robots import setup, turns
from pp_helpers import position, turn

from games.pax.context import Question
from games.pax_pamir import GAME
from games.pax_pamir.context import Context

SECOND_PERSON = re.compile(r"\byou(r|rs)?\b", re.IGNORECASE)


def test_cleanup_question_names_the_seat_over_its_limit() -> None:
    state = position(courts={"anna": [8, 9, 11, 12]}, market=[[1, 2, 3, 4, 5, 6], [7, 10, 13, 14, 15, 16]])
    step = turn(state, {})
    prompt = GAME.prompts(step.state)[0]
    assert prompt.seat == "anna"
    assert prompt.text.startswith("anna's court is over its limit of 3: discard 1 court card")
    # The deadline default is stated in the prompt and marked in the order template.
    assert prompt.text.endswith("at the deadline: [12]")
    template = GAME.template(step.state, "anna")
    assert "answer: [12]  # the default, used if the deadline passes" in template
    assert ("# A turn's order may answer this question in advance under `answers:`,\n#   with the key "
            "cleanup.court-0.\n") in template


def test_no_question_of_a_robot_game_speaks_to_you(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []
    original = Context.ask

    def recording(self: Context, question: Question) -> Any:
        asked.append(question.text)
        return original(self, question)

    monkeypatch.setattr(Context, "ask", recording)
    for players, seed in ((3, 1), (4, 2), (5, 3)):
        seats = ("anna", "bob", "cati", "dora", "emil")[:players]
        for _ in turns(GAME, setup(GAME, seats, {}, seed), seed):
            pass
    assert len(set(asked)) > 20  # enough kinds of question were raised to mean something
    assert [text for text in set(asked) if SECOND_PERSON.search(text)] == []


def test_answer_templates_name_card_choices_and_offer_the_key_only_to_the_seat_whose_turn_it_is() -> None:
    state = position(courts={"anna": [8, 9, 11, 12]}, market=[[1, 2, 3, 4, 5, 6], [7, 10, 13, 14, 15, 16]])
    template = GAME.template(turn(state, {}).state, "anna")
    assert "# Choices: 8 (Kabul Bazaar), 9 (Afghan Handicrafts), 11 (Lapis Lazuli\n#   Mine)" in template
    # Confidence Failure asks bob during anna's cleanup: bob answers now or by standing order, never by key.
    state = position(market=[[114, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12]], hands={"bob": [22, 23]})
    step = turn(state, {})
    assert GAME.prompts(step.state)[0].seat == "bob"
    template = GAME.template(step.state, "bob")
    assert "# Choices: 22 (" in template and "in advance under `answers:`" not in template
