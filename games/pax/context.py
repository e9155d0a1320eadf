"""The context a step runs in: emitting events, asking seats for decisions, and rejecting bad orders.

Rules code never reads orders directly for a decision: it calls `ctx.ask(...)`. The answer comes, in this order,
from an answer already given to that question (a prompt answered earlier), from the acting seat's order at the
question's path, or from the asked seat's standing orders. When none has it, the step stops with `Pause`, and
the step is replayed from its start once the answer arrives. `ctx.ask_all(...)` asks several seats at once (a
simultaneous choice): the step pauses on every question still open, each becoming a prompt of its own.

The Context is generic over the game's state, which only has to hold the seats' standing orders. A game names
the standing orders its players may give by overriding `standing_answer` (and `STANDING_ONLY`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, NoReturn, Protocol, TypeVar

from engine.contract import Event, Path
from engine.words import settle_marks


class HasStanding(Protocol):
    """What the Context needs of a game's state: each seat's standing orders."""

    standing: dict[str, dict[str, Any]]


S = TypeVar("S", bound=HasStanding)


@dataclass(frozen=True)
class Question:
    """A decision owed by `seat`: pick one of `options`, or `count` distinct ones when count is set."""

    seat: str
    key: str  # unique within the step, e.g. "actions.1.bribe"
    kind: str  # bribe | discard | choice (standing orders answer some kinds)
    text: str
    options: tuple[Any, ...]
    path: Path | None = None  # where the acting seat's order may answer it in advance
    count: int | None = None  # None: a single answer; otherwise a list of exactly `count` distinct options
    default: Any = None  # used when a deadline forces the decision

    @property
    def shown(self) -> str:
        """The text as a player reads it ("1 unit" where the stored text says "1 unit(s)")."""
        # A paused turn stores its questions' texts in the snapshot, which archives and the seeded games'
        # fingerprints hold byte for byte: the texts keep their first wording, and read well when shown.
        return settle_marks(self.text)


class Pause(Exception):
    """The step cannot go on until every one of `questions` is answered (one, or several asked at once)."""

    def __init__(self, *questions: Question):
        if not questions:
            raise ValueError("a Pause waits on at least one question")
        super().__init__("; ".join(q.text for q in questions))
        self.questions = questions

    @property
    def question(self) -> Question:
        """The first question waited on (the only one in a step that asks one seat at a time)."""
        return self.questions[0]


class OrderError(Exception):
    """The acting seat's order asks for something the rules forbid; becomes a Problem at `path`."""

    def __init__(self, path: Path, message: str):
        super().__init__(message)
        self.path = path
        self.message = message


#: Picks an answer for a question nobody answered (robots); returns the answer.
Chooser = Callable[[Question], Any]

_MISSING = object()
#: What `standing_answer` returns when the standing orders do not answer a question.
MISSING = _MISSING


