"""Rulebook pages 9 and 15: cleanup (limits, leftmost events, refill, instability) and resolving checks."""

from __future__ import annotations

import pytest
from pp_helpers import MARKET, context, position, rupee_change, rupees_total, texts, turn

from games.pax.dominance import GameOver
from games.pax_pamir import GAME
from games.pax_pamir.dominance import final_winners, resolve_dominance_check
from games.pax_pamir.rules import RULES
from games.pax_pamir.state import Effect


def test_p09_cleanup_court_limit_is_three_plus_political_stars() -> None:
    state = position(courts={"anna": [8, 9, 11, 12, 7]}, market=MARKET)  # 7 Dost Mohammad: political rank 2
    state.tribes = {"kabul": {"anna": 1}}
    step = turn(state, {})  # over the limit? 5 cards, limit 3 + 2 = 5: no
    assert step.state.players["anna"].court == [8, 9, 11, 12, 7]
    state.players["anna"].court.append(13)
    step = GAME.apply(state, {"anna": {}}, None)
    assert GAME.prompts(step.state)[0].seat == "anna"
    assert "court is over its limit of 5" in GAME.prompts(step.state)[0].text
    step = turn(step.state, {"answer": [13]})
    assert step.state.players["anna"].court == [8, 9, 11, 12, 7]


def test_p09_cleanup_hand_limit_discards_chosen_cards() -> None:
    state = position(hands={"anna": [20, 21, 22, 23]}, courts={"anna": [1]}, market=MARKET)  # 1: intelligence 3
    step = turn(state, {})
    assert step.state.players["anna"].hand == [20, 21, 22, 23]
    state = position(hands={"anna": [20, 21, 22, 23]}, market=MARKET)
    step = turn(state, {"cleanup": {"hand": [21, 23]}})
    assert step.state.players["anna"].hand == [20, 22]
    assert step.state.discard == [21, 23]


def test_p09_cleanup_discarding_chosen_cards_that_lower_the_limit_asks_again() -> None:
    # Dost Mohammad (7) gives two political stars; discarding it drops the limit from 5 to 3.
    state = position(courts={"anna": [7, 8, 9, 11, 12, 13]}, market=MARKET)
    state.tribes = {"kabul": {"anna": 1}}
    step = turn(state, {"cleanup": {"court": [7]}})
    prompt = GAME.prompts(step.state)[0]
    assert prompt.seat == "anna" and "discard 2 court card" in prompt.text
    step = turn(step.state, {"answer": [12, 13]})
    assert step.state.players["anna"].court == [8, 9, 11]


def test_p09_events_in_leftmost_column_are_discarded_top_first_and_rupees_stay() -> None:
    # 116 Rebuke / favor political (top), 105 New Tactics / favor military (bottom): bottom resolves last.
    state = position(market=[[116, 2, 3, 4, 5, 6], [105, 8, 9, 10, 11, 12]], deck=[20, 21])
    state.market_rupees[0][0] = 3
    step = turn(state, {})
    new = step.state
    assert new.favored == "military"
    assert texts(step).index("The favored suit is now political.") < texts(step).index("The favored suit is now military.")
    assert new.market[0] == [2, 3, 4, 5, 6, 20]
    assert new.market_rupees[0] == [3, 0, 0, 0, 0, 0]  # the rupees from the event join the card moving in
    assert new.market[1] == [8, 9, 10, 11, 12, 21]
    assert {105, 116} <= set(new.discard)


def test_p09_refill_slides_rows_with_their_rupees_and_fills_columns_top_first() -> None:
    state = position(market=[[1, None, 3, None, 5, 6], [7, 8, None, 10, 11, None]], deck=[30, 31, 32, 33])
    state.market_rupees = [[1, 0, 2, 4, 0, 0], [0, 0, 5, 0, 0, 0]]
    RULES.refill(context(state))
    assert state.market == [[1, 3, 5, 6, 30, 32], [7, 8, 10, 11, 31, 33]]
    assert state.market_rupees == [[1, 2, 0, 4, 0, 0], [0, 0, 5, 0, 0, 0]]


def test_p09_rupees_the_refill_carries_onto_public_withdrawal_leave_the_game() -> None:
    """Rupees left by a discarded event are placed on the card that moves in; on Public Withdrawal they leave."""
    state = position(market=[[105, 111, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12]], deck=[20])
    state.market_rupees[0][0] = 2
    step = turn(state, {})
    assert step.state.market[0][0] == 111 and step.state.market_rupees[0][0] == 0
    assert rupee_change(step) == -2 and rupees_total(step.state) == rupees_total(state) - 2
    # A drawn Public Withdrawal takes no rupees either (a slot keeps an instability's rupees until it is filled).
    state = position(market=[[1, 2, 3, 4, 5, None], [7, 8, 9, 10, 11, 12]], deck=[111])
    state.market_rupees[0][5] = 3
    ctx = context(state)
    RULES.refill(ctx)
    assert state.market[0][5] == 111 and state.market_rupees[0][5] == 0
    assert [e.data.get("amount") for e in ctx.events if e.data.get("kind") == "rupees-removed"] == [3]


