"""The Pax Pamir game state as typed, mutable dataclasses, with a canonical encode/decode to plain data.

Pieces are counted, not tracked one by one: a tribe is one of a seat's cylinders in a region, a spy one on a court
card, a gift one on the loyalty dial; an army or road is one block of a coalition in a region or on a border.
Every count map drops keys whose count falls to zero, so equal positions encode to equal data.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from games.pax.market import COLUMNS, ROWS
from games.pax.paused import Layout, Paused
from games.pax.pieces import Counts
from games.pax.plain import plain_copy
from games.pax.together import OPTION as QUESTIONS
from games.pax.together import TOGETHER

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

@dataclass
class Player:
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
    automaton: str | None = None

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

    def encode(self) -> dict[str, Any]:
        """Plain data."""
        return {
            "seat": self.seat,
            "loyalty": self.loyalty,
            "rupees": self.rupees,
            "hand": list(self.hand),
            "court": list(self.court),
            "gifts": list(self.gifts),
            "prizes": list(self.prizes),
            "score": self.score,
            "automaton": self.automaton,
        }

    @classmethod
    def decode(cls, data: Mapping[str, Any]) -> Player:
        """The inverse of encode."""
        return cls(
            seat=data["seat"],
            loyalty=data["loyalty"],
            rupees=data["rupees"],
            hand=list(data["hand"]),
            court=list(data["court"]),
            gifts=list(data["gifts"]),
            prizes=list(data["prizes"]),
            score=data["score"],
            automaton=data.get("automaton"),
        )


@dataclass
class Effect:
    """A persistent event effect in force: its id, who bought it (None: everyone) and its chosen target."""

    id: str
    card: int
    lasts: str
    seat: str | None = None
    target: str | None = None

    def encode(self) -> dict[str, Any]:
        """Plain data."""
        return {"id": self.id, "card": self.card, "lasts": self.lasts, "seat": self.seat, "target": self.target}

    @classmethod
    def decode(cls, data: Mapping[str, Any]) -> Effect:
        """The inverse of encode."""
        return cls(data["id"], data["card"], data["lasts"], data.get("seat"), data.get("target"))


@dataclass
class TurnState:
    """What the rules remember during one seat's turn; cleared when the next turn starts."""

    seat: str
    number: int
    actions: int = 0  # actions that counted against the limit of two
    used: list[int] = field(default_factory=list)  # court cards already used for an action this turn
    paid: list[int] = field(default_factory=list)  # market cards the seat placed a rupee on this turn
    #: Pieces placed this turn, "kind:where:owner" -> count; component limits may not take these.
    placed: Counts = field(default_factory=dict)

    def encode(self) -> dict[str, Any]:
        """Plain data."""
        return {
            "seat": self.seat,
            "number": self.number,
            "actions": self.actions,
            "used": list(self.used),
            "paid": list(self.paid),
            "placed": dict(sorted(self.placed.items())),
        }

    @classmethod
    def decode(cls, data: Mapping[str, Any]) -> TurnState:
        """The inverse of encode."""
        return cls(
            data["seat"], data["number"], data["actions"], list(data["used"]), list(data["paid"]),
            dict(data["placed"]),
        )


