"""The Pax Expanse game state as typed, mutable records (`engine.record`), with a canonical encoding to plain data.

Pieces are counted, not tracked one by one: a supporter is one of a seat's control markers in a region, an agent
one on an asset, a favour one on the seat's loyalty card; a fleet is one of a faction's tokens in a region and a
transport one on a border. Every count map drops keys whose count falls to zero, so equal positions encode to
equal data. What follows from the pieces (who controls a region, supplies, reputation, limits) is computed in
queries.py, never stored, so it cannot disagree with the pieces. Each field below declares only how its stored
form differs from the plain one (`kept`); the stored form is that of the archives.
"""

from __future__ import annotations

from dataclasses import field
from typing import Any

from engine.record import Record, kept
from games.pax.paused import Layout, Paused
from games.pax.pieces import Counts, bump, counts_by_place
from games.pax.together import OPTION as QUESTIONS
from games.pax.together import TOGETHER
from games.pax.turn import AT_PART, RESUME
from games.pax.turnstate import TurnState as PaxTurnState

#: Control markers a seat may put into play as supporters, agents and favours (the eleventh marks VP).
MARKERS = 10
#: Faction tokens of each faction (fleets and transports).
TOKENS = 12
#: At most this many favours with one faction.
MAX_FAVOURS = 3
#: Market shape: two rows of six columns.
ROWS, COLUMNS = 2, 6
#: The phases of a game: the secret starting-loyalty choice, the seats' turns, and the end.
PHASES = ("loyalty", "turns", "over")
#: The turn a paused Rocinante turn belongs to, in place of a seat (no seat may bear the name).
ROCINANTE = "rocinante"
#: A paused turn stores every question it waits on as `questions`.
LAYOUT = Layout.QUESTIONS

def nested_bump(nested: dict[str, Counts], outer: str, key: str, by: int) -> None:
    """bump() inside a two-level count map, dropping an inner map once it is empty."""
    inner = nested.setdefault(outer, {})
    bump(inner, key, by)
    if not inner:
        del nested[outer]


class Player(Record):
    """One seat: loyalty, influence, hand, Network (left to right), favours, rewards and victory points."""

    seat: str
    colour: str = ""
    loyalty: str | None = None  # "un" | "mcr" | "opa"; None until the secret starting choice is revealed
    influence: int = 0
    hand: list[int] = field(default_factory=list)
    network: list[int] = field(default_factory=list)  # asset numbers, leftmost first
    exhausted: list[int] = field(default_factory=list)  # assets of the Network turned sideways, in that order
    favours: int = 0  # favours with the faction of `loyalty` (control markers on the loyalty card)
    rewards: list[int] = field(default_factory=list)  # asset numbers tucked behind the loyalty card
    vp: int = 0

    @property
    def tableau(self) -> list[int]:
        """The Network, under the name the shared Pax turn frame uses."""
        return self.network

    @property
    def score(self) -> int:
        """The victory points, under the name the shared Pax kernel uses."""
        return self.vp

    @score.setter
    def score(self, value: int) -> None:
        self.vp = value

    @property
    def money(self) -> int:
        """The seat's influence, under the name the shared Pax market uses."""
        return self.influence

    @money.setter
    def money(self, value: int) -> None:
        self.influence = value


class Effect(Record):
    """An event effect in force: the card, its effect id and kind, how long it lasts, its holder and target.

    `seat` is the player who holds the card below their Network (None: it affects everyone and lies by the
    map); `target` is what its buyer chose (a seat, a region or a climate), if anything.
    """

    card: int
    id: str
    kind: str
    lasts: str
    seat: str | None = None
    target: str | None = None


