"""Rulebook, III/II. Excavate: an auction for a market technology, placed in the play area at once."""

from __future__ import annotations

from x5_helpers import make_state, play

from games.expedition_5x import GAME


def test_excavate_the_bought_technology_is_placed_in_the_play_area_at_once():
    """Excavate: "After buying a technology at auction, immediately place it in your play area"."""
    state = make_state(3, market=("T01", "T02"))
    step = play(state, {"anna": {"action": "excavate", "bid": 4, "wishes": [{"card": "T01", "left": "settlement"}]},
                        "bob": {"action": "drill"}, "cora": {"action": "drill"}}, rolls=[3])
    anna = GAME.view(step.state, "bob")["players"][0]
    assert [[c["id"] for c in g["cards"]] for g in anna["tableau"]] == [["S1", "T01"]]
    assert anna["crystal_points"] == 1
    assert "T01" not in step.state.market


def test_excavate_the_auction_offers_only_the_market():
    """Excavate: "obtain one of the technology cards available in the market" (not the deck, not the discards)."""
    state = make_state(3, market=("T02", "T03"), deck=("T04", "T05"))
    state.discard = ["T01"]
    for card, where in (("T04", "on top of the deck"), ("T01", "discarded from the market")):
        problems = GAME.check(state, "anna", {"action": "excavate", "bid": 1, "wishes": [card]})
        assert [p.path for p in problems] == [("wishes", 0)] and where in problems[0].message
