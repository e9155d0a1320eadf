"""The shape of Pax Expanse orders, checked before any rule runs, and questions kept as plain data.

Three kinds of order: the secret starting loyalty `{loyalty: un}`; a turn `{actions: [...], cleanup: {...},
answers: {...}}`; and the answer to a prompt `{answer: ...}` (or `{answers: {key: ...}}` when one seat is asked
several things at once). Any of them may carry `standing:` orders.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.contract import Problem
from games.pax.context import Question, is_option
from games.pax.orders import walk_problems
from games.pax_expanse.context import AGENT_MOVE_WORDS
from games.pax_expanse.model import FACTIONS

#: The abilities a turn's `files:` may answer (Compromising Files, at the start of the turn).
FILES = ("compromising_files_tycho", "compromising_files_mars")
TURN_KEYS = ("files", "actions", "cleanup", "answers", "standing")
CLEANUP_KEYS = ("network", "hand")
#: Standing orders a seat may give, with what each takes.
STANDING = {"bribe": "full, waive, or the most influence you ask as a bribe",
            "discard": "a list of card numbers, the first to discard when you must",
            "agent_moves": "a list of where your agents go when the asset they are on leaves play, the first that "
                           "is open: an asset number, own (your own asset) or first (the first asset listed)"}


def question_to_data(question: Question) -> dict[str, Any]:
    """A question as plain data, for a paused turn."""
    return {"seat": question.seat, "key": question.key, "kind": question.kind, "text": question.text,
            "options": list(question.options), "count": question.count, "default": question.default}


def question_from_data(data: Mapping[str, Any]) -> Question:
    """The inverse of question_to_data."""
    return Question(data["seat"], data["key"], data["kind"], data["text"], tuple(data["options"]),
                    count=data["count"], default=data["default"])


def standing_problems(order: Mapping[str, Any]) -> list[Problem]:
    """Problems with the order's standing orders, if any."""
    standing = order.get("standing")
    if standing is None:
        return []
    if not isinstance(standing, dict):
        return [Problem(("standing",), "standing is a mapping, e.g. standing: {bribe: waive}")]
    found = []
    for key, value in standing.items():
        if key not in STANDING:
            found.append(Problem(("standing", key), f"unknown standing order {key!r}; known: "
                                 + "; ".join(f"{k} ({v})" for k, v in STANDING.items())))
        elif key == "bribe" and not (value in ("full", "waive") or (isinstance(value, int)
                                                                      and not isinstance(value, bool) and value >= 0)):
            found.append(Problem(("standing", key), f"bribe is {STANDING['bribe']}, not {value!r}"))
        elif key == "discard" and not (isinstance(value, list) and all(isinstance(v, int) and not isinstance(v, bool)
                                                                       for v in value)):
            found.append(Problem(("standing", key), f"discard is {STANDING['discard']}, not {value!r}"))
        elif key == "agent_moves" and not (isinstance(value, list) and all(
                (isinstance(v, int) and not isinstance(v, bool)) or v in AGENT_MOVE_WORDS for v in value)):
            found.append(Problem(("standing", key), f"agent_moves is {STANDING['agent_moves']}, not {value!r}"))
    return found


def key_problems(order: Any, path: tuple[Any, ...] = ()) -> list[Problem]:
    """Keys that are not words, anywhere in the order (a paused turn's order must stay canonical JSON)."""
    return walk_problems(order, path, lambda key: f"keys are words, not {key!r}")


def loyalty_problems(order: Mapping[str, Any]) -> list[Problem]:
    """Problems with a starting-loyalty order."""
    found = standing_problems(order)
    for key in order:
        if key not in ("loyalty", "standing"):
            found.append(Problem((key,), f"unknown key {key!r}: now choose your starting loyalty, e.g. loyalty: un"))
    if order.get("loyalty") not in FACTIONS:
        found.append(Problem(("loyalty",), f"loyalty is one of {', '.join(FACTIONS)}, not {order.get('loyalty')!r}"))
    return found


def turn_problems(order: Mapping[str, Any]) -> list[Problem]:
    """Problems with a turn order's shape (the rules judge its content)."""
    found = standing_problems(order)
    for key in order:
        if key not in TURN_KEYS:
            found.append(Problem((key,), f"unknown key {key!r}; a turn order has {', '.join(TURN_KEYS)}"))
    # `actions:` with nothing after it (every line of a template left commented out) is no actions, as `[]`.
    if order.get("actions") is not None and not isinstance(order["actions"], list):
        found.append(Problem(("actions",), "actions is a list: each action starts with '- ' (a dash and a space), "
                                           "as in '  - action: purchase'"))
    cleanup = order.get("cleanup")
    if cleanup is not None:
        if not isinstance(cleanup, dict):
            found.append(Problem(("cleanup",), "cleanup is a mapping, e.g. cleanup: {hand: [12]}"))
        else:
            for key, value in cleanup.items():
                if key not in CLEANUP_KEYS:
                    found.append(Problem(("cleanup", key), f"unknown key {key!r}; cleanup has "
                                         f"{', '.join(CLEANUP_KEYS)}"))
                elif not isinstance(value, list):
                    found.append(Problem(("cleanup", key), f"{key} is a list of card numbers to discard"))
    files = order.get("files")
    if files is not None and not (isinstance(files, dict) and all(k in FILES for k in files)):
        found.append(Problem(("files",), f"files maps a Compromising Files ability ({', '.join(FILES)}) to an "
                             "asset number or none"))
    if "answers" in order and not isinstance(order["answers"], dict):
        found.append(Problem(("answers",), "answers is a mapping from a question's key to its answer"))
    return found


def answer_problems(order: Mapping[str, Any], questions: Sequence[Question], partial: bool = False) -> list[Problem]:
    """Problems with the answer to the questions put to one seat: `answer` for one, `answers` for several.

    With `partial` (a game that asks questions together) `answers` may leave some out: those are asked again.
    """
    found = standing_problems(order)
    keys = ("answer", "standing") if len(questions) == 1 else ("answers", "standing")
    for key in order:
        if key not in keys:
            found.append(Problem((key,), f"unknown key {key!r}: now answer with {keys[0]}"))
    given = answers_for(order, questions)
    single = len(questions) == 1
    if partial and not single:
        if all(answer is None for answer in given):
            listed = ", ".join(q.key for q in questions)
            return found + [Problem(("answers",), f"answer at least one of the questions by its key: {listed}")]
        questions = [q for q, answer in zip(questions, given, strict=True) if answer is not None]
        given = [answer for answer in given if answer is not None]
    for question, answer in zip(questions, given, strict=True):
        path: tuple[str, ...] = ("answer",) if single else ("answers", question.key)
        legal = ", ".join(str(o) for o in question.options)
        if question.count is None:
            if not is_option(answer, question.options):
                found.append(Problem(path, f"{question.shown}: {answer!r} is not a choice; choose one of {legal}"))
        elif (not isinstance(answer, list) or len(answer) != question.count
              or len({repr(a) for a in answer}) != len(answer)
              or not all(is_option(a, question.options) for a in answer)):
            found.append(Problem(path, f"{question.shown}: give a list of {question.count} different choices "
                                 f"from {legal}"))
    return found


def answers_for(order: Mapping[str, Any], questions: Sequence[Question]) -> list[Any]:
    """The answers an order gives to the questions put to its seat, in order (None where it gives none)."""
    if len(questions) == 1:
        return [order.get("answer")]
    given = order.get("answers")
    given = given if isinstance(given, dict) else {}
    return [given.get(q.key) for q in questions]
