"""Where the rules treat a seat differently by who plays it: a person's way is this module's `Conduct`; a seat the
game plays itself (Player.automaton, e.g. Wakhan) has a subclass overriding the named methods, as chess variants
override a board's. The rules code asks `conduct_of(state, seat)` and never tests an automaton's name.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from games.pax_pamir.state import GameState

if TYPE_CHECKING:
    from games.pax_pamir.context import Context


class Conduct:
    """A person's conduct: the rules as the rulebook's main pages state them."""

    def coalition(self, state: GameState, seat: str) -> str | None:
        """The coalition of the armies and roads `seat` places, moves and fights with: its loyalty."""
        return state.players[seat].loyalty

    def ruling_armies(self, state: GameState, seat: str, region: str) -> int:
        """The armies in `region` that count for `seat` when ruling it: those of its coalition."""
        loyalty = state.players[seat].loyalty
        return state.armies.get(region, {}).get(loyalty, 0) if loyalty else 0

    def discards_for_leverage(self, state: GameState, seat: str) -> bool:
        """True when `seat`, short of rupees repaying a leveraged card, discards a card per rupee missing."""
        return True

    def armies_need_roads(self, state: GameState, seat: str) -> bool:
        """True when `seat`'s armies cross a border only along a road of their coalition."""
        return True

    def loyal_to_every_coalition(self, state: GameState, seat: str) -> bool:
        """True for a seat that never changes loyalty: a patriot or a prize of any coalition is simply kept, and
        at a Dominance Check it is in the running for whichever coalition is dominant."""
        return False

    def fill(self, ctx: Context, kind: str, card: int, params: dict[str, Any]) -> dict[str, Any]:
        """The details of a card-based action, once any hostage bribe is settled: a person's are in the order."""
        return params

    def discards_unplayed(self, state: GameState, seat: str) -> bool:
        """True when a card `seat` could not play (its bribe not paid) is discarded; a person keeps it in hand."""
        return False

    def counts_as_action(self, state: GameState, seat: str, kind: str) -> bool:
        """True when a core entry (purchase, play) uses one of the turn's actions: for a person, each does."""
        return True

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


PERSON = Conduct()


def conduct_of(state: GameState, seat: str) -> Conduct:
    """The conduct of `seat`: a person's, or that of the automaton playing it (its package's `conduct` module)."""
    automaton = state.players[seat].automaton if seat in state.players else None
    if automaton is None:
        return PERSON
    module = importlib.import_module(f"games.pax_pamir.{automaton}.conduct")
    found: Conduct = module.CONDUCT
    return found


def report(ctx: Context, text: str, **data: Any) -> None:
    """Emit an action's own line through the acting seat's conduct."""
    conduct_of(ctx.state, ctx.seat).report(ctx, text, dict(data))
