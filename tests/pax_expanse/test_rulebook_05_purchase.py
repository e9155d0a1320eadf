"""Rulebook "Purchase" (a core action): market costs by column, paying over gaps, influence on cards, events."""

from __future__ import annotations

from px_rulebook import market, problems, table, turn

from games.pax_expanse.state import GameState

# Market assets used: 1 2 3 4 5 6 in the top row, 21 22 23 24 25 26 in the bottom row.


def laid(influence: int = 10) -> GameState:
    state = table(influence={"anna": influence})
    market(state, [1, 2, 3, 4, 5, 6], [21, 22, 23, 24, 25, 26])
    return state


def buy(row: int, column: int) -> dict[str, object]:
    return {"action": "purchase", "row": row, "column": column}


def test_the_leftmost_column_is_free_and_each_column_costs_one_more() -> None:
    """"The leftmost column is free, the next column costs one influence, then two, etc." and the card goes to
    the hand."""
    step = turn(laid(), {"actions": [buy(1, 1), buy(2, 4)]})
    anna = step.state.players["anna"]
    assert anna.influence == 10 - 3
    assert sorted(anna.hand) == [1, 24]


def test_the_cost_is_one_influence_on_each_card_to_the_left_in_the_same_row() -> None:
    """"Pay this cost by placing one influence token on each card in the same row to the left"."""
    step = turn(laid(), {"actions": [buy(1, 4)]})
    assert step.state.market_influence[0][:3] == [1, 1, 1]
    assert step.state.market_influence[1] == [0] * 6


def test_a_vacant_spot_is_paid_to_the_card_in_the_other_row() -> None:
    """"If you are ever required to place an influence token on a vacant market spot, pay the cost to the card in
    the same column in the other market row"."""
    state = laid()
    state.market[0][1] = None
    step = turn(state, {"actions": [buy(1, 3)]})
    # column 1 of the top row and column 2 of the bottom row each took one (cleanup's slide keeps both in place)
    assert step.state.players["anna"].influence == 8
    assert step.state.market_influence[1][1] == 1
    assert step.state.market_influence[0][0] == 1


def test_you_take_the_influence_lying_on_the_card_you_buy() -> None:
    """"If you purchase a card that has influence tokens on it, you receive those influence tokens"."""
    state = laid(0)
    state.market_influence[0][0] = 3
    step = turn(state, {"actions": [buy(1, 1)]})
    assert step.state.players["anna"].influence == 3


def test_you_must_be_able_to_pay_the_cost() -> None:
    """"In order to purchase a card, you must be able to pay the card's cost to the market"."""
    found = problems(laid(2), {"actions": [buy(1, 4)]})
    assert found and found[0].path == ("actions", 0, "column") and "costs 3" in found[0].message


def test_a_card_you_placed_influence_on_this_turn_cannot_be_bought() -> None:
    """"If you place an influence token on a card in the market for any reason, you may not purchase that card
    this turn"."""
    found = problems(laid(), {"actions": [buy(1, 3), buy(1, 1)]})
    assert found and found[0].path == ("actions", 1, "column") and "this turn" in found[0].message


def test_an_action_cost_also_bars_buying_the_card_paid() -> None:
    """The same sentence, "for any reason": a Rally's action cost lands on the rightmost cards of both rows."""
    state = laid()
    state.players["anna"].network = [10]  # Earth political 1: Rally
    found = problems(state, {"actions": [{"action": "rally", "card": 10, "units": ["earth"]}, buy(1, 6)]})
    assert found and found[0].path == ("actions", 1, "column")


def test_an_event_is_resolved_at_once_and_never_enters_the_hand() -> None:
    """"event cards (including Dominance Checks) never enter a player's hand and are resolved the moment they are
    bought": Earth Aid Package's buyer takes three influence."""
    state = table(influence={"anna": 0})
    market(state, [113, 2])
    step = turn(state, {"actions": [buy(1, 1)]})
    anna = step.state.players["anna"]
    assert anna.hand == [] and anna.influence == 3
    assert 113 not in [n for row in step.state.market for n in row]


def test_buying_a_dominance_check_resolves_it() -> None:
    """"Dominance Checks are resolved whenever one of the Dominance Check event cards is purchased"."""
    state = table(influence={"anna": 0})
    market(state, [101, 2])
    step = turn(state, {"actions": [buy(1, 1)]})
    assert step.state.checks == [1] and step.state.objective == "tycho"


def test_influence_paid_over_a_vacancy_to_the_other_row_bars_buying_that_card() -> None:
    """Purchase: a vacant spot's token goes "to the card in the same column in the other market row", and "If you
    place an influence token on a card in the market for any reason, you may not purchase that card this turn"."""
    state = table(influence={"anna": 10})
    market(state, [None, 2, 3], [21, 22, 23])
    found = problems(state, {"actions": [{"action": "purchase", "row": 1, "column": 3},
                                         {"action": "purchase", "row": 2, "column": 1}]})
    assert found and found[0].path == ("actions", 1, "column")
