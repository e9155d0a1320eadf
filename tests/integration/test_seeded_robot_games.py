"""Seeded robot games end exactly as they did when the fingerprints were written: speed-ups change no game."""

from __future__ import annotations

from typing import Any

import pytest

from .seeded_games import fingerprint, recorded, setups, shipped, together_fingerprint, together_setups

_EXPECTED: dict[str, Any] = recorded()


@pytest.mark.parametrize(("name", "game_id", "players", "options", "seed"), list(setups()),
                         ids=[s[0] for s in setups()])
def test_seeded_robot_game_is_unchanged(name: str, game_id: str, players: int, options: dict[str, Any],
                                        seed: int) -> None:
    if name not in _EXPECTED:
        if game_id in shipped():
            pytest.fail(f"no fingerprint recorded for {name}: run `python -m tests.integration.seeded_games`")
        pytest.skip(f"{game_id} is registered by the test setup only and {name} has no fingerprint recorded")
    assert fingerprint(game_id, players, options, seed) == _EXPECTED[name]


@pytest.mark.parametrize(("name", "game_id", "players", "options", "seed"), list(together_setups()),
                         ids=[s[0] for s in together_setups()])
def test_seeded_robot_game_asking_questions_together_is_unchanged(name: str, game_id: str, players: int,
                                                                  options: dict[str, Any], seed: int) -> None:
    if name not in _EXPECTED:
        pytest.fail(f"no fingerprint recorded for {name}: run `python -m tests.integration.seeded_games`")
    assert together_fingerprint(game_id, players, options, seed) == _EXPECTED[name]


def test_every_game_pbem_ships_is_fingerprinted() -> None:
    assert shipped(), "the registry finds no game of pbem's own distribution"
    assert shipped() <= {game_id for _, game_id, *_ in setups()}
