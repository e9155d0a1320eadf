"""A toy Pax game for the kernel's tests: cards numbered by suit, no map, the kernel's rules with a few hooks."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.pax.context import Context
from games.pax.market import COLUMNS, ROWS
from games.pax.rules import PaxRules

#: Toy cards: 1-9 are of suit "war", 10-19 "trade", 20+ "spy"; 90-94 are events, 95-98 Dominance Checks.
ACTIONS = ("extort", "rally", "combat")


def suit(card: int) -> str:
    """The toy card's suit."""
    return "war" if card < 10 else "trade" if card < 20 else "spy"


@dataclass
class ToySeat:
    """A seat: money and tableau."""

    money: int = 10
    tableau: list[int] = field(default_factory=list)
    hand: list[int] = field(default_factory=list)


@dataclass
class ToyTurn:
    """The turn in progress."""

    seat: str
    actions: int = 0
    used: list[int] = field(default_factory=list)
    paid: list[int] = field(default_factory=list)


@dataclass
class ToyState:
    """The state the kernel works on."""

    seats: list[str]
    players: dict[str, ToySeat]
    current: str = ""
    market: list[list[int | None]] = field(default_factory=lambda: [[None] * COLUMNS for _ in range(ROWS)])
    market_money: list[list[int]] = field(default_factory=lambda: [[0] * COLUMNS for _ in range(ROWS)])
    turn: ToyTurn | None = None
    standing: dict[str, dict[str, Any]] = field(default_factory=dict)
    favoured: str = "war"
    controllers: dict[str, str] = field(default_factory=dict)  # region -> seat
    supporters: dict[str, dict[str, int]] = field(default_factory=dict)  # region -> seat -> supporters
    agents: dict[int, dict[str, int]] = field(default_factory=dict)  # card -> seat -> agents
    prosperity: bool = False  # waives play bribes
    deck: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    resolved: list[list[int]] = field(default_factory=list)  # Dominance Checks resolved, by their cards


class ToyRules(PaxRules[ToyState]):
    """The kernel's rules with toy hooks: the favoured suit is the state's; card 13 takes no money."""

    TABLEAU = "network"
    MONEY_UNIT = "influence"
    MONEY_NOUN = "influence"

    def card_actions(self, card: int) -> tuple[str, ...]:
        """Every toy card shows every action."""
        return ACTIONS

    def card_title(self, card: int) -> str:
        """Cards are named by number."""
        return f"Card {card}"

    def is_favoured(self, state: ToyState, seat: str, card: int) -> bool:
        """A card of the state's favoured suit."""
        return suit(card) == state.favoured

    def favoured_name(self, state: ToyState) -> str:
        """The favoured suit."""
        return state.favoured

    def takes_money(self, card: int) -> bool:
        """Card 13 is the toy's Public Withdrawal."""
        return card != 13

    def card_region(self, card: int) -> str:
        """Odd cards are of earth, even ones of mars."""
        return "earth" if card % 2 else "mars"

    def controller(self, state: ToyState, region: str) -> str | None:
        """As the state says."""
        return state.controllers.get(region)

    def controller_pieces(self, state: ToyState, seat: str, region: str) -> int:
        """The controller's supporters there."""
        return state.supporters.get(region, {}).get(seat, 0)

    def agents_on(self, state: ToyState, card: int) -> dict[str, int]:
        """As the state says."""
        return state.agents.get(card, {})

    def owner_of(self, state: ToyState, card: int) -> str | None:
        """The seat with the card in its tableau."""
        return next((s for s in state.seats if card in state.players[s].tableau), None)

    def tableau_limit(self, state: ToyState, seat: str) -> int:
        """Three, plus one for each spy card in the tableau."""
        return 3 + sum(1 for n in state.players[seat].tableau if suit(n) == "spy")

    def hand_limit(self, state: ToyState, seat: str) -> int:
        """Two."""
        return 2

    def discard_from_tableau(self, ctx: Context[ToyState], seat: str, card: int, why: str) -> None:
        """To the discard pile."""
        ctx.state.players[seat].tableau.remove(card)
        ctx.state.discard.append(card)

    def discard_from_hand(self, ctx: Context[ToyState], seat: str, card: int, why: str) -> None:
        """To the discard pile."""
        ctx.state.players[seat].hand.remove(card)
        ctx.state.discard.append(card)

    def is_event(self, card: int) -> bool:
        """90 and up."""
        return card >= 90

    def is_dominance_check(self, card: int) -> bool:
        """95 and up."""
        return card >= 95

    def event_discarded(self, ctx: Context[ToyState], card: int) -> None:
        """To the discard pile, reported."""
        ctx.state.discard.append(card)
        ctx.emit(f"event {card} discarded", kind="event", card=card)

    def resolve_check(self, ctx: Context[ToyState], checks: list[int]) -> None:
        """Recorded."""
        ctx.state.resolved.append(checks)

    def bribes_waived(self, state: ToyState, payer: str, kind: str) -> bool:
        """Prosperity waives the play bribe, never the hostage bribe."""
        return state.prosperity and kind == "play"


RULES = ToyRules()


def toy_state(market: list[list[int | None]] | None = None) -> ToyState:
    """Three seats, anna's turn begun, a market (full unless given)."""
    seats = ["anna", "bob", "cati"]
    state = ToyState(seats, {s: ToySeat() for s in seats}, current="anna", turn=ToyTurn("anna"))
    if market is not None:
        state.market = [list(row) for row in market]
    else:
        state.market = [[30 + c for c in range(COLUMNS)], [40 + c for c in range(COLUMNS)]]
    return state


def toy_context(state: ToyState, order: dict[str, Any] | None = None) -> Context[ToyState]:
    """A context for anna's step."""
    return Context(state, "anna", order or {})
