"""Wakhan's AI deck: the order kept in the state, the draw, the card in play with the back she reads, the reshuffle.

Pax Pamir has no chance after setup except this reshuffle, so the deck order lives in the state (her seat's entry
of `state.automata`, never shown in a view) and a reshuffle draws from the Rng of the step that needs it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.rng import Rng

from games.pax_pamir import cards
from games.pax_pamir.cards import WakhanBack, WakhanFront
from games.pax_pamir.state import GameState

from games.pax_pamir.wakhan import AUTOMATON

KEY = "ai"


@dataclass
class AiDeck:
    """Her AI cards: the draw deck (top first), the face-up pile (last drawn last) and the card in play."""

    deck: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    card: int | None = None

    def encode(self) -> dict[str, Any]:
        """Plain data."""
        return {"deck": list(self.deck), "discard": list(self.discard), "card": self.card}

    @classmethod
    def decode(cls, data: dict[str, Any]) -> AiDeck:
        """The inverse of encode."""
        return cls(list(data["deck"]), list(data["discard"]), data["card"])


@dataclass(frozen=True)
class Reading:
    """What she decides by this turn: the drawn card's front and the back of the card now on top of the deck."""

    card: int
    back_of: int
    front: WakhanFront
    back: WakhanBack

    @property
    def row_side(self) -> str:
        """The red arrow: "top_left" (top row, left end of her court) or "bottom_right"."""
        return self.back.row_and_side(self.front)

    @property
    def column(self) -> int:
        """The black arrow: a market column, 0 (leftmost) to 5."""
        return self.back.column(self.front)

    @property
    def row(self) -> int:
        """The market row the red arrow names, 0 on top."""
        return 0 if self.row_side == "top_left" else 1

    @property
    def side(self) -> str:
        """The end of her court the red arrow names."""
        return "left" if self.row_side == "top_left" else "right"

    def describe(self) -> str:
        """The reading in plain words, for the report."""
        f = self.front
        return (f"AI card {self.card}: actions {', '.join(f.actions)}; loyalty order {', '.join(f.loyalty_order)}; "
                f"region order {', '.join(f.region_order)}. Back of AI card {self.back_of}: the red arrow reads "
                f"{'top row / left' if self.row_side == 'top_left' else 'bottom row / right'}, the black arrow "
                f"column {self.column + 1}.")


def seat_of(state: GameState) -> str | None:
    """Wakhan's seat, or None when she is not in this game."""
    return next((s for s in state.seats if state.players[s].automaton == AUTOMATON), None)


def is_wakhan(state: GameState, seat: str) -> bool:
    """True when `seat` is played by Wakhan."""
    return seat in state.players and state.players[seat].automaton == AUTOMATON


def load(state: GameState) -> AiDeck:
    """Her AI deck as kept in the state."""
    seat = seat_of(state)
    assert seat is not None, "Wakhan is not in this game"
    return AiDeck.decode(state.automata[seat][KEY])


def store(state: GameState, ai: AiDeck) -> None:
    """Write her AI deck back into the state."""
    seat = seat_of(state)
    assert seat is not None, "Wakhan is not in this game"
    state.automata.setdefault(seat, {})[KEY] = ai.encode()


def shuffled(rng: Rng) -> AiDeck:
    """The 24 AI cards shuffled face down (setup)."""
    order = sorted(cards.wakhan_cards())
    rng.shuffle(order)
    return AiDeck(order)


def draw(state: GameState, rng: Rng) -> list[str]:
    """Draw the next AI card onto the face-up pile; reshuffle all of them when no card is left to read the back of.

    The rulebook reshuffles the whole pile, the card just drawn included, and draws again, so there is always a
    back to read. Returns what happened, in words.
    """
    ai = load(state)
    said = []
    ai.card = ai.deck.pop(0)
    ai.discard.append(ai.card)
    if not ai.deck:
        ai.deck = sorted(ai.discard)
        rng.shuffle(ai.deck)
        ai.discard = []
        said.append(f"Wakhan's AI deck is empty after drawing card {ai.card}: all 24 AI cards are reshuffled "
                    "and she draws again.")
        ai.card = ai.deck.pop(0)
        ai.discard.append(ai.card)
    store(state, ai)
    return said


def reading(state: GameState) -> Reading:
    """The card in play read with the back of the top card of the AI deck."""
    ai = load(state)
    assert ai.card is not None and ai.deck, "Wakhan has not drawn an AI card"
    drawn, top = cards.wakhan_cards()[ai.card], cards.wakhan_cards()[ai.deck[0]]
    return Reading(ai.card, top.number, drawn.front, top.back)


def public(state: GameState) -> dict[str, Any] | None:
    """What everyone may see of her AI deck: the card in play, the back on top, and how many cards are left.

    The order of the deck below its top card is hidden, like any face-down deck. None when she is not playing.
    """
    if seat_of(state) is None:
        return None
    ai = load(state)
    drawn = cards.wakhan_cards()[ai.card].front if ai.card is not None else None
    back = cards.wakhan_cards()[ai.deck[0]].back if ai.deck else None
    return {
        "card": ai.card,
        "actions": list(drawn.actions) if drawn else [],
        "loyalty_order": list(drawn.loyalty_order) if drawn else [],
        "region_order": list(drawn.region_order) if drawn else [],
        "back_of": ai.deck[0] if ai.deck else None,
        "back_columns": [c + 1 for c in back.column_numbers] if back else [],
        "back_rows": list(back.row_side) if back else [],
        "reading": reading(state).describe() if drawn and back else None,
        "deck_count": len(ai.deck),
        "face_up": list(ai.discard),
    }
