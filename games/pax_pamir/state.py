"""The Pax Pamir game state as typed, mutable records (`engine.record`), with a canonical encoding to plain data.

Pieces are counted, not tracked one by one: a tribe is one of a seat's cylinders in a region, a spy one on a court
card, a gift one on the loyalty dial; an army or road is one block of a coalition in a region or on a border.
Every count map drops keys whose count falls to zero, so equal positions encode to equal data. Each field below
declares only how its stored form differs from the plain one (`kept`); the stored form is that of the archives.
"""

from __future__ import annotations

from dataclasses import field
from typing import Any

from engine.record import Record, kept
from games.pax.market import COLUMNS, ROWS
from games.pax.paused import Layout, Paused
from games.pax.pieces import Counts, counts_by_place
from games.pax.together import OPTION as QUESTIONS
from games.pax.together import TOGETHER
from games.pax.turn import AT_PART, RESUME
from games.pax.turnstate import TurnState

#: Cylinders a seat may put into play (the eleventh marks victory points on the track).
CYLINDERS = 10
#: Blocks of each coalition.
BLOCKS = 12
#: Rupees each seat starts with.
START_RUPEES = 4
#: The three gift spaces on a loyalty dial, by price.
GIFT_PRICES = (2, 4, 6)
#: A paused turn stores its first question as `question` and those asked with it as `also` (when there are any).
LAYOUT = Layout.QUESTION_ALSO


class Player(Record):
    """One seat: its loyalty, rupees, hand, court (left to right), gifts, prizes and score."""

    seat: str
    loyalty: str | None = None
    rupees: int = START_RUPEES
    hand: list[int] = field(default_factory=list)
    court: list[int] = field(default_factory=list)
    gifts: list[int] = field(default_factory=list)  # prices of the occupied gift spaces, ascending
    prizes: list[int] = field(default_factory=list)  # card numbers tucked behind the loyalty dial
    score: int = 0
    #: Later feature: a seat whose orders the game computes itself (Wakhan).
    automaton: str | None = kept(default=None, added=True)

    @property
    def money(self) -> int:
        """The kernel's word for rupees."""
        return self.rupees

    @money.setter
    def money(self, value: int) -> None:
        self.rupees = value

    @property
    def tableau(self) -> list[int]:
        """The kernel's word for the court."""
        return self.court


class Effect(Record):
    """A persistent event effect in force: its id, who bought it (None: everyone) and its chosen target."""

    id: str
    card: int
    lasts: str
    seat: str | None = kept(default=None, added=True)
    target: str | None = kept(default=None, added=True)


class GameState(Record):
    """The whole game: seats, map pieces, market, deck, favored suit, phase and the turn in progress.

    Market slots hold a card number or None; `market_rupees` are rupees lying on each slot (they stay on an
    empty slot until a card moves in). `deck[0]` is the top of the draw deck.
    """

    seats: list[str]
    players: dict[str, Player] = kept(order_by="seats")
    favored: str = "political"
    deck: list[int] = field(default_factory=list)
    market: list[list[int | None]] = field(default_factory=lambda: [[None] * COLUMNS for _ in range(ROWS)])
    market_rupees: list[list[int]] = field(default_factory=lambda: [[0] * COLUMNS for _ in range(ROWS)])
    discard: list[int] = field(default_factory=list)  # top of the discard pile is the last item
    unused: list[int] = field(default_factory=list)  # cards left out at setup (hidden)
    tribes: dict[str, Counts] = counts_by_place()  # region -> seat -> tribes
    armies: dict[str, Counts] = counts_by_place()  # region -> coalition -> armies
    roads: dict[str, Counts] = counts_by_place()  # border -> coalition -> roads
    spies: dict[str, Counts] = counts_by_place()  # str(card number) -> seat -> spies
    effects: list[Effect] = field(default_factory=list)  # persistent event effects in force
    phase: str = "loyalty"  # loyalty | turns | over
    loyalty_order: list[str] = field(default_factory=list)  # seats in the order they choose loyalty
    current: str = ""  # the seat whose turn (or loyalty choice) it is
    turn_number: int = 0  # turns begun so far (the first turn is 1)
    checks_done: int = 0  # Dominance Checks resolved so far
    turn: TurnState | None = None
    paused: Paused | None = kept(default=None, layout=LAYOUT)
    standing: dict[str, dict[str, Any]] = kept(default_factory=dict, sort=2)  # seat -> standing orders
    #: Private data of seats the game plays itself (Wakhan's AI deck), seat -> plain data; never in a view.
    automata: dict[str, Any] = kept(default_factory=dict, sort=1, added=True)
    winners: list[str] = field(default_factory=list)
    end_reason: str = ""
    #: A paused turn asks its seat every question it can at once (games made with the option
    #: `questions: together`); stored only when set, so the states of older games stay as they were.
    together: bool = kept(default=False, key=QUESTIONS, word=TOGETHER)
    #: A paused turn stores the point it goes on from (games made with the option `resume: at-part`); stored only
    #: when set, as `together` is.
    resumes_at_part: bool = kept(default=False, key=RESUME, word=AT_PART)

    @property
    def market_money(self) -> list[list[int]]:
        """The kernel's word for the rupees on the market slots."""
        return self.market_rupees

    def player(self, seat: str) -> Player:
        """The player at `seat`."""
        return self.players[seat]

    def due_seat(self) -> str | None:
        """The seat owing a decision now: the one choosing loyalty, the one a paused turn asks, or the one whose
        turn it is; None once the game is over."""
        if self.phase == "over":
            return None
        if self.paused is not None and self.phase != "loyalty":
            return str(self.paused.questions[0]["seat"])
        return self.current
