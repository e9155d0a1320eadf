"""A turn paused for another seat's answer, and the one way a Pax game resumes it.

A turn pauses at a question it cannot answer itself. What the turn needs to go on is kept in the state as a
`Paused` record: the state the turn began from, the order, the answers given so far and the questions waited on.
No chance is drawn in a turn before its last question, so once answers arrive the turn is run again with the order
and every answer so far (`resume`), and either pauses again at the next open question or is over (`settle`).

Games made with the option `resume: at-part` (which `pbem new` records) also store the point at the start of the
part the turn paused in (turn.Point: an action of the order, Blackmail, cleanup), and the turn goes on from there;
the parts before it are not run again. A point is stored only where it serves every answer the pause can get, and
it ends the turn exactly as a run from the start would (tests/pax/test_pax_resume_points.py). Older games, and a
pause with no point to store, run the turn again from its start, as their archives recorded.

Each game states only its differences, as hooks of its `PaxGame`: how its paused turn runs again (`replay`: a
person's turn, or one the game plays itself), which questions it asks at once (`asked_at_once`), what follows a
finished turn (`turn_over`) and how a question is stored (`question_data`).

Each game stores the record in its own `Layout`, the one its archives were written in; in memory it has one shape.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import field
from enum import Enum
from typing import Any, TypeVar

from engine.contract import Event, Order, Step
from engine.plain import plain_copy
from engine.record import Record, kept
from engine.rng import Rng
from games.pax.context import Question
from games.pax.game import GameState, PaxGame, record_standing
from games.pax.together import word_option
from games.pax.turn import AT_PART, RESUME, Outcome, Point

__all__ = ["Layout", "Paused", "given_answers", "hold", "resume", "resume_option", "settle"]


def resume_option(options: Mapping[str, Any]) -> bool:
    """True when a game's options say its paused turns go on from a stored point; a clear error for a bad value."""
    return word_option(options, RESUME, AT_PART, "from-start")


class Layout(Enum):
    """How a game's stored states lay out the questions of a paused turn (its archives keep theirs)."""

    #: `questions`: every question waited on, the first first.
    QUESTIONS = "questions"
    #: `question`: the first question; `also`: the ones asked with it, only when there are any.
    QUESTION_ALSO = "question"

    def write(self, data: dict[str, Any]) -> dict[str, Any]:
        """A paused turn's encoding (its questions listed, then `reported`) as this layout stores it; `point` only
        where one is stored, so that older games' states stay as they were."""
        if data.get("point") is None:
            data.pop("point", None)
        if self is Layout.QUESTIONS:
            return data
        first, *also = data.pop("questions")
        data["question"] = first
        data["reported"] = data.pop("reported")  # stored after the first question, as the archives have it
        if also:
            data["also"] = also
        return data

    def read(self, data: Mapping[str, Any]) -> Mapping[str, Any]:
        """What this layout stores, as a paused turn's encoding again."""
        if self is Layout.QUESTIONS:
            return data
        return {**data, "questions": [data["question"], *data.get("also", [])]}


class Paused(Record):
    """A turn waiting for answers: the state it started from, the order, the answers so far, the questions now.

    The snapshot and the order are never changed in place, so copies and encodings share them.
    """

    start: dict[str, Any] = kept(shared=True)  # the encoded state the turn began from
    seat: str  # the seat whose turn it is (or a name the game gives a turn it plays itself)
    order: dict[str, Any] = kept(shared=True)  # that seat's order for the turn (empty for an automated turn)
    answers: dict[str, Any] = kept(default_factory=dict, sort=1)  # question key -> answer
    questions: list[dict[str, Any]] = field(default_factory=list)  # each: seat, key, kind, text, options, ...
    reported: int = 0  # events of the turn already reported in earlier steps
    #: Where the turn goes on (turn.Point.to_data), in games made with `resume: at-part`; else from its start.
    point: dict[str, Any] | None = kept(default=None, added=True, shared=True)

    def seats(self) -> list[str]:
        """The seats asked something now, each once, in the order asked."""
        return list(dict.fromkeys(str(q["seat"]) for q in self.questions))

    def asked_of(self, seat: str) -> list[dict[str, Any]]:
        """The questions put to `seat`, in the order asked."""
        return [q for q in self.questions if q["seat"] == seat]


