"""Highest Unique: a test-only game, registered by tests/conftest.py through the `pbem.games` entry points."""

from __future__ import annotations

from .game import GAME, HighestUnique

__all__ = ["GAME", "HighestUnique"]
