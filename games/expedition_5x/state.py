"""The game state as records (`engine.record`), with a canonical encoding to JSON-compatible data.

Each field declares only how its stored form differs from the plain one (`kept`): the players, the choices held
and the cards last revealed are stored in seating order, and a bid by case with its cases in `BID_CASES` order.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from typing import Any

from engine.record import Record, kept

#: Stages of a round: every non-scout (or everyone) chooses, then last round's scouts choose late, then the
#: Excavate players whose order gave no bid for the auction that arose bid after the reveal.
CHOOSE, SCOUT, BID, OVER = "choose", "scout", "bid", "over"
#: The two auctions an Excavate player may bid for in advance (rulebook: Holding an Auction).
ALONE, CONTESTED = "alone", "contested"
BID_CASES: tuple[str, ...] = (ALONE, CONTESTED)


class Group(Record):
    """A row of connected cards, left to right; tops[i] says which card lies on top at junction i."""

    cards: list[str]
    tops: list[str] = field(default_factory=list)  # "left" or "right", one per junction


class Wish(Record):
    """One technology a bidder wants, with placement constraints ("any" leaves the choice to the policy)."""

    card: str
    left: str = "any"  # "any", "none" or the id of the card whose right side takes the new card's left side
    left_top: str = "any"  # "any", "new" or "old": which card lies on top at that junction
    right: str = "any"
    right_top: str = "any"


class Choice(Record):
    """An accepted order: the action card, and for Excavate the bid and the wish list."""

    action: str
    # A plain number bids the same in either auction; a mapping bids by case (alone, contested), and a case
    # it leaves out is asked after the reveal. 0 for every other card.
    bid: int | dict[str, int] = kept(default=0, key_order=BID_CASES)
    wishes: list[Wish] = field(default_factory=list)


def auction_case(choices: Mapping[str, Choice]) -> str:
    """Which auction this round's revealed cards make: one Excavate player alone, or several contested."""
    return ALONE if sum(1 for c in choices.values() if c.action == "excavate") == 1 else CONTESTED


def bid_for(choice: Choice, case: str) -> int | None:
    """The bid a choice makes in this case of auction, or None when it must still be asked."""
    if isinstance(choice.bid, int):
        return choice.bid
    return choice.bid.get(case)


class Player(Record):
    """One clan: water behind the screen, hand, discard pile, settlement and technologies."""

    water: int
    hand: list[str]
    discards: list[str]
    settlement: str
    tableau: list[Group]
    late: bool = False  # played Scout last round, so chooses after the others this round


class State(Record):
    """Everything about one game of Expedition to 5X."""

    seats: list[str]
    round: int
    stage: str
    deck: list[str]  # top card first; the top card is face up
    market: list[str]  # oldest first
    discard: list[str]  # technologies discarded from the market
    players: dict[str, Player] = kept(order_by="seats")
    #: Choices held while the scouts decide.
    pending: dict[str, Choice] = kept(default_factory=dict, order_by="seats", added=True)
    #: Cards revealed in the last resolved round.
    last_played: dict[str, str] = kept(default_factory=dict, order_by="seats", added=True)


def encode_state(state: State) -> dict[str, Any]:
    """Canonical JSON-compatible data (players and pending in seating order)."""
    return state.encode()


def decode_state(data: Mapping[str, Any]) -> State:
    """The inverse of encode_state."""
    return State.decode(data)
