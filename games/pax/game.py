"""The engine-Game plumbing every Pax game shares: scores, result, encode/decode, and the check of a new turn.

A game subclasses `PaxGame` and states its differences as named hooks: `score_attribute` (the player field
holding victory points), `state_type` (the class that decodes a stored state), `resolve_turn` (its turn of the
rules), `shape_problems` (what is wrong with an order before the rules run), and for the orders the game writes
itself (robot.py): `loyalties` and `loyalty_default` (the starting loyalty a robot draws from, and the deadline's),
`asked` (the questions a paused turn puts to a seat) and `robot_turn` (how a turn order is built by acting);
and for a paused turn (paused.py): `replay`, `replays_in_place`, `asked_at_once`, `turn_over` and
`question_data`. Its `package` names the package holding the modules every Pax game has under the same names
(parts.py), which the methods of those names call: `resolve_turn` and `question_data` by default (its turn.py
and orders.py), `caretaker_order` and `caretaker_reasons`, `template`, `palette`, `board`, `order_warnings`,
`vocabulary` (the words its orders take, so that they are read in any case: engine.spelling) and `view`.
"""

from __future__ import annotations

import copy
import importlib
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, Self, TypeVar

from engine.contract import Event, GameBase, Order, Problem, Reason, RejectedOrder, Result
from engine.plain import plain_copy
from engine.rng import Rng
from engine.spelling import Reading, Vocabulary, read_words, reading_lines
from games.pax import parts
from games.pax.ahead import Ahead, explore, replayed
from games.pax.context import Chooser, OrderError, Question
from games.pax.noted import Noted
from games.pax.robot import (
    ANSWERED,
    RESOLVED,
    RobotTurn,
    answer_order,
    build_turn,
    default_choice,
    file_answers,
    random_choice,
)
from games.pax.together import OPTION, TOGETHER, gather
from games.pax.turn import AT_PART, RESUME, Outcome, Point, part_of

if TYPE_CHECKING:  # paused.py builds on this module; the drawing kit loads only when a picture is drawn
    from engine.draw.layout import Drawing
    from games.pax.paused import Paused


class GameState(Protocol):
    """What the plumbing needs of a Pax game's state."""

    standing: dict[str, dict[str, Any]]
    #: The game asks a seat every question of a paused turn it can at once (together.py).
    together: bool
    #: A paused turn stores the point it goes on from (paused.py).
    resumes_at_part: bool

    @property
    def phase(self) -> str:
        """The phase of the game; "loyalty" and "over" are the ones the plumbing knows."""

    @property
    def seats(self) -> list[str]:
        """The seats of the game."""

    @property
    def players(self) -> Mapping[str, Any]:
        """Each seat's player record."""

    @property
    def current(self) -> str:
        """The seat whose turn it is."""

    @property
    def turn_number(self) -> int:
        """Turns begun so far."""

    @property
    def paused(self) -> Paused | None:
        """The turn waiting on answers, if any."""

    @property
    def winners(self) -> list[str]:
        """The winners once the game is over."""

    @property
    def end_reason(self) -> str:
        """Why the game ended."""

    def clone(self) -> Self:
        """A deep copy."""

    def encode(self) -> dict[str, Any]:
        """Canonical plain data."""

    @classmethod
    def decode(cls, data: Mapping[str, Any]) -> Self:
        """The inverse of encode."""


S = TypeVar("S", bound=GameState)


