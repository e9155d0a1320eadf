"""Pieces counted by place, and the component limits of a Pax game.

Pieces are counts, not objects: `counts[owner]` in a place. When a piece must be placed and the supply has none,
the placing seat takes one of the same shape and colour from anywhere in play, except a piece placed this turn
(both rulebooks, Component Limits); it may change kind on the way (a supporter becomes an agent). The turn keeps
`placed`, "kind:where:owner" -> pieces placed there this turn, so those are never taken.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engine.record import kept
from games.pax.context import Context, Question

Counts = dict[str, int]


def counts_by_place() -> Any:
    """A state field of count maps by place (place -> owner -> pieces), stored with the keys of both levels sorted
    and a place whose counts all fell to zero left out, so equal positions store equal data."""
    return kept(default_factory=dict, sort=2, drop_empty=True)


def bump(counts: Counts, key: str, by: int) -> None:
    """Add `by` to counts[key], dropping the key when it reaches zero (so encodings stay canonical)."""
    value = counts.get(key, 0) + by
    if value < 0:
        raise ValueError(f"count for {key!r} would go negative")
    if value:
        counts[key] = value
    else:
        counts.pop(key, None)


def mark_placed(placed: Counts | None, kind: str, where: str, owner: str) -> None:
    """Remember that a piece was placed this turn (`placed` is the turn's record; None outside a turn)."""
    if placed is not None:
        bump(placed, f"{kind}:{where}:{owner}", 1)


def placed_this_turn(placed: Counts | None, kind: str, where: str, owner: str) -> int:
    """How many of `owner`'s pieces of `kind` were placed at `where` this turn."""
    return placed.get(f"{kind}:{where}:{owner}", 0) if placed is not None else 0


def carry_placed(placed: Counts | None, kind: str, source: str, to: str, owner: str, left: int) -> None:
    """A piece of `owner` moved from `source` to `to`, `left` of them remaining at `source`: when more were placed
    there this turn than remain, the one that moved was placed this turn, and its mark moves with it."""
    # When old and new pieces share a place, the old one is taken to move: the new ones stay protected there.
    if placed is not None and placed_this_turn(placed, kind, source, owner) > left:
        bump(placed, f"{kind}:{source}:{owner}", -1)
        mark_placed(placed, kind, to, owner)


def sources(in_play: Iterable[tuple[str, str, Mapping[str, int]]], owner: str, placed: Counts | None) -> list[str]:
    """Where a piece of `owner` may be taken from, as "kind:where": each (kind, where, counts) of pieces in play
    holding more of `owner`'s pieces than were placed there this turn."""
    return [f"{kind}:{where}" for kind, where, counts in in_play
            if counts.get(owner, 0) > placed_this_turn(placed, kind, where, owner)]


def take_from_play(ctx: Context[Any], chooser: str, name: str, text: str, found: list[str]) -> str | None:
    """With the supply empty: the source ("kind:where") `chooser` takes a piece from (asked as question `name`,
    numbered within the step), or None when nothing in play may be taken: the placement does not happen."""
    if not found:
        return None
    return str(ctx.ask(Question(chooser, ctx.serial(name), "choice", text, tuple(found), default=found[0])))
