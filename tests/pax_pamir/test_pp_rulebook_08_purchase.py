"""Rulebook, Core Actions: Purchase (p. 10), checked through the game's check/apply contract.

Costs by column, payment on the cards to the left (the other row over a vacant slot), rupees taken with the
card, cards paid this turn, military doubling, events never entering the hand, and the free-purchase abilities.
"""

from __future__ import annotations

from pp_helpers import MARKET, position, rupees_total, turn

from games.pax_pamir import GAME


def purchase(row: int, column: int) -> dict[str, object]:
    """A purchase order entry."""
    return {"action": "purchase", "row": row, "column": column}


def test_purchase_the_leftmost_column_is_free_and_places_no_rupee() -> None:
    """Purchase: 'the leftmost column is free' (also while military is favored: twice nothing is nothing)."""
    for favored in ("political", "military"):
        state = position(market=MARKET, rupees={"anna": 0})
        state.favored = favored
        new = turn(state, {"actions": [purchase(2, 1)]}).state
        assert new.players["anna"].hand == [7] and new.players["anna"].rupees == 0
        assert new.market_rupees == [[0] * 6, [0] * 6]


def test_purchase_pays_one_rupee_on_each_card_to_its_left_in_the_same_row() -> None:
    """Purchase: 'Pay by placing one rupee on each card in the same row to the left of the card you are
    purchasing' (the fourth column costs three; the other row gets nothing)."""
    state = position(market=MARKET, rupees={"anna": 5})
    new = turn(state, {"actions": [purchase(2, 4)]}).state
    assert new.players["anna"].rupees == 2 and new.players["anna"].hand == [10]
    # Cleanup slid the bottom row left over the bought card's slot; the three paid cards kept their rupees.
    assert new.market[1][:3] == [7, 8, 9] and new.market_rupees[1][:3] == [1, 1, 1]
    assert new.market_rupees[0] == [0] * 6


def test_purchase_receives_the_rupees_lying_on_the_card() -> None:
    """Purchase: 'If it has rupees on it, you receive them with the card.' (rupees only change hands)."""
    state = position(market=MARKET, rupees={"anna": 2})
    state.market_rupees[0][2] = 3
    before = rupees_total(state)
    new = turn(state, {"actions": [purchase(1, 3)]}).state
    assert new.players["anna"].rupees == 2 - 2 + 3
    assert new.market_rupees[0][:2] == [1, 1] and new.market_rupees[0][2] == 0
    assert rupees_total(new) == before


def test_purchase_must_be_paid_before_the_rupees_on_the_card_are_taken() -> None:
    """Purchase (full text): 'you must be able to pay the card's cost to the market'; the rupees lying on the card
    come with it afterwards and cannot pay for it."""
    state = position(market=MARKET, rupees={"anna": 1})
    state.market_rupees[0][2] = 5
    (problem,) = GAME.check(state, "anna", {"actions": [purchase(1, 3)]})
    assert problem.path == ("actions", 0, "column")
    assert "costs 2 rupees and you have 1" in problem.message


def test_purchase_an_empty_market_slot_is_refused() -> None:
    """Purchase: a card is bought from the market; a vacant slot holds none."""
    state = position(market=[[1, 2, None, 4, 5, 6], MARKET[1]])
    (problem,) = GAME.check(state, "anna", {"actions": [purchase(1, 3)]})
    assert problem.path == ("actions", 0, "column") and "is empty" in problem.message


def test_purchase_over_a_vacant_slot_pays_the_other_row_which_then_cannot_be_bought() -> None:
    """Purchase: 'If required to place a rupee on a vacant market spot, pay the card in the same column in the
    other row. If you place a rupee on a market card for any reason, you may not purchase that card this turn.'"""
    state = position(market=[[1, None, 3, 4, 5, 6], MARKET[1]], rupees={"anna": 6})
    order = {"actions": [purchase(1, 3), purchase(2, 2)]}
    (problem,) = GAME.check(state, "anna", order)
    assert problem.path == ("actions", 1, "column") and "you placed a rupee on it this turn" in problem.message
    new = turn(state, {"actions": [purchase(1, 3)]}).state
    assert new.players["anna"].rupees == 4
    assert new.market_rupees[0][0] == 1 and new.market_rupees[1][1] == 1  # card 8 below the gap took one


def test_purchase_a_card_paid_by_an_action_cost_cannot_be_bought_this_turn() -> None:
    """Purchase: 'If you place a rupee on a market card for any reason' — an action's cost too — 'you may not
    purchase that card this turn.' A gift's two rupees go on the rightmost card of each row."""
    state = position(market=MARKET, courts={"anna": [4]}, rupees={"anna": 10})
    order = {"actions": [{"action": "gift", "card": 4, "price": 2}, purchase(1, 6)]}
    (problem,) = GAME.check(state, "anna", order)
    assert problem.path == ("actions", 1, "column") and "you placed a rupee on it this turn" in problem.message


