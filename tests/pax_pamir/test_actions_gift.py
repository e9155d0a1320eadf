"""Gift (rulebook p. 13, "Gift"), one test per rule case."""

from __future__ import annotations

from actions_helpers import make_state, market_total, messages, pause_of, problems, run

from engine.rng import Rng
from games.pax_pamir import queries
from games.pax_pamir.actions import gift

CHARLES_STODDART = 4  # intelligence rank 1: gift, move


def test_13_gift_1_places_a_cylinder_on_the_cheapest_empty_space_for_its_price() -> None:
    state = make_state(courts={"anna": [CHARLES_STODDART]}, rupees={"anna": 5})
    ctx = run(state, "gift", CHARLES_STODDART, {})
    assert state.players["anna"].gifts == [2]
    assert state.players["anna"].rupees == 3
    assert market_total(state) == 2  # the price is an action cost, paid into the market
    assert "2-rupee gift to the British coalition" in ctx.events[-1].text


def test_13_gift_2_any_empty_space_may_be_chosen_at_its_marked_price() -> None:
    state = make_state(courts={"anna": [CHARLES_STODDART]}, rupees={"anna": 6}, gifts={"anna": [2]})
    run(state, "gift", CHARLES_STODDART, {"price": 6})
    assert state.players["anna"].gifts == [2, 6]
    assert state.players["anna"].rupees == 0


def test_13_gift_3_an_occupied_or_unknown_space_is_a_problem_listing_the_empty_ones() -> None:
    state = make_state(courts={"anna": [CHARLES_STODDART]}, rupees={"anna": 9}, gifts={"anna": [2]})
    found = problems(state, "gift", CHARLES_STODDART, {"price": 2})
    assert found[0].path == ("actions", 0, "price")
    assert "empty spaces: 4, 6" in found[0].message
    assert "empty spaces: 4, 6" in messages(problems(state, "gift", CHARLES_STODDART, {"price": 3}))


def test_13_gift_4_no_gift_when_all_three_spaces_are_filled() -> None:
    state = make_state(courts={"anna": [CHARLES_STODDART]}, rupees={"anna": 9}, gifts={"anna": [2, 4, 6]})
    assert "all three of your gift spaces are filled" in messages(problems(state, "gift", CHARLES_STODDART, {}))
    assert gift.random_params(state, "anna", CHARLES_STODDART, Rng("g")) is None


def test_13_gift_5_no_gift_the_seat_cannot_pay_for() -> None:
    state = make_state(courts={"anna": [CHARLES_STODDART]}, rupees={"anna": 3}, gifts={"anna": [2]})
    assert "costs 4 rupees and you have 3" in messages(problems(state, "gift", CHARLES_STODDART, {}))
    state.players["anna"].rupees = 5
    assert "you can afford: 4" in messages(problems(state, "gift", CHARLES_STODDART, {"price": 6}))


def test_13_gift_6_each_gift_counts_as_one_influence() -> None:
    state = make_state(courts={"anna": [CHARLES_STODDART]}, rupees={"anna": 5})
    before = queries.influence(state, "anna")
    run(state, "gift", CHARLES_STODDART, {})
    assert queries.influence(state, "anna") == before + 1


def test_component_limits_a_gift_with_no_cylinder_in_supply_takes_one_from_play() -> None:
    # All ten of anna's cylinders are tribes; the gift takes one of them (asked of anna, answered here).
    state = make_state(courts={"anna": [CHARLES_STODDART]}, rupees={"anna": 2},
                       tribes={"kabul": {"anna": 6}, "punjab": {"anna": 4}})
    pause = pause_of(state, "gift", CHARLES_STODDART, {})
    assert pause.question.options == ("tribe:kabul", "tribe:punjab")
    state = make_state(courts={"anna": [CHARLES_STODDART]}, rupees={"anna": 2},
                       tribes={"kabul": {"anna": 6}, "punjab": {"anna": 4}})
    run(state, "gift", CHARLES_STODDART, {}, answers={pause.question.key: "tribe:kabul"})
    assert state.tribes["kabul"]["anna"] == 5 and state.players["anna"].gifts == [2]


def test_component_limits_no_gift_when_every_cylinder_was_placed_this_turn() -> None:
    state = make_state(courts={"anna": [CHARLES_STODDART]}, rupees={"anna": 2}, tribes={"kabul": {"anna": 10}})
    assert state.turn is not None
    state.turn.placed["tribe:kabul:anna"] = 10
    assert "no cylinder" in messages(problems(state, "gift", CHARLES_STODDART, {}))


def test_gift_random_params_are_legal_and_the_template_offers_each_price() -> None:
    state = make_state(courts={"anna": [CHARLES_STODDART]}, rupees={"anna": 4})
    rng = Rng("gift")
    for _ in range(20):
        params = gift.random_params(state, "anna", CHARLES_STODDART, rng)
        assert params in ({"price": 2}, {"price": 4})
        assert not problems(state, "gift", CHARLES_STODDART, params)
    offer = gift.offer(state, "anna", CHARLES_STODDART)
    assert offer.examples == ({"price": 2}, {"price": 4}) and "price: 2, 4 rupees" in offer.note
