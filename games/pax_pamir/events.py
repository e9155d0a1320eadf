"""Event cards: the effect for the buyer when purchased, and the effect on everyone when cleanup discards it."""

from __future__ import annotations

from collections.abc import Callable

from engine.words import counted
from games.pax.context import Question
from games.pax_pamir import cards, names, queries
from games.pax_pamir.cards import EventEffect
from games.pax_pamir.context import Context
from games.pax_pamir.court import discard_hand_card, remove_tribe
from games.pax_pamir.dominance import resolve_dominance_check
from games.pax_pamir.pieces import remove_army
from games.pax_pamir.state import Effect

#: Rupees Backing of Persian Aristocracy brings.
PERSIAN_BACKING = 3


def resolve_event(ctx: Context, number: int, buyer: str | None) -> None:
    """Resolve event card `number`, already out of the market: bought by `buyer`, or discarded (buyer None)."""
    event = cards.event_cards()[number]
    effect = event.purchased if buyer is not None else event.discarded
    who = f"{buyer} buys" if buyer is not None else "Cleanup discards"
    ctx.emit(f"{who} the event {event.title}: {effect.title}.", kind="event", card=number, effect=effect.id,
             seat=buyer)
    if effect.lasts is None:
        ctx.state.discard.append(number)
    _RESOLVERS[effect.id](ctx, number, effect, buyer)


def _persist(ctx: Context, number: int, effect: EventEffect, seat: str | None, target: str | None = None) -> None:
    assert effect.lasts is not None
    ctx.state.effects.append(Effect(effect.id, number, effect.lasts, seat, target))


def _dominance_check(ctx: Context, number: int, effect: EventEffect, buyer: str | None) -> None:
    resolve_dominance_check(ctx)


def _persistent(ctx: Context, number: int, effect: EventEffect, buyer: str | None) -> None:
    """Effects that only need recording: the rules consult them while they last (queries.effect)."""
    _persist(ctx, number, effect, buyer)


def change_favored(ctx: Context, suit: str) -> None:
    """Move the favored-suit marker, unless Pashtunwali Values holds it in place (any cause: icon or event)."""
    if queries.effect(ctx.state, "pashtunwali_values"):
        ctx.emit(f"Pashtunwali Values: the favored suit stays {ctx.state.favored}.")
        return
    ctx.state.favored = suit
    ctx.emit(f"The favored suit is now {suit}.", kind="favored", suit=suit)


# What an event's effect does once it resolves; the table below maps each effect to one.
Resolver = Callable[[Context, int, EventEffect, str | None], None]


def _favor(suit: str) -> Resolver:  # a small factory of resolvers
    def resolve(ctx: Context, number: int, effect: EventEffect, buyer: str | None) -> None:
        change_favored(ctx, suit)

    return resolve


def _riots(region: str) -> Resolver:  # a small factory of resolvers
    def resolve(ctx: Context, number: int, effect: EventEffect, buyer: str | None) -> None:
        clear_region(ctx, region)

    return resolve


def clear_region(ctx: Context, region: str) -> None:
    """Remove every tribe and army in `region`; losing tribes triggers the overthrow rule."""
    state = ctx.state
    for coalition, count in sorted(state.armies.get(region, {}).items()):
        for _ in range(count):
            remove_army(ctx, coalition, region)
    for seat in state.seats:
        for _ in range(state.tribes.get(region, {}).get(seat, 0)):
            remove_tribe(ctx, seat, region)
    ctx.emit(f"Every tribe and army in {names.region(region)} is removed.", kind="riots", region=region)


def _rumor(ctx: Context, number: int, effect: EventEffect, buyer: str | None) -> None:
    assert buyer is not None
    target = ctx.ask(Question(buyer, ctx.key("target"), "choice",
                              "Rumor: name the player whose patriots lose their influence", tuple(ctx.state.seats),
                              path=(*ctx.where, "target"), default=_richest_other(ctx, buyer)))
    _persist(ctx, number, effect, buyer, target)
    ctx.emit(f"Rumor: {target}'s patriots give no influence until the next Dominance Check is scored.")


def _failure_to_impress(ctx: Context, number: int, effect: EventEffect, buyer: str | None) -> None:
    for seat in ctx.state.seats:
        player = ctx.state.players[seat]
        ctx.state.discard.extend(player.prizes)
        player.prizes.clear()
    ctx.emit("Every prize is discarded.")


