"""The turn frame of a Pax game: up to two actions plus bonus actions, each card acting once per turn, and a turn
that runs its parts in order until it ends, pauses on a question, or ends the game.

A card acts once per turn: the turn remembers the cards used (exhausted) and forgets them when the next turn
begins (refreshed). Purchase and play always count against the action limit; a card action of the favoured suit
is a bonus action. What "favoured" means, what a card's actions are and how it is named are hooks of `TurnRules`.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from engine.contract import Path
from games.pax.actions import Action, ActionRegistry
from games.pax.bribes import HOSTAGE
from games.pax.context import Chooser, OrderError, Pause, Question
from games.pax.dominance import GameOver
from games.pax.noted import Noted, Notes, copied

if TYPE_CHECKING:  # the rules object includes this module's TurnRules
    from games.pax.rules import PaxRules


class TurnInProgress(Protocol):
    """What the frame needs of the turn in progress: actions counted and the cards used."""

    seat: str
    actions: int
    used: list[int]


class Seat(Protocol):
    """What the frame needs of a seat: its tableau, left to right."""

    @property
    def tableau(self) -> list[int]:
        """The cards in play in front of the seat."""


class TurnState(Protocol):
    """What the frame needs of a game's state."""

    seats: list[str]
    current: str

    @property
    def players(self) -> Mapping[str, Seat]:
        """The seats."""

    @property
    def turn(self) -> TurnInProgress | None:
        """The turn in progress, if any."""


S = TypeVar("S", bound=TurnState)


class TurnRules(Generic[S]):
    """The turn's rules; hooks (the methods a game overrides) come first."""

    #: Actions a turn may take besides bonus actions.
    ACTION_LIMIT = 2
    #: The game's word for a seat's row of cards in play, for messages ("court", "network").
    TABLEAU = "tableau"

    # --- hooks ---------------------------------------------------------------------------------------------------

    def card_actions(self, card: int) -> tuple[str, ...]:
        """The actions printed on a card in play."""
        raise NotImplementedError(f"{type(self).__name__} must say which actions a card shows")

    def card_title(self, card: int) -> str:
        """A card as players name it."""
        raise NotImplementedError(f"{type(self).__name__} must say how a card is named")

    def is_favoured(self, state: S, seat: str, card: int) -> bool:
        """True when `seat`'s card counts as of the favoured suit: its action is a bonus action."""
        raise NotImplementedError(f"{type(self).__name__} must say which cards are of the favoured suit")

    def favoured_name(self, state: S) -> str:
        """The favoured suit (or political climate) in words, for messages."""
        raise NotImplementedError(f"{type(self).__name__} must name the favoured suit")

    # --- each card acts once, and the action limit ---------------------------------------------------------------

    def card_problem(self, state: S, seat: str, number: Any, kind: str) -> tuple[str, str] | None:
        """Why card `number` cannot take action `kind` this turn, whatever the actions left, as (order field,
        message); None when it is in `seat`'s tableau, shows the action and has not acted yet this turn."""
        turn = state.turn
        assert turn is not None
        tableau = state.players[seat].tableau
        if number not in tableau:
            return "card", (f"card {number!r} is not in your {self.TABLEAU}; cards that can {kind} now: "
                            f"{self._able(state, seat, kind)}")
        shown = self.card_actions(number)
        if kind not in shown:
            return "action", f"{self.card_title(number)} has no {kind} action; its actions: {', '.join(shown) or 'none'}"
        if number in turn.used:
            return "card", (f"{self.card_title(number)} has already acted this turn; cards that can {kind} now: "
                            f"{self._able(state, seat, kind)}")
        return None

    def _able(self, state: S, seat: str, kind: str) -> str:
        """The cards of `seat`'s tableau that can still take action `kind` this turn, listed for a message (built
        only when an order is refused: may_act asks card_problem of every card, often)."""
        used = state.turn.used if state.turn is not None else []
        able = [n for n in state.players[seat].tableau if kind in self.card_actions(n) and n not in used]
        return ", ".join(str(n) for n in able) or "none"

    def action_left(self, state: S, seat: str, number: int) -> bool:
        """True when card `number` still has an action to use: one of the turn's actions, or a bonus action."""
        turn = state.turn
        assert turn is not None
        return turn.actions < self.ACTION_LIMIT or self.is_favoured(state, seat, number)

    def may_act(self, state: S, seat: str, number: int, kind: str) -> bool:
        """May `seat`'s card `number` take action `kind` now? The one answer for orders, robots and automata."""
        return self.card_problem(state, seat, number, kind) is None and self.action_left(state, seat, number)

    def actions_now(self, state: S, seat: str) -> list[tuple[int, str]]:
        """Every (card, action) of `seat`'s tableau, left to right and in printed order, that may_act allows now.

        The same answer as asking may_act of each, found without asking it card by card: a card of the tableau
        that has not acted has no card_problem with its own actions, so only the actions left decide.
        """
        turn = state.turn
        assert turn is not None
        return [(number, kind) for number in state.players[seat].tableau
                if number not in turn.used and self.action_left(state, seat, number)
                for kind in self.card_actions(number)]

    def core_action_left(self, state: S) -> bool:
        """True when a purchase or play may still be taken (they always count against the limit)."""
        turn = state.turn
        assert turn is not None
        return turn.actions < self.ACTION_LIMIT

    def next_seat(self, state: S, seat: str) -> str:
        """The seat after `seat`, clockwise."""
        return state.seats[(state.seats.index(seat) + 1) % len(state.seats)]


