"""The kernel's market, as both Pax rulebooks describe it (Pax Expanse: Purchase, Action Costs, Cleanup)."""

from __future__ import annotations

from pax_toy import RULES, toy_context, toy_state

from games.pax.market import empty_slots, occupied, shift_left, take


def test_purchase_cost_is_one_per_card_to_the_left() -> None:
    state = toy_state()
    assert [RULES.purchase_cost(state, "anna", 0, c) for c in range(6)] == [0, 1, 2, 3, 4, 5]


def test_purchase_places_one_on_each_card_to_the_left_in_the_same_row() -> None:
    state = toy_state()
    ctx = toy_context(state)
    assert RULES.pay_purchase(ctx, "anna", 1, 3) == 3
    assert state.market_money == [[0] * 6, [1, 1, 1, 0, 0, 0]]
    assert state.players["anna"].money == 7


def test_purchase_pays_the_card_in_the_other_row_over_a_vacant_spot() -> None:
    state = toy_state([[30, None, 32, 33, 34, 35], [40, 41, 42, 43, 44, 45]])
    RULES.pay_purchase(toy_context(state), "anna", 0, 3)
    assert state.market_money == [[1, 0, 1, 0, 0, 0], [0, 1, 0, 0, 0, 0]]


def test_a_card_you_placed_money_on_this_turn_cannot_be_bought() -> None:
    state = toy_state()
    RULES.pay_purchase(toy_context(state), "anna", 0, 2)
    assert RULES.paid_this_turn(state, 30) and RULES.paid_this_turn(state, 31)
    buyable = RULES.purchasable(state, "anna")
    assert (0, 0) not in buyable and (0, 1) not in buyable and (0, 2) in buyable and (1, 0) in buyable


def test_purchase_needs_the_money_to_pay() -> None:
    state = toy_state()
    state.players["anna"].money = 2
    assert RULES.purchasable(state, "anna") == [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (1, 2)]


def test_action_cost_is_paid_to_the_rightmost_cards_of_both_rows() -> None:
    state = toy_state()
    RULES.pay_action_cost(toy_context(state), "anna", 4)
    assert state.market_money == [[0, 0, 0, 0, 1, 1], [0, 0, 0, 0, 1, 1]]


def test_action_cost_skips_vacancies() -> None:
    state = toy_state([[30, 31, 32, 33, None, 35], [40, 41, 42, 43, 44, None]])
    RULES.pay_action_cost(toy_context(state), "anna", 4)
    assert state.market_money == [[0, 0, 0, 1, 0, 1], [0, 0, 0, 1, 1, 0]]


def test_odd_action_cost_puts_the_extra_unit_on_the_row_the_hook_names() -> None:
    state = toy_state()
    RULES.pay_action_cost(toy_context(state), "anna", 3)
    assert state.market_money == [[0, 0, 0, 0, 1, 1], [0, 0, 0, 0, 0, 1]]


def test_action_cost_with_no_card_to_take_it_leaves_the_game() -> None:
    state = toy_state([[30, None, None, None, None, None], [None] * 6])
    ctx = toy_context(state)
    RULES.pay_action_cost(ctx, "anna", 4)
    assert state.market_money == [[1] + [0] * 5, [0] * 6] and state.players["anna"].money == 6
    assert [e.data for e in ctx.events] == [{"kind": "money-removed", "amount": 3}]


def test_money_placed_on_a_card_that_takes_none_leaves_the_game() -> None:
    state = toy_state([[30, 31, 32, 33, 34, 35], [13, 41, 42, 43, 44, 45]])
    ctx = toy_context(state)
    RULES.pay_purchase(ctx, "anna", 1, 2)
    assert state.market_money[1] == [0, 1, 0, 0, 0, 0]
    assert [e.data for e in ctx.events] == [{"kind": "money-removed", "amount": 1}]
    assert RULES.paid_this_turn(state, 13)


def test_cleanup_shift_carries_money_and_money_on_a_vacant_slot_joins_the_card_moving_in() -> None:
    state = toy_state([[30, None, 32, None, 34, 35], [40, 41, 42, 43, 44, 45]])
    state.market_money[0] = [1, 2, 3, 0, 4, 0]
    shift_left(state)
    assert state.market[0] == [30, 32, 34, 35, None, None]
    assert state.market_money[0] == [1, 5, 4, 0, 0, 0]
    assert empty_slots(state) == [(0, 4), (0, 5)]


def test_money_shifted_onto_a_card_that_takes_none_leaves_the_game() -> None:
    state = toy_state([[30, None, 13, 33, 34, 35], [40, 41, 42, 43, 44, 45]])
    state.market_money[0][1] = 2
    ctx = toy_context(state)
    shift_left(state)
    RULES.drop_untaken_money(ctx)
    assert state.market[0][1] == 13 and state.market_money[0][1] == 0
    assert [e.data for e in ctx.events] == [{"kind": "money-removed", "amount": 2}]


def test_purchase_takes_the_card_with_the_money_on_it() -> None:
    state = toy_state()
    state.market_money[1][2] = 3
    assert take(state, 1, 2) == (42, 3)
    assert state.market[1][2] is None and state.market_money[1][2] == 0
    assert (1, 2) not in [(r, c) for r, c, _ in occupied(state)]
