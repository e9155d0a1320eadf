"""The seeded stream is part of every archive: these draws are pinned so that no change to engine/rng.py, however
it is written, can alter what an old game's seed produces."""

from __future__ import annotations

from engine.rng import Rng


def test_below_draws_are_pinned() -> None:
    rng = Rng("pinned/1/rules")
    assert [rng.below(n) for n in (2, 3, 6, 7, 100, 1000, 1, 65536, 5, 12)] == [0, 0, 5, 5, 71, 359, 0, 46123, 4, 9]


def test_shuffle_is_pinned() -> None:
    deck = list(range(20))
    Rng.for_step("seed", 3).shuffle(deck)
    assert deck == [18, 0, 3, 19, 11, 13, 5, 2, 14, 9, 17, 16, 7, 4, 12, 6, 8, 10, 15, 1]


def test_robot_stream_is_pinned() -> None:
    rng = Rng.for_robot("seed", 3, "anna")
    assert [rng.randint(1, 6) for _ in range(12)] == [1, 5, 4, 5, 1, 5, 5, 3, 4, 3, 3, 2]
    assert rng.sample("abcdef", 3) == ["e", "b", "f"]
    assert rng.choice("xyz") == "x"


def test_a_long_stream_crosses_many_blocks_unchanged() -> None:
    rng = Rng("long")
    total = sum(rng.below(1 << 20) for _ in range(5000))
    assert total == 2659360613
