"""Cleanup and instability, after the rulebook's "Cleanup" section."""

from __future__ import annotations

import pytest
from px_helpers import kinds, market, position, put, turn_context

from games.pax.context import Pause
from games.pax.dominance import GameOver
from games.pax_expanse.rules import RULES


def test_cleanup_network_limit_is_three_plus_political_stars() -> None:
    # 7 is political 2: the limit is 5, and anna has 6 assets.
    state = position(loyalty={"anna": "un"}, networks={"anna": [7, 1, 12, 14, 16, 18]})
    ctx = turn_context(state, order={"cleanup": {"network": [12]}})
    RULES.enforce_tableau_limit(ctx)
    assert state.players["anna"].network == [7, 1, 14, 16, 18]
    assert state.discard == [12]


def test_cleanup_network_limit_asks_again_when_a_discard_lowers_it() -> None:
    state = position(loyalty={"anna": "un"}, networks={"anna": [7, 1, 12, 14, 16, 18]})
    ctx = turn_context(state, order={"cleanup": {"network": [7]}})
    with pytest.raises(Pause) as pause:
        RULES.enforce_tableau_limit(ctx)  # without 7's two political stars the limit is 3: two more must go
    assert pause.value.question.count == 2


def test_cleanup_hand_limit_is_two_plus_subterfuge_stars() -> None:
    state = position(loyalty={"anna": "un"}, networks={"anna": [1]}, hands={"anna": [10, 11, 12, 13]})
    ctx = turn_context(state, order={"cleanup": {"hand": [11]}})
    RULES.enforce_hand_limit(ctx)
    assert state.players["anna"].hand == [10, 12, 13]
    assert state.discard == [11]


def test_cleanup_limits_unanswered_pause_for_the_acting_seat() -> None:
    state = position(loyalty={"anna": "un"}, hands={"anna": [10, 11, 12]})
    with pytest.raises(Pause) as pause:
        RULES.enforce_hand_limit(turn_context(state))
    assert pause.value.question.seat == "anna" and pause.value.question.count == 1


def test_cleanup_events_in_the_leftmost_column_discarded_top_row_first_with_their_bottom_effect() -> None:
    state = position(loyalty={"anna": "un"})
    market(state, [115, 1, 2], [105, 3, 4])  # Proxy Conflicts (Cold War), then Call to Arms (War)
    state.market_influence[0][0] = 2
    ctx = turn_context(state)
    RULES.discard_left_events(ctx)
    assert state.climate == "war"
    assert state.discard == [115, 105]
    assert [k for k in kinds(ctx) if k == "climate"] == ["climate", "climate"]
    assert state.market_influence[0][0] == 2  # the influence stays where the event lay


def test_cleanup_refill_slides_rows_left_with_influence_and_draws_column_by_column() -> None:
    state = position(loyalty={"anna": "un"})
    market(state, [None, 1, None, 2, 3, 4], [5, 6, 7, 8, 9, None])
    state.market_influence[0] = [2, 1, 0, 0, 0, 0]
    state.deck = [20, 21, 22, 23]
    ctx = turn_context(state)
    RULES.refill(ctx)
    assert state.market == [[1, 2, 3, 4, 20, 21], [5, 6, 7, 8, 9, 22]]
    # The 2 left on the vacated first slot go to the card that moves into it, with its own 1.
    assert state.market_influence[0] == [3, 0, 0, 0, 0, 0]
    assert state.deck == [23]


def test_cleanup_refill_stops_when_the_deck_runs_out() -> None:
    state = position(loyalty={"anna": "un"})
    market(state, [1, 2, 3, 4, 5], [6, 7, 8, 9, 10, 11])
    ctx = turn_context(state)
    RULES.refill(ctx)
    assert state.market[0] == [1, 2, 3, 4, 5, None]


def test_cleanup_discarded_dominance_check_is_resolved() -> None:
    state = position(loyalty={"anna": "un", "ben": "mcr", "cleo": "opa"})
    market(state, [101, 1], [2, 3])
    put(state, "fleets", "earth", "un")
    ctx = turn_context(state)
    RULES.discard_left_events(ctx)
    assert state.checks == [1]
    assert state.players["anna"].vp == 5


def test_instability_second_dominance_check_revealed_scores_the_lower_and_moves_by_the_higher() -> None:
    state = position(loyalty={"anna": "un", "ben": "mcr", "cleo": "opa"})
    market(state, [1, 2, 101, 3, 4], [5, 6, 7, 8, 9, 10])
    state.deck = [102, 11, 12]
    put(state, "fleets", "earth", "un")
    ctx = turn_context(state)
    RULES.refill(ctx)
    assert state.checks == [1]
    assert state.players["anna"].vp == 5  # check 1's faction scoring
    assert state.objective == "mars"  # as check 2 instructs
    assert sorted(state.discard) == [101, 102]
    assert state.market[0] == [1, 2, 3, 4, 11, 12]
    assert "instability" in kinds(ctx)


def test_instability_with_the_final_check_ends_the_game() -> None:
    state = position(loyalty={"anna": "un", "ben": "mcr", "cleo": "opa"})
    market(state, [1, 103, 2, 3, 4], [5, 6, 7, 8, 9, 10])
    state.deck = [104]
    put(state, "fleets", "earth", "un")
    with pytest.raises(GameOver):
        RULES.refill(turn_context(state))
    assert state.phase == "over"
    assert state.objective == "earth"
    assert state.winners == ["anna"]


def test_cleanup_security_audit_asks_every_holder_at_once() -> None:
    state = position(loyalty={"anna": "un", "ben": "mcr", "cleo": "opa"}, hands={"ben": [1, 2], "cleo": [3]})
    market(state, [114, 10], [11, 12])
    ctx = turn_context(state)
    with pytest.raises(Pause) as pause:
        RULES.discard_left_events(ctx)
    assert [q.seat for q in pause.value.questions] == ["ben"]  # cleo's single card needs no choice
    state = position(loyalty={"anna": "un", "ben": "mcr", "cleo": "opa"}, hands={"ben": [1, 2], "cleo": [3, 4]})
    market(state, [114, 10], [11, 12])
    with pytest.raises(Pause) as pause:
        RULES.discard_left_events(turn_context(state))
    assert sorted(q.seat for q in pause.value.questions) == ["ben", "cleo"]
