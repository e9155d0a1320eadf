"""Placing and removing tribes, spies, gifts, armies and roads, with the component limits.

When a piece must be placed and the supply has none, the placing seat takes one of the same shape and colour
from anywhere in play, except a piece placed this turn (rulebook, Component Limits); it may change kind, e.g. a
tribe becomes a spy. Losing a tribe this way can trigger the overthrow rule like any other loss.
"""

from __future__ import annotations

from games.pax.context import Question
from games.pax_pamir import queries
from games.pax_pamir.context import Context
from games.pax_pamir.court import remove_tribe
from games.pax_pamir.state import GameState, bump


def article(word: str) -> str:
    """'a' or 'an' before a word ("an afghan army")."""
    return "an" if word[:1] in "aeiou" else "a"


def _mark_placed(state: GameState, where: str) -> None:
    if state.turn is not None:
        bump(state.turn.placed, where, 1)


def _placed_here(state: GameState, where: str) -> int:
    return state.turn.placed.get(where, 0) if state.turn is not None else 0


def cylinder_sources(state: GameState, seat: str) -> list[str]:
    """Where `seat` may take a cylinder from with its supply empty: "tribe:<region>", "spy:<card>", "gift:<price>"."""
    found = []
    for region, counts in sorted(state.tribes.items()):
        if counts.get(seat, 0) > _placed_here(state, f"tribe:{region}:{seat}"):
            found.append(f"tribe:{region}")
    for card, counts in sorted(state.spies.items(), key=lambda kv: int(kv[0])):
        if counts.get(seat, 0) > _placed_here(state, f"spy:{card}:{seat}"):
            found.append(f"spy:{card}")
    for price in state.players[seat].gifts:
        if not _placed_here(state, f"gift:{price}:{seat}"):
            found.append(f"gift:{price}")
    return found


def block_sources(state: GameState, coalition: str) -> list[str]:
    """Where a block of `coalition` may be taken from when none is in supply: "army:<region>", "road:<border>"."""
    found = []
    for region, counts in sorted(state.armies.items()):
        if counts.get(coalition, 0) > _placed_here(state, f"army:{region}:{coalition}"):
            found.append(f"army:{region}")
    for border, counts in sorted(state.roads.items()):
        if counts.get(coalition, 0) > _placed_here(state, f"road:{border}:{coalition}"):
            found.append(f"road:{border}")
    return found


def _take_cylinder(ctx: Context, seat: str, purpose: str, target: str = "") -> bool:
    """Make one of `seat`'s cylinders available; False when none can be had (the placement does not happen)."""
    state = ctx.state
    if queries.cylinders_in_supply(state, seat) > 0:
        return True
    sources = cylinder_sources(state, seat)
    if not sources:
        ctx.emit(f"{seat} has no cylinder left to use for {purpose}.")
        return False
    source = ctx.ask(Question(seat, ctx.serial("take-cylinder"), "choice",
                              f"all of {seat}'s cylinders are in play: take one for {purpose} from", tuple(sources),
                              default=sources[0]))
    kind, where = source.split(":", 1)
    ctx.emit(f"{seat} takes a cylinder from {kind} {where} for {purpose} (none left in supply).")
    if source == target:
        # The tribe goes straight back where it was: nothing is lost, so no overthrow.
        bump(state.tribes[where], seat, -1)
    elif kind == "tribe":
        remove_tribe(ctx, seat, where)
    elif kind == "spy":
        remove_spy(ctx, seat, int(where))
    else:
        state.players[seat].gifts.remove(int(where))
    return True


def _take_block(ctx: Context, coalition: str, purpose: str, chooser: str) -> bool:
    """Make one block of `coalition` available; False when none can be had."""
    state = ctx.state
    if queries.blocks_in_supply(state, coalition) > 0:
        return True
    sources = block_sources(state, coalition)
    if not sources:
        ctx.emit(f"No {coalition} block is left for {purpose}.")
        return False
    source = ctx.ask(Question(chooser, ctx.serial("take-block"), "choice",
                              f"all {coalition} blocks are in play: take one for {purpose} from", tuple(sources),
                              default=sources[0]))
    kind, where = source.split(":", 1)
    ctx.emit(f"{article(coalition).capitalize()} {coalition} block is taken from {kind} {where} for {purpose} (none left in supply).")
    if kind == "army":
        remove_army(ctx, coalition, where)
    else:
        remove_road(ctx, coalition, where)
    return True


