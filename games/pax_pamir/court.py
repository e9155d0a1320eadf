"""Losing court cards and tribes, and changing loyalty: spies returned, leverage repaid, and the overthrow rule
both ways (a lost last tribe costs the region's political cards; a lost last political card, the region's tribes).
"""

from __future__ import annotations

from engine.words import counted
from games.pax.context import Question
from games.pax.pieces import bump
from games.pax_pamir import names, queries
from games.pax_pamir.context import Context
from games.pax_pamir.seats import seat_rules


def discard_court_card(ctx: Context, seat: str, number: int, why: str, keep: bool = False) -> None:
    """Discard card `number` from `seat`'s court, applying every rule that follows a court discard.

    Spies on it go home; a leveraged card costs two rupees or one card per missing rupee; losing the last political
    card of a region removes the seat's tribes there. With `keep` the caller takes the card (a Betray prize)
    instead of it going to the discard pile.
    """
    state = ctx.state
    player = state.players[seat]
    if number not in player.court:
        return  # already gone in an earlier cascade
    player.court.remove(number)
    state.spies.pop(str(number), None)
    if not keep:
        state.discard.append(number)
    card = queries.court_card(number)
    ctx.emit(f"{seat} discards {card.name} from their court ({why}).", kind="discard-court", seat=seat, card=number)
    if "leverage" in card.impact:
        repay_leverage(ctx, seat, number)
    if card.suit == "political" and not any(
        queries.court_card(n).suit == "political" and queries.court_card(n).region == card.region for n in player.court
    ):
        tribes = state.tribes.get(card.region, {}).get(seat, 0)
        if tribes:
            ctx.emit(f"{seat} loses the last political card of {names.region(card.region)}: their tribes there are "
                     "removed.")
            for _ in range(tribes):
                remove_tribe(ctx, seat, card.region)


def repay_leverage(ctx: Context, seat: str, number: int) -> None:
    """Return two rupees to the bank; for each rupee short, discard a card of `seat`'s choice from hand or court."""
    name = queries.court_card(number).name
    player = ctx.state.players[seat]
    paid = min(2, player.rupees)
    player.rupees -= paid
    short = 2 - paid
    ctx.emit(f"{seat} repays {counted(paid, 'rupee')} for the leveraged {name}.", kind="leverage", seat=seat, paid=paid)
    if not short:
        return
    if not seat_rules(ctx.state, seat).repays_leverage_with_cards():
        return  # Wakhan rules: short of rupees for leverage, she discards no cards
    options = tuple(player.hand) + tuple(player.court)
    if not options:
        return  # with no cards left, nothing more is owed
    count = min(short, len(options))
    chosen = ctx.ask(Question(seat, ctx.key(f"leverage-{number}"), "discard",
                              f"{seat} is {short} rupee(s) short repaying {name}: discard {count} card(s) from hand "
                              "or court",
                              options, count=count, default=list(options[:count])))
    for number in chosen:
        if number in player.hand:
            discard_hand_card(ctx, seat, number, f"to repay {name}")
        else:
            discard_court_card(ctx, seat, number, f"to repay {name}")


def discard_hand_card(ctx: Context, seat: str, number: int, why: str) -> None:
    """Discard a card from `seat`'s hand (no further effects); its name is public once discarded."""
    player = ctx.state.players[seat]
    player.hand.remove(number)
    ctx.state.discard.append(number)
    ctx.emit(f"{seat} discards {queries.court_card(number).name} from their hand ({why}).",
             kind="discard-hand", seat=seat, card=number)


def remove_tribe(ctx: Context, seat: str, region: str) -> None:
    """Return one of `seat`'s tribes in `region` to their supply; losing the last one overthrows them there."""
    bump(ctx.state.tribes.setdefault(region, {}), seat, -1)
    if not ctx.state.tribes[region]:
        del ctx.state.tribes[region]
    if ctx.state.tribes.get(region, {}).get(seat, 0) == 0:
        last_tribe_lost(ctx, seat, region)


def last_tribe_lost(ctx: Context, seat: str, region: str) -> None:
    """The overthrow rule: `seat` lost its last tribe in `region`, so its political cards there are discarded."""
    doomed = [n for n in ctx.state.players[seat].court
              if queries.court_card(n).suit == "political" and queries.court_card(n).region == region]
    for number in doomed:
        discard_court_card(ctx, seat, number, f"overthrown: no tribe left in {names.region(region)}")


def change_loyalty(ctx: Context, seat: str, coalition: str, keep: int | None = None) -> None:
    """Make `seat` loyal to `coalition`: gifts return, prizes and patriots (except `keep`) are discarded first."""
    state = ctx.state
    player = state.players[seat]
    if player.loyalty == coalition:
        return
    old = player.loyalty
    player.gifts.clear()
    state.discard.extend(player.prizes)
    player.prizes.clear()
    for number in [n for n in player.court if n != keep and queries.court_card(n).patriot is not None]:
        discard_court_card(ctx, seat, number, "patriot of their old loyalty")
    player.loyalty = coalition
    ctx.emit(f"{seat} changes loyalty from {names.coalition(old)} to {names.coalition(coalition)}.", kind="loyalty",
             seat=seat, coalition=coalition)
