"""Build: place up to three armies and roads of your coalition where you rule, two rupees each.

Order entry: `{action: build, card: 5, place: [kabul, kabul, herat-kabul], extra: kabul}` -- `place` lists one
place per block: a region you rule (an army there) or a border of a region you rule (a road there). Each block
costs two rupees, paid into the market. Nation Building (bought by you, in force): every two rupees place two
blocks, so `place` may list up to six and costs two rupees per pair begun. Infrastructure: one more block free at
the end, at `extra` (any place the Build could use); without `extra` you are asked, and a deadline places it at
the first place listed in `place`, else in the first region you rule. Robots: `random_params` draws places and an
affordable count; `offer` lists the places.
"""

from __future__ import annotations

from typing import Any

from engine.contract import Path, Problem
from engine.rng import Rng
from engine.words import counted
from games.pax.actions import Offer
from games.pax.context import Question
from games.pax.template import named
from games.pax_pamir import cards, names, pieces, queries, ruling
from games.pax_pamir.actions._common import borders_of, card_name, listing, loyalty, problem
from games.pax_pamir.context import Context
from games.pax_pamir.rules import RULES
from games.pax_pamir.seats import report, seat_rules
from games.pax_pamir.state import GameState

FIELDS: tuple[str, ...] = ("place", "extra")

#: Units one Build action may pay for.
UNITS = 3
#: Rupees per unit.
PRICE = 2


def places(state: GameState, seat: str) -> list[str]:
    """Where `seat` may build: each region it rules (armies), then each border of those (roads), in map order."""
    ruled = ruling.regions_ruled(state, seat)
    borders = [b for b in cards.board().borders if any(b in borders_of(r) for r in ruled)]
    return ruled + borders


def blocks_per_unit(state: GameState, seat: str) -> int:
    """Blocks each paid unit places: two under `seat`'s Nation Building, else one."""
    return 2 if queries.effect(state, "nation_building", seat) else 1


def cost(state: GameState, seat: str, blocks: int) -> int:
    """Rupees to place `blocks` blocks with one Build action (not counting Infrastructure's free one)."""
    per = blocks_per_unit(state, seat)
    return PRICE * -(-blocks // per)


def most_blocks(state: GameState, seat: str) -> int:
    """The most blocks `seat` may list in `place`: three units, and no more than it can pay for."""
    per = blocks_per_unit(state, seat)
    return min(UNITS, state.players[seat].rupees // PRICE) * per


def _at(place: str) -> str:
    """Where a block goes, as players read it: "in Kabul", "on the border of Herat and Kabul"."""
    return f"{'on' if _is_road(place) else 'in'} {names.place(place)}"


def _is_road(place: str) -> bool:
    return place in cards.board().border_regions


def problems(state: GameState, seat: str, card: int, params: dict[str, Any], path: Path) -> list[Problem]:
    """Everything wrong with building with `card` and these params."""
    legal = places(state, seat)
    if not legal:
        return [problem(path, message="you rule no region, and Build needs one")]
    where = params.get("place")
    if where is None:
        return [problem(path, "place", message=f"say where to place each block; places: {listing(legal)}")]
    if not isinstance(where, list):
        return [problem(path, "place", message=f"place must be a list of places; places: {listing(legal)}")]
    found = []
    limit = UNITS * blocks_per_unit(state, seat)
    if len(where) > limit:
        found.append(problem(path, "place", message=f"one Build places at most {limit} blocks, not {len(where)}"))
    for index, spot in enumerate(where):
        if spot not in legal:
            found.append(problem(path, "place", index, message=f"cannot build at {spot!r}: you may build in "
                                                               f"regions you rule and on their borders: "
                                                               f"{listing(legal)}"))
    price, rupees = cost(state, seat, len(where)), state.players[seat].rupees
    if price > rupees:
        found.append(problem(path, "place", message=f"{counted(len(where), 'block')} cost {counted(price, 'rupee')} and you have "
                                                    f"{rupees}: you can pay for {most_blocks(state, seat)}"))
    extra = params.get("extra")
    if extra is not None:
        if not queries.has_ability(state, seat, "infrastructure"):
            found.append(problem(path, "extra", message="only Infrastructure gives a free extra block"))
        elif extra not in legal:
            found.append(problem(path, "extra", message=f"cannot build at {extra!r}; places: {listing(legal)}"))
    return found


def _place(ctx: Context, seat: str, spot: str) -> bool:
    coalition = loyalty(ctx.state, seat)
    if _is_road(spot):
        return pieces.place_road(ctx, coalition, spot, seat)
    return pieces.place_army(ctx, coalition, spot, seat)


def perform(ctx: Context, seat: str, card: int, params: dict[str, Any]) -> None:
    """Pay for the blocks, place them, then Infrastructure's free one."""
    state = ctx.state
    legal = places(state, seat)
    where: list[str] = list(params.get("place") or [])
    price = cost(state, seat, len(where))
    if price:
        RULES.pay_action_cost(ctx, seat, price)
    seat_rules(state, seat).announce(ctx, "build", {"places": where, "cost": price})
    placed = sum(1 for spot in where if _place(ctx, seat, spot))
    report(ctx, f"{seat} builds with {card_name(card)}: {counted(placed, 'block')} for {counted(price, 'rupee')}.",
           kind="build",
           seat=seat, blocks=placed, cost=price)
    if queries.has_ability(state, seat, "infrastructure"):
        default = where[0] if where else legal[0]
        extra = ctx.ask(Question(seat, ctx.key("extra"), "choice",
                                 f"Infrastructure: where {seat}'s free extra block goes", tuple(legal),
                                 path=(*ctx.where, "extra"), default=default))
        if _place(ctx, seat, extra):
            report(ctx, f"{seat}'s Infrastructure places one more block {_at(extra)}.", kind="build-extra", seat=seat)


def random_params(state: GameState, seat: str, card: int, rng: Rng) -> dict[str, Any] | None:
    """Random places for as many blocks as `seat` can pay for (at least one), or None when it cannot build."""
    legal = places(state, seat)
    most = most_blocks(state, seat)
    if not legal or most == 0:
        return None
    params: dict[str, Any] = {"place": [rng.choice(legal) for _ in range(rng.randint(1, most))]}
    if queries.has_ability(state, seat, "infrastructure"):
        params["extra"] = rng.choice(legal)
    return params


def offer(state: GameState, seat: str, card: int) -> Offer:
    """Where `seat` may build and how many blocks it can pay for, for the template."""
    legal = places(state, seat)
    if not legal:
        return Offer("you rule no region, and Build needs one")
    most = most_blocks(state, seat)
    if most == 0:
        return Offer(f"a block costs {PRICE} rupees and you have {state.players[seat].rupees}")
    unit = "pair of blocks" if blocks_per_unit(state, seat) == 2 else "block"
    armies = [p for p in legal if not _is_road(p)]
    roads = [p for p in legal if _is_road(p)]
    note = (f"up to {counted(most, 'block')}, {PRICE} rupees per {unit}, one place: item each: armies in {named(armies)}"
            + (f"; roads on {named(roads)}" if roads else ""))
    return Offer(note, ({"place": [legal[0]]},))