def test_p09_instability_second_check_revealed_resolves_a_check_and_discards_both() -> None:
    state = position(market=[[1, 2, 3, 4, 101, None], [7, 8, 9, 10, 11, 12]], deck=[102, 40, 41, 103])
    state.tribes = {"kabul": {"anna": 1}}
    ctx = context(state)
    RULES.refill(ctx)
    assert state.checks_done == 1
    assert state.players["anna"].score == 3
    assert {101, 102} <= set(state.discard)
    assert state.market[0] == [1, 2, 3, 4, 40, 41]
    assert state.deck == [103]


def test_p09_instability_when_the_refill_draws_both_checks_one_after_the_other() -> None:
    """No check shown before the refill; the first drawn is not yet instability, the second drawn is."""
    state = position(market=[[1, 2, 3, None, None, None], [7, 8, 9, 10, 11, 12]], deck=[101, 40, 102, 41, 42, 103])
    state.tribes = {"kabul": {"anna": 1}}
    ctx = context(state)
    RULES.refill(ctx)
    assert [e.data.get("kind") for e in ctx.events].count("instability") == 1
    assert state.checks_done == 1
    assert {101, 102} <= set(state.discard)
    assert state.market[0] == [1, 2, 3, 40, 41, 42]
    assert state.deck == [103]


def test_p09_instability_with_the_last_check_counts_as_final() -> None:
    state = position(market=[[1, 2, 3, 4, 101, None], [7, 8, 9, 10, 11, 12]], deck=[102])
    state.tribes = {"kabul": {"anna": 1}}
    with pytest.raises(GameOver):
        RULES.refill(context(state))
    assert state.players["anna"].score == 6  # doubled: final
    assert state.phase == "over" and state.winners == ["anna"]


def test_p15_successful_check_clears_blocks_and_persistent_effects_end() -> None:
    state = position(deck=[102])
    state.armies = {"kabul": {"british": 4}}
    state.roads = {"herat-kabul": {"russian": 1}, "kabul-punjab": {"british": 1}}
    state.effects = [Effect("nation_building", 112, "until_next_dominance_check", "bob"),
                     Effect("rumor", 108, "until_after_next_dominance_check", "bob", "anna")]
    state.players["anna"].court = [32]  # a British patriot: worth nothing while the Rumor lasts
    state.players["cati"].loyalty = "british"
    state.players["cati"].gifts = [2]
    resolve_dominance_check(context(state))
    assert state.armies == {} and state.roads == {}
    assert state.effects == []
    assert state.players["cati"].score == 5 and state.players["anna"].score == 3
    assert {108, 112} <= set(state.discard)


def test_p15_early_win_by_four_points_ends_the_game() -> None:
    state = position(deck=[102])
    state.players["anna"].score = 1
    state.tribes = {"kabul": {"anna": 2}}
    with pytest.raises(GameOver):
        resolve_dominance_check(context(state))
    assert state.players["anna"].score == 4
    assert state.winners == ["anna"] and state.phase == "over"


def test_p15_no_early_win_with_a_lead_of_three() -> None:
    state = position(deck=[102])
    state.tribes = {"kabul": {"anna": 2, "bob": 1}}
    resolve_dominance_check(context(state))
    assert [state.players[s].score for s in ("anna", "bob", "cati")] == [3, 1, 0]
    assert state.phase == "turns"


def test_p09_final_tie_breaks_military_stars_then_rupees_then_shared() -> None:
    state = position(courts={"anna": [38], "bob": [31]}, rupees={"anna": 1, "bob": 9, "cati": 9})
    for seat in ("anna", "bob", "cati"):
        state.players[seat].score = 10
    assert final_winners(state) == ["anna"]  # Akali Sikhs: two military stars
    state.players["anna"].court = [31]
    assert final_winners(state) == ["bob"]  # one star each, bob has more rupees
    state.players["bob"].rupees = 1
    assert final_winners(state) == ["anna", "bob"]


def test_p15_buying_the_check_resolves_it_and_the_final_one_ends_the_game() -> None:
    state = position(market=[[101, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12]], deck=[])
    state.tribes = {"kabul": {"bob": 1}}
    step = turn(state, {"actions": [{"action": "purchase", "row": 1, "column": 1}]})
    assert step.state.phase == "over"
    assert GAME.result(step.state).winners == ("bob",)
    assert step.state.players["bob"].score == 6
    assert GAME.prompts(step.state) == []
