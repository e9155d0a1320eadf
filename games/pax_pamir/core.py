"""The two core actions every seat always has: Purchase and Play."""

from __future__ import annotations

import functools
from typing import Any

from engine.words import counted
from games.pax.bribes import PLAY
from games.pax.context import Question
from games.pax.market import COLUMNS, ROWS, take
from games.pax.turn import play_to_tableau
from games.pax_pamir import cards, names, queries
from games.pax_pamir.context import Context
from games.pax_pamir.court import change_loyalty
from games.pax_pamir.events import change_favored, resolve_event
from games.pax_pamir.pieces import place_army, place_road, place_spy, place_tribe
from games.pax_pamir.rules import RULES
from games.pax_pamir.seats import report, seat_rules
from games.pax_pamir.state import GameState

#: Rupees a leverage icon brings from the bank.
LEVERAGE_RUPEES = 2


def _position(ctx: Context, params: dict[str, Any]) -> tuple[int, int]:
    """The 0-based market slot named by `row` (1-2) and `column` (1-6)."""
    where = ctx.where
    row, column = params.get("row"), params.get("column")
    if not isinstance(row, int) or isinstance(row, bool) or not 1 <= row <= ROWS:
        ctx.fail((*where, "row"), f"row must be 1 (top) or 2 (bottom), got {row!r}")
    if not isinstance(column, int) or isinstance(column, bool) or not 1 <= column <= COLUMNS:
        ctx.fail((*where, "column"), f"column must be a number from 1 (left) to {COLUMNS}, got {column!r}")
    return row - 1, column - 1


def _buyable(state: GameState, seat: str) -> str:
    """The slots `seat` may buy now, listed for a message (built only when an order is refused)."""
    return ", ".join(f"row {r + 1} column {c + 1}" for r, c in RULES.purchasable(state, seat)) or "none"


def purchase(ctx: Context, params: dict[str, Any]) -> None:
    """Buy the card at (row, column): pay the market, take its rupees; events resolve at once."""
    state, seat = ctx.state, ctx.seat
    row, column = _position(ctx, params)
    number = state.market[row][column]
    if number is None:
        ctx.fail((*ctx.where, "column"), f"row {row + 1} column {column + 1} is empty; you may buy: "
                 f"{_buyable(state, seat)}")
    name = cards.title(number)
    if RULES.paid_this_turn(state, number):
        ctx.fail((*ctx.where, "column"), f"cannot purchase {name} (row {row + 1} column {column + 1}): you placed "
                 f"a rupee on it this turn; you may buy: {_buyable(state, seat)}")
    if RULES.never_purchasable(number):
        ctx.fail((*ctx.where, "column"), f"{name} can never be purchased; you may buy: {_buyable(state, seat)}")
    cost = RULES.purchase_cost(state, seat, row, column)
    if cost > state.players[seat].rupees:
        ctx.fail((*ctx.where, "column"), f"{name} costs {counted(cost, 'rupee')} and you have {state.players[seat].rupees}; "
                 f"you may buy: {_buyable(state, seat)}")
    RULES.pay_purchase(ctx, seat, row, column)
    number, rupees = take(state, row, column)
    state.players[seat].rupees += rupees
    report(ctx, f"{seat} purchases {name} for {counted(cost, 'rupee')}" + (f" and takes the {rupees} on it." if rupees else "."),
           kind="purchase", seat=seat, card=number, cost=cost, rupees=rupees)
    if queries.is_event(number):
        resolve_event(ctx, number, seat)
    else:
        state.players[seat].hand.append(number)


