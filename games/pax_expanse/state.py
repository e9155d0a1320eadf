"""The Pax Expanse game state as typed, mutable dataclasses, with a canonical encode/decode to plain data.

Pieces are counted, not tracked one by one: a supporter is one of a seat's control markers in a region, an agent
one on an asset, a favour one on the seat's loyalty card; a fleet is one of a faction's tokens in a region and a
transport one on a border. Every count map drops keys whose count falls to zero, so equal positions encode to
equal data. What follows from the pieces (who controls a region, supplies, reputation, limits) is computed in
queries.py, never stored, so it cannot disagree with the pieces.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from games.pax.paused import Layout, Paused
from games.pax.pieces import Counts, bump
from games.pax.together import OPTION as QUESTIONS
from games.pax.together import TOGETHER

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


@dataclass
class Player:
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

    def encode(self) -> dict[str, Any]:
        """Plain data."""
        return {
            "seat": self.seat,
            "colour": self.colour,
            "loyalty": self.loyalty,
            "influence": self.influence,
            "hand": list(self.hand),
            "network": list(self.network),
            "exhausted": list(self.exhausted),
            "favours": self.favours,
            "rewards": list(self.rewards),
            "vp": self.vp,
        }

    @classmethod
    def decode(cls, data: Mapping[str, Any]) -> Player:
        """The inverse of encode."""
        return cls(
            seat=data["seat"],
            colour=data["colour"],
            loyalty=data["loyalty"],
            influence=data["influence"],
            hand=list(data["hand"]),
            network=list(data["network"]),
            exhausted=list(data["exhausted"]),
            favours=data["favours"],
            rewards=list(data["rewards"]),
            vp=data["vp"],
        )

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

    def clone(self) -> Player:
        """An independent copy."""
        return Player(self.seat, self.colour, self.loyalty, self.influence, list(self.hand), list(self.network),
                      list(self.exhausted), self.favours, list(self.rewards), self.vp)


@dataclass
class Effect:
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

    def encode(self) -> dict[str, Any]:
        """Plain data."""
        return {"card": self.card, "id": self.id, "kind": self.kind, "lasts": self.lasts, "seat": self.seat,
                "target": self.target}

    @classmethod
    def decode(cls, data: Mapping[str, Any]) -> Effect:
        """The inverse of encode."""
        return cls(data["card"], data["id"], data["kind"], data["lasts"], data["seat"], data["target"])

    def clone(self) -> Effect:
        """An independent copy."""
        return Effect(self.card, self.id, self.kind, self.lasts, self.seat, self.target)


@dataclass
class Rocinante:
    """The Rocinante: its token's region and side, its AI deck (top card face up) and the AI discard pile."""

    region: str
    damaged: bool = False
    deck: list[int] = field(default_factory=list)  # AI card numbers; deck[0] is the face-up top card
    discard: list[int] = field(default_factory=list)  # the last item is the top of the discard pile
    turns: int = 0  # Rocinante turns taken so far

    def encode(self) -> dict[str, Any]:
        """Plain data."""
        return {"region": self.region, "damaged": self.damaged, "deck": list(self.deck),
                "discard": list(self.discard), "turns": self.turns}

    @classmethod
    def decode(cls, data: Mapping[str, Any]) -> Rocinante:
        """The inverse of encode."""
        return cls(data["region"], data["damaged"], list(data["deck"]), list(data["discard"]), data["turns"])

    def clone(self) -> Rocinante:
        """An independent copy."""
        return Rocinante(self.region, self.damaged, list(self.deck), list(self.discard), self.turns)

    @property
    def face_up(self) -> int | None:
        """The face-up top card of the AI deck (public), or None if the deck is empty."""
        return self.deck[0] if self.deck else None


@dataclass
class TurnState:
    """What the rules remember during one seat's turn; cleared when the next turn starts."""

    seat: str
    number: int
    actions: int = 0  # actions that counted against the limit of two
    used: list[int] = field(default_factory=list)  # Network assets already used for an action this turn
    paid: list[int] = field(default_factory=list)  # market cards the seat placed influence on this turn
    #: Pieces placed this turn, "kind:where:owner" -> count; the component-limits rule may not take these.
    placed: Counts = field(default_factory=dict)
    #: Anything else a rule or special ability must remember until the turn ends, as plain data.
    notes: dict[str, Any] = field(default_factory=dict)

    def encode(self) -> dict[str, Any]:
        """Plain data."""
        return {
            "seat": self.seat,
            "number": self.number,
            "actions": self.actions,
            "used": list(self.used),
            "paid": list(self.paid),
            "placed": dict(sorted(self.placed.items())),
            "notes": copy.deepcopy(dict(sorted(self.notes.items()))),
        }

    @classmethod
    def decode(cls, data: Mapping[str, Any]) -> TurnState:
        """The inverse of encode."""
        return cls(data["seat"], data["number"], data["actions"], list(data["used"]), list(data["paid"]),
                   dict(data["placed"]), copy.deepcopy(dict(data["notes"])))

    def clone(self) -> TurnState:
        """An independent copy."""
        return TurnState(self.seat, self.number, self.actions, list(self.used), list(self.paid),
                         dict(self.placed), copy.deepcopy(self.notes))


