"""Pax Expanse's rules object: the shared Pax kernel with Pax Expanse's differences as its named hooks."""

from __future__ import annotations

from typing import Any

from games.pax.context import Question
from games.pax.rules import PaxRules
from games.pax_expanse import abilities, cards, queries
from games.pax_expanse.state import GameState


def _effect_kind(card: int) -> str | None:
    event = cards.events().get(card)
    return event.purchased.kind if event is not None else None


class ExpanseRules(PaxRules[GameState]):
    """The kernel's market and turn frame, named and priced the Pax Expanse way."""

    TABLEAU = "Network"

    def card_actions(self, card: int) -> tuple[str, ...]:
        """The actions printed on an asset."""
        return cards.assets()[card].actions

    def card_title(self, card: int) -> str:
        """An asset or event as players name it."""
        return cards.card(card).name

    def is_favoured(self, state: GameState, seat: str, card: int) -> bool:
        """True when the asset's suit is the one the climate favours (or one an event makes count as favoured);
        an asset with Opportunist always counts as of the favoured suit."""
        return (abilities.is_opportunist(state, seat, card)
                or cards.assets()[card].suit in queries.favoured_suits(state, seat))

    def free_purchase(self, state: GameState, seat: str, card: int) -> bool:
        """Tycho Contracts, Outer Planets Contracts and Martian Patronage make some assets free to their holder."""
        return abilities.free_purchase(state, seat, card)

    def favoured_name(self, state: GameState) -> str:
        """The climate and the suit it favours, in words."""
        suit = queries.favoured_suit(state)
        climate = next(c.name for c in cards.board().climate if c.id == state.climate)
        return f"{cards.board().suit_names[suit].lower()} under {climate}"

    def never_purchasable(self, card: int) -> bool:
        """An event that can never be bought (Quarantine Zone)."""
        return _effect_kind(card) == "cannot_be_purchased"

    def takes_money(self, card: int) -> bool:
        """Influence due to a card that can never be bought goes back to the bank instead."""
        return not self.never_purchasable(card)

    def money_lost_on(self, ctx: Any, card: int, amount: int) -> None:
        """Report influence returned to the bank instead of lying on a card that can never be bought."""
        ctx.emit(f"{amount} influence due to {self.card_title(card)} goes back to the bank", kind="influence-to-bank",
                 amount=amount, card=card)

    def cost_left_over(self, ctx: Any, seat: str, amount: int) -> None:
        """Report the part of an action cost that found no market card (it goes back to the bank)."""
        ctx.emit(f"{amount} influence of {seat}'s action cost finds no market card and goes back to the bank",
                 kind="influence-to-bank", amount=amount)

    def odd_share_row(self, ctx: Any, seat: str) -> int:
        """An odd action cost: the payer chooses the row that takes the last influence (rulebook, Action Costs)."""
        row = ctx.ask(Question(seat, ctx.serial("odd-row"), "choice",
                               "an odd action cost: the market row (1 top, 2 bottom) that takes the last influence",
                               (1, 2), default=1))
        return int(row) - 1


RULES = ExpanseRules()
