"""Orders a Pax game writes itself: random legal orders (robots, fuzzing) and the deadline defaults.

A turn order is built by acting: random entries are drawn one at a time and each is resolved by the rules as it
is drawn; one the rules refuse is forgotten (the turn is put back as it stood) and another is tried. Every
decision the turn raises for the acting seat is answered by a chooser and written into the order, so the order
passes check and replays to the same turn. The turn so built is filed in RESOLVED, so check and apply reuse it;
the answers written to a paused turn's questions are filed in ANSWERED, so check and resume take them as read.

A game subclasses `RobotTurn` with its draws (which actions, with which details) and how its turn is run; the
kernel keeps the loop, the forgetting and the filing. Random numbers are drawn only by the game's hooks and the
chooser, in the order they call them: the kernel itself draws none.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Generic, TypeVar

from engine.memo import ResolvedTurns
from engine.plain import plain_copy
from engine.rng import Rng
from games.pax.context import Chooser, OrderError, Question
from games.pax.turn import Outcome

S = TypeVar("S")
T = TypeVar("T")
L = TypeVar("L")

#: The turns robots built, with the state each started from: check and apply reuse them instead of replaying.
RESOLVED: ResolvedTurns[tuple[Outcome, Any]] = ResolvedTurns()
#: The answers robots and deadline defaults wrote, with the paused state they answer: each is drawn from its
#: question's own options (or is its default), so it is legal and already in its canonical spelling.
ANSWERED: ResolvedTurns[bool] = ResolvedTurns()


def random_choice(rng: Rng) -> Chooser:
    """A chooser answering any question uniformly at random."""
    def choose(question: Question) -> Any:
        if question.count is None:
            return rng.choice(question.options)
        return rng.sample(question.options, question.count)

    return choose


def default_choice(question: Question) -> Any:
    """The documented default answer of a question."""
    return copy.deepcopy(question.default)


def draw_choice(rng: Rng, ready: Sequence[T], later: Sequence[L], fill: Callable[[L], T | None]) -> T | None:
    """One choice drawn uniformly from `ready` and `later` together; None when none is left.

    A choice of `later` (a card action) is filled in only once drawn (`fill`: its random details), as that is the
    costly part; one that admits none is put aside and another is drawn, which leaves the others as likely.
    """
    waiting = list(later)
    while ready or waiting:
        index = rng.below(len(ready) + len(waiting))
        if index < len(ready):
            return ready[index]
        found = fill(waiting.pop(index - len(ready)))
        if found is not None:
            return found
    return None


def answer_order(asked: Sequence[Question], chooser: Chooser) -> dict[str, Any]:
    """An order answering the questions a paused turn puts to one seat: `answer` for one, `answers` by key for more."""
    chosen = [chooser(question) for question in asked]
    if len(asked) == 1:
        return {"answer": chosen[0]}
    return {"answers": {question.key: answer for question, answer in zip(asked, chosen, strict=True)}}


def file_answers(state: Any, seat: str, order: dict[str, Any],
                 memo: ResolvedTurns[bool] = ANSWERED) -> dict[str, Any]:
    """`order`, the answers the game wrote for `seat` to the questions of paused `state`, filed for check and
    resume of that very order."""
    memo.put(state, seat, order, True)
    return order


class RobotTurn(Generic[S]):
    """One turn order being built for `seat` from `start`; the hooks (the methods a game overrides) come first.

    With `rng` the turn tries random entries; without it (the deadline default) it takes no actions and the
    chooser only answers what the turn itself asks (with the questions' defaults, for the deadline).
    """

    #: How many entries a turn tries before it settles for what it has.
    ATTEMPTS: ClassVar[int]
    #: Whether an order with no actions leaves its empty action list out.
    OMIT_EMPTY_ACTIONS: ClassVar[bool] = False

    def __init__(self, start: S, seat: str, chooser: Chooser, rng: Rng | None) -> None:
        self.start = start
        self.seat = seat
        self.chooser = chooser
        self.rng = rng
        self.order: dict[str, Any] = {"actions": []}

    # --- hooks ---------------------------------------------------------------------------------------------------

    def run(self) -> Outcome:
        """Run the whole turn, calling `add_actions` where the order's actions belong (or a replay after them)."""
        raise NotImplementedError(f"{type(self).__name__} must run its turn")

    def stops(self, rng: Rng) -> bool:
        """True when the robot stops before trying another entry although it still could act."""
        return False

    def draw_entry(self, rng: Rng) -> dict[str, Any] | None:
        """A random action entry worth trying now, or None when nothing more can be done."""
        raise NotImplementedError(f"{type(self).__name__} must draw its action entries")

    def take_entry(self, entry: dict[str, Any]) -> None:
        """Resolve the order's newest action entry `entry`; raises OrderError when the rules refuse it."""
        raise NotImplementedError(f"{type(self).__name__} must resolve an action entry")

    def forget(self) -> None:
        """Put the turn back where it stood before a refused entry (the order is already restored)."""

    # --- the flow ------------------------------------------------------------------------------------------------

    def add_actions(self) -> None:
        """Up to ATTEMPTS random entries, each resolved as it is drawn; a refused one is forgotten with any answer
        the chooser wrote for it. Nothing without an rng."""
        rng = self.rng
        if rng is None:
            return
        order = self.order
        for _ in range(self.ATTEMPTS):
            if self.stops(rng):
                return
            entry = self.draw_entry(rng)
            if entry is None:
                return
            saved = plain_copy(order)
            order["actions"].append(entry)
            try:
                self.take_entry(entry)
            except OrderError:
                order.clear()
                order.update(saved)
                self.forget()


def build_turn(robot: RobotTurn[Any], state: Any, memo: ResolvedTurns[tuple[Outcome, Any]] = RESOLVED) -> dict[str, Any]:
    """The order `robot` builds for its seat's new turn, its turn filed in `memo` for check and apply of that very
    order from `state` (the prompted state: the robot may have started from a copy with its new standing orders)."""
    outcome = robot.run()
    order = robot.order
    if robot.OMIT_EMPTY_ACTIONS and not order["actions"]:
        del order["actions"]
    # A replay works on its own copy of the order (a paused turn keeps it), never on the caller's.
    outcome.ctx.order = plain_copy(order)
    memo.put(state, robot.seat, order, (outcome, robot.start))
    return order
