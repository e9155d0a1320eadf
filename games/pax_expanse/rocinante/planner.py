"""The crew decides (ROCINANTE.md "Every crew action"): for one crew action, the pieces it takes or places, and
whom, with the reason; or why it cannot be resolved. Nothing here changes the state: effects.py applies a plan.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.words import article
from games.pax_expanse import cards, queries
from games.pax_expanse.model import CrewAction
from games.pax_expanse.rocinante.orderings import Standing, border_order, faction_order, region_assets
from games.pax_expanse.state import GameState


@dataclass(frozen=True)
class Move:
    """One change a crew action makes: `count` pieces of `owner` (a seat or a faction) taken from or put at
    `where` (a region, a border, or an asset number as text); an `asset` piece is discarded from its Network."""

    op: str  # remove | place | discard
    piece: str  # supporter | fleet | transport | agent | asset
    where: str
    owner: str
    count: int = 1


@dataclass(frozen=True)
class Plan:
    """A crew action that can be resolved: the moves in order, whom it hurts or helps, and why."""

    action: CrewAction
    moves: tuple[Move, ...]
    whom: str
    reason: str


@dataclass(frozen=True)
class Unresolvable:
    """A crew action that would change nothing, and why."""

    action: CrewAction
    reason: str


Decision = Plan | Unresolvable


def region_name(region: str) -> str:
    """A region as players name it."""
    return cards.board().region_names[region]


def faction_short(faction: str) -> str:
    """A faction's short name (UN, MCR, OPA)."""
    return cards.board().faction(faction).short


def plan(state: GameState, action: CrewAction, ranking: Standing) -> Decision:
    """What `action` does now in the Rocinante's region, the leader and trailing player fixed by `ranking`."""
    region = state.rocinante.region
    if action.kind == "place":
        return _place(state, action, ranking, region)
    if action.kind == "eliminate":
        return _eliminate(state, action, ranking, region)
    if action.piece in ("fleet", "transport"):
        return _hurt_faction(state, action, ranking, region)
    return _hurt_player(state, action, ranking, region)


def _first_hurt_seat(ranking: Standing, has: Callable[[str], bool]) -> str | None:
    """The highest-standing player other than the trailing player for whom `has` holds."""
    return next((seat for seat in ranking.seats[:-1] if has(seat)), None)


def _hurt_player(state: GameState, action: CrewAction, ranking: Standing, region: str) -> Decision:
    """Remove supporters in the region, or agents on its assets, of the highest-standing player who has some."""
    name = region_name(region)
    if action.piece == "supporter":
        here = state.supporters.get(region, {})
        seat = _first_hurt_seat(ranking, lambda s: here.get(s, 0) > 0)
        if seat is None:
            return Unresolvable(action, f"no player but the trailing player ({ranking.trailing}) has a supporter "
                                        f"in {name}")
        count = min(action.count, here[seat])
        return Plan(action, (Move("remove", "supporter", region, seat, count),), seat,
                    f"{seat} is the highest-standing player with a supporter in {name}")
    carrying = region_assets(state, ranking, region)
    seat = _first_hurt_seat(ranking, lambda s: any(state.agents.get(str(n), {}).get(s, 0) for n in carrying))
    if seat is None:
        return Unresolvable(action, f"no player but the trailing player ({ranking.trailing}) has an agent on an "
                                    f"asset of {name} (crew assets never count)")
    moves, left = [], action.count
    for number in carrying:
        there = state.agents.get(str(number), {}).get(seat, 0)
        if there and left:
            take = min(there, left)
            moves.append(Move("remove", "agent", str(number), seat, take))
            left -= take
    return Plan(action, tuple(moves), seat, f"{seat} is the highest-standing player with an agent on an asset of "
                                            f"{name}; the assets are taken in asset order")


