"""Words in orders are read as players write them: any case, a border's regions in either order; the answer to the
order shows how each was read. The archive keeps the order as it was sent."""

from __future__ import annotations

from pp_helpers import MARKET, bribe_position, position, texts, turn

from games.pax_pamir import GAME

#: Sikh Merchants in Lahore (30, Punjab): a road, a spy and leverage.
SIKH_MERCHANTS = 30
#: Rumor, an event that asks its buyer to name a player.
RUMOR = 108


def test_an_action_a_side_and_a_border_in_any_case_and_either_order_are_accepted() -> None:
    state = position(hands={"anna": [SIKH_MERCHANTS]}, market=MARKET)
    order = {"actions": [{"action": "Purchase", "row": 1, "column": 1},
                         {"action": "PLAY", "card": SIKH_MERCHANTS, "side": "Right", "roads": ["Punjab-Kandahar"],
                          "spies": [SIKH_MERCHANTS]}]}
    assert GAME.check(state, "anna", order) == []
    said = GAME.warnings(state, "anna", order)
    assert said[:4] == ["`Purchase` is read as `purchase`.", "`PLAY` is read as `play`.",
                        "`Right` is read as `right`.", "`Punjab-Kandahar` is read as `kandahar-punjab`."]
    step = turn(state, order)
    assert step.state.roads == {"kandahar-punjab": {"british": 1}}
    assert "A British road is placed on the border of Kandahar and Punjab." in texts(step)
    assert step.state.players["anna"].court == [SIKH_MERCHANTS]


def test_a_seat_and_a_region_by_their_names_as_written() -> None:
    state = position(market=[[RUMOR, 2, 3, 4, 5, 6], MARKET[1]])
    order = {"actions": [{"action": "purchase", "row": 1, "column": 1, "target": "Bob"}]}
    assert GAME.check(state, "anna", order) == []
    assert GAME.warnings(state, "anna", order)[0] == "`Bob` is read as `bob`."
    assert "Rumor: bob's patriots give no influence until the next Dominance Check is scored." in texts(turn(state, order))


def test_an_answer_to_a_question_in_any_case() -> None:
    state = bribe_position()
    state = turn(state, {"actions": [{"action": "play", "card": 25, "side": "left"}]}).state
    state = turn(state, {"answer": 2}, "bob").state
    assert GAME.prompts(state)[0].seat == "anna"
    assert GAME.check(state, "anna", {"answer": "Pay"}) == []
    assert GAME.warnings(state, "anna", {"answer": "Pay"}) == ["`Pay` is read as `pay`."]
    assert "anna pays bob a bribe of 2 rupees to play Josiah Harlan." in texts(turn(state, {"answer": "Pay"}))


def test_standing_orders_read_yes_as_true_and_a_word_in_any_case() -> None:
    state = position(market=MARKET)
    order = {"actions": [], "standing": {"safe_house": "Yes", "bribe": "Full", "courtly_manners": "PAY"}}
    assert GAME.check(state, "anna", order) == []
    assert GAME.warnings(state, "anna", order) == ["`Yes` is read as `true`.", "`Full` is read as `full`.",
                                                   "`PAY` is read as `pay`."]
    assert turn(state, order).state.standing["anna"] == {"safe_house": True, "bribe": "full", "courtly_manners": "pay"}


def test_a_word_the_game_does_not_know_is_refused_as_written() -> None:
    state = position(hands={"anna": [SIKH_MERCHANTS]}, market=MARKET)
    (problem,) = GAME.check(state, "anna", {"actions": [{"action": "Pruchase", "row": 1, "column": 1}]})
    assert "'Pruchase'" in problem.message and "purchase" in problem.message


def test_an_order_already_in_canonical_words_reads_without_a_note() -> None:
    state = position(hands={"anna": [SIKH_MERCHANTS]}, market=MARKET)
    order = {"actions": [{"action": "play", "card": SIKH_MERCHANTS, "side": "right", "roads": ["kandahar-punjab"],
                          "spies": [SIKH_MERCHANTS]}]}
    assert GAME.read_order(state, "anna", order) == (order, [])
    assert not any("is read as" in line for line in GAME.warnings(state, "anna", order))
