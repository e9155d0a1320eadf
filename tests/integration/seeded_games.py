"""Seeded robot games of every game and seat count, fingerprinted: the guard that a speed-up changes nothing.

`python -m tests.integration.seeded_games` (from the checkout) writes the fingerprints to seeded_robot_games.yaml; the file was
written before any of the speed work it guards, and is only rewritten when a change of rules is intended.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML

from engine import registry
from engine.simulate import play_out

EXPECTED = Path(__file__).with_name("seeded_robot_games.yaml")
SEATS = ("anna", "ben", "cleo", "dara", "emil")
SEEDS = range(4)
#: (game id, options) of every setup fingerprinted; the seat counts come from the game itself.
SETUPS: tuple[tuple[str, Mapping[str, Any]], ...] = (
    ("pax-pamir", {}),
    ("pax-pamir", {"wakhan": True}),
    ("expedition-5x", {}),
)


def setups() -> Iterator[tuple[str, str, int, Mapping[str, Any], int]]:
    """(name, game id, players, options, seed) of every fingerprinted game."""
    for game_id, options in SETUPS:
        for players in registry.get(game_id).seat_counts(options):
            for seed in SEEDS:
                tag = "+".join(sorted(options))
                yield f"{game_id}{'+' + tag if tag else ''}/{players}/{seed}", game_id, players, options, seed


def _digest(data: Any) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def fingerprint(game_id: str, players: int, options: Mapping[str, Any], seed: int) -> dict[str, Any]:
    """Steps, the final state's hash and a hash over every state the game passed through."""
    game = registry.get(game_id)
    trail = hashlib.sha256()

    def seen(step: int, state: Any) -> None:
        trail.update(_digest(game.encode(state)).encode())

    end = play_out(game, SEATS[:players], seed, options, after_step=seen)
    return {"steps": end.steps, "final": _digest(game.encode(end.state)), "trail": trail.hexdigest()}


def main() -> None:
    """Write every fingerprint to EXPECTED."""
    found = {name: fingerprint(game_id, players, options, seed)
             for name, game_id, players, options, seed in setups()}
    yaml = YAML()
    with EXPECTED.open("w") as out:
        out.write("# Fingerprints of seeded robot games (tests/integration/seeded_games.py); rewrite only when a rule\n"
                  "# change is meant to change games.\n")
        yaml.dump(found, out)


if __name__ == "__main__":
    main()
