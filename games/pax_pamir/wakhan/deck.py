"""Wakhan's AI deck: the order kept in the state, the draw, the card in play with the back she reads, the reshuffle.

Pax Pamir has no chance after setup except this reshuffle, so the deck order lives in the state (her seat's entry
of `state.automata`, never shown in a view) and a reshuffle draws from the Rng of the step that needs it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.record import Record
from engine.rng import Rng
from games.pax_pamir import cards, names
from games.pax_pamir.cards import WakhanBack, WakhanFront
from games.pax_pamir.state import GameState
from games.pax_pamir.wakhan import AUTOMATON

KEY = "ai"

#: Each action code of the AI cards in a few plain words, for the reports (data/wakhan.yaml has the long form).
LABELS: dict[str, str] = {
    "radicalize": "radicalize",
    "tax": "tax",
    "gift": "gift",
    "build": "build",
    "move": "move",
    "betray": "betray",
    "battle": "battle",
    "radicalize_top_military_if_military_favored":
        "if military is the favored suit, radicalize the highest-ranked military card",
    "radicalize_top_economic_if_political_favored":
        "if political is the favored suit, radicalize the highest-ranked economic card",
    "radicalize_top_political": "radicalize the highest-ranked political card",
    "radicalize_top_intelligence": "radicalize the highest-ranked intelligence card",
    "radicalize_richest_if_short_of_rupees": "if she has fewer than 2 rupees, radicalize the card netting her most",
    "radicalize_to_gain_rule": "radicalize a card that makes her the ruler of a region",
    "radicalize_intelligence": "radicalize an intelligence card",
    "radicalize_most_blocks": "radicalize the card placing the most armies and roads",
    "radicalize_most_cylinders_if_no_dominance":
        "if no coalition is dominant, radicalize the card placing the most spies and tribes",
    "radicalize_move_card_if_none": "if no card of hers can move, radicalize a card that can",
    "radicalize_dominant_patriot": "if a coalition is dominant, radicalize one of its patriots",
    "radicalize_top_political_if_court_full": "if her court is full, radicalize the highest-ranked political card",
    "radicalize_top_intelligence_if_outspied":
        "if another player has more spies, radicalize the highest-ranked intelligence card",
    "battle_on_spied_card": "battle on the court card with the most spies among those carrying hers",
}


#: Positions on the back of an AI card, as the arrows on the front pick them.
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")


def label(code: str) -> str:
    """An action code in plain words."""
    return LABELS[code]


class AiDeck(Record):
    """Her AI cards: the draw deck (top first), the face-up pile (last drawn last) and the card in play; stored as
    the record codec stores it (engine/record.py), under the automaton's key of the state."""

    deck: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    card: int | None = None


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
        """The reading in plain words, for the report: the front, and the back as printed (which card carries
        that back stays hidden until she draws it, as the top of a face-down deck would)."""
        f, b = self.front, self.back
        actions = "; ".join(f"{i}. {label(code)}" for i, code in enumerate(f.actions, 1))
        rows = ", ".join("top" if r == "top_left" else "bottom" for r in b.row_side)
        arrow = ("top: the top market row and the left end of her court" if self.row_side == "top_left"
                 else "bottom: the bottom market row and the right end of her court")
        return (f"AI card {self.card} lists the actions {actions}. Its loyalty order is "
                f"{', '.join(map(names.coalition, f.loyalty_order))}; its region order "
                f"{', '.join(map(names.region, f.region_order))}. The back of the next "
                f"AI card shows the columns {', '.join(str(c) for c in b.column_numbers)} and the rows {rows}: the "
                f"black arrow picks the {ORDINALS[f.column_arrow]}, {self.column} (market column {self.column + 1} "
                f"from the left), and the red arrow the {ORDINALS[f.row_side_arrow]}, {arrow}.")


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


def current_reading(state: GameState) -> Reading | None:
    """The AI card she is playing by (the last one drawn), or None before her first draw."""
    ai = load(state)
    return reading(state) if ai.card is not None and ai.deck else None


def pragmatic_loyalty(state: GameState, reading: Reading, seat: str) -> str:
    """The leftmost coalition on the AI card that no other player is loyal to."""
    taken = {state.players[s].loyalty for s in state.seats if s != seat}
    return next((c for c in reading.front.loyalty_order if c not in taken), reading.front.loyalty_order[0])


def public(state: GameState) -> dict[str, Any] | None:
    """What everyone may see of her AI deck: the card in play, the back on top, and how many cards are left.

    The deck is face down: only the back of its top card shows, never which card that is, nor the order below
    it. `back_columns` are the numbers printed on that back (0-5, a market column counted from 0). None when
    she is not playing.
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
        "back_columns": list(back.column_numbers) if back else [],
        "back_rows": list(back.row_side) if back else [],
        "reading": reading(state).describe() if drawn and back else None,
        "deck_count": len(ai.deck),
        "face_up": list(ai.discard),
    }
