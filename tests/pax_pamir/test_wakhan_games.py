"""Games against Wakhan through the game interface (setup with `wakhan: true`): she takes the first turn when the
setup says so and reports her card, and games through a reshuffle of her AI deck keep every invariant and replay
exactly. (Whole games against her, with every invariant after every step and exact replay, are the conformance
suite's: tests/conformance with this game's hook conformance_pax_pamir.py, 300 games a seat count in its sweep.)"""

from __future__ import annotations

import pytest
from conformance.robots import Played, play

from engine.rng import Rng
from games.pax_pamir import GAME
from games.pax_pamir.state import GameState
from games.pax_pamir.wakhan.deck import load, store

HUMANS = {1: ("anna",), 2: ("anna", "ben")}
OPTIONS = {"wakhan": True}


def setup(humans: int, seed: int, ai_left: int | None = None) -> GameState:
    """The game after setup; with `ai_left`, all but that many AI cards are already face up (to reach a reshuffle)."""
    state = GAME.setup(HUMANS[humans], OPTIONS, Rng(f"wakhan/{seed}/setup"))
    if ai_left is not None:
        ai = load(state)
        ai.discard, ai.deck = ai.deck[:-ai_left], ai.deck[-ai_left:]
        store(state, ai)
    return state


def said(played: Played) -> list[str]:
    """Every event text of a played game."""
    return [event.text for event in played.events]


def test_wakhan_plays_the_first_turn_and_reports_her_card() -> None:
    texts = said(play(GAME, HUMANS[2], OPTIONS, 7, start=setup(2, 7)))
    first = next(i for i, text in enumerate(texts) if text.startswith("Wakhan takes the first turn of the game"))
    assert texts[first + 1].startswith("Wakhan's turn. AI card") and "The back of the next AI card" in texts[first + 1]


@pytest.mark.parametrize("humans", [1, 2])
@pytest.mark.parametrize("seed", range(4))
def test_games_through_an_ai_deck_reshuffle_hold_and_replay_exactly(humans: int, seed: int) -> None:
    # Robot games end before her 24th turn, so start with three AI cards left: her third turn reshuffles.
    texts = said(play(GAME, HUMANS[humans], OPTIONS, seed, start=setup(humans, seed, ai_left=3)))
    assert sum(text.startswith("Wakhan's turn.") for text in texts) >= 3  # these seeds last that long
    assert sum("all 24 AI cards are reshuffled" in text for text in texts) == 1
