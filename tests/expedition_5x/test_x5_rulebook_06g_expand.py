"""Rulebook, III/II. Expand: every discarded action card returns to the hand, Expand included."""

from __future__ import annotations

from x5_helpers import make_state, play

from games.expedition_5x import GAME
from games.expedition_5x.cards import ACTIONS


def test_expand_with_an_empty_discard_pile_returns_only_itself():
    """Expand: "Return to your hand all the action cards you have discarded (including this card)"."""
    state = make_state(3)
    after = play(state, {"anna": {"action": "expand"}, "bob": {"action": "drill"}, "cora": {"action": "drill"}}).state
    assert (after.players["anna"].hand, after.players["anna"].discards) == (list(ACTIONS), [])
    assert GAME.view(after, "anna")["you"]["playable"] == list(ACTIONS)


def test_expand_returns_an_excavate_card_discarded_after_a_win():
    """Expand returns every discarded card, a won Excavate among them."""
    state = make_state(3)
    state.players["anna"].hand = ["drill", "expand"]
    state.players["anna"].discards = ["excavate", "plunder", "scout"]
    assert "excavate" not in GAME.view(state, "anna")["you"]["playable"]
    after = play(state, {"anna": {"action": "expand"}, "bob": {"action": "drill"}, "cora": {"action": "drill"}}).state
    assert (after.players["anna"].hand, after.players["anna"].discards) == (list(ACTIONS), [])