@dataclass
class Context(Generic[S]):
    """One step in progress: the working state, the acting seat and its order, answers, and the events so far."""

    #: Kinds of question never put to a player as a prompt: the order's answers or a standing order give the
    #: answer, else its default holds. A game lists its own.
    STANDING_ONLY: ClassVar[tuple[str, ...]] = ()

    state: S
    seat: str
    order: dict[str, Any]
    answers: dict[str, Any] = field(default_factory=dict)  # answers to prompts, and standing answers used
    events: list[Event] = field(default_factory=list)
    chooser: Chooser | None = None  # fills in the acting seat's missing answers (robots)
    where: Path = ()  # path of the part of the order being resolved, e.g. ("actions", 1)
    #: On a replay after a pause, an answer in the order that is no longer legal is asked for again.
    lenient: bool = False
    counters: dict[str, int] = field(default_factory=dict)  # for numbered question keys (see serial)

    def emit(self, text: str, to: Sequence[str] | None = None, **data: Any) -> None:
        """Record an event; `to` limits who may see it (None: everyone)."""
        self.events.append(Event(text, tuple(to) if to is not None else None, dict(data)))

    def fail(self, path: Path, message: str) -> NoReturn:
        """Reject the acting seat's order with a problem at `path`."""
        raise OrderError(path, message)

    def given(self, path: Path) -> Any:
        """The acting seat's order at `path` (None when absent): for answers that are not a pick from options."""
        found = _lookup(self.order, path)
        return None if found is _MISSING else found

    def key(self, name: str) -> str:
        """A question key for `name` under the part of the order being resolved."""
        return ".".join(str(p) for p in (*self.where, name))

    def serial(self, name: str) -> str:
        """A question key for the n-th question of this name under the current part of the order: name-1, name-2...

        Replays ask the same questions in the same order, so the numbers are stable.
        """
        base = self.key(name)
        self.counters[base] = self.counters.get(base, 0) + 1
        return f"{base}-{self.counters[base]}"

    def ask(self, question: Question) -> Any:
        """The answer to `question`, validated against its options; raises Pause when there is none yet."""
        answer = self._find(question)
        if answer is not _MISSING and self.lenient:
            try:
                self._validate(question, answer)
            except OrderError:
                answer = _MISSING
        if answer is _MISSING and question.kind in self.STANDING_ONLY:
            # Recorded like a standing answer, so a replay after a pause keeps it.
            answer = self.answers[question.key] = question.default
        if answer is _MISSING:
            if len(question.options) == 1 and question.count in (None, 1):
                # A single legal option is no decision at all.
                only = question.options[0]
                return only if question.count is None else [only]
            if question.count is not None and question.count >= len(question.options):
                return list(question.options)
            if question.count == 0:
                return []
            if self.chooser is not None and question.seat == self.seat:
                answer = self.chooser(question)
                self._store(question, answer)
            else:
                raise Pause(question)
        self._validate(question, answer)
        return answer

    def ask_all(self, questions: Sequence[Question]) -> list[Any]:
        """The answers to questions put to several seats at once; pauses on every one still unanswered."""
        answers: list[Any] = []
        waiting: list[Question] = []
        for question in questions:
            try:
                answers.append(self.ask(question))
            except Pause as pause:
                waiting.extend(pause.questions)
        if waiting:
            raise Pause(*waiting)
        return answers

    def standing_answer(self, standing: dict[str, Any], question: Question) -> Any:
        """Answer `question` from the asked seat's standing orders where its kind allows; MISSING otherwise.

        The kernel knows two standing orders: `bribe:` (full, waive or a most) and `discard:` (cards in order of
        preference). A game adds its own by overriding this method.
        """
        return _from_standing(standing, question)

    def _find(self, question: Question) -> Any:
        if question.key in self.answers:
            return self.answers[question.key]
        if question.seat == self.seat:
            if question.path is not None:
                found = _lookup(self.order, question.path)
                if found is not _MISSING:
                    return found
            given = self.order.get("answers")
            if isinstance(given, dict) and question.key in given:
                return given[question.key]
        standing = self.standing_answer(self.state.standing.get(question.seat, {}), question)
        if standing is not _MISSING:
            # Recorded, so a replay after a pause gives the same answer even if standing orders change.
            self.answers[question.key] = standing
        return standing

    def _store(self, question: Question, answer: Any) -> None:
        """Write a chosen answer into the order, where the acting seat would have written it."""
        if question.path is not None and _settable(self.order, question.path):
            _assign(self.order, question.path, answer)
        else:
            self.order.setdefault("answers", {})[question.key] = answer

    def _answer_path(self, question: Question) -> Path:
        """Where a problem with the answer to `question` is reported: the order field that gave it."""
        if question.seat != self.seat:
            return ("answer",)
        given = self.order.get("answers")
        in_answers = isinstance(given, dict) and question.key in given
        if question.path is not None and (_lookup(self.order, question.path) is not _MISSING or not in_answers):
            return question.path
        return ("answers", question.key) if in_answers else ("answer",)

    def _validate(self, question: Question, answer: Any) -> None:
        if question.count is None:
            if not is_option(answer, question.options):
                self._refuse(question, f"{answer!r} is not a choice; choose one of")
            return
        if not isinstance(answer, list) or len(answer) != question.count or len(set(map(repr, answer))) != len(answer):
            self._refuse(question, f"give a list of {question.count} different choices from")
        for item in answer:
            if not is_option(item, question.options):
                self._refuse(question, f"{item!r} is not a choice; choose from")

    def _refuse(self, question: Question, why: str) -> NoReturn:
        """Refuse the answer to `question`: `why`, then the legal choices (the message is built only for a refusal:
        every answer of every trial run is validated)."""
        legal = ", ".join(str(o) for o in question.options)
        raise OrderError(self._answer_path(question), f"{question.shown}: {why} {legal}")


def is_option(answer: Any, options: Sequence[Any]) -> bool:
    """True when `answer` is one of `options` with its type too: `true` is not the option 1."""
    return any(type(answer) is type(option) and answer == option for option in options)


def _lookup(order: Any, path: Path) -> Any:
    node = order
    for part in path:
        if isinstance(part, int):
            if not isinstance(node, list) or part >= len(node):
                return _MISSING
            node = node[part]
        else:
            if not isinstance(node, dict) or part not in node:
                return _MISSING
            node = node[part]
    return node


def _settable(order: Any, path: Path) -> bool:
    """True when `path` names a new key of an existing mapping, or the next item of a list (or of a missing
    list in an existing mapping), so a robot's answer can be written where a player would have written it."""
    last = path[-1]
    if isinstance(last, str):
        return isinstance(_lookup(order, path[:-1]), dict)
    parent = _lookup(order, path[:-1])
    if parent is _MISSING:
        grand = _lookup(order, path[:-2]) if len(path) >= 2 else _MISSING
        return isinstance(grand, dict) and isinstance(path[-2], str) and last == 0
    return isinstance(parent, list) and last == len(parent)


def _assign(order: Any, path: Path, value: Any) -> None:
    last = path[-1]
    if isinstance(last, str):
        _lookup(order, path[:-1])[last] = value
        return
    parent = _lookup(order, path[:-1])
    if parent is _MISSING:
        parent = _lookup(order, path[:-2])[path[-2]] = []
    parent.append(value)


def _from_standing(standing: dict[str, Any], question: Question) -> Any:
    """Answer `question` from standing orders where its kind allows; _MISSING otherwise."""
    if question.kind == "bribe" and "bribe" in standing:
        rule = standing["bribe"]
        top = max(question.options)
        if rule == "full":
            return top
        if rule == "waive":
            return 0
        if isinstance(rule, int) and not isinstance(rule, bool):
            return min(max(rule, 0), top)
    if question.kind == "discard" and isinstance(standing.get("discard"), list):
        # Each card once: a standing list that names a card twice must not make the owner's answer illegal.
        wanted = [c for i, c in enumerate(standing["discard"])
                  if is_option(c, question.options) and c not in standing["discard"][:i]]
        need = 1 if question.count is None else question.count
        if len(wanted) >= need:
            return wanted[0] if question.count is None else wanted[:need]
    return _MISSING
