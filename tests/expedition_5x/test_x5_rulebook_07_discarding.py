"""Rulebook, IV. Discarding the Played Card: face up, except Excavate without a technology, and Expand."""

from __future__ import annotations

from x5_helpers import make_state, play

from games.expedition_5x import GAME
from games.expedition_5x.cards import ACTIONS

EXPAND = {"action": "expand"}


def _pile(state, seat, viewer="cora"):
    return next(e["discards"] for e in GAME.view(state, viewer)["players"] if e["seat"] == seat)


def test_discarding_example_the_pile_grows_face_up_until_expand_returns_it():
    """IV. and its example: used cards pile up face up, "so that everyone can see it"; Expand takes them back."""
    state = make_state(3, market=("T01", "T02"))
    state = play(state, {"anna": {"action": "drill"}, "bob": EXPAND, "cora": EXPAND}).state
    state = play(state, {"anna": {"action": "plunder"}, "bob": EXPAND, "cora": EXPAND}).state
    state = play(state, {"anna": {"action": "excavate", "bid": 4}, "bob": EXPAND, "cora": EXPAND}, rolls=[3]).state
    assert _pile(state, "anna") == ["drill", "plunder", "excavate"]
    assert GAME.view(state, "anna")["you"]["hand"] == ["scout", "expand"]
    state = play(state, {"anna": EXPAND, "bob": EXPAND, "cora": EXPAND}).state
    assert _pile(state, "anna") == [] and GAME.view(state, "anna")["you"]["hand"] == list(ACTIONS)


def test_discarding_excavate_without_a_technology_returns_to_the_hand():
    """IV.: "Anyone who played Excavate but did not obtain a technology ... returns this card to their hand"."""
    state = make_state(4, market=("T01", "T02", "T03"))
    state.players["anna"].hand = ["excavate", "expand"]
    state.players["anna"].discards = ["drill", "plunder", "scout"]
    step = play(state, {"anna": {"action": "excavate", "bid": 2}, "bob": {"action": "excavate", "bid": 2},
                        "cora": {"action": "excavate", "bid": 1}, "dan": {"action": "drill"}})
    assert _pile(step.state, "anna") == ["drill", "plunder", "scout"]
    assert step.state.players["anna"].hand == ["excavate", "expand"]
    assert _pile(step.state, "cora", "anna") == ["excavate"]  # cora's lone remaining bid won a technology