@dataclass
class GameState:
    """The whole game: seats, map pieces, market, deck, favored suit, phase and the turn in progress.

    Market slots hold a card number or None; `market_rupees` are rupees lying on each slot (they stay on an
    empty slot until a card moves in). `deck[0]` is the top of the draw deck.
    """

    seats: list[str]
    players: dict[str, Player]
    favored: str = "political"
    deck: list[int] = field(default_factory=list)
    market: list[list[int | None]] = field(default_factory=lambda: [[None] * COLUMNS for _ in range(ROWS)])
    market_rupees: list[list[int]] = field(default_factory=lambda: [[0] * COLUMNS for _ in range(ROWS)])
    discard: list[int] = field(default_factory=list)  # top of the discard pile is the last item
    unused: list[int] = field(default_factory=list)  # cards left out at setup (hidden)
    tribes: dict[str, Counts] = field(default_factory=dict)  # region -> seat -> tribes
    armies: dict[str, Counts] = field(default_factory=dict)  # region -> coalition -> armies
    roads: dict[str, Counts] = field(default_factory=dict)  # border -> coalition -> roads
    spies: dict[str, Counts] = field(default_factory=dict)  # str(card number) -> seat -> spies
    effects: list[Effect] = field(default_factory=list)  # persistent event effects in force
    phase: str = "loyalty"  # loyalty | turns | over
    loyalty_order: list[str] = field(default_factory=list)  # seats in the order they choose loyalty
    current: str = ""  # the seat whose turn (or loyalty choice) it is
    turn_number: int = 0  # turns begun so far (the first turn is 1)
    checks_done: int = 0  # Dominance Checks resolved so far
    turn: TurnState | None = None
    paused: Paused | None = None
    standing: dict[str, dict[str, Any]] = field(default_factory=dict)  # seat -> standing orders
    #: Private data of seats the game plays itself (Wakhan's AI deck), seat -> plain data; never in a view.
    automata: dict[str, Any] = field(default_factory=dict)
    winners: list[str] = field(default_factory=list)
    end_reason: str = ""
    #: A paused turn asks its seat every question it can at once (games made with the option
    #: `questions: together`); encoded only when set, so the states of older games stay as they were.
    together: bool = False

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

    def encode(self) -> dict[str, Any]:
        """Canonical plain data (JSON-compatible)."""
        data: dict[str, Any] = {
            "seats": list(self.seats),
            "players": {s: self.players[s].encode() for s in self.seats},
            "favored": self.favored,
            "deck": list(self.deck),
            "market": [list(row) for row in self.market],
            "market_rupees": [list(row) for row in self.market_rupees],
            "discard": list(self.discard),
            "unused": list(self.unused),
            "tribes": _encode_nested(self.tribes),
            "armies": _encode_nested(self.armies),
            "roads": _encode_nested(self.roads),
            "spies": _encode_nested(self.spies),
            "effects": [e.encode() for e in self.effects],
            "phase": self.phase,
            "loyalty_order": list(self.loyalty_order),
            "current": self.current,
            "turn_number": self.turn_number,
            "checks_done": self.checks_done,
            "turn": self.turn.encode() if self.turn else None,
            "paused": self.paused.encode(LAYOUT) if self.paused else None,
            "standing": {s: dict(sorted(self.standing[s].items())) for s in sorted(self.standing)},
            "automata": {s: copy.deepcopy(self.automata[s]) for s in sorted(self.automata)},
            "winners": list(self.winners),
            "end_reason": self.end_reason,
        }
        if self.together:
            data[QUESTIONS] = TOGETHER
        return data

    @classmethod
    def decode(cls, data: Mapping[str, Any]) -> GameState:
        """The inverse of encode."""
        return cls(
            seats=list(data["seats"]),
            players={s: Player.decode(p) for s, p in data["players"].items()},
            favored=data["favored"],
            deck=list(data["deck"]),
            market=[list(row) for row in data["market"]],
            market_rupees=[list(row) for row in data["market_rupees"]],
            discard=list(data["discard"]),
            unused=list(data["unused"]),
            tribes=_decode_nested(data["tribes"]),
            armies=_decode_nested(data["armies"]),
            roads=_decode_nested(data["roads"]),
            spies=_decode_nested(data["spies"]),
            effects=[Effect.decode(e) for e in data["effects"]],
            phase=data["phase"],
            loyalty_order=list(data["loyalty_order"]),
            current=data["current"],
            turn_number=data["turn_number"],
            checks_done=data["checks_done"],
            turn=TurnState.decode(data["turn"]) if data["turn"] else None,
            paused=Paused.decode(data["paused"], LAYOUT) if data["paused"] else None,
            standing={s: dict(v) for s, v in data["standing"].items()},
            automata=copy.deepcopy(dict(data.get("automata", {}))),
            winners=list(data["winners"]),
            end_reason=data["end_reason"],
            together=data.get(QUESTIONS) == TOGETHER,
        )

    def clone(self) -> GameState:
        """An independent copy (turns run on copies); hand-written because robots clone often."""
        players = {
            s: Player(p.seat, p.loyalty, p.rupees, list(p.hand), list(p.court), list(p.gifts), list(p.prizes),
                      p.score, p.automaton)
            for s, p in self.players.items()
        }
        turn = self.turn
        return GameState(
            seats=list(self.seats),
            players=players,
            favored=self.favored,
            deck=list(self.deck),
            market=[list(row) for row in self.market],
            market_rupees=[list(row) for row in self.market_rupees],
            discard=list(self.discard),
            unused=list(self.unused),
            tribes={k: dict(v) for k, v in self.tribes.items()},
            armies={k: dict(v) for k, v in self.armies.items()},
            roads={k: dict(v) for k, v in self.roads.items()},
            spies={k: dict(v) for k, v in self.spies.items()},
            effects=[Effect(e.id, e.card, e.lasts, e.seat, e.target) for e in self.effects],
            phase=self.phase,
            loyalty_order=list(self.loyalty_order),
            current=self.current,
            turn_number=self.turn_number,
            checks_done=self.checks_done,
            turn=TurnState(turn.seat, turn.number, turn.actions, list(turn.used), list(turn.paid), dict(turn.placed))
            if turn else None,
            paused=self.paused.clone() if self.paused else None,
            standing={s: {k: plain_copy(v) for k, v in d.items()} for s, d in self.standing.items()},
            automata=plain_copy(self.automata) if self.automata else {},
            winners=list(self.winners),
            end_reason=self.end_reason,
            together=self.together,
        )


def _encode_nested(nested: Mapping[str, Counts]) -> dict[str, dict[str, int]]:
    return {k: dict(sorted(v.items())) for k, v in sorted(nested.items()) if v}


def _decode_nested(data: Mapping[str, Mapping[str, int]]) -> dict[str, Counts]:
    return {k: dict(v) for k, v in data.items()}
