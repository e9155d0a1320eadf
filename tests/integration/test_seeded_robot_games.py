"""Seeded robot games end exactly as they did when the fingerprints were written: speed-ups change no game."""

from __future__ import annotations

from typing import Any

import pytest
from ruamel.yaml import YAML

from .seeded_games import EXPECTED, fingerprint, setups

_EXPECTED: dict[str, Any] = YAML(typ="safe").load(EXPECTED.read_text())


@pytest.mark.parametrize(("name", "game_id", "players", "options", "seed"), list(setups()),
                         ids=[s[0] for s in setups()])
def test_seeded_robot_game_is_unchanged(name: str, game_id: str, players: int, options: dict[str, Any],
                                        seed: int) -> None:
    assert fingerprint(game_id, players, options, seed) == _EXPECTED[name]
