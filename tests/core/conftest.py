"""Fixtures for pbem's own tests: a game of the fourth game (tests/fourth_game), the toy every test here plays."""

from __future__ import annotations

from pathlib import Path

import pytest
from highest_unique import GAME as TOY  # registered for every test by tests/conftest.py

from pbem.game_yaml import Seat
from pbem.store import GameDir, create


@pytest.fixture
def toy_game(tmp_path: Path) -> tuple[GameDir, dict[str, str]]:
    """A fresh three-seat toy game."""
    seats = [Seat("anna", "anna@example.org"), Seat("ben", "ben@example.org"), Seat("cleo")]
    return create(tmp_path / "toy1", TOY.id, 11, seats)


def order_text(seat: str, step: int, pick: object, game: str = "toy1", extra: str = "") -> str:
    """An order document for the toy game."""
    return f"game: {game}\nseat: {seat}\nstep: {step}\npick: {pick}\n{extra}"
