"""The game state as plain dataclasses, with a canonical encoding to JSON-compatible data."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

#: Stages of a round: every non-scout (or everyone) chooses, then last round's scouts choose late, then the
#: Excavate players whose order gave no bid for the auction that arose bid after the reveal.
CHOOSE, SCOUT, BID, OVER = "choose", "scout", "bid", "over"
#: The two auctions an Excavate player may bid for in advance (rulebook: Holding an Auction).
ALONE, CONTESTED = "alone", "contested"
BID_CASES: tuple[str, ...] = (ALONE, CONTESTED)


@dataclass
class Group:
    """A row of connected cards, left to right; tops[i] says which card lies on top at junction i."""

    cards: list[str]
    tops: list[str] = field(default_factory=list)  # "left" or "right", one per junction


@dataclass
class Wish:
    """One technology a bidder wants, with placement constraints ("any" leaves the choice to the policy)."""

    card: str
    left: str = "any"  # "any", "none" or the id of the card whose right side takes the new card's left side
    left_top: str = "any"  # "any", "new" or "old": which card lies on top at that junction
    right: str = "any"
    right_top: str = "any"


@dataclass
class Choice:
    """An accepted order: the action card, and for Excavate the bid and the wish list."""

    action: str
    # A plain number bids the same in either auction; a mapping bids by case (alone, contested), and a case
    # it leaves out is asked after the reveal. 0 for every other card.
    bid: int | dict[str, int] = 0
    wishes: list[Wish] = field(default_factory=list)


def auction_case(choices: Mapping[str, Choice]) -> str:
    """Which auction this round's revealed cards make: one Excavate player alone, or several contested."""
    return ALONE if sum(1 for c in choices.values() if c.action == "excavate") == 1 else CONTESTED


def bid_for(choice: Choice, case: str) -> int | None:
    """The bid a choice makes in this case of auction, or None when it must still be asked."""
    if isinstance(choice.bid, int):
        return choice.bid
    return choice.bid.get(case)


@dataclass
class Player:
    """One clan: water behind the screen, hand, discard pile, settlement and technologies."""

    water: int
    hand: list[str]
    discards: list[str]
    settlement: str
    tableau: list[Group]
    late: bool = False  # played Scout last round, so chooses after the others this round


@dataclass
class State:
    """Everything about one game of Expedition to 5X."""

    seats: list[str]
    round: int
    stage: str
    deck: list[str]  # top card first; the top card is face up
    market: list[str]  # oldest first
    discard: list[str]  # technologies discarded from the market
    players: dict[str, Player]
    pending: dict[str, Choice] = field(default_factory=dict)  # choices held while the scouts decide
    last_played: dict[str, str] = field(default_factory=dict)  # cards revealed in the last resolved round


def encode_state(state: State) -> dict[str, Any]:
    """Canonical JSON-compatible data (players and pending in seating order)."""

    def choice(c: Choice) -> dict[str, Any]:
        bid = c.bid if isinstance(c.bid, int) else {k: c.bid[k] for k in BID_CASES if k in c.bid}
        return {"action": c.action, "bid": bid, "wishes": [vars(w).copy() for w in c.wishes]}

    return {
        "seats": list(state.seats),
        "round": state.round,
        "stage": state.stage,
        "deck": list(state.deck),
        "market": list(state.market),
        "discard": list(state.discard),
        "players": {
            seat: {
                "water": p.water,
                "hand": list(p.hand),
                "discards": list(p.discards),
                "settlement": p.settlement,
                "tableau": [{"cards": list(g.cards), "tops": list(g.tops)} for g in p.tableau],
                "late": p.late,
            }
            for seat, p in ((s, state.players[s]) for s in state.seats)
        },
        "pending": {s: choice(state.pending[s]) for s in state.seats if s in state.pending},
        "last_played": {s: state.last_played[s] for s in state.seats if s in state.last_played},
    }


def decode_state(data: Mapping[str, Any]) -> State:
    """The inverse of encode_state."""
    players = {
        seat: Player(
            water=int(p["water"]),
            hand=[str(a) for a in p["hand"]],
            discards=[str(a) for a in p["discards"]],
            settlement=str(p["settlement"]),
            tableau=[Group([str(c) for c in g["cards"]], [str(t) for t in g["tops"]]) for g in p["tableau"]],
            late=bool(p["late"]),
        )
        for seat, p in data["players"].items()
    }
    def bid(value: Any) -> int | dict[str, int]:
        return {str(k): int(v) for k, v in value.items()} if isinstance(value, Mapping) else int(value)

    pending = {
        seat: Choice(str(c["action"]), bid(c["bid"]), [Wish(**{k: str(v) for k, v in w.items()}) for w in c["wishes"]])
        for seat, c in data.get("pending", {}).items()
    }
    return State(
        seats=[str(s) for s in data["seats"]],
        round=int(data["round"]),
        stage=str(data["stage"]),
        deck=[str(c) for c in data["deck"]],
        market=[str(c) for c in data["market"]],
        discard=[str(c) for c in data["discard"]],
        players=players,
        pending=pending,
        last_played={str(k): str(v) for k, v in data.get("last_played", {}).items()},
    )
