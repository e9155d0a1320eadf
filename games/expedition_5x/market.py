"""Phase I: revealing a new technology into the market, which holds at most players - 1 cards."""

from __future__ import annotations

from engine.contract import Event
from games.expedition_5x.cards import Cards
from games.expedition_5x.ledger import note
from games.expedition_5x.state import State


def market_limit(players: int) -> int:
    """The most technologies the market may hold."""
    return players - 1


def reveal_technology(state: State, deck: Cards, events: list[Event]) -> None:
    """Move the deck's top card into the market; past the limit, the card there longest is discarded."""
    card = state.deck.pop(0)
    state.market.append(card)
    text = f"Round {state.round}: {card} ({deck.name(card)}) joins the market."
    if len(state.market) > market_limit(len(state.seats)):
        oldest = state.market.pop(0)
        state.discard.append(oldest)
        text += f" {oldest} ({deck.name(oldest)}) has been there longest and is discarded."
    if state.deck:
        text += f" The deck now shows {state.deck[0]} ({deck.name(state.deck[0])})."
    else:
        text += " The deck is empty: this is the last round."
    note(events, text, "reveal", card=card)
