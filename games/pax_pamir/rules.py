"""Pax Pamir's rules object: the kernel's Pax rules with Pax Pamir's hooks (its words, its market and its
favoured suit). Pax Pamir code asks `RULES`; the kernel asks the hooks."""

from __future__ import annotations

import functools
from collections.abc import Mapping

from engine.words import counted
from games.pax.context import Context as PaxContext
from games.pax.context import Question
from games.pax.market import Emitter
from games.pax.rules import PaxRules
from games.pax_pamir import cards, queries
from games.pax_pamir.context import Context
from games.pax_pamir.court import discard_court_card, discard_hand_card
from games.pax_pamir.dominance import resolve_dominance_check
from games.pax_pamir.events import resolve_event
from games.pax_pamir.market import is_public_withdrawal
from games.pax_pamir.ruling import ruler
from games.pax_pamir.state import GameState

#: The answer to Courtly Manners that keeps the rupees (the default, as a standing order `courtly_manners:`).
DECLINE = "decline"


@functools.cache
def influences() -> Mapping[int, tuple[str, ...]]:
    """For every card, the abilities that let their holder buy it without paying (Herat Influence for a Herat
    card, Persian Influence for a Persian one, Russian Influence for a Russian patriot; none for an event), worked
    out once because every market read asks it of every card."""
    found: dict[int, tuple[str, ...]] = {number: () for number in cards.event_cards()}
    for number, card in cards.court_cards().items():
        found[number] = tuple(ability for ability, holds in (
            ("herat_influence", card.region == "herat"),
            ("persian_influence", card.region == "persia"),
            ("russian_influence", card.patriot == "russian")) if holds)
    return found


class PaxPamirRules(PaxRules[GameState]):
    """Pax Pamir (Second Edition)."""

    TABLEAU = "court"
    MONEY_UNIT = "rupee(s)"
    MONEY_NOUN = "rupee"

    def money_per_column(self, state: GameState) -> int:
        """Two rupees per column while military is favored (rulebook p. 10), else one."""
        return 2 if state.favored == "military" else 1

    def free_purchase(self, state: GameState, seat: str, card: int) -> bool:
        """Herat, Persian and Russian Influence: their cards are bought without paying."""
        freeing = influences()[card]
        return bool(freeing) and any(queries.has_ability(state, seat, ability) for ability in freeing)

    def never_purchasable(self, card: int) -> bool:
        """Public Withdrawal can never be bought."""
        return is_public_withdrawal(card)

    def takes_money(self, card: int) -> bool:
        """Rupees placed on Public Withdrawal leave the game."""
        return not is_public_withdrawal(card)

    def money_lost_on(self, ctx: Emitter, card: int, amount: int) -> None:
        """Rupees that reached Public Withdrawal."""
        ctx.emit(f"{counted(amount, 'rupee')} placed on {cards.title(card)} {'leaves' if amount == 1 else 'leave'} the "
                 "game.", kind="rupees-removed",
                 amount=amount)

    def cost_left_over(self, ctx: Emitter, seat: str, amount: int) -> None:
        """Rupees of an action cost with no market card to take them."""
        ctx.emit(f"{counted(amount, 'rupee')} of {seat}'s action cost {'leaves' if amount == 1 else 'leave'} the game "
                 "(too few market cards).",
                 kind="rupees-removed", amount=amount)

    def card_actions(self, card: int) -> tuple[str, ...]:
        """The actions printed on a court card."""
        return tuple(queries.court_card(card).actions)

    def card_title(self, card: int) -> str:
        """A card's name or title."""
        return cards.title(card)

    def is_favoured(self, state: GameState, seat: str, card: int) -> bool:
        """The favored suit, Savvy Operator and Irregulars, and New Tactics (queries.is_favored)."""
        return queries.is_favored(state, seat, card)

    def favoured_name(self, state: GameState) -> str:
        """The favored suit."""
        return state.favored

    def card_region(self, card: int) -> str:
        """A court card's region."""
        return queries.court_card(card).region

    def controller(self, state: GameState, region: str) -> str | None:
        """The ruler of the region."""
        return ruler(state, region)

    def controller_pieces(self, state: GameState, seat: str, region: str) -> int:
        """The ruler's tribes in the region."""
        return state.tribes.get(region, {}).get(seat, 0)

    def agents_on(self, state: GameState, card: int) -> Mapping[str, int]:
        """Spies on the court card."""
        return queries.spies_on(state, card)

    def owner_of(self, state: GameState, card: int) -> str | None:
        """Whose court holds the card."""
        return queries.owner_of(state, card)

    def bribes_waived(self, state: GameState, payer: str, kind: str) -> bool:
        """Disregard for Customs, Charismatic Courtiers, Civil Service Reforms (queries.bribes_waived)."""
        return queries.bribes_waived(state, payer, kind)

    def declines_bribe(self, ctx: PaxContext[GameState], payer: str, receiver: str, kind: str, what: str) -> bool:
        """Courtly Manners: its buyer may decline a bribe and act as if it were paid (standing
        `courtly_manners:`, default decline)."""
        if not queries.may_decline_bribes(ctx.state, payer) or ctx.ask(Question(
            payer, ctx.key(f"bribe-{kind}-courtly"), "courtly",
            f"Courtly Manners: {payer} may decline the bribe {receiver} may ask to {what}, and {what} as if it were "
            "paid: decline or pay", ("decline", "pay"), default=DECLINE,
        )) != DECLINE:
            return False
        ctx.emit(f"{payer} declines to pay {receiver} a bribe to {what} (Courtly Manners).", kind="bribe",
                 payer=payer, receiver=receiver, paid=0)
        return True

    def tableau_limit(self, state: GameState, seat: str) -> int:
        """Three plus the political stars in the court."""
        return queries.court_limit(state, seat)

    def hand_limit(self, state: GameState, seat: str) -> int:
        """Two plus the intelligence stars in the court."""
        return queries.hand_limit(state, seat)

    def discard_from_tableau(self, ctx: PaxContext[GameState], seat: str, card: int, why: str) -> None:
        """Spies home, leverage repaid, the overthrow rule (court.discard_court_card)."""
        discard_court_card(_own(ctx), seat, card, why)

    def discard_from_hand(self, ctx: PaxContext[GameState], seat: str, card: int, why: str) -> None:
        """A hand card to the discard pile."""
        discard_hand_card(_own(ctx), seat, card, why)

    def is_event(self, card: int) -> bool:
        """The 16 event cards."""
        return queries.is_event(card)

    def is_dominance_check(self, card: int) -> bool:
        """The four Dominance Checks."""
        return queries.is_event(card) and cards.event_cards()[card].dominance_check

    def event_discarded(self, ctx: PaxContext[GameState], card: int) -> None:
        """The event's lower effect, on everyone."""
        resolve_event(_own(ctx), card, None)

    def check_discarded(self, ctx: PaxContext[GameState], card: int) -> None:
        """Reported by its title."""
        ctx.emit(f"Cleanup discards {cards.title(card)}.", kind="event", card=card)

    def resolve_check(self, ctx: PaxContext[GameState], checks: list[int]) -> None:
        """Every Dominance Check scores alike (dominance.resolve_dominance_check)."""
        resolve_dominance_check(_own(ctx))


def _own(ctx: PaxContext[GameState]) -> Context:
    """The kernel hands back the Context Pax Pamir's turn runs in."""
    assert isinstance(ctx, Context)
    return ctx


RULES = PaxPamirRules()
