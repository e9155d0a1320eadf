"""Victory points: crystal sets with jokers counted where they score most, and water."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import lru_cache

from games.expedition_5x.cards import COLOURS, JOKER

#: Points for 0..6 activated crystals of one type; more than 6 still score 21.
SET_POINTS: tuple[int, ...] = (0, 1, 3, 6, 10, 15, 21)


def set_points(count: int) -> int:
    """Points for this many activated crystals of one type."""
    return SET_POINTS[min(count, len(SET_POINTS) - 1)]


def _splits(jokers: int, parts: int) -> Iterable[tuple[int, ...]]:
    """Every way to share the jokers among the colours (how many go to each)."""
    if parts == 1:
        yield (jokers,)
        return
    for first in range(jokers + 1):
        for rest in _splits(jokers - first, parts - 1):
            yield (first, *rest)


def crystal_points(colours: Iterable[str]) -> int:
    """The best crystal score: each joker counted as the colour where it adds most."""
    return _best(tuple(sorted(Counter(colours).items())))


@lru_cache(maxsize=4096)
def _best(counted: tuple[tuple[str, int], ...]) -> int:
    """crystal_points for (colour, count) pairs; cached because views score every tableau every step."""
    counts = dict(counted)
    jokers = counts.pop(JOKER, 0)
    palette = sorted(set(COLOURS) | set(counts))
    return max(
        sum(set_points(counts.get(colour, 0) + extra) for colour, extra in zip(palette, split, strict=True))
        for split in _splits(jokers, len(palette))
    )


def water_points(water: int) -> int:
    """One point per two water."""
    return water // 2
