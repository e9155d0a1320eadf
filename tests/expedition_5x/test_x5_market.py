"""I. Revealing a new technology: the market, its cap, the visible deck top, and the end after 15 rounds."""

from __future__ import annotations

import pytest
from x5_helpers import SEATS, make_state

from engine.rng import Rng
from games.expedition_5x import GAME
from games.expedition_5x.cards import cards
from games.expedition_5x.market import reveal_technology
from games.expedition_5x.state import OVER


def _pass_round(state):
    """Nobody excavates, so the market only changes by Phase I."""
    orders = {p.seat: GAME.default_order(state, p.seat) for p in GAME.prompts(state)}
    return GAME.apply(state, orders, Rng("r")).state


@pytest.mark.parametrize(("players", "cap"), [(3, 2), (4, 3), (5, 4)])
def test_I_market_cap_discards_oldest(players, cap):
    state = GAME.setup(SEATS[:players], {}, Rng("cap"))
    revealed = list(state.market) + list(state.deck)  # the order the cards will come out
    for round_ in range(1, 16):  # to the end of the deck
        assert state.round == round_
        assert state.market == revealed[max(0, round_ - cap):round_]
        assert state.discard == revealed[:max(0, round_ - cap)]
        state = _pass_round(state)


def test_I_example_discarding_a_card_in_a_four_player_game():
    state = make_state(4, market=("T01", "T02", "T03"), deck=("T04", "T05"), round_=4)
    reveal_technology(state, cards(), events := [])
    assert (state.market, state.discard, state.deck) == (["T02", "T03", "T04"], ["T01"], ["T05"])
    assert "T01 (Dew Condenser) has been there longest and is discarded" in events[0].text


def test_I_deck_top_is_visible_but_not_buyable():
    state = GAME.setup(SEATS[:3], {}, Rng("top"))
    top = state.deck[0]
    assert GAME.view(state, None)["deck_top"]["id"] == top
    problems = GAME.check(state, "anna", {"action": "excavate", "bid": 1, "wishes": [top]})
    assert [p.path for p in problems] == [("wishes", 0)]
    assert "on top of the deck and not for sale yet" in problems[0].message


def test_I_deck_empty_after_round_15_and_the_game_ends():
    state = GAME.setup(SEATS[:4], {}, Rng("end"))
    for _ in range(15):
        assert GAME.result(state) is None
        state = _pass_round(state)
    assert state.stage == OVER and state.deck == [] and state.round == 15
    assert GAME.prompts(state) == []
    assert GAME.result(state) is not None
    assert GAME.label(state) == "game over"
