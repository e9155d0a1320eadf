"""The shape of orders (before any rule is consulted) and standing orders.

Three kinds of order body: a loyalty choice at setup (`loyalty:`), a turn (`actions:`, `blackmail:`,
`cleanup:`, `answers:`), and an answer to a prompt (`answer:`). Any of them may carry `standing:`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.contract import Problem
from games.pax.context import Question, is_option
from games.pax.orders import walk_problems
from games.pax_pamir import cards

TURN_KEYS = ("actions", "blackmail", "cleanup", "answers", "standing")
CLEANUP_KEYS = ("court", "hand", "confidence_failure")
STANDING_KEYS = ("bribe", "discard", "safe_house", "courtly_manners")
COURTLY_ANSWERS = ("decline", "pay")
BRIBE_RULES = ("full", "waive")


def standing_problems(order: Mapping[str, Any]) -> list[Problem]:
    """Problems with the `standing:` section, if any."""
    standing = order.get("standing")
    if standing is None:
        return []
    if not isinstance(standing, dict):
        return [Problem(("standing",), "standing must be a mapping, e.g. {bribe: full, discard: [12, 40]}")]
    found = []
    for key in standing:
        if key not in STANDING_KEYS:
            found.append(Problem(("standing", key),
                                 f"unknown standing order {key!r}; known: {', '.join(STANDING_KEYS)}"))
    bribe = standing.get("bribe")
    if "bribe" in standing and not (bribe in BRIBE_RULES or (isinstance(bribe, int) and not isinstance(bribe, bool)
                                                              and bribe >= 0)):
        found.append(Problem(("standing", "bribe"), "bribe must be full, waive, or the most rupees you ask"))
    discard = standing.get("discard")
    if "discard" in standing and not (isinstance(discard, list) and all(_is_int(n) for n in discard)):
        found.append(Problem(("standing", "discard"), "discard must be a list of card numbers, most expendable first"))
    if "courtly_manners" in standing and standing["courtly_manners"] not in COURTLY_ANSWERS:
        found.append(Problem(("standing", "courtly_manners"),
                             "courtly_manners must be decline or pay (decline, the default, keeps your rupees)"))
    if "safe_house" in standing and not isinstance(standing.get("safe_house"), bool):
        found.append(Problem(("standing", "safe_house"), "safe_house must be true (shelter your spies) or false"))
    return found


def value_problems(node: Any, path: tuple[str | int, ...] = ()) -> list[Problem]:
    """Keys that are not words, numbers that are not whole, and true/false where they mean nothing, in an order.

    A paused turn keeps its order in the state, which must stay canonical JSON (a `1:` key beside word keys
    cannot even be sorted), and 18.0 == 18 would let a float card number reach the spy keys of the state.
    """
    return walk_problems(node, path, lambda key: f"{key!r} is not a key here; keys are words such as `action:`",
                         _odd_value)


def _odd_value(value: Any, path: tuple[str | int, ...]) -> list[Problem]:
    """A float, or true/false anywhere but standing safe_house."""
    if isinstance(value, float):
        return [Problem(path, f"numbers in orders are whole numbers, not {value!r}")]
    if isinstance(value, bool) and path != ("standing", "safe_house"):
        # true == 1 in Python: `card: true` would play card 1 and put the card True in a court.
        return [Problem(path, f"{str(value).lower()} is not a choice here; only standing safe_house is "
                              "true or false")]
    return []


def loyalty_problems(order: Mapping[str, Any]) -> list[Problem]:
    """Problems with a loyalty choice."""
    found = _unknown_keys(order, ("loyalty", "standing"), ())
    coalitions = cards.board().coalitions
    if order.get("loyalty") not in coalitions:
        found.append(Problem(("loyalty",),
                             f"loyalty must be one of {', '.join(coalitions)}, got {order.get('loyalty')!r}"))
    return found + standing_problems(order)


def turn_problems(order: Mapping[str, Any]) -> list[Problem]:
    """Problems with the shape of a turn order (the rules check the rest as the turn runs)."""
    found = _unknown_keys(order, TURN_KEYS, ())
    entries = order.get("actions", [])
    if entries is None:
        entries = []
    if not isinstance(entries, list):
        found.append(Problem(("actions",), "actions must be a list: each action starts with '- ' (a dash and a space), "
                                           "as in '  - action: purchase'"))
        entries = []
    for index, entry in enumerate(entries):
        if not isinstance(entry, dict) or "action" not in entry:
            found.append(Problem(("actions", index), "each action is a mapping with an `action:` key"))
    for section, keys in (("cleanup", CLEANUP_KEYS), ("blackmail", ("herat", "kandahar"))):
        value = order.get(section)
        if value is not None and not isinstance(value, dict):
            found.append(Problem((section,), f"{section} must be a mapping with keys among {', '.join(keys)}"))
        elif value:
            found += _unknown_keys(value, keys, (section,))
    if order.get("answers") is not None and not isinstance(order.get("answers"), dict):
        found.append(Problem(("answers",), "answers must map question keys to answers"))
    return found + standing_problems(order)


def answer_problems(order: Mapping[str, Any], question: Question) -> list[Problem]:
    """Problems with an answer to `question`."""
    found = _unknown_keys(order, ("answer", "standing"), ())
    if "answer" not in order:
        return found + [Problem(("answer",), f"{question.shown}: give `answer:`; choices: {_choices(question)}")]
    answer = order["answer"]
    if question.count is None:
        if not is_option(answer, question.options):
            found.append(Problem(("answer",), f"{question.shown}: {answer!r} is not a choice; choose one of "
                                              f"{_choices(question)}"))
    elif (not isinstance(answer, list) or len(answer) != question.count or len({repr(a) for a in answer}) != len(answer)
          or any(not is_option(a, question.options) for a in answer)):
        found.append(Problem(("answer",), f"{question.shown}: give a list of {question.count} different choices from "
                                          f"{_choices(question)}"))
    return found + standing_problems(order)


def several_answer_problems(order: Mapping[str, Any], questions: Sequence[Question]) -> list[Problem]:
    """Problems with the answers to several questions asked at once: `answers:` by key, at least one of them
    (those left out are asked again)."""
    found = _unknown_keys(order, ("answers", "standing"), ())
    given = order.get("answers")
    listed = ", ".join(q.key for q in questions)
    if not isinstance(given, dict) or not any(q.key in given for q in questions):
        return found + [Problem(("answers",), f"answer at least one question under `answers:`, by its key: {listed}")]
    found += [Problem(("answers", key), f"no question has the key {key!r} now; keys: {listed}")
              for key in given if key not in {q.key for q in questions}]
    for question in questions:
        if question.key in given:
            found += [Problem(("answers", question.key), problem.message) for problem in
                      answer_problems({"answer": given[question.key]}, question) if problem.path == ("answer",)]
    return found + standing_problems(order)


def question_to_data(question: Question) -> dict[str, Any]:
    """A question as plain data (kept in a paused state)."""
    return {
        "seat": question.seat, "key": question.key, "kind": question.kind, "text": question.text,
        "options": list(question.options), "path": list(question.path) if question.path is not None else None,
        "count": question.count, "default": question.default,
    }


def question_from_data(data: Mapping[str, Any]) -> Question:
    """The inverse of question_to_data."""
    path = tuple(data["path"]) if data["path"] is not None else None
    return Question(data["seat"], data["key"], data["kind"], data["text"], tuple(data["options"]), path,
                    data["count"], data["default"])


def _choices(question: Question) -> str:
    return ", ".join(str(o) for o in question.options)


def _unknown_keys(order: Mapping[str, Any], known: tuple[str, ...], prefix: tuple[str, ...]) -> list[Problem]:
    return [Problem((*prefix, key), f"unknown key {key!r}; expected {', '.join(known)}") for key in order
            if key not in known]


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
