"""What a check can judge beyond the first open question of a turn.

A turn that stops at a question (a bribe to name, a spy's card to choose) has not met its later entries yet. The
turn is tried again from its start under every answer the open questions could get, and under every answer to
the questions those runs stop at in turn, up to `RUNS` trial runs. An entry the rules refuse whatever the answers
is a problem now (an order that takes an action too many is refused at once, not after the answers); one refused
under some answers only, or not reached because the trials ran out, is named in a note.
"""

from __future__ import annotations

import copy
import itertools
from collections import deque
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from engine.contract import Path
from games.pax.context import OrderError, Question
from games.pax.turn import Outcome

#: Trial runs of one order at most (a question with five answers and one with two make ten).
RUNS = 64

#: Runs the turn from its start with these answers given; raises OrderError when the rules refuse the order.
Run = Callable[[dict[str, Any]], Outcome]
#: Runs the turn from its start with this order and these answers given.
Resolve = Callable[[dict[str, Any], dict[str, Any]], Outcome]


@dataclass(frozen=True)
class Leaf:
    """One way the turn ends under some answers: refused (`error`), or played to its end (None)."""

    answers: Mapping[str, Any]
    error: OrderError | None


@dataclass(frozen=True)
class Ahead:
    """Every way the turn was found to end, and whether every answer was tried."""

    leaves: tuple[Leaf, ...]
    complete: bool

    def always_refused(self) -> OrderError | None:
        """The refusal met first, when every answer was tried and every one leads to a refusal."""
        if not self.complete or not self.leaves or any(leaf.error is None for leaf in self.leaves):
            return None
        return self.leaves[0].error

    def sometimes_refused(self) -> list[OrderError]:
        """The first refusal of each part of the order that some answers lead to and others do not."""
        if self.always_refused() is not None:
            return []
        found: dict[Path, OrderError] = {}
        for leaf in self.leaves:
            if leaf.error is not None:
                found.setdefault(part_of(leaf.error.path), leaf.error)
        return list(found.values())


def part_of(path: Path) -> Path:
    """The part of an order a problem belongs to: an action entry ("actions", 2), or a section ("cleanup",)."""
    if len(path) >= 2 and path[0] == "actions" and isinstance(path[1], int):
        return path[:2]
    return path[:1]


def answers_to(question: Question) -> Iterator[Any]:
    """Every answer `question` could get, its default first."""
    if question.count is None:
        options: list[Any] = list(question.options)
    else:
        options = [list(c) for c in itertools.combinations(question.options, question.count)]
    if question.default in options:
        options.remove(question.default)
        options.insert(0, question.default)
    return iter(options)


def replayed(resolve: Resolve, order: Mapping[str, Any]) -> Run:
    """Runs of `order` that treat the answers it gives in advance under `answers:` as the replay after a pause
    does: one the position no longer allows (a hand over its limit by one card more) is asked again, so it is
    left out and the run tried again; the entries themselves are judged strictly."""
    def run(answers: dict[str, Any]) -> Outcome:
        trial = copy.deepcopy(dict(order))
        while True:
            try:
                return resolve(copy.deepcopy(trial), dict(answers))
            except OrderError as error:
                given = trial.get("answers")
                key = error.path[1] if len(error.path) == 2 and error.path[0] == "answers" else None
                if not isinstance(given, dict) or key not in given or key in answers:
                    raise
                del given[key]

    return run


def explore(run: Run, first: Outcome, answers: Mapping[str, Any] | None = None, runs: int = RUNS) -> Ahead:
    """Try the turn under every answer to the questions `first` (its run with `answers`) stopped at, breadth
    first, until every branch ends or `runs` trial runs are spent."""
    leaves: list[Leaf] = []
    given = dict(answers or {})
    if not first.questions:
        return Ahead((Leaf(given, None),), True)
    waiting: deque[tuple[dict[str, Any], Outcome]] = deque([(given, first)])
    spent = 0
    while waiting:
        assumed, outcome = waiting.popleft()
        for chosen in itertools.product(*(answers_to(q) for q in outcome.questions)):
            if spent >= runs:
                return Ahead(tuple(leaves), False)
            trial = {**assumed, **{q.key: a for q, a in zip(outcome.questions, chosen, strict=True)}}
            spent += 1
            try:
                after = run(dict(trial))
            except OrderError as error:
                leaves.append(Leaf(trial, error))
                continue
            if after.questions and not {q.key for q in after.questions} <= set(trial):
                waiting.append((trial, after))
            else:
                leaves.append(Leaf(trial, None))
    return Ahead(tuple(leaves), True)
