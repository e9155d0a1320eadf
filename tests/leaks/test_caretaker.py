"""The caretaker decides from what its seat may see: changing only other seats' hidden information (their hands,
the deck's order, the cards left out, secret loyalties, an automaton's deck; as the game's conformance hook
`perturb` says) never changes the caretaker's order."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from conformance.hooks import perturb

from engine import registry
from engine.contract import Game, caretaker_order, has_caretaker
from engine.rng import Rng
from engine.simulate import robot_setups

#: Turns of each game at which the caretaker is asked, then asked again on the changed state.
STEPS = 60


def caretaker_games() -> list[Any]:
    """(game, seats, options) of every installed game with a caretaker and a perturb hook, each robot setup."""
    cases = []
    for game_id, game in sorted(registry.games().items()):
        if not has_caretaker(game) or perturb(game) is None:
            continue
        for setup in robot_setups(game):
            seats = [f"seat{n}" for n in range(1, setup.players + 1)]
            cases.append(pytest.param(game, seats, dict(setup.options), id=f"{game_id}-{setup.label}"))
    return cases


def prompted_states(game: Game, seats: list[str], options: dict[str, Any], seed: str) -> Iterator[tuple[int, Any, str]]:
    """(step, state, seat) for each prompt of a seeded random robot game, for its first STEPS steps."""
    state = game.setup(seats, options, Rng.for_step(seed, 0))
    for step in range(1, STEPS + 1):
        if game.result(state) is not None:
            return
        orders = {}
        for prompt in game.prompts(state):
            yield step, state, prompt.seat
            orders[prompt.seat] = game.random_order(state, prompt.seat, Rng.for_robot(seed, step, prompt.seat))
        state = game.apply(state, orders, Rng.for_step(seed, step)).state


@pytest.mark.parametrize(("game", "seats", "options"), caretaker_games())
def test_the_caretakers_orders_do_not_change_when_only_others_hidden_information_changes(
        game: Game, seats: list[str], options: dict[str, Any]) -> None:
    change = perturb(game)
    assert change is not None
    compared = 0
    for step, state, seat in prompted_states(game, seats, options, "caretaker-leak"):
        data = json.loads(json.dumps(game.encode(state)))
        change(data, seat)
        changed = game.decode(data)
        if game.encode(changed) == game.encode(state):
            continue  # nothing hidden from this seat yet (a loyalty choice before the deal, say)
        mine = caretaker_order(game, state, seat, Rng.for_robot("caretaker-leak", step, seat))
        theirs = caretaker_order(game, changed, seat, Rng.for_robot("caretaker-leak", step, seat))
        assert mine == theirs, f"step {step}, {seat}: the order changed with what {seat} may not see"
        compared += 1
    assert compared >= 5
