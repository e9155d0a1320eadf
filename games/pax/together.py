"""Questions asked together: a paused turn puts to a seat, in one prompt, every later question of its own that
does not hang on the answers still owed.

A turn pauses at its first unanswered question. Games made since the rule `questions: together` (an option
`pbem new` records) then try the turn on under every answer the waited questions could get, up to `RUNS` trial
runs: a question that the runs ask next of a seat already being asked, alike (same text, choices and default)
in every run that asks it, is added to the prompt. A question asked only under some answers (an agent's card
once the bribe is paid) is asked all the same: its answer is simply not used when the turn goes the other way.
The search stops at a question to a seat not yet asked (its answer may change everything after it), at a
question asked differently under different answers, or when the trial runs are spent. Older games keep asking
one question at a time, as their archives recorded.

An answer given early that the turn no longer allows once it gets there is asked again (the replay after a
pause is lenient), so the prompt may foresee too much but never decides for a player.

A trial run notes the answers it looked up (noted.py); a later combination of answers that agrees on those would
run the same way, so the outcome noted is taken instead of running the turn again. It still counts as one of the
`RUNS`, so which questions are asked together does not depend on it.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping
from typing import Any

from games.pax.ahead import answers_to
from games.pax.context import OrderError, Question
from games.pax.noted import Trials
from games.pax.turn import Outcome

#: The game option, and its value, that a game records when its paused turns ask questions together.
OPTION, TOGETHER = "questions", "together"
#: Trial runs one pause may spend looking for questions to ask together.
RUNS = 48

#: Runs the paused turn from its start with these answers: those of its first run and the trial's own.
Trial = Callable[[dict[str, Any]], Outcome]


def together_option(options: Mapping[str, Any]) -> bool:
    """True when a game's options say its paused turns ask questions together; a clear error for a bad value."""
    return word_option(options, OPTION, TOGETHER, "one-at-a-time")


def word_option(options: Mapping[str, Any], key: str, on: str, off: str) -> bool:
    """True when option `key` is the word `on`, False when it is `off` or not given (a game made before the option
    existed); a clear error naming both for any other value."""
    value = options.get(key)
    if value is None or value == off:
        return False
    if value == on:
        return True
    raise ValueError(f"option {key} is {on} or {off}, not {value!r}")


def gather(trial: Trial, first: Outcome, runs: int = RUNS) -> tuple[Question, ...]:
    """The questions a pause asks: those `first` stopped at, and every later one of the same seats found to be
    asked alike whatever the answers to those before it."""
    asked = list(first.questions)
    seats = {q.seat for q in asked}
    spent = 0
    base = dict(first.ctx.answers)
    trials = Trials(trial)

    def run(more: dict[str, Any]) -> Outcome | None:
        try:
            return trials({**base, **more})
        except OrderError:
            return None  # answers the rules refuse: that way the turn asks nothing more

    while True:
        found: dict[str, Question] = {}
        varies: set[str] = set()
        combos = itertools.product(*(answers_to(q) for q in asked))
        for chosen in combos:
            if spent >= runs:
                return tuple(asked)
            spent += 1
            after = run({q.key: answer for q, answer in zip(asked, chosen, strict=True)})
            if after is None:
                continue
            known = {q.key for q in asked}
            for question in after.questions:
                if question.key in known:
                    continue
                if question.seat not in seats:
                    return tuple(asked)  # another seat decides first; what follows may hang on it
                seen = found.setdefault(question.key, question)
                if seen != question:
                    varies.add(question.key)
        new = [q for key, q in found.items() if key not in varies]
        if not new:
            return tuple(asked)
        asked.extend(new)
