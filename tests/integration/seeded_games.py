"""Seeded robot games of every registered game, seat count and robot variant, fingerprinted: the guard that a
speed-up changes nothing.

`python -m tests.integration.seeded_games` (from the checkout) writes the fingerprints to seeded_robot_games.yaml:
every entry already there keeps its place (its values are recomputed, so an intended rule change shows as changed
values), and setups new to the registry are added at the end. The file was written before any of the speed work
it guards, and is only rewritten when a change of rules is intended or a game or setup is added. Games made under
`questions: together` with robots that answer nothing in advance (`together_setups`) are fingerprinted beside
them, so the flow that asks several questions in one prompt is guarded as well.

Games the test setup registers (tests/conftest.py: the fourth game, which is never shipped) are fingerprinted too
when the file is written under that setup; written from a plain checkout, where they are not registered, their
entries are kept as they are. So the test demands a fingerprint of every setup of every game pbem ships, and
compares a test-only game's setups only where the file has them (it skips the others, saying so).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Mapping
from functools import cache
from importlib.metadata import entry_points, packages_distributions
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML

from engine import contract, registry
from engine.rng import Rng
from engine.simulate import MAX_STEPS, GameDidNotEnd, play_out, robot_setups

EXPECTED = Path(__file__).with_name("seeded_robot_games.yaml")
SEATS = ("anna", "ben", "cleo", "dara", "emil", "fay")
SEEDS = range(4)
#: Seeds of the games played under the rule of games made now with robots that answer nothing in advance.
TOGETHER_SEEDS = range(2)


def setups() -> Iterator[tuple[str, str, int, Mapping[str, Any], int]]:
    """(name, game id, players, options, seed) of every fingerprinted game, from the registry."""
    for game_id, game in registry.games().items():
        for setup in robot_setups(game):
            tag = "+".join(sorted(setup.options))
            for seed in SEEDS:
                yield f"{game_id}{'+' + tag if tag else ''}/{setup.players}/{seed}", game_id, setup.players, \
                    setup.options, seed


def together_setups() -> Iterator[tuple[str, str, int, Mapping[str, Any], int]]:
    """(name, game id, players, options, seed) of every fingerprinted game of the `questions: together` flow: each
    game whose games made now ask a seat's questions together, at each seat count, made with that option alone
    (as games were before `resume: at-part`) and with every option of games made now."""
    for game_id, game in registry.games().items():
        made_now = contract.new_options(game)
        if not made_now.get("questions"):
            continue
        for options in ({"questions": made_now["questions"]}, made_now):
            tag = "+".join(f"{key}-{options[key]}" for key in sorted(options))
            for players in game.player_counts:
                for seed in TOGETHER_SEEDS:
                    yield f"{game_id}+{tag}/{players}/{seed}", game_id, players, options, seed


@cache
def shipped() -> frozenset[str]:
    """Ids of the games whose entry point the pbem distribution itself declares."""
    ours = set(packages_distributions().get("pbem", []))
    return frozenset(point.name for point in entry_points(group="pbem.games")
                     if point.dist is not None and point.dist.metadata["Name"] in ours)


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


def together_fingerprint(game_id: str, players: int, options: Mapping[str, Any], seed: int) -> dict[str, Any]:
    """The fingerprint of a game made with `options` whose robots leave every question they can to a prompt (the
    bench's prompts figure plays them); a turn the rules would refuse without its answers gets the robot's own
    order."""
    game = registry.get(game_id)
    trail = hashlib.sha256()
    state = game.setup(SEATS[:players], options, Rng.for_step(seed, 0))
    for step in range(1, MAX_STEPS + 1):
        if game.result(state) is not None:
            return {"steps": step - 1, "final": _digest(game.encode(state)), "trail": trail.hexdigest()}
        orders = {}
        for prompt in game.prompts(state):
            order = contract.unanswered_order(game, state, prompt.seat, Rng.for_robot(seed, step, prompt.seat))
            if game.check(state, prompt.seat, order):
                order = game.random_order(state, prompt.seat, Rng.for_robot(seed, step, prompt.seat))
            orders[prompt.seat] = order
        state = game.apply(state, orders, Rng.for_step(seed, step)).state
        trail.update(_digest(game.encode(state)).encode())
    raise GameDidNotEnd(f"{game_id} seed {seed}: no result after {MAX_STEPS} steps")


def recorded() -> dict[str, Any]:
    """The fingerprints in EXPECTED, in the file's order."""
    return dict(YAML(typ="safe").load(EXPECTED.read_text()) or {})


def main() -> None:
    """Write every fingerprint to EXPECTED: the file's entries in place, entries of unregistered games as they
    were, new setups at the end."""
    found = {name: fingerprint(game_id, players, options, seed) for name, game_id, players, options, seed in setups()}
    found.update((name, together_fingerprint(game_id, players, options, seed))
                 for name, game_id, players, options, seed in together_setups())
    written = {name: found.get(name, entry) for name, entry in recorded().items()}
    written.update((name, entry) for name, entry in found.items() if name not in written)
    yaml = YAML()
    with EXPECTED.open("w") as out:
        out.write("# Fingerprints of seeded robot games (tests/integration/seeded_games.py); rewrite only when a rule\n"
                  "# change is meant to change games.\n")
        yaml.dump(written, out)


if __name__ == "__main__":
    main()
