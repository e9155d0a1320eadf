"""Rulebook "Action Costs": influence on the rightmost market cards of both rows, one token a card, vacancies
skipped."""

from __future__ import annotations

from px_rulebook import data, market, put, table, turn

from games.pax_expanse.state import GameState

# 10: Earth political 1 (Rally); 14: Earth war 1 (Extort, Eliminate).


def laid(top: list[int | None], bottom: list[int | None]) -> GameState:
    state = table(influence={"anna": 10}, networks={"anna": [10]})
    market(state, top, bottom)
    return state


def rally(*units: str) -> dict[str, object]:
    return {"action": "rally", "card": 10, "units": list(units)}


def test_half_the_cost_on_each_row_one_token_a_card_from_the_right() -> None:
    """"influence tokens equal to the cost should be placed on the rightmost market cards of both rows, with a single
    influence token being paid to each card": a Rally of three units costs six, three a row."""
    step = turn(laid([1, 2, 3, 4, 5, 6], [21, 22, 23, 24, 25, 26]), {"actions": [rally("earth", "earth", "earth")]})
    assert step.state.market_influence == [[0, 0, 0, 1, 1, 1], [0, 0, 0, 1, 1, 1]]
    assert step.state.players["anna"].influence == 4
    assert data(step, "action-cost")[0]["amount"] == 6


def test_a_vacant_slot_is_skipped_for_the_next_card_in_the_row() -> None:
    """"If a market slot is vacant, skip that vacancy and pay the next market card(s) in the row" (cleanup's slide
    then carries the tokens left with their cards)."""
    step = turn(laid([1, 2, 3, 4, None, 6], [21, 22, 23, 24, 25, 26]), {"actions": [rally("earth", "earth")]})
    assert step.state.market == [[1, 2, 3, 4, 6, None], [21, 22, 23, 24, 25, 26]]
    assert step.state.market_influence == [[0, 0, 0, 1, 1, 0], [0, 0, 0, 0, 1, 1]]


def test_a_row_short_of_cards_sends_the_rest_of_its_half_back_to_the_bank() -> None:
    """Our reading (orders.md, "Action costs"): the rulebook does not say where a token goes when its row has no
    card left for it; each row takes its half, and what its cards cannot take goes back to the bank, not to the
    other row. A Rally of three units costs six: the one card of the top row takes one, the bottom row three."""
    step = turn(laid([1, None, None, None, None, None], [21, 22, 23, 24, 25, 26]),
                {"actions": [rally("earth", "earth", "earth")]})
    assert step.state.market_influence[0][0] == 1 and step.state.market_influence[1] == [0, 0, 0, 1, 1, 1]
    assert step.state.players["anna"].influence == 4
    assert data(step, "influence-to-bank")[0]["amount"] == 2


def test_eliminate_always_costs_two() -> None:
    """Eliminate: "This action always costs two influence", one on the rightmost card of each row."""
    state = table(influence={"anna": 5}, networks={"anna": [14], "ben": [3]})
    put(state, "agents", "3", "anna", 1)
    market(state, [1, 2, 3], [21, 22])
    step = turn(state, {"actions": [{"action": "eliminate", "card": 14, "target": 3, "reward": False}]})
    assert step.state.players["anna"].influence == 3
    assert step.state.market_influence == [[0, 0, 1, 0, 0, 0], [0, 1, 0, 0, 0, 0]]