def place_tribe(ctx: Context, seat: str, region: str) -> bool:
    """Put one of `seat`'s cylinders in `region` as a tribe; False if no cylinder could be had."""
    if not _take_cylinder(ctx, seat, f"a tribe in {region}", f"tribe:{region}"):
        return False
    bump(ctx.state.tribes.setdefault(region, {}), seat, 1)
    _mark_placed(ctx.state, f"tribe:{region}:{seat}")
    ctx.emit(f"{seat} places a tribe in {region}.", kind="tribe", seat=seat, region=region)
    return True


def place_spy(ctx: Context, seat: str, number: int) -> bool:
    """Put one of `seat`'s cylinders on court card `number` as a spy; False if no cylinder could be had."""
    if not _take_cylinder(ctx, seat, f"a spy on card {number}"):
        return False
    if queries.owner_of(ctx.state, number) is None:
        return False  # taking the cylinder discarded the target card (overthrow): the spy has nowhere to go
    bump(ctx.state.spies.setdefault(str(number), {}), seat, 1)
    _mark_placed(ctx.state, f"spy:{number}:{seat}")
    ctx.emit(f"{seat} places a spy on {queries.court_card(number).name}.", kind="spy", seat=seat, card=number)
    return True


def place_gift(ctx: Context, seat: str, price: int) -> bool:
    """Put one of `seat`'s cylinders on the gift space of this price; False if no cylinder could be had."""
    if not _take_cylinder(ctx, seat, f"the {price}-rupee gift"):
        return False
    gifts = ctx.state.players[seat].gifts
    gifts.append(price)
    gifts.sort()
    _mark_placed(ctx.state, f"gift:{price}:{seat}")
    return True


def place_army(ctx: Context, coalition: str, region: str, chooser: str) -> bool:
    """Put a `coalition` block in `region` as an army; `chooser` picks a source if the supply is empty."""
    if not _take_block(ctx, coalition, f"an army in {region}", chooser):
        return False
    bump(ctx.state.armies.setdefault(region, {}), coalition, 1)
    _mark_placed(ctx.state, f"army:{region}:{coalition}")
    ctx.emit(f"{article(coalition).capitalize()} {coalition} army is placed in {region}.", kind="army", coalition=coalition, region=region)
    return True


def place_road(ctx: Context, coalition: str, border: str, chooser: str) -> bool:
    """Put a `coalition` block on `border` as a road; `chooser` picks a source if the supply is empty."""
    if not _take_block(ctx, coalition, f"a road on {border}", chooser):
        return False
    bump(ctx.state.roads.setdefault(border, {}), coalition, 1)
    _mark_placed(ctx.state, f"road:{border}:{coalition}")
    ctx.emit(f"{article(coalition).capitalize()} {coalition} road is placed on {border}.", kind="road", coalition=coalition, border=border)
    return True


def remove_spy(ctx: Context, seat: str, number: int) -> None:
    """Return one of `seat`'s spies on card `number` to their supply."""
    key = str(number)
    bump(ctx.state.spies.setdefault(key, {}), seat, -1)
    if not ctx.state.spies[key]:
        del ctx.state.spies[key]


def remove_army(ctx: Context, coalition: str, region: str) -> None:
    """Return one `coalition` army in `region` to the supply."""
    bump(ctx.state.armies.setdefault(region, {}), coalition, -1)
    if not ctx.state.armies[region]:
        del ctx.state.armies[region]


def remove_road(ctx: Context, coalition: str, border: str) -> None:
    """Return one `coalition` road on `border` to the supply."""
    bump(ctx.state.roads.setdefault(border, {}), coalition, -1)
    if not ctx.state.roads[border]:
        del ctx.state.roads[border]


def remove_all_blocks(state: GameState) -> None:
    """Clear every army and road from the map (after a successful Dominance Check)."""
    state.armies.clear()
    state.roads.clear()