#: The game option, and its value, that a game records when its paused turns store the point they go on from
#: (paused.py reads it).
RESUME, AT_PART = "resume", "at-part"


@dataclass(frozen=True)
class Point:
    """A run of a turn at the start of one of its parts: the part's place in the turn's frame, the turn in progress
    there, the events it had made before, and what it had looked up of its answers (noted.py).

    The parts before a point are a function of the turn's start, its order and the answers they looked up, so a
    run resumed at the point goes on exactly as a run from the turn's start would, for any answers that `serve`:
    those that agree at every key looked up. The turn kept here is never run itself; each resumption copies it.
    """

    part: int
    ctx: Any
    events: int
    looked: Notes

    def serves(self, answers: Mapping[str, Any]) -> bool:
        """True when a run with `answers` would reach this point as the run that kept it did."""
        return self.looked.agree(answers)

    def serves_any(self, answers: Mapping[str, Any], keys: Sequence[str]) -> bool:
        """True when the point serves `answers` with any answers to `keys` added: the parts before it looked up
        none of those keys, nor the answers whole, nor whether there were any but to find some."""
        looked = self.looked
        return (not looked.whole and looked.some is not False and not any(key in looked.seen for key in keys)
                and looked.agree(answers))

    def resumed(self, order: dict[str, Any], answers: Mapping[str, Any], lenient: bool) -> Any:
        """A copy of the turn at this point to run on, with `order` and `answers` (its events: those after it)."""
        ctx = copy.copy(self.ctx)
        ctx.state, ctx.order, ctx.answers, ctx.events = self.ctx.state.clone(), order, copied(answers), []
        ctx.counters, ctx.lenient = dict(ctx.counters), lenient
        return ctx

    def to_data(self) -> dict[str, Any]:
        """The point as a paused turn stores it (the turn's seat and order are stored with the pause)."""
        ctx = self.ctx
        return {"part": self.part, "events": self.events, "where": list(ctx.where),
                "counters": {key: ctx.counters[key] for key in sorted(ctx.counters)},
                "looked": self.looked.to_data(), "state": ctx.state.encode()}

    @classmethod
    def from_data(cls, data: Mapping[str, Any], state: Any, context: Callable[..., Any], seat: str,
                  order: dict[str, Any]) -> Point:
        """A stored point again: its turn in progress is a `context` on `state` (its stored state, decoded)."""
        ctx = context(state, seat, order, where=tuple(data["where"]), counters=dict(data["counters"]))
        return cls(data["part"], ctx, data["events"], Notes.from_data(data["looked"]))

    @classmethod
    def reached(cls, outcome: Outcome, since: Point | None) -> Point | None:
        """The point where `outcome`'s run (resumed at `since`, if at all), run only up to the start of a part,
        stands; None when its answers noted no lookups or it paused or ended the game before."""
        ctx = outcome.ctx
        if outcome.questions or outcome.part is None or not isinstance(ctx.answers, Noted):
            return None
        looked = ctx.answers.notes.copy() if since is None else since.looked.joined(ctx.answers.notes)
        return cls(outcome.part, ctx, outcome.events, looked)


