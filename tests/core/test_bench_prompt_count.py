"""`make bench`'s prompts figure counts mails: one to each seat asked something in a step, however many
questions its prompt holds; a turn's own order and the starting loyalty are not prompts of the figure."""

from __future__ import annotations

from engine.contract import Prompt
from pbem.bench import mails_asking


def test_a_prompt_holding_several_questions_is_one_mail() -> None:
    assert mails_asking([Prompt("anna", "answers", "bribe: pay or refuse; agent-1: …; agent-2: …")]) == 1


def test_a_step_asking_several_seats_sends_a_mail_to_each() -> None:
    due = [Prompt("anna", "bribe", "pay ben?"), Prompt("ben", "choice", "keep which?"), Prompt("cleo", "discard", "")]
    assert mails_asking(due) == 3


def test_two_prompts_to_one_seat_in_a_step_are_one_mail() -> None:
    assert mails_asking([Prompt("anna", "bribe", "pay?"), Prompt("anna", "agent-move", "where?")]) == 1


def test_a_question_beside_a_turn_or_loyalty_is_still_counted_but_those_are_not() -> None:
    assert mails_asking([Prompt("anna", "turn", "your turn 3")]) == 0
    assert mails_asking([Prompt(s, "loyalty", "choose") for s in ("anna", "ben")]) == 0
    assert mails_asking([Prompt("anna", "turn", "your turn 3"), Prompt("ben", "bribe", "pay anna?")]) == 1
