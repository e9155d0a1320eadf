"""Placing and removing supporters, agents, favours, fleets and transports, with the component limits.

When a piece must be placed and the supply has none, the placing seat takes one of the same shape and colour
from anywhere in play, except a piece placed this turn, and it may change kind (rulebook, "Component Limits"): a
supporter may become an agent, a fleet a transport.
"""

from __future__ import annotations

from engine.words import article
from games.pax import pieces as kernel
from games.pax.context import Context
from games.pax_expanse import cards, queries
from games.pax_expanse.state import GameState, nested_bump

Ctx = Context[GameState]

#: The count map of each piece kind in the state: region, asset or border -> owner -> count.
WHERE = {"supporter": "supporters", "agent": "agents", "fleet": "fleets", "transport": "transports"}
#: The pieces made of a faction's tokens (the others are a seat's control markers).
TOKEN_KINDS = ("fleet", "transport")


def name_of(where: str) -> str:
    """A region's, border's or asset's name as players read it."""
    board = cards.board()
    if where in board.region_names:
        return board.region_names[where]
    if where in board.border_regions:
        a, b = board.border_regions[where]
        return f"the border of {board.region_names[a]} and {board.region_names[b]}"
    return cards.assets()[int(where)].name


def _placed(state: GameState) -> dict[str, int] | None:
    """The turn's record of pieces placed this turn (None outside a turn)."""
    return state.turn.placed if state.turn is not None else None


def carry_placed_mark(state: GameState, kind: str, source: str, to: str, owner: str, left: int) -> None:
    """A piece of `owner` moved from `source` to `to`: one placed this turn stays excluded from Component Limits."""
    kernel.carry_placed(_placed(state), kind, source, to, owner, left)


def marker_sources(state: GameState, seat: str) -> list[str]:
    """Where `seat` may take a control marker from with its supply empty: "supporter:<region>", "agent:<asset>",
    "favour:" (pieces placed this turn excluded)."""
    in_play = [(kind, where, state.supporters[where] if kind == "supporter" else state.agents[where])
               for kind, places in (("supporter", sorted(state.supporters)),
                                    ("agent", sorted(state.agents, key=lambda w: (len(w), w))))
               for where in places]
    in_play.append(("favour", "", {seat: state.players[seat].favours}))
    return kernel.sources(in_play, seat, _placed(state))


def token_sources(state: GameState, faction: str) -> list[str]:
    """Where a token of `faction` may be taken from when none is in supply: "fleet:<region>", "transport:<border>"
    (pieces placed this turn excluded)."""
    in_play = [(kind, where, getattr(state, WHERE[kind])[where])
               for kind in ("fleet", "transport") for where in sorted(getattr(state, WHERE[kind]))]
    return kernel.sources(in_play, faction, _placed(state))


def _take_from_play(ctx: Ctx, chooser: str, owner: str, sources: list[str], what: str) -> bool:
    """The chooser takes a piece of `owner` from play for `what`; False when none may be taken."""
    source = kernel.take_from_play(ctx, chooser, "take-piece",
                                   f"none left in the supply: take a piece from play for {what}", sources)
    if source is None:
        ctx.emit(f"No {what} can be placed: none is left in the supply or may be taken from play.",
                 kind="no-piece", owner=owner)
        return False
    kind, where = source.split(":", 1)
    if kind == "favour":
        ctx.state.players[owner].favours -= 1
    else:
        nested_bump(getattr(ctx.state, WHERE[kind]), where, owner, -1)
    place = name_of(where) if where else "the loyalty card"
    ctx.emit(f"{article(kind).capitalize()} {kind} is taken from {place} for {what}.", kind="piece-taken",
             owner=owner, piece=kind, where=where)
    return True


def place_marker(ctx: Ctx, seat: str, kind: str, where: str) -> bool:
    """Place one of `seat`'s control markers as a supporter (in a region), agent (on an asset) or favour (where is
    empty); False when no marker can be had."""
    state = ctx.state
    what = f"{article(kind)} {kind} of {seat}" + (f" on {name_of(where)}" if where else "")
    if queries.markers_in_supply(state, seat) <= 0 and not _take_from_play(
            ctx, seat, seat, marker_sources(state, seat), what):
        return False
    if kind == "favour":
        state.players[seat].favours += 1
    else:
        nested_bump(getattr(state, WHERE[kind]), where, seat, 1)
    kernel.mark_placed(_placed(state), kind, where, seat)
    ctx.emit(f"{seat} places {what.split(' of ')[0]}" + (f" on {name_of(where)}" if where else " on their loyalty card"),
             kind="place", seat=seat, piece=kind, where=where)
    return True


def place_token(ctx: Ctx, chooser: str, faction: str, kind: str, where: str) -> bool:
    """Place a token of `faction` as a fleet (in a region) or a transport (on a border); `chooser` decides where
    one is taken from when the supply is empty. False when no token can be had."""
    state = ctx.state
    short = cards.board().faction(faction).short
    what = f"{article(short)} {short} {kind} on {name_of(where)}"
    if queries.tokens_in_supply(state, faction) <= 0 and not _take_from_play(
            ctx, chooser, faction, token_sources(state, faction), what):
        return False
    nested_bump(getattr(state, WHERE[kind]), where, faction, 1)
    kernel.mark_placed(_placed(state), kind, where, faction)
    ctx.emit(f"{chooser} places {what}", kind="place", seat=chooser, piece=kind, where=where, faction=faction)
    return True


def remove_piece(ctx: Ctx, kind: str, where: str, owner: str, count: int = 1, why: str = "") -> None:
    """Return pieces from play to their supply (supporters, agents, fleets, transports)."""
    nested_bump(getattr(ctx.state, WHERE[kind]), where, owner, -count)
    plural = kind if count == 1 else f"{kind}s"
    # Fleets and transports belong to a faction, named as players know it ("2 MCR fleets"); markers to a seat.
    whose = (f"{cards.board().faction(owner).short} {plural}" if kind in TOKEN_KINDS
             else f"{plural} of {owner}")
    ctx.emit(f"{count} {whose} removed from {name_of(where)}" + (f" ({why})" if why else ""),
             kind="remove", piece=kind, where=where, owner=owner, count=count)


def clear_region(ctx: Ctx, region: str, why: str) -> None:
    """Remove every fleet and every supporter from a region."""
    for kind in ("fleet", "supporter"):
        counts = dict(getattr(ctx.state, WHERE[kind]).get(region, {}))
        for owner, count in sorted(counts.items()):
            remove_piece(ctx, kind, region, owner, count, why)
