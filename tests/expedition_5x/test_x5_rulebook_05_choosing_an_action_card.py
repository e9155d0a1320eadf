"""Rulebook, II. Choosing an Action Card: from the hand, face down; the discard piles are there to be read."""

from __future__ import annotations

from x5_helpers import make_state, play

from games.expedition_5x import GAME
from games.expedition_5x.state import Group


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


def test_choosing_excavate_needs_water_to_bid_or_an_improvement_sure_to_give_it():
    """Holding an Auction: "You must bid at least 1 water token", so Excavate is available only with something to bid.

    The order reference's reading for bids sent with the card: the water behind the screen plus the sure gains of
    visible Excavate improvements (a "take 1 water" corner counts; a die roll may give 0 and does not).
    """
    state = make_state(3, water=(0, 5, 5))
    state.players["anna"].tableau = [Group(["S1"]), Group(["T13"])]  # T13's right corner: Excavate, take 1 water
    assert "excavate" in GAME.view(state, "anna")["you"]["playable"]
    assert GAME.check(state, "anna", {"action": "excavate", "bid": 1}) == []
    step = play(state, {"anna": {"action": "excavate", "bid": 1, "wishes": ["T01"]}, "bob": {"action": "drill"},
                        "cora": {"action": "drill"}}, rolls=[0])
    anna = step.state.players["anna"]
    assert anna.water == 0 and "T01" in [c for g in anna.tableau for c in g.cards]  # the improvement's water, bid
    state.players["anna"].tableau = [Group(["S1"]), Group(["T09"])]  # T09's right corner: Excavate, roll the die
    assert "excavate" not in GAME.view(state, "anna")["you"]["playable"]
    assert [p.path for p in GAME.check(state, "anna", {"action": "excavate"})] == [("action",)]
