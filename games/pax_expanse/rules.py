"""Pax Expanse's rules object: the shared Pax kernel with Pax Expanse's differences as its named hooks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.pax.bribes import HOSTAGE
from games.pax.context import Question
from games.pax.rules import PaxRules
from games.pax_expanse import abilities, cards, dominance, events, network, queries
from games.pax_expanse.state import GameState

#: The name of the question asking which market row takes an odd action cost's last influence (its answers are
#: rows, not cards).
ODD_ROW = "odd-row"


def _effect_kind(card: int) -> str | None:
    event = cards.events().get(card)
    return event.purchased.kind if event is not None else None


class ExpanseRules(PaxRules[GameState]):
    """The kernel's market, turn frame, bribes and cleanup, named and priced the Pax Expanse way."""

    #: The word for a seat's row of cards, in messages and as the cleanup order key (`cleanup: {network: [..]}`).
    TABLEAU = "network"
    MONEY_UNIT = "influence"
    MONEY_NOUN = "influence"

    # --- cleanup -------------------------------------------------------------------------------------------------

    def tableau_limit(self, state: GameState, seat: str) -> int:
        """Three plus the political stars in the Network."""
        return queries.network_limit(state, seat)

    def hand_limit(self, state: GameState, seat: str) -> int:
        """Two plus the subterfuge stars in the Network."""
        return queries.hand_limit(state, seat)

    def discard_from_tableau(self, ctx: Any, seat: str, card: int, why: str) -> None:
        """Discard an asset from the Network; its agents move to adjacent assets."""
        network.discard_asset(ctx, card, why)

    def discard_from_hand(self, ctx: Any, seat: str, card: int, why: str) -> None:
        """Discard a card from hand to the discard pile (face up)."""
        ctx.state.players[seat].hand.remove(card)
        ctx.state.discard.append(card)
        ctx.emit(f"{seat} discards {self.card_title(card)} from their hand ({why})", kind="discard-hand", seat=seat,
                 card=card)

    def is_event(self, card: int) -> bool:
        """Events 101-116, the Dominance Checks among them."""
        return card in cards.events()

    def is_dominance_check(self, card: int) -> bool:
        """Dominance Checks 1-4."""
        return dominance.check_of(card) is not None

    def event_discarded(self, ctx: Any, card: int) -> None:
        """An event discarded from the leftmost column: its bottom effect, for everyone."""
        events.resolve_discarded(ctx, card)

    def check_discarded(self, ctx: Any, card: int) -> None:
        """Report the Dominance Check cleanup discards (it is then resolved)."""
        ctx.emit(f"Cleanup discards {self.card_title(card)} from the market", kind="event", card=card,
                 half="discarded")

    def resolve_check(self, ctx: Any, checks: list[int]) -> None:
        """One Dominance Check; under instability the lower scores and the higher places the objective."""
        numbers = sorted(n for c in checks if (n := dominance.check_of(c)) is not None)
        dominance.resolve(ctx.state, ctx, numbers[0], objective_by=numbers[-1] if len(numbers) > 1 else None)

    def instability(self, ctx: Any, checks: list[int]) -> None:
        """Report a second Dominance Check revealed while another lies in the market."""
        names = " and ".join(self.card_title(c) for c in sorted(checks))
        ctx.emit(f"Instability: {names} lie in the market together; the lower scores, the higher places the "
                 "objective, and both are discarded", kind="instability", checks=sorted(checks))

    # --- bribes --------------------------------------------------------------------------------------------------

    def card_region(self, card: int) -> str:
        """The region printed on an asset (a crew asset's is wherever the Rocinante is: see play_bribe)."""
        return cards.assets()[card].region

    def controller(self, state: GameState, region: str) -> str | None:
        """The player controlling the region."""
        return queries.player_control(state, region)

    def controller_pieces(self, state: GameState, seat: str, region: str) -> int:
        """The controller's supporters in the region: the most it may ask to let an asset of it be played."""
        return state.supporters.get(region, {}).get(seat, 0)

    def agents_on(self, state: GameState, card: int) -> Mapping[str, int]:
        """Each player's agents on an asset."""
        return state.agents.get(str(card), {})

    def owner_of(self, state: GameState, card: int) -> str | None:
        """The player whose Network holds the asset."""
        return queries.owner(state, card)

    def play_bribe(self, state: GameState, seat: str, card: int) -> tuple[str, int] | None:
        """The controller of the asset's region (a crew asset's follows the Rocinante), up to its supporters; None
        also under Prosperity, Open Borders or Popular Mandate (queries.play_bribe)."""
        return queries.play_bribe(state, seat, card)

    def bribes_waived(self, state: GameState, payer: str, kind: str) -> bool:
        """No bribes at all under Open Borders; no intimidation bribe for a holder of Diplomatic Immunity."""
        if queries.in_force(state, "no_bribes"):
            return True
        return kind == HOSTAGE and abilities.bribe_free_action(state, payer)

    def declines_bribe(self, ctx: Any, payer: str, receiver: str, kind: str, what: str) -> bool:
        """Diplomatic Pouch: its holder leaves any bribe unpaid and goes ahead (always, as it costs nothing)."""
        if not queries.in_force(ctx.state, "refuse_bribes", payer):
            return False
        ctx.emit(f"{payer} leaves the bribe of {receiver} unpaid and goes ahead to {what} (Diplomatic Pouch)",
                 kind="bribe", payer=payer, receiver=receiver, paid=0)
        return True

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
        row = ctx.ask(Question(seat, ctx.serial(ODD_ROW), "choice",
                               "an odd action cost: the market row (1 top, 2 bottom) that takes the last influence",
                               (1, 2), default=1))
        return int(row) - 1


RULES = ExpanseRules()
