"""Trial runs of a paused turn note the answers they look up (games/pax/noted.py); together.py runs the turn once
for every combination of answers that agrees on those, and asks the same questions as when it runs each one."""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

from games.pax.context import Context, OrderError, Question
from games.pax.noted import ABSENT, Noted, copied
from games.pax.together import gather
from games.pax.turn import Outcome


def test_a_run_notes_the_first_value_of_each_key_it_looks_up_or_that_it_was_absent() -> None:
    answers = Noted({"a": 1, "b": [2, 3]})
    own = copied(answers)
    assert "a" in own and own.get("b") == [2, 3] and own.get("c") is None
    own["d"] = 4  # a run writing an answer of its own, then reading it back
    assert own["d"] == 4
    assert answers.notes.seen == {"a": 1, "b": [2, 3], "c": ABSENT, "d": 4}
    assert answers.notes.agree({"a": 1, "b": [2, 3], "z": "not looked up", "d": 4})
    assert not answers.notes.agree({"a": True, "b": [2, 3], "d": 4}), "true is not the answer 1"
    assert not answers.notes.agree({"a": 1, "b": [2, 3], "c": 0, "d": 4}), "c was absent"


def test_a_run_that_reads_the_answers_whole_stands_only_for_itself() -> None:
    answers = Noted({"a": 1})
    assert bool(answers)
    assert answers.notes.agree({"a": 1}) and not answers.notes.agree({}), "it asked whether there were any"
    assert list(copied(answers)) == ["a"]
    assert not answers.notes.agree({"a": 1})
    for read_whole in (repr, json.dumps, dict, len, lambda given: {**given}, lambda given: given == {}):
        quoted = Noted({"a": 1})
        read_whole(quoted)
        assert quoted.notes.whole, read_whole


def _question(key: str, seat: str = "ben", options: tuple[Any, ...] = ("yes", "no")) -> Question:
    return Question(seat, key, "choice", key, options, default=options[0])


def _turn(answers: dict[str, Any]) -> Outcome:
    """A turn asking ben q1; after yes it asks ben q2 and then q3, after no it asks q3 (a refusal under q2=no)."""
    ctx = Context(SimpleNamespace(standing={}), "anna", {}, copied(answers))
    runs.append(dict(dict.items(answers)))  # (dict's own items: a record of the run, not a lookup of the turn)
    waiting = []
    if ctx.answers.get("q1") is None:
        waiting.append(_question("q1"))
    elif ctx.answers["q1"] == "yes":
        if "q2" not in ctx.answers:
            waiting.append(_question("q2", options=("yes", "no", "maybe")))
        elif ctx.answers["q2"] == "no":
            raise OrderError(("answer",), "refused")
        elif "q3" not in ctx.answers:
            waiting.append(_question("q3"))
    elif "q3" not in ctx.answers:
        waiting.append(_question("q3"))
    return Outcome(ctx, tuple(waiting))


runs: list[dict[str, Any]] = []


def test_questions_asked_together_are_the_same_with_fewer_runs_of_the_turn() -> None:
    first = _turn({})

    def every_time(answers: dict[str, Any]) -> Outcome:
        return _turn(dict(answers))  # a run that copies its answers plainly has read them whole: nothing is taken

    runs.clear()
    unnoted = gather(every_time, first)
    counted = len(runs)
    runs.clear()
    noted = gather(_turn, first)
    assert [q.key for q in noted] == [q.key for q in unnoted] == ["q1", "q2", "q3"]
    # Once q1 is no the turn never looks at q2 (its three answers run once, not three times), and q2 = no is
    # refused before q3 is looked at (one run, not two): 9 runs of 14.
    assert counted == 2 + 12 and len(runs) == 2 + 4 + 1 + 2, (len(runs), counted)