def _persian_backing(ctx: Context, number: int, effect: EventEffect, buyer: str | None) -> None:
    assert buyer is not None
    ctx.state.players[buyer].rupees += PERSIAN_BACKING
    ctx.emit(f"{buyer} takes {PERSIAN_BACKING} rupees from the bank.", kind="rupees", seat=buyer,
             amount=PERSIAN_BACKING)


def _other_persuasive_methods(ctx: Context, number: int, effect: EventEffect, buyer: str | None) -> None:
    assert buyer is not None
    others = tuple(s for s in ctx.state.seats if s != buyer)
    target = ctx.ask(Question(buyer, ctx.key("target"), "choice",
                              f"Other Persuasive Methods: name the player who exchanges hands with {buyer}",
                              others, path=(*ctx.where, "target"), default=others[0]))
    mine, theirs = ctx.state.players[buyer], ctx.state.players[target]
    mine.hand, theirs.hand = theirs.hand, mine.hand
    ctx.emit(f"{buyer} and {target} exchange hands: {buyer} now holds {counted(len(mine.hand), 'card')}, {target} "
             f"{len(theirs.hand)}.", kind="swap-hands", seat=buyer, target=target)


def _confidence_failure(ctx: Context, number: int, effect: EventEffect, buyer: str | None) -> None:
    for seat in ctx.state.seats:
        hand = ctx.state.players[seat].hand
        if not hand:
            continue
        chosen = ctx.ask(Question(seat, ctx.key(f"confidence-failure-{seat}"), "discard",
                                  f"Confidence Failure: {seat} discards one card from hand", tuple(hand),
                                  path=(*ctx.where, "confidence_failure"), default=hand[0]))
        discard_hand_card(ctx, seat, chosen, "Confidence Failure")


def _pashtunwali_values(ctx: Context, number: int, effect: EventEffect, buyer: str | None) -> None:
    assert buyer is not None
    suits = cards.board().suits
    suit = ctx.ask(Question(buyer, ctx.key("suit"), "choice", "Pashtunwali Values: choose the favored suit",
                            tuple(suits), path=(*ctx.where, "suit"), default=ctx.state.favored))
    ctx.state.favored = suit
    _persist(ctx, number, effect, buyer)
    ctx.emit(f"The favored suit is now {suit}; nothing can change it until the next Dominance Check.",
             kind="favored", suit=suit)


def _rebuke(ctx: Context, number: int, effect: EventEffect, buyer: str | None) -> None:
    assert buyer is not None
    regions = cards.board().regions
    region = ctx.ask(Question(buyer, ctx.key("region"), "choice",
                              "Rebuke: choose the region to clear of tribes and armies", tuple(regions),
                              path=(*ctx.where, "region"), default=regions[0]))
    clear_region(ctx, region)


def _no_effect(ctx: Context, number: int, effect: EventEffect, buyer: str | None) -> None:
    """Public Withdrawal's lower half: nothing happens."""


def _unbuyable(ctx: Context, number: int, effect: EventEffect, buyer: str | None) -> None:
    raise AssertionError("Public Withdrawal cannot be purchased; the purchase action refuses it")


def _richest_other(ctx: Context, buyer: str) -> str:
    others = [s for s in ctx.state.seats if s != buyer] or [buyer]
    return max(others, key=lambda s: queries.influence(ctx.state, s))


_RESOLVERS = {
    "dominance_check": _dominance_check,
    "new_tactics": _persistent,
    "koh_i_noor_recovered": _persistent,
    "embarrassment_of_riches": _persistent,
    "courtly_manners": _persistent,
    "disregard_for_customs": _persistent,
    "conflict_fatigue": _persistent,
    "nationalism": _persistent,
    "nation_building": _persistent,
    "rumor": _rumor,
    "failure_to_impress": _failure_to_impress,
    "riots_in_punjab": _riots("punjab"),
    "riots_in_herat": _riots("herat"),
    "riots_in_kabul": _riots("kabul"),
    "riots_in_persia": _riots("persia"),
    "backing_of_persian_aristocracy": _persian_backing,
    "other_persuasive_methods": _other_persuasive_methods,
    "confidence_failure": _confidence_failure,
    "pashtunwali_values": _pashtunwali_values,
    "rebuke": _rebuke,
    "favor_military": _favor("military"),
    "favor_intelligence": _favor("intelligence"),
    "favor_political": _favor("political"),
    "no_effect": _no_effect,
    "public_withdrawal": _unbuyable,
}