def given_answers(order: Mapping[str, Any], asked: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The answers a seat's (checked) order gives to the questions put to it: `answer` to one question, `answers`
    by key to several (one left out is asked again)."""
    if len(asked) == 1:
        answer = order.get("answer")
        return {} if answer is None else {asked[0]["key"]: answer}
    given = order.get("answers")
    given = given if isinstance(given, dict) else {}
    return {q["key"]: given[q["key"]] for q in asked if given.get(q["key"]) is not None}


def hold(outcome: Outcome, seat: str, reported: int, questions: Sequence[dict[str, Any]],
         start: Callable[[], dict[str, Any]], point: Point | None = None) -> list[Event]:
    """A run of `seat`'s turn ends: its state is paused on `questions` (stored; `start` gives the turn's start as
    kept, `point` where it goes on), or no longer paused; the events not reported in earlier steps."""
    ctx = outcome.ctx
    ctx.state.paused = (Paused(start(), seat, ctx.order, dict(ctx.answers), list(questions), outcome.events,
                               None if point is None else point.to_data())
                        if questions else None)
    return list(ctx.events[reported - outcome.before:])


S = TypeVar("S", bound=GameState)


def settle(game: PaxGame[S], outcome: Outcome, start: S, seat: str, reported: int, rng: Rng,
           kept: dict[str, Any] | None = None, since: Point | None = None) -> Step:
    """The step a run of `seat`'s turn from `start` (resumed at `since`, if at all) makes: paused on the questions
    it asks at once, keeping its start (`kept` as stored before, or `start` anew) and in a game that resumes at a
    part its point, or over and followed by what the game says comes next."""
    questions: Sequence[Question] = ()
    point = None
    if outcome.questions:
        if outcome.point is None and (start.together or start.resumes_at_part):
            outcome.point = game.point_of(outcome, start, seat, rng, since)
        questions = game.asked_at_once(outcome, start, seat, rng)
        if start.resumes_at_part and outcome.point is not None and outcome.point.serves_any(
                outcome.ctx.answers, [q.key for q in questions]):
            point = outcome.point
    happened = hold(outcome, seat, reported, [game.question_data(q) for q in questions],
                    (lambda: kept) if kept is not None else start.encode, point)
    state: S = outcome.ctx.state
    if state.paused is None:
        happened += game.turn_over(state, seat, rng)
    return Step(state, happened)


def resume(game: PaxGame[S], state: S, orders_by_seat: Mapping[str, Order], rng: Rng) -> Step:
    """The paused turn of `state` goes on with the answers of the seats it asks: their orders are read and
    checked, the answers added to those so far, and the turn run again, from its stored point or its start, with
    the standing orders now in force (their own included); it pauses again or is over."""
    paused = state.paused
    if not isinstance(paused, Paused):
        raise ValueError("no turn is waiting for answers")
    given = {seat: game.checked_order(state, seat, orders_by_seat[seat]) for seat in paused.seats()}
    answers = dict(paused.answers)
    for seat, order in given.items():
        answers.update(given_answers(order, paused.asked_of(seat)))
    start = game.state_type.decode(paused.start)
    start.standing = plain_copy(state.standing)
    for seat, order in given.items():
        record_standing(start, seat, order)
    order = plain_copy(paused.order)
    point = None if paused.point is None else game.stored_point(paused.point, paused.seat, order)
    point = point if point is not None and point.serves(answers) else None
    outcome = game.replay(start, paused.seat, order, answers, rng, point)
    return settle(game, outcome, start, paused.seat, paused.reported, rng,
                  paused.start if game.replays_in_place(paused.seat) else None, point)
