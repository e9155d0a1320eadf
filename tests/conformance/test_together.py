"""Conformance of the `questions: together` flow (the rule games made now are made under): seeded robot games that
answer nothing in advance, so every paused turn asks its questions in prompts, end with every invariant kept,
replay exactly from their orders, survive save and load at every step, and the same seed plays the same game."""

from __future__ import annotations

from typing import Any

import pytest

from engine import contract, registry
from engine.contract import Game, Order, Prompt, State
from engine.rng import Rng

from .cases import NAMES, fingerprint
from .hooks import invariants
from .robots import Played, replay, round_trip_kept, setup, turns

#: Games of the slow sweep, after the fast suite's seed 0: a few, as each asks many prompts.
SWEEP = range(1, 5)


def together_params() -> list[Any]:
    """(game id, seats) of every game whose games made now ask questions together, at each seat count."""
    return [pytest.param(game_id, players, id=f"{game_id}-{players}-together")
            for game_id, game in registry.games().items() if contract.new_options(game).get("questions")
            for players in game.player_counts]


def unanswered(game: Game, state: State, prompt: Prompt, rng: Rng) -> Order:
    """A robot order that leaves every question it can to a prompt (the bench's robots), or the robot's own
    order where check would refuse the turn without its answers."""
    order = contract.unanswered_order(game, state, prompt.seat, rng)
    return order if not game.check(state, prompt.seat, order) else game.random_order(state, prompt.seat, rng)


def played(game_id: str, players: int, seed: int) -> Played:
    """A seeded robot game under the rule of games made now, its questions left to prompts, with the game's
    invariants and the save and load round trip checked at every step. The game's step and order hooks are left
    out: they demand the robot's own turn orders, which answer their own questions (tests/pax/robot_memo.py)."""
    game = registry.get(game_id)
    check = invariants(game)
    seats, options, seeded = NAMES[:players], contract.new_options(game), f"conf-together-{seed}"
    found = Played(game, seeded, setup(game, seats, options, seeded))
    check(game, found.start)
    for turn in turns(game, found.start, seeded, unanswered):
        round_trip_kept(game, turn)
        check(game, turn.state)
        found.turns.append(turn)
    assert found.result.winners
    return found


def asked_together(game: Played) -> int:
    """Prompts of the game that put several questions to a seat at once."""
    return sum(prompt.kind == "answers" for turn in game.turns for prompt in turn.prompts)


@pytest.mark.parametrize(("game_id", "players"), together_params())
def test_a_game_asking_questions_together_keeps_every_invariant_replays_and_saves(game_id: str,
                                                                                   players: int) -> None:
    game = played(game_id, players, 0)
    replay(game)
    assert game.start.together
    asked = [prompt for turn in game.turns for prompt in turn.prompts if prompt.kind not in ("turn", "loyalty")]
    assert asked, "no question waited for a prompt: the robots answered ahead after all"


@pytest.mark.parametrize(("game_id", "players"), together_params())
def test_the_same_seed_asking_together_plays_the_same_game(game_id: str, players: int) -> None:
    game = registry.get(game_id)

    def end(seed: int) -> str:
        return fingerprint(game, played(game_id, players, seed).state)

    assert end(0) == end(0)
    assert end(0) != end(1), "different seeds should play different games"


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "players"), together_params())
def test_a_few_more_games_asking_together_keep_every_invariant_and_ask_several_questions_at_once(
        game_id: str, players: int) -> None:
    together = 0
    for seed in SWEEP:
        together += asked_together(played(game_id, players, seed))
    assert together > 0, "no prompt put several questions at once: the flow was not exercised"