def play(ctx: Context, params: dict[str, Any]) -> bool:
    """Play a card from hand to one end of the court; False when a refused bribe means it was not played."""
    state, seat, where = ctx.state, ctx.seat, ctx.where
    player = state.players[seat]
    number = params.get("card")
    if number not in player.hand:
        hand = ", ".join(str(n) for n in player.hand) or "none"
        ctx.fail((*where, "card"), f"card {number!r} is not in your hand; your hand: {hand}")
    side = params.get("side")
    if side not in ("left", "right"):
        ctx.fail((*where, "side"), f"side must be left or right, got {side!r}")
    card = queries.court_card(number)
    rules = seat_rules(state, seat)
    owed = RULES.play_bribe(state, seat, number)
    if owed is not None:
        holder, bribe = owed
        if not RULES.settle_bribe(ctx, seat, holder, bribe, PLAY, (*where, "bribe"), f"play {card.name}"):
            if rules.discards_unplayed(state, seat):
                player.hand.remove(number)
                state.discard.append(number)
                report(ctx, f"{seat} does not pay {holder}'s bribe and discards {card.name}.", kind="unplayed",
                       seat=seat, card=number, ruler=holder)
            return False
    play_to_tableau(player.hand, player.court, number, side)
    report(ctx, f"{seat} plays {card.name} ({names.region(card.region)}) to the {side} of their court.", kind="play",
           seat=seat,
           card=number, side=side)
    if card.patriot is not None and card.patriot != player.loyalty \
            and not rules.loyal_to_every_coalition(state, seat):
        change_loyalty(ctx, seat, card.patriot, keep=number)
    coalition = rules.coalition(state, seat) or ""
    roads = spies = 0
    for icon in card.impact:
        if number not in player.court:
            # The rulebook is silent on a card discarded during its own play (say, to repay the leverage of a
            # patriot its loyalty change cost): pbem's reading is that a card no longer in play pays out nothing.
            ctx.emit(f"{card.name} has left {seat}'s court: its remaining impact icons are not resolved.",
                     kind="icons-lost", seat=seat, card=number)
            break
        if icon == "road":
            resolve_road(ctx, card.region, roads)
            roads += 1
        elif icon == "army":
            place_army(ctx, coalition, card.region, seat)
        elif icon == "spy":
            resolve_spy(ctx, card.region, spies)
            spies += 1
        elif icon == "tribe":
            place_tribe(ctx, seat, card.region)
        elif icon == "leverage":
            player.rupees += LEVERAGE_RUPEES
            report(ctx, f"{seat} takes {LEVERAGE_RUPEES} rupees: {card.name} is leveraged.", kind="rupees",
                   seat=seat, amount=LEVERAGE_RUPEES)
        elif icon.startswith("favor_"):
            resolve_favor(ctx, icon.removeprefix("favor_"))
    return True


@functools.cache
def borders_of(region: str) -> tuple[str, ...]:
    """The borders of `region`, in map order (the board never changes, so each region's list is made once)."""
    return tuple(b for b in cards.board().borders if region in cards.board().border_regions[b])


def resolve_road(ctx: Context, region: str, index: int) -> None:
    """A road icon: a block of the seat's loyalty on a border of `region` of the seat's choice."""
    borders = borders_of(region)
    border = ctx.ask(Question(ctx.seat, ctx.key(f"road-{index}"), "choice", f"choose a border of {region} for a road",
                              borders, path=(*ctx.where, "roads", index), default=borders[0]))
    place_road(ctx, seat_rules(ctx.state, ctx.seat).coalition(ctx.state, ctx.seat) or "", border, ctx.seat)


def spy_targets(state: GameState, region: str) -> tuple[int, ...]:
    """Court cards of `region` in any court, in seating order: where a spy icon of that region may go."""
    return tuple(n for n in queries.courts_in_order(state) if queries.court_card(n).region == region)


def resolve_spy(ctx: Context, region: str, index: int) -> None:
    """A spy icon: one of the seat's cylinders on a court card of `region` in any court."""
    targets = spy_targets(ctx.state, region)
    if not targets:
        return  # the played card itself is a target unless a cascade already discarded it
    target = ctx.ask(Question(ctx.seat, ctx.key(f"spy-{index}"), "choice", f"choose a {region} court card for a spy",
                              targets, path=(*ctx.where, "spies", index), default=targets[0]))
    place_spy(ctx, ctx.seat, target)


def resolve_favor(ctx: Context, suit: str) -> None:
    """A favored-suit icon, unless Pashtunwali Values holds the favored suit in place."""
    change_favored(ctx, suit)