class PaxGame(GameBase, Generic[S]):
    """The shared part of a Pax game as an engine Game; the game's own class supplies the hooks."""

    #: Games made now ask a seat, in one prompt, every question of a paused turn that it can be asked at once
    #: (together.py), and a paused turn goes on from the start of the part it paused in (paused.py); older games,
    #: made without the options, ask one at a time and run a paused turn again from its start, as their archives
    #: recorded.
    new_options: Mapping[str, Any] = {OPTION: TOGETHER, RESUME: AT_PART}
    #: The field of a player record holding its victory points.
    score_attribute: ClassVar[str]
    #: The game's state class (decodes stored states).
    state_type: type[S]
    #: The game's package, holding the modules of parts.NAMES; each is imported from it when first needed.
    package: ClassVar[str]

    def resolve_turn(self, start: S, seat: str, order: dict[str, Any],
                     answers: dict[str, Any] | None = None) -> Outcome:
        """Hook: run `seat`'s new turn from `start` (which it leaves as it is) with these answers to its questions
        given; raises OrderError when the order breaks the rules. By default the game's turn.py `run_turn`."""
        turn: parts.Turn[S] = self.part("turn")
        return turn.run_turn(start, seat, order, answers)

    def shape_problems(self, state: S, seat: str, order: Order) -> list[Problem]:
        """Hook: problems found without running the rules (seat not prompted, wrong keys, answers not offered)."""
        raise NotImplementedError

    def loyalties(self, state: S) -> Sequence[str]:
        """Hook: the starting loyalties a seat may choose, in the order the rules list them."""
        raise NotImplementedError(f"{type(self).__name__} must list the starting loyalties")

    def loyalty_default(self, state: S, seat: str) -> str:
        """Hook: the starting loyalty a seat gets when it misses the deadline."""
        raise NotImplementedError(f"{type(self).__name__} must say the deadline's starting loyalty")

    def asked(self, state: S, seat: str) -> list[Question]:
        """Hook: the questions the paused turn puts to `seat`, in the order they are asked."""
        raise NotImplementedError(f"{type(self).__name__} must say what a paused turn asks")

    def robot_turn(self, state: S, seat: str, chooser: Chooser, rng: Rng | None) -> RobotTurn[S]:
        """Hook: the builder of `seat`'s new turn order from `state` (random entries with `rng`, none without)."""
        raise NotImplementedError(f"{type(self).__name__} must say how a robot builds a turn")

    def replay(self, start: S, seat: str, order: dict[str, Any], answers: dict[str, Any], rng: Rng,
               point: Point | None = None, until: int | None = None) -> Outcome:
        """Hook: `seat`'s paused turn run again from `start` (a copy of it, unless `replays_in_place`) with every
        answer so far, an action the answers have made illegal skipped; draws from `rng` only after its last
        question. A person's turn goes on from `point` where one is given (turn.Point), and with `until` stops at
        the start of that part of its frame; a turn the game plays itself ignores both (point_of gives it none)."""
        raise NotImplementedError(f"{type(self).__name__} must say how a paused turn runs again")

    def replays_in_place(self, seat: str) -> bool:
        """Hook: whether `seat`'s paused turn runs on its start itself (an automated turn the game plays), so that
        pausing again keeps the start as stored before; by default the start is stored anew, with the standing
        orders now in force."""
        return False

    def asked_at_once(self, outcome: Outcome, start: S, seat: str, rng: Rng) -> Sequence[Question]:
        """Hook: the questions a turn of `seat` from `start` pauses on: those its run stopped at, and in a game
        that asks questions together each later one the trial runs find (together.py)."""
        if not start.together:
            return outcome.questions
        ctx = outcome.ctx
        point = outcome.point  # settle takes it (point_of) before it asks which questions go together

        def trial(answers: dict[str, Any]) -> Outcome:
            # Each trial goes on from the start of the part the turn paused in, where its answers allow.
            if point is not None and point.serves(answers):
                return self.replay(start, seat, plain_copy(ctx.order), answers, rng, point)
            return self.replay(start, seat, plain_copy(ctx.order), answers, rng)

        return gather(trial, outcome)

    def stored_point(self, data: Mapping[str, Any], seat: str, order: dict[str, Any]) -> Point:
        """A paused turn's stored point again, its turn in progress a context of the game's own (turn.CONTEXT)."""
        turn: parts.Turn[S] = self.part("turn")
        return Point.from_data(data, self.state_type.decode(data["state"]), turn.CONTEXT, seat, order)

    def point_of(self, outcome: Outcome, start: S, seat: str, rng: Rng, since: Point | None) -> Point | None:
        """The point at the start of the part in which `outcome`'s run of `seat`'s turn from `start` (resumed at
        `since`, if at all) paused: the turn run once more with the same answers up to that part, from `since`
        (or `since` itself, for a pause in its own part). None for a turn that runs on its start itself."""
        if self.replays_in_place(seat):
            return None
        ctx = outcome.ctx
        part = part_of(ctx.where, len(ctx.order.get("actions") or []))
        if since is not None and part == since.part:
            return since
        if since is not None and part < since.part:
            since = None  # a run cannot pause before where it began: part_of misread the frame, so start afresh
        try:
            reached = self.replay(start, seat, plain_copy(ctx.order), Noted(ctx.answers), rng, since, until=part)
        except OrderError:
            return None  # the parts before did not run as they did: no point, the turn runs from its start
        return Point.reached(reached, since)

    def turn_over(self, state: S, seat: str, rng: Rng) -> list[Event]:
        """Hook: what follows at once when `seat`'s turn is over (`state` is changed in place); nothing by default."""
        return []

    def question_data(self, question: Question) -> dict[str, Any]:
        """Hook: a question as a paused turn stores it; by default the game's orders.py `question_to_data`."""
        orders: parts.Orders = self.part("orders")
        return orders.question_to_data(question)

    def part(self, name: str) -> Any:
        """The game's own module `name` (one of parts.NAMES), imported when first asked for."""
        return importlib.import_module(f"{self.package}.{name}")

    def caretaker_order(self, state: S, seat: str, rng: Rng) -> Order | None:
        """An order meant to win, from what `seat` may see (caretaker.py); None for a question (random answer)."""
        caretaker: parts.Caretaker[S] = self.part("caretaker")
        return caretaker.caretaker_order(self, state, seat, rng)

    def caretaker_reasons(self, state: S, seat: str, order: Order) -> list[Reason]:
        """Why the caretaker chose `order` (caretaker.py)."""
        caretaker: parts.Caretaker[S] = self.part("caretaker")
        return caretaker.caretaker_reasons(state, seat, order)

    def template(self, state: S, seat: str) -> str:
        """A YAML order body for `seat`, with the legal choices as comments (template.py)."""
        template: parts.Template[S] = self.part("template")
        return template.order_template(state, seat)

    @property
    def palette(self) -> Mapping[str, str]:
        """The colours of the seats and the game's pieces (palette.py)."""
        palette: parts.Palette = self.part("palette")
        return palette.palette()

    def board(self, view: Mapping[str, Any]) -> Drawing:
        """The board map of a view (board.py)."""
        board: parts.Board = self.part("board")
        return board.draw(view)

    def order_warnings(self, state: S, seat: str, order: Order) -> list[str]:
        """What `seat`'s accepted order (its words read) sets in motion: a loyalty change, a bribe owed, a question
        (warnings.py)."""
        warnings: parts.Warnings[S] = self.part("warnings")
        return warnings.warnings(state, seat, order)

    def vocabulary(self, state: S, seat: str) -> Vocabulary:
        """The words `seat`'s orders may hold now (actions, sides, places, seats, answers), canonical (spelling.py)."""
        spelling: parts.Spelling[S] = self.part("spelling")
        return spelling.vocabulary(state, seat)

    def view(self, state: S, seat: str | None) -> dict[str, Any]:
        """What `seat` may see: everything public, its own hand; other hands only as counts (view.py)."""
        view: parts.View[S] = self.part("view")
        return view.view(state, seat)

    def known_legal(self, state: S, seat: str, order: Order) -> bool:
        """Whether the game built this very order itself from this very state (so it is legal)."""
        return RESOLVED.holds(state, seat, order) or ANSWERED.holds(state, seat, order)

    def checked_order(self, state: S, seat: str, order: Order) -> Order:
        """`seat`'s order as the rules read it (spelled()), its shape checked: RejectedOrder for one that is wrong.
        Answers the game wrote itself to a paused turn are drawn from the questions' options, so only made plain
        (as spelled() makes them)."""
        if ANSWERED.holds(state, seat, order):
            plain: Order = plain_order(order)
            return plain
        spelled = self.spelled(state, seat, order)
        problems = self.shape_problems(state, seat, spelled)
        if problems:
            raise RejectedOrder(seat, problems)
        return spelled

    def built_turn(self, state: S, seat: str, order: Order) -> tuple[Outcome, S] | None:
        """The turn (outcome, start) the game resolved when it built this very order from this very state, taken
        so that nobody resolves it twice; None for any other order."""
        return RESOLVED.take(state, seat, order)

    def default_order(self, state: S, seat: str) -> Order:
        """Deadline defaults: the loyalty default; each question's stated default; a turn with no actions (the
        defaults of the turn's own questions are written into it)."""
        if state.phase == "loyalty":
            return {"loyalty": self.loyalty_default(state, seat)}
        if state.paused is not None:
            return file_answers(state, seat, answer_order(self.asked(state, seat), default_choice))
        return build_turn(self.robot_turn(state, seat, default_choice, None), state)

    def random_order(self, state: S, seat: str, rng: Rng) -> Order:
        """A random legal order, what robots play: a random loyalty, random answers, or a turn of random actions."""
        if state.phase == "loyalty":
            return {"loyalty": rng.choice(self.loyalties(state))}
        if state.paused is not None:
            return file_answers(state, seat, answer_order(self.asked(state, seat), random_choice(rng)))
        return build_turn(self.robot_turn(state, seat, random_choice(rng), rng), state)

    def unanswered_order(self, state: S, seat: str, rng: Rng) -> Order:
        """A robot's order that answers nothing in advance (what `make bench` counts prompts with): a random turn
        without the answers its robot chose, its bribe limits or standing orders, so the turn asks for them."""
        if state.phase == "loyalty" or state.paused is not None:
            return self.random_order(state, seat, rng)
        asked: list[Question] = []
        choose = random_choice(rng)

        def recording(question: Question) -> Any:
            asked.append(question)
            return choose(question)

        robot = self.robot_turn(state, seat, recording, rng)
        robot.run()
        order: dict[str, Any] = plain_copy(robot.order)
        order.pop("answers", None)
        order.pop("standing", None)
        for entry in order.get("actions") or []:
            if isinstance(entry, dict):
                entry.pop("bribe", None)
        for question in asked:
            if question.seat == seat and question.path is not None:
                forget_answer(order, question.path)
        return order

    def read_order(self, state: S, seat: str, order: Order) -> tuple[Order, list[Reading]]:
        """`seat`'s order as plain data with its words in their canonical spelling, and the readings made."""
        return read_words(plain_order(order), self.vocabulary(state, seat))

    def spelled(self, state: S, seat: str, order: Order) -> Order:
        """`seat`'s order as the rules read it: plain data, every word in its canonical spelling."""
        return self.read_order(state, seat, order)[0]

    def warnings(self, state: S, seat: str, order: Order) -> list[str]:
        """How the order's words were read ("`Purchase` is read as `purchase`."), then what it sets in motion."""
        spelled, readings = self.read_order(state, seat, order)
        return [*reading_lines(readings), *self.order_warnings(state, seat, spelled)]

    def check(self, state: S, seat: str, order: Order) -> list[Problem]:
        """Every problem found with `seat`'s order (a turn is tried out on a copy of the state).

        A turn that stops at a question is tried on under every answer it could get (ahead.py): what the rules
        refuse whatever the answers (an action too many, a cost no answer lets it pay) is a problem now.
        """
        if self.known_legal(state, seat, order):
            return []
        order = self.spelled(state, seat, order)
        found = self.shape_problems(state, seat, order)
        if found or state.phase == "loyalty" or state.paused is not None:
            return found
        try:
            outcome, start = self.run_new_turn(state, seat, order)
        except OrderError as error:
            return [Problem(error.path, error.message)]
        if outcome.questions:
            refused = self.ahead(start, seat, order, outcome).always_refused()
            if refused is not None:
                return [Problem(refused.path, refused.message)]
        return []

    def ahead(self, start: S, seat: str, order: Order, first: Outcome,
              answers: Mapping[str, Any] | None = None) -> Ahead:
        """How `seat`'s new turn from `start` ends under every answer to the questions its run `first` (with
        `answers`) stopped at."""
        return explore(replayed(lambda trial, given: self.resolve_turn(start, seat, trial, given), order), first,
                       answers)

    def run_new_turn(self, state: S, seat: str, order: Order) -> tuple[Outcome, S]:
        """Run a new turn from a copy of `state` with the order's standing orders in force."""
        start = state.clone()
        record_standing(start, seat, order)
        return self.resolve_turn(start, seat, copy.deepcopy(dict(order))), start

    def accepted_new_turn(self, state: S, seat: str, order: Order) -> tuple[Outcome, S]:
        """A new turn run as in `run_new_turn`, its rule breaking reported as the seat's rejected order."""
        try:
            return self.run_new_turn(state, seat, order)
        except OrderError as error:
            raise RejectedOrder(seat, [Problem(error.path, error.message)]) from None

    def scores(self, state: S) -> dict[str, int]:
        """Victory points so far."""
        return {seat: getattr(state.players[seat], self.score_attribute) for seat in state.seats}

    def result(self, state: S) -> Result | None:
        """The winners once the game is over."""
        if state.phase != "over":
            return None
        return Result(self.scores(state), tuple(state.winners), {"reason": state.end_reason})

    def encode(self, state: S) -> dict[str, Any]:
        """Canonical plain data."""
        return state.encode()

    def decode(self, data: Mapping[str, Any]) -> S:
        """The inverse of encode."""
        return self.state_type.decode(data)


