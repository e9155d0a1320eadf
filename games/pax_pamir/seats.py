"""The rules as they apply to each kind of seat: a person's seat, or an automated opponent with rules of her own.

Pax Pamir's rules code never asks which automaton a seat is: it asks `seat_rules(state, seat)` one of these named
hooks. Wakhan's genuine rule differences (rulebook, "Playing with Wakhan") are the overrides of `WakhanSeat`, and
the words of her lines are `wakhan/wording.py`'s; her decisions are her planners' (wakhan/), which write order
entries that the same rules code as a person's resolves.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from games.pax_pamir.state import GameState
from games.pax_pamir.wakhan import AUTOMATON as WAKHAN
from games.pax_pamir.wakhan import wording
from games.pax_pamir.wakhan.deck import public

if TYPE_CHECKING:
    from games.pax_pamir.context import Context


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

    def coalition(self, state: GameState, seat: str) -> str | None:
        """The coalition of the armies and roads `seat` places, moves and fights with: its loyalty."""
        return state.players[seat].loyalty

    def armies_need_roads(self, state: GameState, seat: str) -> bool:
        """True when `seat`'s armies cross a border only along a road of their coalition."""
        return True

    def loyal_to_every_coalition(self, state: GameState, seat: str) -> bool:
        """True for a seat that never changes loyalty: a patriot or a prize of any coalition is simply kept."""
        return False

    def discards_unplayed(self, state: GameState, seat: str) -> bool:
        """True when a card `seat` could not play (its bribe not paid) is discarded; a person keeps it in hand."""
        return False

    def counts_as_action(self, state: GameState, seat: str, kind: str) -> bool:
        """True when a core entry (purchase, play) uses one of the turn's actions: for a person, each does."""
        return True

    def fill(self, ctx: Context, kind: str, card: int, params: dict[str, Any]) -> dict[str, Any]:
        """The details of a card-based action, once any hostage bribe is settled: a person's are in the order."""
        return params

    def announce(self, ctx: Context, kind: str, data: dict[str, Any]) -> None:
        """Said once an action's cost is paid, before its pieces move: a person's actions say nothing there."""

    def safe_house_question(self, ctx: Context, owner: str, site: int, index: int,
                            asked: tuple[str, str]) -> tuple[str, str]:
        """The key and words of the question whether `owner`'s spy removed from `site` by this seat's battle takes
        refuge in a Safe House: `asked`, as the rules put it."""
        return asked

    def report(self, ctx: Context, text: str, data: dict[str, Any]) -> None:
        """An action's own line in the events, as the rules word it."""
        ctx.emit(text, **data)


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

    def coalition(self, state: GameState, seat: str) -> str | None:
        """Her armies and roads are of her pragmatic loyalty, whatever a patriot's colour."""
        return wording.coalition(state, seat)

    def armies_need_roads(self, state: GameState, seat: str) -> bool:
        """Her armies move to any neighbouring region, road or none."""
        return False

    def loyal_to_every_coalition(self, state: GameState, seat: str) -> bool:
        """She keeps prizes and patriots of any coalition, and her loyalty never changes."""
        return True

    def discards_unplayed(self, state: GameState, seat: str) -> bool:
        """A card she bought but cannot pay the ruler's bribe for is discarded."""
        return True

    def counts_as_action(self, state: GameState, seat: str, kind: str) -> bool:
        """Radicalize is one action: the purchase counts, playing the card just bought does not."""
        return kind != "play"

    def fill(self, ctx: Context, kind: str, card: int, params: dict[str, Any]) -> dict[str, Any]:
        """Her details planned again on the state after the hostage bribe (when they can still be taken)."""
        replan = getattr(ctx, "replan", None)  # her turn's context (decide.WakhanContext) carries her planner
        again = replan(ctx.state, card) if replan is not None else None
        if again is None:
            return params
        return {k: v for k, v in again.items() if k not in ("action", "card")}

    def announce(self, ctx: Context, kind: str, data: dict[str, Any]) -> None:
        """Her Build is told once paid for; a spy her battle removes, before its owner is asked."""
        wording.announce(ctx, kind, data)

    def safe_house_question(self, ctx: Context, owner: str, site: int, index: int,
                            asked: tuple[str, str]) -> tuple[str, str]:
        """Her battle's Safe House question, keyed and worded as her stored games have it."""
        return wording.safe_house_question(ctx, owner, site)

    def report(self, ctx: Context, text: str, data: dict[str, Any]) -> None:
        """The rules' lines for her actions, in her reports' words and data."""
        wording.report(ctx, text, data)


#: The rules of each kind of seat, by `Player.automaton` (None: a person).
SEATS: Mapping[str | None, SeatRules] = {None: SeatRules(), WAKHAN: WakhanSeat()}


def seat_rules(state: GameState, seat: str) -> SeatRules:
    """The rules that apply to `seat`."""
    return SEATS[state.players[seat].automaton]


def report(ctx: Context, text: str, **data: Any) -> None:
    """Emit an action's own line through the acting seat's rules (an automaton words it its own way)."""
    seat_rules(ctx.state, ctx.seat).report(ctx, text, dict(data))
