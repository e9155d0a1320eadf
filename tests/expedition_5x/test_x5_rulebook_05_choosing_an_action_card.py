"""Rulebook, II. Choosing an Action Card: from the hand, face down; the discard piles are there to be read."""

from __future__ import annotations

from x5_helpers import make_state, play

from games.expedition_5x import GAME


def test_choosing_only_the_cards_in_hand_are_available():
    """II.: "Each player chooses from their hand one of the available action cards"."""
    state = make_state(3)
    state.players["anna"].hand = ["excavate", "scout", "expand"]
    state.players["anna"].discards = ["drill", "plunder"]
    assert GAME.view(state, "anna")["you"]["playable"] == ["excavate", "scout", "expand"]
    assert GAME.check(state, "anna", {"action": "scout"}) == []
    assert [p.path for p in GAME.check(state, "anna", {"action": "drill"})] == [("action",)]


def test_choosing_opponents_discard_piles_are_public_their_hands_and_choices_are_not():
    """II.: "We recommend paying attention to the action cards lying in their discard piles"; choices are face down."""
    state = play(make_state(3), {"anna": {"action": "drill"}, "bob": {"action": "plunder"},
                                 "cora": {"action": "expand"}}).state
    bob_view = GAME.view(state, "bob")
    piles = {entry["seat"]: entry["discards"] for entry in bob_view["players"]}
    assert piles == {"anna": ["drill"], "bob": ["plunder"], "cora": []}
    assert all("hand" not in entry for entry in bob_view["players"])
    assert bob_view["you"]["hand"] == ["excavate", "drill", "scout", "expand"]
    # In the choosing stage nobody's card of this round is shown: every order is handed in together.
    assert all(entry["revealed"] is None for entry in bob_view["players"])
