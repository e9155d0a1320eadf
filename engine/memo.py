"""Turns a game has already resolved while writing an order itself, kept so check and apply need not redo them.

A robot builds its order by playing the turn on a copy of the state, so when it is done the turn's outcome is
known. Without this memo `check` would replay the order to prove it legal and `apply` would replay it again to
resolve it: the same turn three times. The game files the outcome here under the state object, the seat and
the order's exact text; `check` and `apply` look it up and fall back to running the rules on any miss.

Sound only because states are values: no code changes a state in place once a step has produced it (apply
always works on a copy). The key holds the state object itself, so identity is never confused with a later
object at the same address, and the order is compared by `repr`, which tells `true` from `1` as the rules do.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping
from typing import Any, Generic, TypeVar

T = TypeVar("T")

#: Enough for every seat prompted in one step of any game here, and for a check or two in between.
SIZE = 8


class ResolvedTurns(Generic[T]):
    """A small most-recent-first store of resolved turns keyed by (state object, seat, order)."""

    def __init__(self, size: int = SIZE):
        self._size = size
        self._entries: OrderedDict[tuple[int, str, str], tuple[Any, T]] = OrderedDict()
        #: Off: every lookup misses, so every turn is resolved by the rules (for comparisons and tests).
        self.enabled = True

    def put(self, state: Any, seat: str, order: Mapping[str, Any], outcome: T) -> None:
        """File `outcome` as what `seat`'s `order` does from `state`."""
        if not self.enabled:
            return
        key = (id(state), seat, repr(order))
        self._entries[key] = (state, outcome)
        self._entries.move_to_end(key)
        while len(self._entries) > self._size:
            self._entries.popitem(last=False)

    def holds(self, state: Any, seat: str, order: Mapping[str, Any]) -> bool:
        """True when this very order of `seat` from this very state was resolved already."""
        found = self._entries.get((id(state), seat, repr(order))) if self.enabled else None
        return found is not None and found[0] is state

    def take(self, state: Any, seat: str, order: Mapping[str, Any]) -> T | None:
        """The outcome filed for (state, seat, order), removed so that nobody else gets the same objects."""
        if not self.enabled:
            return None
        key = (id(state), seat, repr(order))
        found = self._entries.get(key)
        if found is None or found[0] is not state:
            return None
        del self._entries[key]
        return found[1]

    def clear(self) -> None:
        """Forget every outcome filed."""
        self._entries.clear()
