"""The rules as they apply to each kind of seat: a person's seat, or an automated opponent with rules of her own.

Pax Pamir's rules code never asks which automaton a seat is: it asks `seat_rules(state, seat)` one of these named
hooks. Wakhan's genuine rule differences (rulebook, "Playing with Wakhan") are the overrides of `WakhanSeat`;
her decisions are her planners' (wakhan/), not rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.pax_pamir.state import GameState
from games.pax_pamir.wakhan import AUTOMATON as WAKHAN
from games.pax_pamir.wakhan.deck import public


class SeatRules:
    """The rules for a person's seat (the rulebook's)."""

    def ruling_armies(self, state: GameState, seat: str, region: str) -> int:
        """The armies in `region` that count as `seat`'s ruling pieces: those of its coalition."""
        loyalty = state.players[seat].loyalty
        return state.armies.get(region, {}).get(loyalty, 0) if loyalty else 0

    def competes_in_check(self, state: GameState, seat: str, coalition: str) -> bool:
        """True when `seat` scores by influence in a check `coalition` dominates: it is loyal to it."""
        return state.players[seat].loyalty == coalition

    def counts_toward(self, card_coalition: str | None, coalition: str | None) -> bool:
        """Whether a patriot or prize of `card_coalition` adds to `seat`'s influence with `coalition`: all do,
        the seat being loyal to one coalition only."""
        return True

    def repays_leverage_with_cards(self) -> bool:
        """True when a seat short of rupees to repay leverage discards cards instead."""
        return True

    def public_view(self, state: GameState) -> dict[str, Any] | None:
        """What the table sees of this kind of seat beyond the ordinary (None: nothing)."""
        return None


class WakhanSeat(SeatRules):
    """Wakhan's rule differences: she is loyal to every coalition at once."""

    def ruling_armies(self, state: GameState, seat: str, region: str) -> int:
        """Her ruling pieces count only the most numerous armies of a single coalition in the region."""
        return max(state.armies.get(region, {}).values(), default=0)

    def competes_in_check(self, state: GameState, seat: str, coalition: str) -> bool:
        """Loyal to every coalition, she is always in the running."""
        return True

    def counts_toward(self, card_coalition: str | None, coalition: str | None) -> bool:
        """Toward one coalition, only her patriots and prizes of that coalition count."""
        return coalition is None or card_coalition == coalition

    def repays_leverage_with_cards(self) -> bool:
        """Short of rupees for leverage, she discards no cards."""
        return False

    def public_view(self, state: GameState) -> dict[str, Any] | None:
        """Her AI cards in view: the one she plays by and the back she read."""
        return public(state)


#: The rules of each kind of seat, by `Player.automaton` (None: a person).
SEATS: Mapping[str | None, SeatRules] = {None: SeatRules(), WAKHAN: WakhanSeat()}


def seat_rules(state: GameState, seat: str) -> SeatRules:
    """The rules that apply to `seat`."""
    return SEATS[state.players[seat].automaton]
