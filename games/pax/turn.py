"""The turn frame of a Pax game: up to two actions plus bonus actions, each card acting once per turn, and a turn
that runs its parts in order until it ends, pauses on a question, or ends the game.

A card acts once per turn: the turn remembers the cards used (exhausted) and forgets them when the next turn
begins (refreshed). Purchase and play always count against the action limit; a card action of the favoured suit
is a bonus action. What "favoured" means, what a card's actions are and how it is named are hooks of `TurnRules`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from games.pax.context import Pause, Question
from games.pax.dominance import GameOver


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
        able = [n for n in tableau if kind in self.card_actions(n) and n not in turn.used]
        listed = ", ".join(str(n) for n in able) or "none"
        if number not in tableau:
            return "card", f"card {number!r} is not in your {self.TABLEAU}; cards that can {kind} now: {listed}"
        name = self.card_title(number)
        shown = self.card_actions(number)
        if kind not in shown:
            return "action", f"{name} has no {kind} action; its actions: {', '.join(shown) or 'none'}"
        if number in turn.used:
            return "card", f"{name} has already acted this turn; cards that can {kind} now: {listed}"
        return None

    def action_left(self, state: S, seat: str, number: int) -> bool:
        """True when card `number` still has an action to use: one of the turn's actions, or a bonus action."""
        turn = state.turn
        assert turn is not None
        return turn.actions < self.ACTION_LIMIT or self.is_favoured(state, seat, number)

    def may_act(self, state: S, seat: str, number: int, kind: str) -> bool:
        """May `seat`'s card `number` take action `kind` now? The one answer for orders, robots and automata."""
        return self.card_problem(state, seat, number, kind) is None and self.action_left(state, seat, number)

    def core_action_left(self, state: S) -> bool:
        """True when a purchase or play may still be taken (they always count against the limit)."""
        turn = state.turn
        assert turn is not None
        return turn.actions < self.ACTION_LIMIT

    def next_seat(self, state: S, seat: str) -> str:
        """The seat after `seat`, clockwise."""
        return state.seats[(state.seats.index(seat) + 1) % len(state.seats)]


@dataclass
class Outcome:
    """How a run of a turn ended: the questions it paused on, if any (the state and events are in ctx)."""

    ctx: Any
    questions: tuple[Question, ...] = field(default_factory=tuple)

    @property
    def question(self) -> Question | None:
        """The first question waited on (a step that asks one seat at a time waits on one)."""
        return self.questions[0] if self.questions else None


def run_parts(ctx: Any, parts: Sequence[Callable[[], None]], game_over: Callable[[], None]) -> Outcome:
    """Run a turn's parts in order; a pause or the game's end stops the turn where it stands.

    `game_over` tidies the state when a part ended the game (for instance, no turn is in progress any more).
    """
    try:
        for part in parts:
            part()
    except Pause as pause:
        return Outcome(ctx, pause.questions)
    except GameOver:
        game_over()
    return Outcome(ctx)
