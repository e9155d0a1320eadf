"""Finished robot games of every kind, and the site built from them."""

from __future__ import annotations

from pathlib import Path

import pytest
from leaks.hidden import robot_game

from pbem.site import build


@pytest.fixture(scope="session")
def games_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Three finished games under one root: Pax Pamir with Wakhan, Expedition to 5X, and an oddly named one."""
    root = tmp_path_factory.mktemp("site-games")
    robot_game(root, "solo", "pax-pamir", ["anna"], "wakhan=yes", steps=10_000)
    robot_game(root, "x5", "expedition-5x", ["anna", "ben", "cleo"], steps=10_000)
    robot_game(root, "<b>odd & name", "expedition-5x", ["dora", "emil", "fay"], steps=10_000)
    return root


@pytest.fixture(scope="session")
def site(games_root: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site of those games, built once."""
    out = tmp_path_factory.mktemp("site") / "www"
    build(games_root, out)
    return out
