"""Whole games played by robots (prompts -> random_order -> check -> apply), checking invariants at every step."""

from __future__ import annotations

import pytest
from pp_helpers import check_invariants, rupee_change, rupees_total

from engine.rng import Rng
from games.pax_pamir import GAME

SEATS = ("anna", "bob", "cati", "dora", "emil")


def play_game(players: int, seed: int, invariants: bool = True) -> tuple[object, int]:
    """Play one robot game to its end; returns the final state and the number of steps."""
    state = GAME.setup(SEATS[:players], {}, Rng(f"pp/{seed}/setup"))
    steps = 0
    while GAME.result(state) is None:
        prompts = GAME.prompts(state)
        assert len(prompts) == 1
        seat = prompts[0].seat
        rng = Rng.for_step(seed, steps, "robot")
        order = GAME.random_order(state, seat, rng)
        problems = GAME.check(state, seat, order)
        assert not problems, (steps, order, problems)
        before = rupees_total(state)
        step = GAME.apply(state, {seat: order}, rng)
        if prompts[0].kind == "turn" and step.state.paused is not None:
            # A robot answers all its own decisions in its order: only someone else can be waited for.
            assert step.state.paused.question["seat"] != seat, (steps, order, step.state.paused.question)
        if invariants:
            assert rupees_total(step.state) == before + rupee_change(step), (steps, [e.text for e in step.events])
            check_invariants(step.state)
        state = step.state
        steps += 1
        assert steps < 3000, "a robot game should end"
    return state, steps


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", range(6))
def test_robot_games_end_with_invariants_kept(players: int, seed: int) -> None:
    state, _ = play_game(players, seed)
    result = GAME.result(state)
    assert result is not None and result.winners
    assert all(w in SEATS for w in result.winners)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_many_robot_games(players: int) -> None:
    for seed in range(100, 350):
        play_game(players, seed)


@pytest.mark.parametrize("players", [2, 4])
def test_replaying_archived_orders_rebuilds_every_state_exactly(players: int) -> None:
    seed = 77
    state = GAME.setup(SEATS[:players], {}, Rng(f"pp/{seed}/setup"))
    archive, snapshots = [], []
    while GAME.result(state) is None:
        (prompt,) = GAME.prompts(state)
        rng = Rng.for_step(seed, len(archive), "robot")
        orders = {prompt.seat: GAME.random_order(state, prompt.seat, rng)}
        state = GAME.apply(state, orders, rng).state
        archive.append(orders)
        snapshots.append(GAME.encode(state))
    replayed = GAME.setup(SEATS[:players], {}, Rng(f"pp/{seed}/setup"))
    for number, orders in enumerate(archive):
        replayed = GAME.apply(GAME.decode(GAME.encode(replayed)), orders, Rng("unused")).state
        assert GAME.encode(replayed) == snapshots[number], number