class Rocinante(Record):
    """The Rocinante: its token's region and side, its AI deck (top card face up) and the AI discard pile."""

    region: str
    damaged: bool = False
    deck: list[int] = field(default_factory=list)  # AI card numbers; deck[0] is the face-up top card
    discard: list[int] = field(default_factory=list)  # the last item is the top of the discard pile
    turns: int = 0  # Rocinante turns taken so far

    @property
    def face_up(self) -> int | None:
        """The face-up top card of the AI deck (public), or None if the deck is empty."""
        return self.deck[0] if self.deck else None


class TurnState(PaxTurnState):
    """What the rules remember during one seat's turn (the kernel's record), and the notes of this game's rules."""

    #: Anything else a rule or special ability must remember until the turn ends, as plain data.
    notes: dict[str, Any] = kept(default_factory=dict, sort=1)


class GameState(Record):
    """The whole game: seats, map pieces, market, deck, climate, objective, the Rocinante and the turn.

    Market slots hold a card number (assets 1-100, events 101-116) or None; `market_influence` is the influence
    lying on each slot (it stays on an empty slot until a card moves in). `deck[0]` is the top of the draw deck.
    `seats` is the seating order as given; `order` is the turn order, from the first player.
    """

    seats: list[str]
    players: dict[str, Player] = kept(order_by="seats")
    order: list[str] = field(default_factory=list)
    climate: str = "peace"
    objective: str = "belt"
    deck: list[int] = field(default_factory=list)
    market: list[list[int | None]] = field(default_factory=lambda: [[None] * COLUMNS for _ in range(ROWS)])
    market_influence: list[list[int]] = field(default_factory=lambda: [[0] * COLUMNS for _ in range(ROWS)])
    discard: list[int] = field(default_factory=list)  # the last item is the top of the discard pile
    unused: list[int] = field(default_factory=list)  # assets left out of the deck at setup (hidden)
    supporters: dict[str, Counts] = counts_by_place()  # region -> seat -> supporters
    fleets: dict[str, Counts] = counts_by_place()  # region -> faction -> fleets
    transports: dict[str, Counts] = counts_by_place()  # border -> faction -> transports
    agents: dict[str, Counts] = counts_by_place()  # str(asset number) -> seat -> agents
    effects: list[Effect] = field(default_factory=list)  # event effects in force, oldest first
    rocinante: Rocinante = field(default_factory=lambda: Rocinante("outer_planets"))
    phase: str = "loyalty"  # see PHASES
    current: str = ""  # the seat whose turn it is
    turn_number: int = 0  # seat turns begun so far (the first turn is 1)
    round: int = 0  # rounds begun so far (a round: every seat's turn, then the Rocinante's)
    checks: list[int] = field(default_factory=list)  # Dominance Checks resolved, by check number, in order
    turn: TurnState | None = None
    paused: Paused | None = kept(default=None, layout=LAYOUT)
    standing: dict[str, dict[str, Any]] = kept(default_factory=dict, sort=2)  # seat -> standing orders
    winners: list[str] = field(default_factory=list)
    end_reason: str = ""
    #: A paused turn asks each seat every question it can at once (games made with the option
    #: `questions: together`); stored only when set, so the states of older games stay as they were.
    together: bool = kept(default=False, key=QUESTIONS, word=TOGETHER)
    #: A paused turn stores the point it goes on from (games made with the option `resume: at-part`); stored only
    #: when set, as `together` is.
    resumes_at_part: bool = kept(default=False, key=RESUME, word=AT_PART)

    def player(self, seat: str) -> Player:
        """The player at `seat`."""
        return self.players[seat]

    @property
    def market_money(self) -> list[list[int]]:
        """The influence on each market slot, under the name the shared Pax market uses."""
        return self.market_influence

    def due_seats(self) -> list[str]:
        """The seats owing a decision now: every seat without a loyalty at the start, the seats a paused turn
        asks, or the seat whose turn it is; none once the game is over."""
        if self.phase == "over":
            return []
        if self.phase == "loyalty":
            return [s for s in self.order if self.players[s].loyalty is None]
        if self.paused is not None:
            return self.paused.seats()
        return [self.current]
