"""Fixtures for pbem's own tests: the toy game registered beside the real ones."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from engine import registry
from pbem.store import GameDir, Seat, create

from .toygame import GAME as TOY


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Make the toy game installable by id for the duration of a test."""
    real = registry.games()
    monkeypatch.setattr(registry, "games", lambda: {**real, TOY.id: TOY})
    yield


@pytest.fixture
def toy_game(tmp_path: Path) -> tuple[GameDir, dict[str, str]]:
    """A fresh three-seat toy game."""
    seats = [Seat("anna", "anna@example.org"), Seat("ben", "ben@example.org"), Seat("cleo")]
    return create(tmp_path / "toy1", "toy", 11, seats)


def order_text(seat: str, step: int, pick: object, game: str = "toy1", extra: str = "") -> str:
    """An order document for the toy game."""
    return f"game: {game}\nseat: {seat}\nstep: {step}\npick: {pick}\n{extra}"
