"""What an accepted order sets in motion, for any Pax game: a change of loyalty, a bribe owed, a question to come.

The rules themselves find it: the turn is tried out as `apply` would run it, on copies of the state. Every
other human seat's standing orders are left out of the trial (they are secret: a warning must not show whether
a ruler asks its bribes by standing order), so each of their decisions stops the trial with a question, as it
would without standing orders. A trial that stops is tried again with that question answered, once with its
default and once with its first choice (a bribe: the full price and none; to pay: refuse and pay), so what may
follow is found too. What the first trial meets is sure, and so is what every answer tried leads to; the rest
is said to depend on the answers. Other seats' hands stay in the trial's state, but no warning says what is in
them: only question texts (which name no hidden card) and public events are read.

Each game says what differs as hooks on a `Warner`: how a turn is run on a copy, how a paused turn resumes,
what a loyalty change looks like and what it costs, card names and why a bribe is owed.
"""

from __future__ import annotations

import copy
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, cast

from engine.contract import Event, Path
from engine.words import counted
from games.pax.ahead import explore, part_of, replayed
from games.pax.context import OrderError, Question
from games.pax.template import flow
from games.pax.turn import Outcome, RunTurn

DEPENDING = "Depending on the answers above: "


#: A game's state: the kernel reads its `phase`, `current`, `paused`, `standing` and `clone()`.
S = TypeVar("S")


@dataclass(frozen=True)
class Trial(Generic[S]):
    """A turn to try out: the state it starts from, whose turn, its order, and the answers given so far."""

    start: S
    seat: str
    order: dict[str, Any]
    answers: dict[str, Any]
    reported: int  # events before this one were reported already (a turn that paused)


