"""Gift: put one of your cylinders on an empty gift space of your loyalty dial, paying its price to the market.

Order entry: `{action: gift, card: 4, price: 2}` -- `price` picks the empty gift space (2, 4 or 6); without
it the cheapest empty space is taken. Each gift is one influence point for your current coalition until you change
loyalty. Robots: `random_params` picks an affordable empty space; `offer` lists them with their prices.
"""

from __future__ import annotations

from typing import Any

from engine.contract import Path, Problem
from engine.rng import Rng
from engine.words import counted
from games.pax.actions import Offer
from games.pax.template import named
from games.pax_pamir import names, pieces, queries
from games.pax_pamir.actions._common import card_name, is_int, listing, problem
from games.pax_pamir.context import Context
from games.pax_pamir.rules import RULES
from games.pax_pamir.seats import report
from games.pax_pamir.state import GIFT_PRICES, GameState

FIELDS: tuple[str, ...] = ("price",)


def empty_spaces(state: GameState, seat: str) -> list[int]:
    """Prices of `seat`'s empty gift spaces, cheapest first."""
    return [price for price in GIFT_PRICES if price not in state.players[seat].gifts]


def affordable(state: GameState, seat: str) -> list[int]:
    """Empty gift spaces `seat` can pay for."""
    return [price for price in empty_spaces(state, seat) if price <= state.players[seat].rupees]


def _has_cylinder(state: GameState, seat: str) -> bool:
    """True when a cylinder can be had: from supply, or (component limits) from play, not placed this turn."""
    return queries.cylinders_in_supply(state, seat) > 0 or bool(pieces.cylinder_sources(state, seat))


def problems(state: GameState, seat: str, card: int, params: dict[str, Any], path: Path) -> list[Problem]:
    """Everything wrong with giving a gift with `card` now."""
    empty = empty_spaces(state, seat)
    price = params.get("price")
    rupees = state.players[seat].rupees
    if not empty:
        return [problem(path, message="all three of your gift spaces are filled")]
    if not _has_cylinder(state, seat):
        return [problem(path, message="you have no cylinder to place as a gift")]
    if price is None:
        if empty[0] > rupees:
            return [problem(path, message=f"your next gift costs {counted(empty[0], 'rupee')} and you have {rupees}")]
        return []
    if not is_int(price) or price not in empty:
        return [problem(path, "price", message=f"no empty gift space costs {price!r}; "
                                               f"empty spaces: {listing(empty)}")]
    if price > rupees:
        return [problem(path, "price", message=f"the {price}-rupee gift costs more than your {counted(rupees, 'rupee')}; "
                                               f"you can afford: {listing(affordable(state, seat))}")]
    return []


def perform(ctx: Context, seat: str, card: int, params: dict[str, Any]) -> None:
    """Pay the gift's price into the market and place the cylinder."""
    price = params.get("price") or empty_spaces(ctx.state, seat)[0]
    RULES.pay_action_cost(ctx, seat, price)
    if pieces.place_gift(ctx, seat, price):
        coalition = ctx.state.players[seat].loyalty
        report(ctx, f"{seat} gives a {price}-rupee gift to the {names.coalition(coalition)} coalition with "
                    f"{card_name(card)}.",
               kind="gift", seat=seat, price=price)


def random_params(state: GameState, seat: str, card: int, rng: Rng) -> dict[str, Any] | None:
    """A random affordable gift space, or None when no gift can be given."""
    if not _has_cylinder(state, seat):
        return None
    prices = affordable(state, seat)
    return {"price": rng.choice(prices)} if prices else None


def offer(state: GameState, seat: str, card: int) -> Offer:
    """The gift spaces `seat` may fill now, for the template."""
    empty = empty_spaces(state, seat)
    if not empty:
        return Offer("all three of your gift spaces are filled")
    if not _has_cylinder(state, seat):
        return Offer("you have no cylinder to place as a gift")
    prices = affordable(state, seat)
    if not prices:
        return Offer(f"your next gift costs {empty[0]} rupees and you have {state.players[seat].rupees}")
    return Offer(f"a gift on an empty space of your loyalty dial, price: {named(prices)} rupees",
                 tuple({"price": price} for price in prices))
