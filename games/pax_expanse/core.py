"""The two core actions (rulebook "Core Actions"): purchase a card from the market, and play one from hand with
its bribe, loyalty change and impact icons."""

from __future__ import annotations

from typing import Any

from games.pax import market
from games.pax.bribes import PLAY
from games.pax.context import Context, Question
from games.pax.turn import play_to_tableau
from games.pax_expanse import cards, events, queries
from games.pax_expanse.network import change_loyalty
from games.pax_expanse.pieces import place_marker, place_token
from games.pax_expanse.rules import RULES
from games.pax_expanse.state import COLUMNS, ROWS, GameState

Ctx = Context[GameState]
SIDES = ("left", "right")


def purchase(ctx: Ctx, entry: dict[str, Any]) -> None:
    """Buy the card at (row, column), numbered from 1: pay for it, take the influence on it; an asset goes to hand,
    an event is resolved at once."""
    state, seat, where = ctx.state, ctx.seat, ctx.where
    row, column = entry.get("row"), entry.get("column")
    slots = RULES.purchasable(state, seat)
    listed = ", ".join(f"row {r + 1} column {c + 1}" for r, c in slots) or "none"
    for field, value, size in (("row", row, ROWS), ("column", column, COLUMNS)):
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= size:
            ctx.fail((*where, field), f"{field} is a number from 1 to {size}, not {value!r}; cards you may buy: {listed}")
    assert isinstance(row, int) and isinstance(column, int)
    r, c = row - 1, column - 1
    number = state.market[r][c]
    if number is None:
        ctx.fail((*where, "column"), f"row {row} column {column} of the market is empty; cards you may buy: {listed}")
    name = RULES.card_title(number)
    if RULES.never_purchasable(number):
        ctx.fail((*where, "column"), f"{name} can never be bought; cards you may buy: {listed}")
    if RULES.paid_this_turn(state, number):
        ctx.fail((*where, "column"), f"you placed influence on {name} this turn, so you may not buy it; "
                 f"cards you may buy: {listed}")
    cost = RULES.purchase_cost(state, seat, r, c)
    if cost > state.players[seat].influence:
        ctx.fail((*where, "column"), f"{name} costs {cost} influence and you have {state.players[seat].influence}; "
                 f"cards you may buy: {listed}")
    event = cards.events().get(number)
    asked = events.CHOICE_FIELDS.get(event.purchased.kind) if event is not None else None
    for field in sorted(set(events.CHOICE_FIELDS.values())):
        if field in entry and field != asked:
            ctx.fail((*where, field), f"{field} answers an event's choice, and buying {name} asks "
                     + (f"for {asked}" if asked else "for no choice"))
    RULES.pay_purchase(ctx, seat, r, c)
    _, found = market.take(state, r, c)
    state.players[seat].influence += found
    ctx.emit(f"{seat} buys {name} from row {row} column {column} for {cost}"
             + (f" and takes the {found} influence on it" if found else ""), kind="purchase", seat=seat,
             card=number, cost=cost, found=found)
    if number in cards.events():
        events.resolve_purchased(ctx, seat, number)
    else:
        state.players[seat].hand.append(number)
        ctx.emit(f"{seat} takes {name} into their hand", to=[seat], kind="hand", seat=seat, card=number)


def play(ctx: Ctx, entry: dict[str, Any]) -> bool:
    """Play an asset from hand to either end of the Network; False when the bribe was not paid (the play is then
    as if never taken)."""
    state, seat, where = ctx.state, ctx.seat, ctx.where
    player = state.players[seat]
    number = entry.get("card")
    # 45.0 == 45 and True == 1: only a whole number names a card.
    if not isinstance(number, int) or isinstance(number, bool) or number not in player.hand:
        held = ", ".join(f"{n} ({cards.assets()[n].name})" for n in player.hand) or "none"
        ctx.fail((*where, "card"), f"card {number!r} is not in your hand; cards in your hand: {held}")
    assert isinstance(number, int)
    asset = cards.assets()[number]
    region = queries.asset_region(state, number)
    side = ctx.ask(Question(seat, ctx.key("side"), "choice", f"play {asset.name} at the left or the right end "
                            "of your Network", SIDES, path=(*where, "side"), default="right"))
    owed = RULES.play_bribe(state, seat, number)
    if owed is not None and not RULES.settle_bribe(ctx, seat, owed[0], owed[1], PLAY, (*where, "bribe"),
                                                   f"play {asset.name}"):
        return False
    play_to_tableau(player.hand, player.network, number, side)
    ctx.emit(f"{seat} plays {asset.name} ({cards.board().region_names.get(region, region)}) at the {side} of "
             "their Network", kind="play", seat=seat, card=number, side=side)
    if asset.loyalist is not None and asset.loyalist != player.loyalty:
        change_loyalty(ctx, seat, asset.loyalist)
    impact(ctx, number, entry)
    return True


def impact(ctx: Ctx, number: int, entry: dict[str, Any]) -> None:
    """Resolve the played asset's impact icons, top to bottom."""
    state, seat, where = ctx.state, ctx.seat, ctx.where
    asset = cards.assets()[number]
    region = queries.asset_region(state, number)
    loyalty = state.players[seat].loyalty
    counters = {"transport": 0, "agent": 0}
    for icon in asset.impact:
        if icon == "transport" and loyalty is not None:
            borders = queries.borders_of(region)
            index = counters["transport"]
            counters["transport"] += 1
            border = ctx.ask(Question(seat, ctx.key(f"transport-{index}"), "choice",
                                      f"{asset.name}: the border of {cards.board().region_names[region]} for a "
                                      "transport", borders, path=(*where, "transports", index), default=borders[0]))
            place_token(ctx, seat, loyalty, "transport", border)
        elif icon == "agent":
            targets = tuple(n for n in queries.ring(state) if queries.asset_region(state, n) == region)
            index = counters["agent"]
            counters["agent"] += 1
            target = ctx.ask(Question(seat, ctx.key(f"agent-{index}"), "choice",
                                      f"{asset.name}: the asset of {cards.board().region_names[region]} in any "
                                      "Network for an agent", targets, path=(*where, "agents", index),
                                      default=number))
            place_marker(ctx, seat, "agent", str(target))
        elif icon == "fleet" and loyalty is not None:
            place_token(ctx, seat, loyalty, "fleet", region)
        elif icon == "supporter":
            place_marker(ctx, seat, "supporter", region)
        elif icon == "influence":
            state.players[seat].influence += 2
            ctx.emit(f"{seat} takes 2 influence from the bank", kind="influence", seat=seat, amount=2)
        elif icon in ("climate_war", "climate_prosperity"):
            if queries.in_force(state, "choose_climate_freeze_icons"):
                ctx.emit(f"{asset.name}'s climate icon is ignored (Political Realignment)", kind="climate-frozen")
                continue
            events.move_climate(ctx, 1 if icon == "climate_war" else -1, f"{asset.name} played")
