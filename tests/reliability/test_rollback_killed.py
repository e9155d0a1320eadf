"""A rollback killed half way leaves no record claiming steps were undone; the next one puts things back first."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from highest_unique import GAME as TOY

from pbem import batch, intake, moderation, rollback
from pbem.game_yaml import Seat
from pbem.integrity import find_damage
from pbem.store import GameDir, create, open_game

NOON = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


class Killed(BaseException):
    """Stands for the signal that ends the process."""


@pytest.fixture
def game(tmp_path: Path) -> GameDir:
    """A game of the fourth game (registered by tests/conftest.py) with three steps resolved."""
    gd, _ = create(tmp_path / "g", TOY.id, 4, [Seat("anna"), Seat("ben")])
    for step in (1, 2, 3):
        for seat, pick in (("anna", 3), ("ben", 2)):
            intake.submit(gd, f"game: g\nseat: {seat}\nstep: {step}\npick: {pick}\n", f"{seat}.yaml")
        batch.run_game(gd)
    return gd


@pytest.mark.parametrize("moves", [0, 1])
def test_a_killed_rollback_leaves_no_record_and_the_next_one_makes_exactly_one(game: GameDir, moves: int,
                                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    real_move, done = rollback._move, []

    def move(source: Path, target: Path) -> None:
        if source.parent.name == "steps" and len(done) == moves:
            raise Killed
        done.append(source)
        real_move(source, target)

    monkeypatch.setattr(rollback, "_move", move)
    with pytest.raises(Killed), game.lock():
        rollback.rollback(game, 1, "a misread bid", NOON)
    assert moderation.revision(game) == 0 and not list((game.root / "rolledback").glob("*"))
    damage = find_damage(game.root)
    assert damage is not None and "left by an interrupted rollback; run `pbem rollback" in str(damage)
    monkeypatch.setattr(rollback, "_move", real_move)
    with game.lock():
        again = rollback.rollback(game, 1, "a misread bid", NOON + timedelta(minutes=1))
    assert moderation.revision(game) == 1 and again.undone == [2, 3]
    assert sorted(p.name for p in again.folder.iterdir()) == ["0002", "0003", "rollback.json"]
    assert find_damage(game.root) is None and open_game(game.root).steps() == [0, 1]
