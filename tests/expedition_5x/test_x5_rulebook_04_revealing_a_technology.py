"""Rulebook, I. Revealing a New Technology: the market beside the deck and its maximum of players - 1."""

from __future__ import annotations

from x5_helpers import make_state, play

from games.expedition_5x import GAME
from games.expedition_5x.state import OVER

DRILL = {"action": "drill"}


def test_revealing_a_market_below_its_maximum_after_a_purchase_discards_nothing():
    """I.: a card is discarded only "if the number of technologies in the market exceeds the maximum"."""
    state = make_state(3, market=("T01", "T02"), deck=("T03", "T04"))
    step = play(state, {"anna": {"action": "excavate", "bid": 4, "wishes": ["T01"]}, "bob": DRILL, "cora": DRILL},
                rolls=[3])
    # T01 was bought, so T03 joins T02 and the market holds 2, its maximum with 3 players.
    assert (step.state.market, step.state.discard, step.state.deck) == (["T02", "T03"], [], ["T04"])


def test_revealing_past_the_maximum_the_card_there_longest_is_discarded():
    """I.: past the maximum, "discard the card that has been in the market the longest"."""
    state = make_state(3, market=("T07", "T02"), deck=("T01", "T03", "T04"))
    after = play(state, {"anna": DRILL, "bob": DRILL, "cora": DRILL}).state
    assert (after.market, after.discard) == (["T02", "T01"], ["T07"])
    after = play(after, {"anna": {"action": "expand"}, "bob": {"action": "expand"}, "cora": {"action": "expand"}}).state
    assert (after.market, after.discard) == (["T01", "T03"], ["T07", "T02"])


def test_revealing_in_round_15_the_last_card_joins_the_market_and_can_be_bought():
    """Course of the Game: at the end of the 15th round the deck is empty; its last card is revealed in round 15."""
    state = make_state(3, market=("T01", "T02"), deck=("T03",), round_=14)
    state = play(state, {"anna": DRILL, "bob": DRILL, "cora": DRILL}).state
    assert (state.round, state.market, state.deck) == (15, ["T02", "T03"], [])
    assert GAME.view(state, None)["deck_top"] is None
    order = {"action": "excavate", "bid": 4, "wishes": ["T03"]}
    assert GAME.check(state, "anna", order) == []
    end = play(state, {"anna": order, "bob": {"action": "expand"}, "cora": {"action": "expand"}}, rolls=[0]).state
    assert end.stage == OVER and "T03" in [c for g in end.players["anna"].tableau for c in g.cards]