def test_purchase_rupees_placed_in_an_earlier_turn_do_not_bar_the_card() -> None:
    """Purchase: only a rupee placed 'this turn' bars the card: rupees already lying on it are simply taken."""
    state = position(market=MARKET, rupees={"anna": 4})
    state.market_rupees[0][0] = 2
    new = turn(state, {"actions": [purchase(1, 1)]}).state
    assert new.players["anna"].hand == [1] and new.players["anna"].rupees == 6


def test_purchase_costs_double_once_a_play_this_turn_made_military_favored() -> None:
    """Purchasing when Military is Favored: 'place two rupees on each card to the left' — from the moment the
    favored suit changes, e.g. by the favor icon of Balkh Arsenic Mine (10) played earlier in the same turn."""
    state = position(market=[[1, 2, 3, 4, 5, 6], [7, 8, 9, 11, 12, 13]], hands={"anna": [10]},
                     rupees={"anna": 4})
    order = {"actions": [{"action": "play", "card": 10, "side": "left", "roads": ["kabul-punjab"]},
                         purchase(1, 2)]}
    new = turn(state, order).state
    assert new.favored == "military"
    assert new.players["anna"].rupees == 2 and new.market_rupees[0][0] == 2
    # The doubled price must be affordable: with three rupees the third column (four) is out of reach.
    state.players["anna"].rupees = 3
    (problem,) = GAME.check(state, "anna", {"actions": [order["actions"][0], purchase(1, 3)]})
    assert problem.path == ("actions", 1, "column") and "costs 4 rupees and you have 3" in problem.message


def test_purchase_military_doubling_over_a_vacant_slot_puts_two_on_the_other_row() -> None:
    """Purchase with military favored: two rupees per column, and a vacant slot's two go to the other row."""
    state = position(market=[[1, None, 3, 4, 5, 6], MARKET[1]], rupees={"anna": 4})
    state.favored = "military"
    new = turn(state, {"actions": [purchase(1, 3)]}).state
    assert new.players["anna"].rupees == 0
    assert new.market_rupees[0][0] == 2 and new.market_rupees[1][1] == 2


def test_purchased_event_is_resolved_at_once_and_never_enters_the_hand() -> None:
    """Event Cards: 'never enter a player's hand and are resolved the moment they are bought' (Backing of the
    Persian Aristocracy, 113, bought for one rupee: three from the bank)."""
    state = position(market=[[1, 113, 3, 4, 5, 6], MARKET[1]], rupees={"anna": 1})
    new = turn(state, {"actions": [purchase(1, 2)]}).state
    assert new.players["anna"].hand == [] and 113 in new.discard
    assert new.players["anna"].rupees == 1 - 1 + 3


def test_herat_influence_a_free_purchase_places_no_rupee_so_the_cards_to_the_left_stay_buyable() -> None:
    """Herat Influence (Baluchi Smugglers, 66): Herat cards cost nothing; nothing is placed, so the cards to the
    left were not paid this turn and may be bought after it."""
    state = position(market=[[1, 2, 3, 55, 5, 6], MARKET[1]], courts={"anna": [66]}, rupees={"anna": 1})
    new = turn(state, {"actions": [purchase(1, 4), purchase(1, 2)]}).state
    assert new.players["anna"].hand == [55, 2] and new.players["anna"].rupees == 0
    assert new.market_rupees[0][0] == 1


def test_purchased_event_brings_the_rupees_lying_on_it() -> None:
    """Purchase: 'If it has rupees on it, you receive them with the card' — an event too, though it never enters
    the hand (Backing of the Persian Aristocracy, 113, free in the first column, with two rupees on it)."""
    state = position(market=[[113, 2, 3, 4, 5, 6], MARKET[1]], rupees={"anna": 0})
    state.market_rupees[0][0] = 2
    new = turn(state, {"actions": [purchase(1, 1)]}).state
    assert new.players["anna"].rupees == 2 + 3 and new.players["anna"].hand == []


def test_purchase_over_a_column_empty_in_both_rows_leaves_the_rupee_in_the_purchases_row() -> None:
    """Purchase (p. 10): the rupee for a vacant slot goes to 'the card in the same column in the other market row'.
    When that slot is vacant too there is no card to take it, and the rulebook says no more: pbem leaves the rupee
    where the main rule puts it, on the vacant slot in the row of the purchase. At cleanup (p. 9) the card that
    slides into that slot picks it up: here Prince Akbar Khan (3), top row, not the bottom row's Afghan Handicrafts (9)."""
    state = position(market=[[1, None, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12]], rupees={"anna": 4}, deck=[20, 21, 22])
    before = rupees_total(state)
    new = turn(state, {"actions": [purchase(2, 2), purchase(1, 4)]}).state
    assert new.players["anna"].hand == [8, 4] and new.players["anna"].rupees == 0
    assert new.market[0][:3] == [1, 3, 5] and new.market_rupees[0][:3] == [1, 2, 0]
    assert new.market[1][:2] == [7, 9] and new.market_rupees[1][:2] == [1, 0]
    assert rupees_total(new) == before
