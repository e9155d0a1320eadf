"""Tax: take rupees up to the acting card's rank from market cards and from players you may tax.

Order entry: `{action: tax, card: 8, take: [bob, 57]}` -- `take` lists one source per rupee: a seat name (a
player with a court card of a region you rule; Claim of Ancient Lineage: any player with a court card), or the
number of a market card carrying rupees. A source may appear as often as it has rupees to give; a player only
gives rupees beyond their tax shelter (the economic stars in their court). Without `take`, the action takes as
many rupees as it can, each from the source with the most to give (market cards before players on a tie, then in
market and seating order). Robots: `random_params` draws a random legal `take`; `offer` lists the sources.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.contract import Path, Problem
from engine.rng import Rng
from engine.words import counted
from games.pax.actions import Offer
from games.pax.market import occupied
from games.pax.template import named
from games.pax_pamir import cards, queries, ruling
from games.pax_pamir.actions._common import card_name, is_int, listing, problem, rank
from games.pax_pamir.context import Context
from games.pax_pamir.seats import report
from games.pax_pamir.state import GameState

FIELDS: tuple[str, ...] = ("take",)

Source = str | int  # a seat, or a market card number


def taxable_regions(state: GameState, seat: str) -> list[str]:
    """The regions whose cards let `seat` tax their owners: those ruled, or all with Claim of Ancient Lineage."""
    if queries.has_ability(state, seat, "claim_of_ancient_lineage"):
        return list(cards.board().regions)
    return ruling.regions_ruled(state, seat)


def taxable_players(state: GameState, seat: str) -> list[str]:
    """Other seats with at least one court card of a region `seat` may tax, in seating order."""
    regions = set(taxable_regions(state, seat))
    return [other for other in state.seats if other != seat
            and any(queries.court_card(n).region in regions for n in state.players[other].court)]


def exposed(state: GameState, seat: str) -> int:
    """Rupees `seat` holds beyond their tax shelter."""
    return max(0, state.players[seat].rupees - queries.tax_shelter(state, seat))


def available(state: GameState, seat: str) -> dict[Source, int]:
    """Every source `seat` may tax now and the rupees each can give (market cards first, then players)."""
    found: dict[Source, int] = {}
    for row, column, number in occupied(state):
        if state.market_rupees[row][column]:
            found[number] = state.market_rupees[row][column]
    for other in taxable_players(state, seat):
        if exposed(state, other):
            found[other] = exposed(state, other)
    return found


def _describe(state: GameState, source: Source) -> str:
    return f"market card {card_name(source)}" if is_int(source) else str(source)


def _source_problem(state: GameState, seat: str, source: Any) -> str | None:
    """Why `source` cannot be taxed at all, or None when it can."""
    if is_int(source):
        if source not in {n for _, _, n in occupied(state)}:
            return f"card {source} is not in the market"
        return f"market card {card_name(source)} carries no rupees"
    if not isinstance(source, str) or source not in state.seats:
        return f"{source!r} is neither a seat nor a market card number"
    if source == seat:
        return "you cannot tax yourself"
    if source not in taxable_players(state, seat):
        ruled = listing(taxable_regions(state, seat), empty="no region")
        return f"cannot tax {source}: no card of a region you rule is in their court (you rule {ruled})"
    shelter = queries.tax_shelter(state, source)
    return f"cannot tax {source}: their tax shelter of {shelter} protects all {counted(state.players[source].rupees, 'rupee')}"


def problems(state: GameState, seat: str, card: int, params: dict[str, Any], path: Path) -> list[Problem]:
    """Everything wrong with taxing with `card` and these params."""
    take = params.get("take")
    if take is None:
        return []
    sources = available(state, seat)
    legal = f"sources: {listing(f'{s} (up to {n})' for s, n in sources.items())}"
    if not isinstance(take, list):
        return [problem(path, "take", message=f"take must be a list of sources, one per rupee; {legal}")]
    found = []
    limit = rank(card)
    if len(take) > limit:
        found.append(problem(path, "take", message=f"{card_name(card)} taxes at most {counted(limit, 'rupee')}, "
                                                   f"not {len(take)}"))
    tally: Counter[Source] = Counter()
    for index, source in enumerate(take):
        if not (is_int(source) or isinstance(source, str)) or source not in sources:
            why = _source_problem(state, seat, source)
            found.append(problem(path, "take", index, message=f"{why}; {legal}"))
            continue
        tally[source] += 1
        if tally[source] == sources[source] + 1:
            found.append(problem(path, "take", index, message=f"{_describe(state, source)} can give only "
                                                              f"{counted(sources[source], 'rupee')}; {legal}"))
    return found


def default_take(state: GameState, seat: str, card: int) -> list[Source]:
    """The `take` used when the order gives none: each rupee from the source with the most left to give."""
    left = available(state, seat)
    order = list(left)
    take: list[Source] = []
    for _ in range(rank(card)):
        if not left:
            break
        best = max(order, key=lambda s: (left.get(s, 0), -order.index(s)))
        if not left.get(best):
            break
        take.append(best)
        left[best] -= 1
    return take


def perform(ctx: Context, seat: str, card: int, params: dict[str, Any]) -> None:
    """Move the rupees from each source to `seat`."""
    state = ctx.state
    take = params.get("take")
    if take is None:
        take = default_take(state, seat, card)
    gained = 0
    for source, count in Counter(take).items():
        if is_int(source):
            row, column = next((r, c) for r, c, n in occupied(state) if n == source)
            state.market_rupees[row][column] -= count
            what = f"from {card_name(source)} in the market"
        else:
            state.players[source].rupees -= count
            what = f"from {source}"
        gained += count
        state.players[seat].rupees += count
        report(ctx, f"{seat} taxes {counted(count, 'rupee')} {what}.", kind="tax", seat=seat, source=source,
               amount=count)
    if not gained:
        ctx.emit(f"{seat} taxes with {card_name(card)} but finds no rupees to take.", kind="tax", seat=seat,
                 amount=0)


def random_params(state: GameState, seat: str, card: int, rng: Rng) -> dict[str, Any] | None:
    """A random legal `take` (Tax is always possible, if sometimes empty)."""
    pool = [source for source, n in available(state, seat).items() for _ in range(n)]
    rng.shuffle(pool)
    return {"take": pool[:rng.randint(min(1, len(pool)), min(rank(card), len(pool)))]}


def offer(state: GameState, seat: str, card: int) -> Offer:
    """The sources `seat` may tax with `card`, and the taking its order would default to, for the template."""
    sources = available(state, seat)
    if not sources:
        return Offer("there is nothing to take: no market card or player you may tax has rupees")
    listed = named([f"{s} ({n} on {cards.title(s)})" if is_int(s) else f"{s} ({n})" for s, n in sources.items()])
    return Offer(f"up to {counted(rank(card), 'rupee')}, one take: item per rupee, from {listed}",
                 ({"take": default_take(state, seat, card)},))