@dataclass
class Outcome:
    """How a run of a turn ended: the questions it paused on, if any (the state and events are in ctx); the part
    it was told to stop at, when it got there (run_parts' `until`); the events the turn made before this run's
    first (a run resumed at a point makes only those after it); and, once taken, the point at the start of the
    part it paused in."""

    ctx: Any
    questions: tuple[Question, ...] = field(default_factory=tuple)
    part: int | None = None
    before: int = 0
    point: Point | None = None

    @property
    def question(self) -> Question | None:
        """The first question waited on (a step that asks one seat at a time waits on one)."""
        return self.questions[0] if self.questions else None

    @property
    def events(self) -> int:
        """The events the turn has made so far, this run's and those before it."""
        return self.before + len(self.ctx.events)


S_contra = TypeVar("S_contra", contravariant=True)


class RunTurn(Protocol[S_contra]):
    """A game's whole turn of the rules, as its turn.py's `run_turn` runs it: from `state` (left as it is) with the
    order and the answers given; `chooser` answers its own open questions into the order (a robot's, the
    template's trials); `lenient` skips an action that has become illegal (a replay after a pause). Raises
    OrderError when the order breaks the rules."""

    def __call__(self, state: S_contra, seat: str, order: dict[str, Any], answers: dict[str, Any] | None = None,
                 chooser: Chooser | None = None, lenient: bool = False, *, point: Point | None = None,
                 until: int | None = None) -> Outcome:
        """Run the turn until it ends, pauses on questions or ends the game: from its start, or resumed at `point`
        (taken from an earlier run of the same turn from `state`); with `until`, only up to the start of that
        part."""


def turn_context(begin: Callable[..., Any], state: Any, seat: str, order: dict[str, Any],
                 answers: Mapping[str, Any] | None, chooser: Chooser | None, lenient: bool, point: Point | None) -> Any:
    """The turn in progress a run of a game's turn works on: `begin`'s (the game's begin_turn) on a copy of
    `state`, or a copy of the turn at `point`."""
    given = {} if answers is None else answers  # not `answers or {}`: that would forget empty answers' notes
    if point is None:
        return begin(state, seat, order, given, chooser, lenient)
    return point.resumed(order, given, lenient)


def run_parts(ctx: Any, parts: Sequence[Callable[[], None]], game_over: Callable[[], None],
              since: Point | None = None, until: int | None = None) -> Outcome:
    """Run a turn's parts in order, from the first or from the part of `since` (where `ctx` was resumed), up to the
    start of part `until` if given; a pause or the game's end stops the turn where it stands.

    `game_over` tidies the state when a part ended the game (for instance, no turn is in progress any more).
    """
    begin, before = (0, 0) if since is None else (since.part, since.events)
    try:
        for index in range(begin, len(parts) if until is None else until):
            parts[index]()
    except Pause as pause:
        return Outcome(ctx, pause.questions, before=before)
    except GameOver:
        game_over()
        return Outcome(ctx, before=before)
    return Outcome(ctx, part=until, before=before)


#: Parts of every Pax turn's frame before the order's actions (Blackmail; abilities at the start of the turn): the
#: frame is those, one part for each entry of the order (entry_parts), then cleanup and the next seat.
OPENING = 1


def part_of(where: Sequence[Any], entries: int) -> int:
    """The part of the turn's frame a run stood in, from the order path it was resolving (`ctx.where`, which each
    entry and cleanup set), for a turn of `entries` actions: a robot builds its turn in a frame of its own."""
    if where[:1] == ("actions",) and len(where) > 1 and isinstance(where[1], int):
        return OPENING + where[1]
    return OPENING + entries if tuple(where) == ("cleanup",) else 0


def entry_parts(ctx: Any, take: Callable[[Any, Any], None],
                skipped: Callable[[str, int, Any, OrderError], str]) -> list[Callable[[], None]]:
    """One part of the turn for each entry of the order's action list, resolved by `take`; on a replay after a
    pause (lenient), an entry the answers have made illegal is not taken, with the event `skipped` words (from
    the seat, the entry's index, the entry and the refusal)."""
    def part(index: int, entry: Any) -> Callable[[], None]:
        def run() -> None:
            ctx.where = ("actions", index)
            try:
                take(ctx, entry)
            except OrderError as error:
                if not ctx.lenient or error.path[:2] != ctx.where:
                    raise
                ctx.emit(skipped(ctx.seat, index, entry, error), kind="action-skipped", seat=ctx.seat)

        return run

    return [part(index, entry) for index, entry in enumerate(ctx.order.get("actions") or [])]


