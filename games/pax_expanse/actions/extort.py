"""Extort (rulebook "Extort"): take influence equal to the asset's rank from other players with supporters in the
asset's region, or from the market assets of that region.

Entry: `{action: extort, card: N, from: [ben, 37]}`, one item per influence taken: a seat's name, or the number
of a market asset carrying influence. Without `from`, each influence is asked for (a single source is no choice).
"""

from __future__ import annotations

from typing import Any

from engine.contract import Path, Problem
from engine.rng import Rng
from engine.words import counted
from games.pax import market
from games.pax.actions import Offer
from games.pax.template import named
from games.pax_expanse import abilities, cards, queries
from games.pax_expanse.actions.common import Ctx, choose, listed, name, rank, region_name
from games.pax_expanse.state import GameState

FIELDS: tuple[str, ...] = ("from",)


def regions(state: GameState, seat: str, card: int) -> list[str]:
    """The regions this asset extorts in: its own, or every region when the seat holds Governor in Exile."""
    if abilities.holds(state, seat, "governor_in_exile"):
        return list(cards.board().regions)
    return [queries.asset_region(state, card)]


def sources(state: GameState, seat: str, card: int) -> list[Any]:
    """Where one influence may be taken from now: seats (other players with supporters in the region, holding
    influence), then market assets of the region carrying influence, by number."""
    where = regions(state, seat, card)
    found: list[Any] = [s for s in state.order if s != seat and state.players[s].influence > 0
                        and any(state.supporters.get(r, {}).get(s, 0) for r in where)]
    found += [n for r, c, n in market.occupied(state) if n in cards.assets()
              and state.market_influence[r][c] > 0 and queries.asset_region(state, n) in where]
    return found


def available(state: GameState, seat: str, card: int) -> int:
    """The most influence this Extort can take: every source's influence together."""
    total = 0
    for source in sources(state, seat, card):
        if isinstance(source, str):
            total += state.players[source].influence
        else:
            total += next(state.market_influence[r][c] for r, c, n in market.occupied(state) if n == source)
    return total


def amount(state: GameState, seat: str, card: int) -> int:
    """The influence taken: the asset's rank, or all there is when there is less."""
    return min(rank(card), available(state, seat, card))


def problems(state: GameState, seat: str, card: int, params: dict[str, Any], path: Path) -> list[Problem]:
    """Nothing to take, or a `from` list longer than the influence taken."""
    due = amount(state, seat, card)
    if due == 0:
        found = regions(state, seat, card)
        where = region_name(found[0]) if len(found) == 1 else "any region"
        return [Problem((*path, "card"), f"{name(card)} has nothing to extort: no other player with supporters in "
                                         f"{where} has influence, and no market asset of it carries influence")]
    given = params.get("from")
    if given is not None and (not isinstance(given, list) or len(given) > due):
        return [Problem((*path, "from"), f"from lists up to {counted(due, 'source')} of the influence taken, one per "
                                         f"influence (any left out is asked); sources now: "
                                         f"{listed(sources(state, seat, card))}")]
    return []


def perform(ctx: Ctx, seat: str, card: int, params: dict[str, Any]) -> None:
    """Take the influence one at a time from the sources chosen."""
    state = ctx.state
    if abilities.holds(state, seat, "governor_in_exile"):
        ctx.emit(f"{seat} extorts in every region ({abilities.title('governor_in_exile')})", kind="ability",
                 seat=seat, ability="governor_in_exile")
    for index in range(amount(state, seat, card)):
        options = sources(state, seat, card)
        source = choose(ctx, seat, ("from", index), f"{name(card)} extorts: take one influence from a player or "
                        "a market asset", options)
        if isinstance(source, str):
            state.players[source].influence -= 1
            ctx.emit(f"{seat} extorts 1 influence from {source} with {name(card)}", kind="extort", seat=seat,
                     victim=source, card=card)
        else:
            row, column = next((r, c) for r, c, n in market.occupied(state) if n == source)
            state.market_influence[row][column] -= 1
            ctx.emit(f"{seat} extorts 1 influence from {name(source)} in the market with {name(card)}",
                     kind="extort", seat=seat, market=source, card=card)
        state.players[seat].influence += 1


def random_params(state: GameState, seat: str, card: int, rng: Rng) -> dict[str, Any] | None:
    """A random source for each influence taken (a source drops out once emptied); None when nothing can be taken.

    The whole list is given: left to the turn's questions, a last influence with a single source left would be
    taken without being written down, and the order would then list too few sources.
    """
    due = amount(state, seat, card)
    if not due:
        return None
    pool: list[Any] = []
    for source in sources(state, seat, card):
        held = state.players[source].influence if isinstance(source, str) else next(
            state.market_influence[r][c] for r, c, n in market.occupied(state) if n == source)
        pool += [source] * held
    return {"from": [pool.pop(rng.below(len(pool))) for _ in range(due)]}


def offer(state: GameState, seat: str, card: int) -> Offer:
    """The sources Extort may take from now, and one from: item for each influence taken, for the template."""
    due = amount(state, seat, card)
    if not due:
        return Offer(problems(state, seat, card, {}, ())[0].message)
    pool: list[Any] = []
    for source in sources(state, seat, card):
        held = state.players[source].influence if isinstance(source, str) else next(
            state.market_influence[r][c] for r, c, n in market.occupied(state) if n == source)
        pool += [source] * held
    return Offer(f"takes {due} influence, one from: item each, from {named(sources(state, seat, card))}",
                 ({"from": pool[:due]},))
