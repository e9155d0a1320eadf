"""The rules apply what the crew decided: small rules functions for the changes crew actions make that no
player action makes in the same way (pieces from the supply without the component-limits rule, the token's move),
shared by the crew and any card that does the same thing; an asset the crew discards leaves play by the players'
own `discard_asset`, so the agents on it move on as for any discard.
"""

from __future__ import annotations

from engine.words import article
from games.pax.context import Context
from games.pax_expanse import cards, queries
from games.pax_expanse.model import REGIONS
from games.pax_expanse.network import discard_asset
from games.pax_expanse.pieces import WHERE, name_of, remove_piece
from games.pax_expanse.rocinante.planner import Move, Plan
from games.pax_expanse.state import GameState, nested_bump

Ctx = Context[GameState]


def owner_name(owner: str) -> str:
    """A seat as it is, a faction by its short name."""
    factions = {f.id: f.short for f in cards.board().factions}
    return factions.get(owner, owner)


def place_from_supply(ctx: Ctx, kind: str, where: str, owner: str, count: int, why: str) -> None:
    """Place `count` pieces of `owner` from its supply (control markers of a seat, tokens of a faction); the
    caller has checked the supply holds them, as nobody takes pieces from play here."""
    supply = (queries.markers_in_supply(ctx.state, owner) if kind in ("supporter", "agent")
              else queries.tokens_in_supply(ctx.state, owner))
    if supply < count:
        raise ValueError(f"{owner} has {supply} {kind}(s) in supply, {count} needed")
    nested_bump(getattr(ctx.state, WHERE[kind]), where, owner, count)
    who = owner_name(owner)
    what = f"{article(who)} {who} {kind}" if count == 1 else f"{count} {who} {kind}s"
    ctx.emit(f"{what[0].upper()}{what[1:]} placed on {name_of(where)} ({why})", kind="place", piece=kind,
             where=where, owner=owner, count=count)


def move_rocinante(ctx: Ctx, to: str, why: str) -> bool:
    """Move the Rocinante token to `to` unless it shows its damaged side (False then: a damaged Rocinante neither
    moves on its turn nor can be moved by Favour); the crew assets' region follows the token at once."""
    ai = ctx.state.rocinante
    here, there = cards.board().region_names[ai.region], cards.board().region_names[to]
    if ai.damaged:
        ctx.emit(f"The Rocinante is damaged and stays in {here} instead of moving to {there} ({why})",
                 kind="rocinante-move", moved=False, region=ai.region)
        return False
    if ai.region == to:
        ctx.emit(f"The Rocinante is already in {here} and stays there ({why})", kind="rocinante-move", moved=False,
                 region=to)
        return True
    ai.region = to
    ctx.emit(f"The Rocinante moves from {here} to {there}, and its crew assets with it ({why})",
             kind="rocinante-move", moved=True, region=to)
    return True


def apply_plan(ctx: Ctx, decided: Plan, why: str) -> None:
    """Carry out every move of a crew plan, then report each region whose control it changed."""
    before = _controls(ctx.state)
    for move in decided.moves:
        _apply(ctx, move, why)
    after = _controls(ctx.state)
    for region in REGIONS:
        if before[region] != after[region]:
            ctx.emit(_control_text(region, before[region], after[region]), kind="control", region=region,
                     faction=after[region][0], player=after[region][1])


def _apply(ctx: Ctx, move: Move, why: str) -> None:
    if move.op == "remove":
        remove_piece(ctx, move.piece, move.where, move.owner, move.count, why)
    elif move.op == "place":
        place_from_supply(ctx, move.piece, move.where, move.owner, move.count, why)
    elif move.op == "discard":
        # The players' own discard: the agents on the asset move to adjacent assets, their owners asked in player
        # order from the first player (the Rocinante sits to the right of the first player).
        discard_asset(ctx, int(move.where), why)
    else:
        raise ValueError(f"unknown crew move {move.op!r}")


def _controls(state: GameState) -> dict[str, tuple[str | None, str | None]]:
    return {r: (queries.faction_control(state, r), queries.player_control(state, r)) for r in REGIONS}


def _control_text(region: str, before: tuple[str | None, str | None], after: tuple[str | None, str | None]) -> str:
    name = cards.board().region_names[region]
    parts = []
    if before[0] != after[0]:
        parts.append(f"the {owner_name(after[0])} now controls it" if after[0] else "no faction controls it now")
    if before[1] != after[1]:
        parts.append(f"{after[1]} now controls it" if after[1] else "no player controls it now")
    return f"{name}: " + "; ".join(parts)