def _hurt_faction(state: GameState, action: CrewAction, ranking: Standing, region: str) -> Decision:
    """Remove (or replace) fleets in the region, or transports on its borders, of the first faction in faction
    order that has some there."""
    name = region_name(region)
    spared = state.players[ranking.trailing].loyalty
    spared_text = f" but the trailing player's ({faction_short(spared)})" if spared else ""

    def holdings(faction: str) -> list[tuple[str, int]]:
        if action.piece == "fleet":
            count = state.fleets.get(region, {}).get(faction, 0)
            return [(region, count)] if count else []
        return [(b, state.transports[b][faction]) for b in border_order(state, region, faction)
                if state.transports.get(b, {}).get(faction, 0)]

    factions = faction_order(state, ranking, region)
    faction = next((f for f in factions if holdings(f)), None)
    where_text = f"in {name}" if action.piece == "fleet" else f"on a border of {name}"
    if faction is None:
        return Unresolvable(action, f"no faction{spared_text} has {_a(action.piece)} {where_text}")
    order_text = ", ".join(faction_short(f) for f in factions)
    reason = f"the {faction_short(faction)} is the first faction in faction order ({order_text}) with " \
             f"{_a(action.piece)} {where_text}"
    if action.kind == "replace":
        if spared is None:
            return Unresolvable(action, f"the trailing player ({ranking.trailing}) has no loyalty")
        if queries.tokens_in_supply(state, spared) <= 0:
            return Unresolvable(action, f"no {faction_short(spared)} token is left in the supply (the crew never "
                                        "takes pieces from play)")
        where = holdings(faction)[0][0]
        return Plan(action, (Move("remove", action.piece, where, faction), Move("place", action.piece, where, spared)),
                    faction, reason + f"; replaced with the trailing player's faction ({faction_short(spared)})")
    moves, left = [], action.count
    for where, count in holdings(faction):
        if left:
            take = min(count, left)
            moves.append(Move("remove", action.piece, where, faction, take))
            left -= take
    if action.piece == "transport":
        reason += "; the borders are taken in border order"
    return Plan(action, tuple(moves), faction, reason)


def _eliminate(state: GameState, action: CrewAction, ranking: Standing, region: str) -> Decision:
    """Discard the hurt player's first asset of the region in asset order."""
    name = region_name(region)
    ordered = region_assets(state, ranking, region)
    seat = _first_hurt_seat(ranking, lambda s: any(n in state.players[s].network for n in ordered))
    if seat is None:
        return Unresolvable(action, f"no player but the trailing player ({ranking.trailing}) has an asset of {name} "
                                    "in their Network (crew assets never count)")
    number = next(n for n in ordered if n in state.players[seat].network)
    return Plan(action, (Move("discard", "asset", str(number), seat),), seat,
                f"{seat} is the highest-standing player with an asset of {name}; {queries.asset(number).name} is "
                "their first in asset order")


def _place(state: GameState, action: CrewAction, ranking: Standing, region: str) -> Decision:
    """Place up to `count` pieces of the trailing player (supporters) or of their faction (fleets, transports)."""
    seat = ranking.trailing
    name = region_name(region)
    if action.piece == "supporter":
        supply = queries.markers_in_supply(state, seat)
        if supply <= 0:
            return Unresolvable(action, f"the trailing player ({seat}) has no control marker left on their "
                                        "player board (the crew never takes pieces from play)")
        count = min(action.count, supply)
        return Plan(action, (Move("place", "supporter", region, seat, count),), seat,
                    f"{seat} is the trailing player")
    faction = state.players[seat].loyalty
    if faction is None:
        return Unresolvable(action, f"the trailing player ({seat}) has no loyalty")
    supply = queries.tokens_in_supply(state, faction)
    if supply <= 0:
        return Unresolvable(action, f"no {faction_short(faction)} token is left in the supply (the crew never takes "
                                    "pieces from play)")
    count = min(action.count, supply)
    if action.piece == "fleet":
        where = region
        reason = f"{seat} is the trailing player, loyal to the {faction_short(faction)}"
    else:
        where = border_order(state, region, faction)[0]
        reason = f"{seat} is the trailing player, loyal to the {faction_short(faction)}; the first border of " \
                 f"{name} in border order"
    return Plan(action, (Move("place", action.piece, where, faction, count),), faction, reason)


def _a(piece: str) -> str:
    return f"{article(piece)} {piece}"