class Warner(Generic[S]):
    """The kernel's warnings; a game overrides the hooks below the first section."""

    #: Trial runs of one order at most: each question at most doubles them.
    max_runs = 64
    #: The payer's question after a bribe was named (its key's last part), and the order field answering it.
    pay_fields: Mapping[str, str] = {}
    #: The event kind of a change of loyalty, and its field naming the new loyalty.
    loyalty_kind = "loyalty"
    loyalty_field = "faction"

    def __init__(self, run_turn: RunTurn[S]) -> None:
        #: The game's turn of the rules (its turn.py's `run_turn`), which each trial runs.
        self.run_turn = run_turn

    # --- hooks --------------------------------------------------------------------------------------------

    def run(self, start: S, seat: str, order: dict[str, Any], answers: dict[str, Any],
            lenient: bool = True) -> Outcome:
        """Run `seat`'s turn from `start` as a replay after a pause does (leniently), or as a check does: the
        game's turn of the rules, by default."""
        return self.run_turn(start, seat, order, answers, lenient=lenient)

    def resume(self, state: S, seat: str, order: Mapping[str, Any]) -> Trial[S] | None:
        """The rest of a paused turn that `seat`'s answer lets go on, or None (see `trial_of`)."""
        raise NotImplementedError

    def automated(self, state: S, seat: Any) -> bool:
        """Whether `seat` is played by the rules (its standing orders are public)."""
        raise NotImplementedError

    def loyalty(self, state: S, seat: str) -> Any:
        """`seat`'s loyalty in `state`."""
        raise NotImplementedError

    def loyalty_line(self, seat: str, events: Sequence[Event], index: int, old: Any, now: S) -> str:
        """The loyalty change of `events[index]`: what causes it and what is lost with it."""
        raise NotImplementedError

    def card_name(self, number: Any) -> str:
        """A card as a player reads it; anything else as it is."""
        return str(number)

    def card_of(self, entry: Mapping[str, Any]) -> Any:
        """The card an action entry names, if it names one the game knows."""
        return None

    def bribe_reason(self, trial: Trial[S], question: Question) -> str:
        """Why a bribe is owed, in brackets ("(bob controls the region)"), or "" when the entry names no card."""
        found = entry_of(trial.order, question.key)
        card = self.card_of(found[1]) if found is not None else None
        if card is None:
            return ""
        if question.key.endswith(".bribe-play"):
            return self.play_bribe_reason(trial.start, question.seat, card)
        return self.action_bribe_reason(question.seat, card)

    def play_bribe_reason(self, state: S, seat: str, card: Any) -> str:
        """Why `seat` is owed a bribe for playing `card` from `state` (its region's controller), in brackets."""
        return ""

    def action_bribe_reason(self, seat: str, card: Any) -> str:
        """Why `seat` is owed a bribe for an action of `card` (it holds the card), in brackets."""
        return ""

    def event_line(self, trial: Trial[S], events: Sequence[Event], index: int) -> str | None:
        """A warning read from the trial's new public event `events[index]` besides loyalty changes, or None."""
        event = events[index]
        kind = event.data.get("kind")
        if (event.visible_to(trial.seat) and event.data.get("payer") == trial.seat
                and self.automated(trial.start, event.data.get("receiver"))
                and (kind == "bribe-refused" or (kind == "bribe" and event.data.get("paid")))):
            # An automated seat's bribe follows its rules, asking no one: said as the report will say it.
            return event.text
        return None

    def choices(self, question: Question) -> list[Any]:
        """The answers a trial goes on with: the question's default and its first choice."""
        return _choices(question)

    # --- the kernel -----------------------------------------------------------------------------------------

    def warnings(self, state: S, seat: str, order: Mapping[str, Any]) -> list[str]:
        """The warnings for `seat`'s accepted order, in the order the turn meets them."""
        trial = self.trial_of(state, seat, order)
        if trial is None:
            return []
        found: dict[str, str] = {}  # identity (a question's key, or the line) -> the line, in the order first met
        sure: set[str] = set()
        leaves: list[frozenset[str]] = []
        # Each branch: the answers it assumes, how many events the run before it showed, whether no answer of
        # another seat is assumed yet, and what the runs before it found.
        branches: deque[tuple[dict[str, Any], int, bool, frozenset[str]]] = deque(
            [(trial.answers, trial.reported, True, frozenset())])
        runs = 0
        while branches and runs < self.max_runs:
            answers, shown, certain, before = branches.popleft()
            runs += 1
            try:
                outcome = self.run(trial.start, trial.seat, copy.deepcopy(trial.order), dict(answers))
            except OrderError:
                leaves.append(before)  # only an assumed answer leads here: the real turn asks again or skips
                continue
            met = {line: line for line in self.event_lines(trial, outcome.ctx.events, shown, state)}
            question = outcome.question
            if question is not None:
                met[question.key] = self.question_line(trial, question)
            for identity, line in met.items():
                found.setdefault(identity, line)
                if certain:
                    sure.add(identity)
            seen = before | set(met)
            if question is None:
                leaves.append(seen)
                continue
            choices = self.choices(question)
            # Going on with the only answer tried to one's own question (a spy's card, a border) stays sure.
            still_certain = certain and question.seat == trial.seat and len(choices) == 1
            for choice in choices:
                branches.append(({**answers, question.key: choice}, len(outcome.ctx.events), still_certain, seen))
        # What every answer tried leads to is sure too (unless the trials ran out before trying them all).
        if leaves and not branches:
            sure |= frozenset.intersection(*leaves)
        lines = [line if identity in sure else _depending(line) for identity, line in found.items()]
        now: Any = state
        return lines + (self.unjudged(trial) if now.paused is None else [])

    def unjudged(self, trial: Trial[S]) -> list[str]:
        """The parts of a new turn's order that a check could not judge yet: refused after some answers to the
        questions the turn stops at and not after others (ahead.py), or not reached when the trials ran out."""
        run = replayed(lambda order, given: self.run(trial.start, trial.seat, order, given, lenient=False),
                       trial.order)
        try:
            first = run(dict(trial.answers))
        except OrderError:
            return []  # the check refuses it: nothing to warn of
        ahead = explore(run, first, trial.answers)
        lines = []
        for error in ahead.sometimes_refused():
            part = part_of(error.path)
            skipped = ", and then it is not taken" if len(part) == 2 else ""
            lines.append(f"{self.part_label(trial.order, part)} cannot be judged until the questions above are "
                         f"answered: after some answers the rules refuse it ({error.message}){skipped}.")
        if not ahead.complete:
            lines.append("Not every answer to the questions above could be tried: the actions after them are "
                         "judged when they are answered.")
        return lines

    def part_label(self, order: Mapping[str, Any], part: Path) -> str:
        """ "Action 2 (play <card>)" for an action entry of `order`, "`cleanup:`" for a section."""
        if len(part) == 2:
            return self.action_label(order, f"actions.{part[1]}.entry")
        return f"`{part[0]}:`"

    def trial_of(self, state: S, seat: str, order: Mapping[str, Any]) -> Trial[S] | None:
        """The turn `seat`'s order starts or resumes, with other humans' standing orders left out; None if none."""
        now: Any = state
        if now.phase != "turns":
            return None
        if now.paused is None:
            if now.current != seat:
                return None
            return Trial(self.without_secrets(state, state, seat, order), seat, copy.deepcopy(dict(order)), {}, 0)
        return self.resume(state, seat, order)

    def without_secrets(self, start: S, state: S, seat: str, order: Mapping[str, Any]) -> S:
        """`start` (a copy) with the standing orders in force after `order`, other humans' left out.

        The automated seats' standing orders are rules everyone knows (how an automaton asks its bribes).
        """
        now: Any = state
        copied: Any = start
        copied = copied.clone()
        standing: dict[str, dict[str, Any]] = {s: copy.deepcopy(dict(rules)) for s, rules in
                                               now.standing.items()
                                               if s == seat or self.automated(copied, s)}
        if isinstance(order.get("standing"), dict):
            standing.setdefault(seat, {}).update(copy.deepcopy(order["standing"]))
        copied.standing = standing
        return cast(S, copied)

    def event_lines(self, trial: Trial[S], events: Sequence[Event], shown: int, now: S) -> list[str]:
        """Warnings from the events after the first `shown`: loyalty changes, and what `event_line` finds."""
        lines = []
        loyalty = self.loyalty(trial.start, trial.seat)
        for index, event in enumerate(events):
            if event.data.get("kind") == self.loyalty_kind and event.data.get("seat") == trial.seat:
                if index >= shown:
                    lines.append(self.loyalty_line(trial.seat, events, index, loyalty, now))
                loyalty = event.data.get(self.loyalty_field)
            elif index >= shown:
                line = self.event_line(trial, events, index)
                if line is not None:
                    lines.append(line)
        return lines

    def question_line(self, trial: Trial[S], question: Question) -> str:
        """A question the turn stops at: for `seat` itself, how to answer it now; for another, what it decides."""
        if question.seat == trial.seat:
            return f"You will be asked: {question.shown} ({self.how_to_answer(question)})."
        who = question.seat
        if question.kind == "bribe":
            label = self.action_label(trial.order, question.key)
            return (f"{label}: you owe {who} a bribe of up to {counted(max(question.options), self.money_noun)} "
                    f"{self.bribe_reason(trial, question)}; {who} names the amount, by standing "
                    "order or when asked, and you pay it or the action is not taken.")
        return f"{who} decides, by standing order or when asked: {question.shown}."

    #: How a bribe's amount is counted in a warning ("2 units": see engine.words.counted).
    money_noun = "money"

    def how_to_answer(self, question: Question) -> str:
        """The line of `seat`'s order that answers this question in advance, and where it goes."""
        parts = question.key.split(".")
        if len(parts) == 3 and parts[0] == "actions" and parts[2] in self.pay_fields:
            return (f"to answer now, write `{self.pay_fields[parts[2]]}: N` in action {int(parts[1]) + 1}, N the most "
                    "you will pay")
        example = question.default if question.default is not None else question.options[0]
        others = "" if len(question.options) < 2 else f"; choices: {', '.join(flow(o) for o in question.options)}"
        path = question.path
        if path is not None and len(path) == 3 and path[0] == "actions" and isinstance(path[2], str):
            return f"to answer now, write `{path[2]}: {flow(example)}` in action {int(path[1]) + 1}{others}"
        if path is not None and len(path) == 2 and all(isinstance(part, str) for part in path):
            return f"to answer now, write `{path[0]}: {{{path[1]}: {flow(example)}}}`{others}"
        return f"to answer now, write `{question.key}: {flow(example)}` under `answers:`{others}"

    def action_label(self, order: Mapping[str, Any], key: str) -> str:
        """ "Action 2 (play <card>)" for a question key under an action of `order`."""
        found = entry_of(order, key)
        if found is None:
            return "This turn"
        index, entry = found
        card = self.card_of(entry)
        return f"Action {index + 1} ({entry.get('action')}{f' {self.card_name(card)}' if card is not None else ''})"


def entry_of(order: Mapping[str, Any], key: str) -> tuple[int, dict[str, Any]] | None:
    """The index and entry of the action a question key ("actions.1.bribe-play") belongs to."""
    parts = key.split(".")
    entries = order.get("actions") or []
    if len(parts) < 3 or parts[0] != "actions" or not parts[1].isdigit() or int(parts[1]) >= len(entries):
        return None
    entry = entries[int(parts[1])]
    return (int(parts[1]), entry) if isinstance(entry, dict) else None


def _choices(question: Question) -> list[Any]:
    """The answers a trial goes on with: the question's default and its first choice."""
    first = question.options[0] if question.count is None else list(question.options[:question.count])
    found = [question.default] if question.default is not None else []
    return found + ([first] if first != question.default else [])


def _depending(line: str) -> str:
    """A warning that holds only for some answers to the questions before it."""
    line = line.replace("You will be asked", "You may be asked", 1)
    return DEPENDING + line[0].lower() + line[1:]
