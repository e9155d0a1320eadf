"""Whole games of one and two robot humans against Wakhan through the game interface (setup with `wakhan: true`,
prompts, check, apply), checking every invariant after every step, and exact replay from the archived orders."""

from __future__ import annotations

from typing import Any

import pytest
from pp_helpers import check_invariants, rupee_change, rupees_total

from engine.rng import Rng
from games.pax_pamir import GAME
from games.pax_pamir.state import GameState
from games.pax_pamir.wakhan import SEAT
from games.pax_pamir.wakhan.deck import load, store

HUMANS = {1: ("anna",), 2: ("anna", "ben")}
SEEDS = range(300)


def check_wakhan(state: GameState) -> None:
    """Her own invariants: no loyalty ever, 24 AI cards with the card in play face up, her seat an automaton."""
    player = state.players[SEAT]
    assert player.loyalty is None and player.automaton == "wakhan"
    ai = load(state)
    assert sorted(ai.deck + ai.discard) == list(range(1, 25)) and ai.deck
    assert ai.card is None or ai.discard[-1] == ai.card


def setup(humans: int, seed: int, ai_left: int | None = None) -> GameState:
    """The game after setup; with `ai_left`, all but that many AI cards are already face up (to reach a reshuffle)."""
    state = GAME.setup(HUMANS[humans], {"wakhan": True}, Rng(f"wakhan/{seed}/setup"))
    if ai_left is not None:
        ai = load(state)
        ai.discard, ai.deck = ai.deck[:-ai_left], ai.deck[-ai_left:]
        store(state, ai)
    return state


def play(humans: int, seed: int, ai_left: int | None = None) -> tuple[GameState, list[dict[str, Any]], list[str]]:
    """Play a game to its end; returns the final state, every step's orders and every event text."""
    state = setup(humans, seed, ai_left)
    archive: list[dict[str, Any]] = []
    said: list[str] = []
    step = 0
    while GAME.result(state) is None:
        (prompt,) = GAME.prompts(state)
        assert prompt.seat != SEAT, "Wakhan is never asked for an order"
        order = GAME.random_order(state, prompt.seat, Rng.for_step(seed, step, "robot"))
        assert not GAME.check(state, prompt.seat, order), (step, order)
        before = rupees_total(state)
        result = GAME.apply(state, {prompt.seat: order}, Rng.for_step(seed, step))
        assert rupees_total(result.state) == before + rupee_change(result), step
        check_invariants(result.state)
        check_wakhan(result.state)
        archive.append({prompt.seat: order})
        said += [e.text for e in result.events]
        state = result.state
        step += 1
        assert step < 3000, "a game against Wakhan should end"
    return state, archive, said


def replay(humans: int, seed: int, archive: list[dict[str, Any]], ai_left: int | None = None) -> GameState:
    """Rebuild a game from its setup and archived orders alone."""
    state = setup(humans, seed, ai_left)
    for step, orders in enumerate(archive):
        state = GAME.apply(state, orders, Rng.for_step(seed, step)).state
    return state


@pytest.mark.slow
@pytest.mark.parametrize("humans", [1, 2])
def test_games_against_wakhan_end_with_every_invariant(humans: int) -> None:
    ended = 0
    for seed in SEEDS:
        state, _, said = play(humans, seed)
        assert state.phase == "over" and state.winners
        assert any(text.startswith("Wakhan's turn. AI card") for text in said)
        ended += 1
    assert ended == len(SEEDS)


@pytest.mark.parametrize("humans", [1, 2])
@pytest.mark.parametrize("seed", range(8))
def test_replay_from_orders_is_exact(humans: int, seed: int) -> None:
    state, archive, _ = play(humans, seed)
    assert GAME.encode(replay(humans, seed, archive)) == GAME.encode(state)


def test_wakhan_plays_the_first_turn_and_reports_her_card() -> None:
    _, _, said = play(2, 7)
    first = next(i for i, text in enumerate(said) if text.startswith("Wakhan takes the first turn of the game"))
    assert said[first + 1].startswith("Wakhan's turn. AI card") and "The back of the next AI card" in said[first + 1]


@pytest.mark.parametrize("humans", [1, 2])
@pytest.mark.parametrize("seed", range(4))
def test_games_through_an_ai_deck_reshuffle_hold_and_replay_exactly(humans: int, seed: int) -> None:
    # Robot games end before her 24th turn, so start with three AI cards left: her third turn reshuffles.
    state, archive, said = play(humans, seed, ai_left=3)
    assert sum(text.startswith("Wakhan's turn.") for text in said) >= 3  # these seeds last that long
    assert sum("all 24 AI cards are reshuffled" in text for text in said) == 1
    assert GAME.encode(replay(humans, seed, archive, ai_left=3)) == GAME.encode(state)
