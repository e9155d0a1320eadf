"""Placing and removing tribes, spies, gifts, armies and roads, with the component limits.

When a piece must be placed and the supply has none, the placing seat takes one of the same shape and colour
from anywhere in play, except a piece placed this turn (rulebook, Component Limits); it may change kind, e.g. a
tribe becomes a spy. Losing a tribe this way can trigger the overthrow rule like any other loss.
"""

from __future__ import annotations

from engine.words import upper_first
from games.pax.pieces import Counts, bump, carry_placed, mark_placed, sources, take_from_play
from games.pax_pamir import names, queries
from games.pax_pamir.context import Context
from games.pax_pamir.court import remove_tribe
from games.pax_pamir.state import GameState


def _placed(state: GameState) -> Counts | None:
    """The turn's record of pieces placed (None outside a turn)."""
    return state.turn.placed if state.turn is not None else None


def cylinder_sources(state: GameState, seat: str) -> list[str]:
    """Where `seat` may take a cylinder from with its supply empty: "tribe:<region>", "spy:<card>", "gift:<price>"."""
    gifts = [("gift", str(price), {seat: 1}) for price in state.players[seat].gifts]
    return sources([*(("tribe", region, counts) for region, counts in sorted(state.tribes.items())),
                    *(("spy", card, counts) for card, counts in sorted(state.spies.items(), key=lambda kv: int(kv[0]))),
                    *gifts], seat, _placed(state))


def block_sources(state: GameState, coalition: str) -> list[str]:
    """Where a block of `coalition` may be taken from when none is in supply: "army:<region>", "road:<border>"."""
    return sources([*(("army", region, counts) for region, counts in sorted(state.armies.items())),
                    *(("road", border, counts) for border, counts in sorted(state.roads.items()))],
                   coalition, _placed(state))


def _source_words(kind: str, where: str) -> str:
    """A piece in play as players read it: "the army in Kabul", "the spy on Sher Ali", "the 2-rupee gift"."""
    if kind == "gift":
        return f"the {where}-rupee gift"
    if kind == "spy":
        return f"the spy on {queries.court_card(int(where)).name}"
    return f"the {kind} {'on' if kind == 'road' else 'in'} {names.place(where)}"


def _take_cylinder(ctx: Context, seat: str, purpose: str, told: str, target: str = "") -> bool:
    """Make one of `seat`'s cylinders available; False when none can be had (the placement does not happen).

    `purpose` is the placement in the question's words (map ids: the question's text is stored as first written,
    and Wakhan reads it), `told` in the event line's.
    """
    state = ctx.state
    if queries.cylinders_in_supply(state, seat) > 0:
        return True
    source = take_from_play(ctx, seat, "take-cylinder",
                            f"all of {seat}'s cylinders are in play: take one for {purpose} from",
                            cylinder_sources(state, seat))
    if source is None:
        ctx.emit(f"{seat} has no cylinder left to use for {told}.")
        return False
    kind, where = source.split(":", 1)
    ctx.emit(f"{seat} takes a cylinder from {_source_words(kind, where)} for {told} (none left in supply).")
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


def _take_block(ctx: Context, coalition: str, purpose: str, told: str, chooser: str) -> bool:
    """Make one block of `coalition` available; False when none can be had (`purpose`, `told`: as above)."""
    state = ctx.state
    if queries.blocks_in_supply(state, coalition) > 0:
        return True
    source = take_from_play(ctx, chooser, "take-block", f"all {coalition} blocks are in play: take one for {purpose} from",
                            block_sources(state, coalition))
    if source is None:
        ctx.emit(f"No {names.coalition(coalition)} block is left for {told}.")
        return False
    kind, where = source.split(":", 1)
    ctx.emit(f"{upper_first(names.a_coalition(coalition))} block is taken from {_source_words(kind, where)} for {told} "
             "(none left in supply).")
    if kind == "army":
        remove_army(ctx, coalition, where)
    else:
        remove_road(ctx, coalition, where)
    return True


def carry_placed_mark(state: GameState, kind: str, source: str, to: str, owner: str, left: int) -> None:
    """A piece of `owner` moved from `source` to `to`: one placed this turn stays excluded from Component Limits."""
    carry_placed(_placed(state), kind, source, to, owner, left)


def place_tribe(ctx: Context, seat: str, region: str) -> bool:
    """Put one of `seat`'s cylinders in `region` as a tribe; False if no cylinder could be had."""
    if not _take_cylinder(ctx, seat, f"a tribe in {region}", f"a tribe in {names.region(region)}", f"tribe:{region}"):
        return False
    bump(ctx.state.tribes.setdefault(region, {}), seat, 1)
    mark_placed(_placed(ctx.state), "tribe", region, seat)
    ctx.emit(f"{seat} places a tribe in {names.region(region)}.", kind="tribe", seat=seat, region=region)
    return True


def place_spy(ctx: Context, seat: str, number: int) -> bool:
    """Put one of `seat`'s cylinders on court card `number` as a spy; False if no cylinder could be had."""
    if not _take_cylinder(ctx, seat, f"a spy on card {number}", f"a spy on {queries.court_card(number).name}"):
        return False
    if queries.owner_of(ctx.state, number) is None:
        return False  # taking the cylinder discarded the target card (overthrow): the spy has nowhere to go
    bump(ctx.state.spies.setdefault(str(number), {}), seat, 1)
    mark_placed(_placed(ctx.state), "spy", str(number), seat)
    ctx.emit(f"{seat} places a spy on {queries.court_card(number).name}.", kind="spy", seat=seat, card=number)
    return True


def place_gift(ctx: Context, seat: str, price: int) -> bool:
    """Put one of `seat`'s cylinders on the gift space of this price; False if no cylinder could be had."""
    if not _take_cylinder(ctx, seat, f"the {price}-rupee gift", f"the {price}-rupee gift"):
        return False
    gifts = ctx.state.players[seat].gifts
    gifts.append(price)
    gifts.sort()
    mark_placed(_placed(ctx.state), "gift", str(price), seat)
    return True


def place_army(ctx: Context, coalition: str, region: str, chooser: str) -> bool:
    """Put a `coalition` block in `region` as an army; `chooser` picks a source if the supply is empty."""
    if not _take_block(ctx, coalition, f"an army in {region}", f"an army in {names.region(region)}", chooser):
        return False
    bump(ctx.state.armies.setdefault(region, {}), coalition, 1)
    mark_placed(_placed(ctx.state), "army", region, coalition)
    ctx.emit(f"{upper_first(names.a_coalition(coalition))} army is placed in {names.region(region)}.", kind="army",
             coalition=coalition, region=region)
    return True


def place_road(ctx: Context, coalition: str, border: str, chooser: str) -> bool:
    """Put a `coalition` block on `border` as a road; `chooser` picks a source if the supply is empty."""
    if not _take_block(ctx, coalition, f"a road on {border}", f"a road on {names.border(border)}", chooser):
        return False
    bump(ctx.state.roads.setdefault(border, {}), coalition, 1)
    mark_placed(_placed(ctx.state), "road", border, coalition)
    ctx.emit(f"{upper_first(names.a_coalition(coalition))} road is placed on {names.border(border)}.", kind="road",
             coalition=coalition, border=border)
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
