"""Radicalize carried out: Wakhan buys the card, resolves an event at once, or plays a court card to the end of her
court the red arrow names, bribing the ruler if she can, and resolves its impact icons her way."""

from __future__ import annotations

from games.pax.market import take
from games.pax_pamir import cards, queries
from games.pax_pamir.context import Context
from games.pax_pamir.core import LEVERAGE_RUPEES, resolve_favor
from games.pax_pamir.events import resolve_event
from games.pax_pamir.pieces import place_army, place_road, place_spy, place_tribe
from games.pax_pamir.rules import RULES
from games.pax_pamir.wakhan.deck import Reading
from games.pax_pamir.wakhan.loyalty import pragmatic_loyalty
from games.pax_pamir.wakhan.priority import by_priority, why_best
from games.pax_pamir.wakhan.radicalize import Pick


def radicalize(ctx: Context, reading: Reading, pick: Pick) -> None:
    """Buy the picked card and, for a court card, try to play it at once."""
    state, seat = ctx.state, ctx.seat
    cost = RULES.purchase_cost(state, seat, pick.row, pick.column)
    RULES.pay_purchase(ctx, seat, pick.row, pick.column)
    number, rupees = take(state, pick.row, pick.column)
    state.players[seat].rupees += rupees
    row = "top" if pick.row == 0 else "bottom"
    taking = f", taking the {rupees} on it" if rupees else ""
    ctx.emit(f"Wakhan radicalizes {cards.title(number)} ({row} row, column {pick.column + 1}) for {cost} rupee(s)"
             f"{taking}: {pick.reason}.",
             kind="purchase", seat=seat, card=number, cost=cost, rupees=rupees, reason=pick.reason)
    if queries.is_event(number):
        resolve_event(ctx, number, seat)
        return
    play(ctx, reading, number)


def play(ctx: Context, reading: Reading, number: int) -> None:
    """Play a card she just bought, or discard it when she cannot pay the ruler's bribe."""
    state, seat = ctx.state, ctx.seat
    card = queries.court_card(number)
    owed = RULES.play_bribe(state, seat, number)
    if owed is not None:
        holder, amount = owed
        if not RULES.settle_bribe(ctx, seat, holder, amount, "play", (*ctx.where, "bribe"), f"play {card.name}"):
            state.discard.append(number)
            ctx.emit(f"Wakhan cannot pay {holder}'s bribe, so she discards {card.name}.", kind="wakhan",
                     card=number, reason="bribe not paid")
            return
    court = state.players[seat].court
    if reading.side == "left":
        court.insert(0, number)
    else:
        court.append(number)
    ctx.emit(f"Wakhan plays {card.name} to the {reading.side} of her court (the red arrow points "
             f"{'top/left' if reading.side == 'left' else 'bottom/right'}).", kind="play", seat=seat, card=number,
             side=reading.side)
    resolve_impact(ctx, reading, number)


def resolve_impact(ctx: Context, reading: Reading, number: int) -> None:
    """Her impact icons: spies where she lacks the most spies, roads by region order, blocks of her pragmatic
    loyalty whatever a patriot's colour, and no change of loyalty."""
    state, seat = ctx.state, ctx.seat
    card = queries.court_card(number)
    coalition = pragmatic_loyalty(state, reading, seat)
    roads = 0
    for icon in card.impact:
        if icon == "road":
            border = road_border(card.region, reading, roads)
            ctx.emit(f"Wakhan's road {roads + 1}: on the border {border}, following her region order.",
                     kind="wakhan", reason="road by region order")
            place_road(ctx, coalition, border, seat)
            roads += 1
        elif icon == "army":
            place_army(ctx, coalition, card.region, seat)
        elif icon == "spy":
            place_wakhan_spy(ctx, card.region)
        elif icon == "tribe":
            place_tribe(ctx, seat, card.region)
        elif icon == "leverage":
            state.players[seat].rupees += LEVERAGE_RUPEES
            ctx.emit(f"Wakhan takes {LEVERAGE_RUPEES} rupees: {card.name} is leveraged.", kind="rupees", seat=seat,
                     amount=LEVERAGE_RUPEES)
        elif icon.startswith("favor_"):
            resolve_favor(ctx, icon.removeprefix("favor_"))


def road_border(region: str, reading: Reading, index: int) -> str:
    """The border for her `index`-th road: the borders of `region` in her region order, round again if needed."""
    near = [r for r in reading.front.region_order if r in cards.board().neighbours[region]]
    return cards.border(region, near[index % len(near)])


def spy_candidates(ctx: Context, region: str) -> list[int]:
    """Court cards of `region` where she does not have strictly the most spies."""
    state, seat = ctx.state, ctx.seat
    found = []
    for number in queries.courts_in_order(state):
        if queries.court_card(number).region != region:
            continue
        spies = queries.spies_on(state, number)
        mine = spies.get(seat, 0)
        if not (mine > 0 and all(mine > n for s, n in spies.items() if s != seat)):
            found.append(number)
    return found


def place_wakhan_spy(ctx: Context, region: str) -> None:
    """A spy on the highest-priority card of `region` where she does not have the most spies (any card of the
    region when she has the most everywhere)."""
    state, seat = ctx.state, ctx.seat
    everywhere = [n for n in queries.courts_in_order(state) if queries.court_card(n).region == region]
    candidates = spy_candidates(ctx, region) or everywhere
    if not candidates:
        return
    target = by_priority(state, seat, candidates)[0]
    ctx.emit(f"Wakhan's spy goes on {queries.court_card(target).name}: "
             f"{why_best(state, seat, target, candidates)}.", kind="wakhan", card=target, reason="spy placement")
    place_spy(ctx, seat, target)
