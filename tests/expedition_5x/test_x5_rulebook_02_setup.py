"""Rulebook, Game Setup: cards, settlements face up, water behind the screen, a face-up technology deck."""

from __future__ import annotations

import pytest
from x5_helpers import SEATS

from engine.rng import Rng
from games.expedition_5x import GAME
from games.expedition_5x.cards import ACTIONS, STARTING_WATER


@pytest.mark.parametrize("players", [3, 5])
def test_setup_water_tokens_are_kept_behind_the_screen(players):
    """Game Setup: "Water tokens must always be kept behind the screen": only their owner sees them."""
    state = GAME.setup(SEATS[:players], {}, Rng("screen"))
    for seat in [None, *state.seats]:
        view = GAME.view(state, seat)
        assert all("water" not in entry and "hand" not in entry for entry in view["players"])
        if seat is not None:
            assert view["you"]["water"] == STARTING_WATER
            assert view["you"]["hand"] == list(ACTIONS)


def test_setup_one_random_settlement_card_face_up_in_front_of_each_player():
    """Game Setup: "Lay out 1 random settlement card face up in front of each player"."""
    dealt = set()
    for seed in range(8):
        state = GAME.setup(SEATS[:3], {}, Rng(f"settle{seed}"))
        public = GAME.view(state, None)["players"]
        shown = [entry["settlement"]["id"] for entry in public]
        assert shown == [state.players[s].settlement for s in state.seats]
        assert len(set(shown)) == 3
        dealt.add(tuple(shown))
    assert len(dealt) > 1  # random, not a fixed deal


def test_setup_the_technology_deck_lies_face_up_and_round_1_reveals_its_first_card():
    """Game Setup: the shuffled deck is placed face up; Phase I of round 1 moves its top card to the market."""
    state = GAME.setup(SEATS[:4], {}, Rng("deck"))
    view = GAME.view(state, "anna")
    assert len(view["market"]) == 1 and view["deck_count"] == 14
    assert view["deck_top"]["id"] == state.deck[0]  # the face-up top card is public