@dataclass
class GameState:
    """The whole game: seats, map pieces, market, deck, climate, objective, the Rocinante and the turn.

    Market slots hold a card number (assets 1-100, events 101-116) or None; `market_influence` is the influence
    lying on each slot (it stays on an empty slot until a card moves in). `deck[0]` is the top of the draw deck.
    `seats` is the seating order as given; `order` is the turn order, from the first player.
    """

    seats: list[str]
    players: dict[str, Player]
    order: list[str] = field(default_factory=list)
    climate: str = "peace"
    objective: str = "belt"
    deck: list[int] = field(default_factory=list)
    market: list[list[int | None]] = field(default_factory=lambda: [[None] * COLUMNS for _ in range(ROWS)])
    market_influence: list[list[int]] = field(default_factory=lambda: [[0] * COLUMNS for _ in range(ROWS)])
    discard: list[int] = field(default_factory=list)  # the last item is the top of the discard pile
    unused: list[int] = field(default_factory=list)  # assets left out of the deck at setup (hidden)
    supporters: dict[str, Counts] = field(default_factory=dict)  # region -> seat -> supporters
    fleets: dict[str, Counts] = field(default_factory=dict)  # region -> faction -> fleets
    transports: dict[str, Counts] = field(default_factory=dict)  # border -> faction -> transports
    agents: dict[str, Counts] = field(default_factory=dict)  # str(asset number) -> seat -> agents
    effects: list[Effect] = field(default_factory=list)  # event effects in force, oldest first
    rocinante: Rocinante = field(default_factory=lambda: Rocinante("outer_planets"))
    phase: str = "loyalty"  # see PHASES
    current: str = ""  # the seat whose turn it is
    turn_number: int = 0  # seat turns begun so far (the first turn is 1)
    round: int = 0  # rounds begun so far (a round: every seat's turn, then the Rocinante's)
    checks: list[int] = field(default_factory=list)  # Dominance Checks resolved, by check number, in order
    turn: TurnState | None = None
    paused: Paused | None = None
    standing: dict[str, dict[str, Any]] = field(default_factory=dict)  # seat -> standing orders
    winners: list[str] = field(default_factory=list)
    end_reason: str = ""
    #: A paused turn asks each seat every question it can at once (games made with the option
    #: `questions: together`); encoded only when set, so the states of older games stay as they were.
    together: bool = False

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

    def encode(self) -> dict[str, Any]:
        """Canonical plain data (JSON-compatible)."""
        data: dict[str, Any] = {
            "seats": list(self.seats),
            "players": {s: self.players[s].encode() for s in self.seats},
            "order": list(self.order),
            "climate": self.climate,
            "objective": self.objective,
            "deck": list(self.deck),
            "market": [list(row) for row in self.market],
            "market_influence": [list(row) for row in self.market_influence],
            "discard": list(self.discard),
            "unused": list(self.unused),
            "supporters": _encode_nested(self.supporters),
            "fleets": _encode_nested(self.fleets),
            "transports": _encode_nested(self.transports),
            "agents": _encode_nested(self.agents),
            "effects": [e.encode() for e in self.effects],
            "rocinante": self.rocinante.encode(),
            "phase": self.phase,
            "current": self.current,
            "turn_number": self.turn_number,
            "round": self.round,
            "checks": list(self.checks),
            "turn": self.turn.encode() if self.turn else None,
            "paused": self.paused.encode(LAYOUT) if self.paused else None,
            "standing": {s: copy.deepcopy(dict(sorted(self.standing[s].items()))) for s in sorted(self.standing)},
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
            order=list(data["order"]),
            climate=data["climate"],
            objective=data["objective"],
            deck=list(data["deck"]),
            market=[list(row) for row in data["market"]],
            market_influence=[list(row) for row in data["market_influence"]],
            discard=list(data["discard"]),
            unused=list(data["unused"]),
            supporters=_decode_nested(data["supporters"]),
            fleets=_decode_nested(data["fleets"]),
            transports=_decode_nested(data["transports"]),
            agents=_decode_nested(data["agents"]),
            effects=[Effect.decode(e) for e in data["effects"]],
            rocinante=Rocinante.decode(data["rocinante"]),
            phase=data["phase"],
            current=data["current"],
            turn_number=data["turn_number"],
            round=data["round"],
            checks=list(data["checks"]),
            turn=TurnState.decode(data["turn"]) if data["turn"] else None,
            paused=Paused.decode(data["paused"], LAYOUT) if data["paused"] else None,
            standing={s: copy.deepcopy(dict(v)) for s, v in data["standing"].items()},
            winners=list(data["winners"]),
            end_reason=data["end_reason"],
            together=data.get(QUESTIONS) == TOGETHER,
        )

    def clone(self) -> GameState:
        """An independent copy (turns run on copies); hand-written because robots clone often."""
        return GameState(
            seats=list(self.seats),
            players={s: p.clone() for s, p in self.players.items()},
            order=list(self.order),
            climate=self.climate,
            objective=self.objective,
            deck=list(self.deck),
            market=[list(row) for row in self.market],
            market_influence=[list(row) for row in self.market_influence],
            discard=list(self.discard),
            unused=list(self.unused),
            supporters={k: dict(v) for k, v in self.supporters.items()},
            fleets={k: dict(v) for k, v in self.fleets.items()},
            transports={k: dict(v) for k, v in self.transports.items()},
            agents={k: dict(v) for k, v in self.agents.items()},
            effects=[e.clone() for e in self.effects],
            rocinante=self.rocinante.clone(),
            phase=self.phase,
            current=self.current,
            turn_number=self.turn_number,
            round=self.round,
            checks=list(self.checks),
            turn=self.turn.clone() if self.turn else None,
            paused=self.paused.clone() if self.paused else None,
            standing=copy.deepcopy(self.standing),
            winners=list(self.winners),
            end_reason=self.end_reason,
            together=self.together,
        )


def _encode_nested(nested: Mapping[str, Counts]) -> dict[str, dict[str, int]]:
    return {k: dict(sorted(v.items())) for k, v in sorted(nested.items()) if v}


def _decode_nested(data: Mapping[str, Mapping[str, int]]) -> dict[str, Counts]:
    return {k: dict(v) for k, v in data.items()}