class TurnActions:
    """The order's action entries, resolved: the entry's shape, the core actions (purchase, play) and card-based
    actions with their hostage bribe. Words and hooks (the methods a game overrides) come first."""

    #: The core actions: they always count against the action limit (unless counts_as_action says otherwise).
    CORE = ("purchase", "play")
    #: Fields a purchase or play entry may hold besides `action`.
    CORE_FIELDS: Mapping[str, tuple[str, ...]] = {}
    #: The field of a card-based action entry giving the most hostage bribe the seat will pay.
    BRIBE_FIELD = "bribe"
    #: The money a bribe limit counts, for messages.
    MONEY = "money"
    #: A play entry's list fields (one item per impact icon) with an example item each, in the order checked.
    LIST_EXAMPLES: Mapping[str, str] = {}
    #: How the impact icons a list field answers are read, for messages.
    ICON_ORDER = "in printed order"
    #: A card not of the favoured suit, in words ("{card} is not favoured").
    NOT_FAVOURED = "is not favoured"

    def __init__(self, rules: PaxRules[Any], registry: ActionRegistry[Any, Any]) -> None:
        self.rules = rules
        #: The game's card-based actions (names in the order messages list them) and their modules.
        self.registry = registry

    @property
    def kinds(self) -> tuple[str, ...]:
        """Every action an entry may name: the core actions, then the card-based ones."""
        return self.CORE + self.registry.names

    # --- hooks ---------------------------------------------------------------------------------------------------

    def card_name(self, number: int) -> str:
        """A card in play as messages name it."""
        raise NotImplementedError(f"{type(self).__name__} must say how a card in play is named")

    def purchase(self, ctx: Any, entry: dict[str, Any]) -> None:
        """The purchase action."""
        raise NotImplementedError(f"{type(self).__name__} must resolve a purchase")

    def play(self, ctx: Any, entry: dict[str, Any]) -> bool:
        """The play action; False when a bribe not paid means the play is as if never taken."""
        raise NotImplementedError(f"{type(self).__name__} must resolve a play")

    def card_problem(self, state: Any, seat: str, number: Any, kind: str) -> tuple[str, str] | None:
        """Why card `number` cannot take action `kind` now whatever the actions left, as (order field, message)."""
        return self.rules.card_problem(state, seat, number, kind)

    def counts_as_action(self, state: Any, seat: str, kind: str) -> bool:
        """True when a purchase or play by `seat` counts against the action limit."""
        return True

    def before_hostage_bribe(self, state: Any, seat: str, holder: str, amount: int, module: Action[Any, Any],
                             number: int, params: dict[str, Any], where: Path) -> None:
        """Anything to refuse before the hostage holder is asked for a bribe of up to `amount`."""

    def fill(self, ctx: Any, kind: str, number: int, params: dict[str, Any]) -> dict[str, Any]:
        """The action's details once the hostage bribe is paid (a seat the game plays decides them here)."""
        return params

    def card_acted(self, state: Any, seat: str, number: int) -> None:
        """Anything more that marks card `number` as having acted this turn (it is already in turn.used)."""

    # --- the flow ------------------------------------------------------------------------------------------------

    def action_module(self, kind: str) -> Action[Any, Any] | None:
        """The card-based action `kind`'s module, or None while it is not implemented."""
        return self.registry.module(kind)

    def take_action(self, ctx: Any, entry: Any) -> None:
        """Resolve one entry of the order's action list (ctx.where is its path)."""
        where = ctx.where
        if not isinstance(entry, dict):
            ctx.fail(where, "each action is a mapping such as {action: purchase, row: 1, column: 3}")
        kind = entry.get("action")
        if kind not in self.kinds:
            ctx.fail((*where, "action"), f"unknown action {kind!r}; choose one of {', '.join(self.kinds)}")
        assert ctx.state.turn is not None
        if kind in self.CORE:
            self.core_action(ctx, kind, entry)
        else:
            self.card_action(ctx, kind, entry)

    def core_action(self, ctx: Any, kind: str, entry: dict[str, Any]) -> None:
        """A purchase or a play: the entry's fields, the action limit, then the action."""
        where, turn = ctx.where, ctx.state.turn
        fields = self.CORE_FIELDS[kind]
        unknown = sorted(set(entry) - {"action", *fields})
        if unknown:
            ctx.fail((*where, unknown[0]), f"unknown field {unknown[0]!r} for {kind}; fields: {', '.join(fields)}")
        counts = self.counts_as_action(ctx.state, ctx.seat, kind)
        if counts and not self.rules.core_action_left(ctx.state):
            ctx.fail((*where, "action"), f"no actions left for {kind} (purchase and play always count)")
        self.check_bribe_limit(ctx, entry, "bribe")
        for field_name, example in self.LIST_EXAMPLES.items():
            if field_name in entry and not isinstance(entry[field_name], list):
                ctx.fail((*where, field_name), f"{field_name} is a list, one item per {field_name[:-1]} icon "
                         f"{self.ICON_ORDER}, e.g. {field_name}: [{example}]")
        if kind == "purchase":
            self.purchase(ctx, entry)
        elif not self.play(ctx, entry):
            return  # a bribe not paid: play goes on as if the action had never been taken
        if counts:
            turn.actions += 1

    def card_action(self, ctx: Any, kind: str, entry: dict[str, Any]) -> None:
        """A card-based action: the card, its one action this turn, the action limit, a hostage bribe (settled
        before the details are judged), then the action; a favoured card's action is a bonus action."""
        state, seat, where = ctx.state, ctx.seat, ctx.where
        turn = state.turn
        number = entry.get("card")
        found = self.card_problem(state, seat, number, kind)
        if found is not None:
            ctx.fail((*where, found[0]), found[1])
        assert number is not None  # in the tableau
        name = self.card_name(number)
        module = self.action_module(kind)
        if module is None:
            ctx.fail((*where, "action"), f"the {kind} action is not implemented yet")
        assert module is not None
        own = ("card", self.BRIBE_FIELD)
        unknown = sorted(set(entry) - {"action", *own, *module.FIELDS})
        if unknown:
            ctx.fail((*where, unknown[0]), f"unknown field {unknown[0]!r} for {kind}; fields: "
                     f"{', '.join((*own, *module.FIELDS))}")
        bonus = self.rules.is_favoured(state, seat, number)
        if not self.rules.action_left(state, seat, number):
            ctx.fail((*where, "action"), f"no actions left, and {name} {self.NOT_FAVOURED} "
                     f"({self.rules.favoured_name(state)})")
        self.check_bribe_limit(ctx, entry, self.BRIBE_FIELD)
        params = {k: v for k, v in entry.items() if k not in ("action", *own)}
        hostage = self.rules.hostage_bribe(state, number)
        if hostage is not None:
            holder, amount = hostage
            self.before_hostage_bribe(state, seat, holder, amount, module, number, params, where)
            if not self.rules.settle_bribe(ctx, seat, holder, amount, HOSTAGE, (*where, self.BRIBE_FIELD),
                                           f"use {name}"):
                return
        # The hostage bribe is paid before the details are judged (it may fund the tax of its own receiver, or
        # leave too little money for the action's cost).
        params = self.fill(ctx, kind, number, params)
        raise_first(module.problems(state, seat, number, params, where))
        module.perform(ctx, seat, number, params)
        turn.used.append(number)
        self.card_acted(state, seat, number)
        if not bonus:
            turn.actions += 1

    def check_bribe_limit(self, ctx: Any, entry: dict[str, Any], field_name: str) -> None:
        """A bribe limit, when given, is the most money the seat will pay: a whole number, zero or more."""
        limit = entry.get(field_name)
        if limit is not None and (not isinstance(limit, int) or isinstance(limit, bool) or limit < 0):
            ctx.fail((*ctx.where, field_name),
                     f"{field_name} is the most {self.MONEY} you will pay (0 or more), not {limit!r}")


def raise_first(problems: Sequence[Any]) -> None:
    """Refuse the order with the first of `problems`, if any."""
    if problems:
        raise OrderError(problems[0].path, problems[0].message)


def play_to_tableau(hand: list[int], tableau: list[int], number: int, side: str) -> None:
    """Move card `number` from the hand to the left or right end of the tableau."""
    hand.remove(number)
    if side == "left":
        tableau.insert(0, number)
    else:
        tableau.append(number)