def forget_answer(order: dict[str, Any], path: Sequence[Any]) -> None:
    """Leave out the field of `order` at `path` that answers a question (a whole list, for one item of it)."""
    keyed = max((i for i, part in enumerate(path) if isinstance(part, str)), default=-1)
    if keyed < 0 or not all(isinstance(part, int) for part in path[keyed + 1:]):
        return
    node: Any = order
    for part in path[:keyed]:
        if isinstance(part, int):
            if not isinstance(node, list) or part >= len(node):
                return
        elif not isinstance(node, dict) or part not in node:
            return
        node = node[part]
    if isinstance(node, dict):
        node.pop(path[keyed], None)


def turn_of(state: GameState) -> tuple[str, int]:
    """The seat whose turn is under way (or paused) and that turn's number."""
    if state.paused is not None:
        return state.paused.seat, state.turn_number
    return state.current, state.turn_number + 1


def plain_order(value: Any) -> Any:
    """Orders as plain dicts and lists (YAML round-trip types carry comments that must not be stored)."""
    if isinstance(value, Mapping):
        return {k if isinstance(k, (str, int)) else str(k): plain_order(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain_order(v) for v in value]
    return value


def seat_name(seat: str) -> str:
    """A seat's name as a sentence shows it (first letter capitalised)."""
    return seat[:1].upper() + seat[1:]


def record_standing(state: GameState, seat: str, order: Mapping[str, Any]) -> None:
    """Standing orders in an order replace the seat's earlier ones key by key, until changed again."""
    if isinstance(order.get("standing"), dict):
        state.standing.setdefault(seat, {}).update(copy.deepcopy(order["standing"]))
