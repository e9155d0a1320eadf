"""Seeded randomness that stays the same across Python versions, so old games replay for years."""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")


class Rng:
    """A deterministic random stream from SHA-256 in counter mode.

    Python's `random` does not promise that shuffle() or randrange() keep their algorithms, and an
    archive must replay years later, so every draw here is defined by this file alone.
    """

    __slots__ = ("_key", "_counter", "_pool", "_bits")

    def __init__(self, seed: str):
        self._key = hashlib.sha256(seed.encode("utf-8")).digest()
        self._counter = 0
        self._pool = 0
        self._bits = 0

    @classmethod
    def for_step(cls, seed: str | int, step: int, purpose: str = "rules") -> Rng:
        """The stream for one step of one game; `purpose` keeps rules and robots apart."""
        return cls(f"{seed}/{step}/{purpose}")

    @classmethod
    def for_robot(cls, seed: str | int, step: int, seat: str) -> Rng:
        """The stream a robot playing `seat` draws its orders for one step from."""
        return cls.for_step(seed, step, f"robot/{seat}")

    def _refill(self, bits: int) -> None:
        """Append SHA-256 blocks to the pool until it holds at least `bits` bits."""
        while self._bits < bits:
            block = hashlib.sha256(self._key + self._counter.to_bytes(8, "big")).digest()
            self._counter += 1
            self._pool = (self._pool << 256) | int.from_bytes(block, "big")
            self._bits += 256

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), by rejection so there is no modulo bias."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        bits = (n - 1).bit_length() or 1
        while True:
            # _take inlined: robots draw thousands of times a game.
            if self._bits < bits:
                self._refill(bits)
            self._bits -= bits
            value = self._pool >> self._bits
            self._pool &= (1 << self._bits) - 1
            if value < n:
                return value

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in [low, high]."""
        return low + self.below(high - low + 1)

    def choice(self, items: Sequence[T]) -> T:
        """One item, uniformly."""
        if not items:
            raise IndexError("choice() from an empty sequence")
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher–Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """k distinct items in random order."""
        pool = list(items)
        self.shuffle(pool)
        return pool[:k]

    def roll(self, faces: Sequence[T]) -> T:
        """One roll of a die with these faces."""
        return self.choice(faces)
