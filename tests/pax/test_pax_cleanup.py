"""The kernel's cleanup (Pax Expanse: Cleanup, Instability)."""

from __future__ import annotations

import pytest
from pax_toy import RULES, toy_context, toy_state

from games.pax.context import Pause


def test_discard_down_to_the_tableau_limit_then_the_hand_limit() -> None:
    state = toy_state()
    state.players["anna"].tableau = [1, 2, 3, 4, 5]
    state.players["anna"].hand = [6, 7, 8]
    ctx = toy_context(state, {"cleanup": {"network": [2, 4], "hand": [8]}})
    RULES.enforce_tableau_limit(ctx)
    RULES.enforce_hand_limit(ctx)
    assert state.players["anna"].tableau == [1, 3, 5] and state.players["anna"].hand == [6, 7]
    assert state.discard == [2, 4, 8]


def test_a_discard_that_lowers_the_limit_asks_again() -> None:
    state = toy_state()
    state.players["anna"].tableau = [1, 2, 21, 3, 4]  # limit 4 with the spy card 21
    ctx = toy_context(state, {"cleanup": {"network": [21]}})
    with pytest.raises(Pause) as paused:
        RULES.enforce_tableau_limit(ctx)
    question = paused.value.question
    assert question.count == 1 and question.key == "network-1" and question.path is None


def test_events_in_the_leftmost_column_are_discarded_top_row_first_with_their_money_left_behind() -> None:
    state = toy_state([[90, 31, 32, 33, 34, 35], [95, 41, 42, 43, 44, 45]])
    state.market_money[0][0] = 2
    ctx = toy_context(state)
    RULES.discard_left_events(ctx)
    assert state.discard == [90, 95] and state.resolved == [[95]]
    assert state.market[0][0] is None and state.market_money[0][0] == 2


def test_refill_shifts_left_and_draws_into_the_rightmost_spaces() -> None:
    state = toy_state([[None, 31, 32, 33, 34, 35], [40, 41, 42, 43, 44, 45]])
    state.market_money[0][0] = 2
    state.deck = [50, 51]
    RULES.refill(toy_context(state))
    assert state.market[0] == [31, 32, 33, 34, 35, 50] and state.market_money[0][0] == 2
    assert state.deck == [51]


def test_instability_resolves_a_check_at_once_discards_both_and_fills_again() -> None:
    state = toy_state([[None, 31, 32, 96, 34, 35], [40, 41, 42, 43, 44, 45]])
    state.deck = [95, 50, 51]
    ctx = toy_context(state)
    RULES.refill(ctx)
    assert state.resolved == [[95, 96]] and state.discard == [96, 95]
    assert state.market[0] == [31, 32, 34, 35, 50, 51] and not state.deck
    assert [e.data["kind"] for e in ctx.events] == ["instability"]
