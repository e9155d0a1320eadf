"""Rulebook, Purchase ("Event Cards") and the event cards' purchased (lower) effects: what the buyer gets at once,
the choices the buyer makes, and the limits of those choices.

Each test plays a turn through the game's check and apply, with orders as a player writes them.
"""

from __future__ import annotations

from typing import Any

from pp_helpers import position, turn

from games.pax_pamir import GAME, queries
from games.pax_pamir.ruling import ruler

BALA_HISSAR = 16  # Kabul military rank 1: tax, betray
COMPANY_WEAPONS = 31  # Punjab military rank 1: tax, betray
AFGHAN_HANDICRAFTS = 9  # Kabul economic rank 1: tax, move
HAZARA_CHIEFS = 55  # Herat political
BALUCHI_CHIEFS = 44  # Kandahar political: a tribe and an army when played
ROW2 = [7, 8, 10, 11, 12, 13]


def _buy(column: int = 1, row: int = 1, **fields: Any) -> dict[str, Any]:
    return {"action": "purchase", "row": row, "column": column, **fields}


def test_an_event_bought_is_resolved_at_once_and_never_enters_the_hand() -> None:
    """Purchase, Event Cards: events 'never enter a player's hand and are resolved the moment they are bought';
    the buyer still pays the column's cost and takes the rupees lying on the card."""
    state = position(market=[[1, 2, 113, 4, 5, 6], ROW2], deck=[40])
    state.market_rupees[0][2] = 1
    new = turn(state, {"actions": [_buy(3)]}).state
    assert new.players["anna"].hand == []
    assert new.players["anna"].rupees == 4 - 2 + 1 + 3  # cost 2, one rupee on the card, Persian backing 3
    assert 113 in new.discard


def test_buying_an_event_is_one_of_the_two_actions() -> None:
    """Purchase is a core action: an event bought counts against the two-action limit like a court card."""
    state = position(market=[[113, 2, 3, 4, 5, 6], ROW2])
    (problem,) = GAME.check(state, "anna", {"actions": [_buy(1), _buy(1, row=2), _buy(2, row=2)]})
    assert problem.path == ("actions", 2, "action")


def test_a_dominance_check_bought_is_resolved_at_once() -> None:
    """Dominance Checks are 'resolved when purchased': no coalition dominant, so Anna, the only player with a
    cylinder in play, takes the first place of an unsuccessful check before her turn ends."""
    state = position(market=[[101, 2, 3, 4, 5, 6], ROW2], deck=[102, 40])
    state.tribes = {"kabul": {"anna": 1}}
    step = turn(state, {"actions": [_buy(1)]})
    assert step.state.checks_done == 1 and step.state.players["anna"].score == 3
    assert 101 in step.state.discard and step.state.phase == "turns"


def test_rumor_must_name_a_player_of_the_game() -> None:
    """Rumor: the buyer picks a player; a name that is not a seat is refused, naming the valid choices."""
    state = position(market=[[108, 2, 3, 4, 5, 6], ROW2])
    (problem,) = GAME.check(state, "anna", {"actions": [_buy(1, target="zed")]})
    assert problem.path == ("actions", 0, "target") and "bob" in problem.message


def test_other_persuasive_methods_swaps_with_another_player_not_oneself() -> None:
    """Other Persuasive Methods: the buyer trades hands with another player; naming oneself is refused."""
    state = position(market=[[114, 2, 3, 4, 5, 6], ROW2], hands={"anna": [20]})
    (problem,) = GAME.check(state, "anna", {"actions": [_buy(1, target="anna")]})
    assert problem.path == ("actions", 0, "target") and "bob" in problem.message


def test_other_persuasive_methods_an_empty_hand_may_be_swapped_and_the_cards_played_at_once() -> None:
    """Other Persuasive Methods: an empty hand may be exchanged; the cards received are the buyer's own, so the
    second action may play one of them."""
    state = position(market=[[114, 2, 3, 4, 5, 6], ROW2], hands={"bob": [BALUCHI_CHIEFS, 21]})
    order = {"actions": [_buy(1, target="bob"), {"action": "play", "card": BALUCHI_CHIEFS, "side": "left"}]}
    new = turn(state, order).state
    assert new.players["anna"].court == [BALUCHI_CHIEFS] and new.players["anna"].hand == [21]
    assert new.players["bob"].hand == []
    assert new.tribes == {"kandahar": {"anna": 1}}


def test_rebuke_clears_one_region_of_every_coalitions_armies_and_every_tribe_with_the_overthrow_rule() -> None:
    """Rebuke: all tribes and armies in the chosen region are removed; roads and spies are not units there and
    stay; losing her last Herat tribe overthrows Anna's Herat political card (The Overthrow Rule); Kabul is
    untouched; the ruler of Herat loses the rule."""
    state = position(market=[[116, 2, 3, 4, 5, 6], ROW2], courts={"anna": [HAZARA_CHIEFS], "bob": [BALA_HISSAR]})
    state.tribes = {"herat": {"anna": 2, "bob": 1}, "kabul": {"bob": 1}}
    state.armies = {"herat": {"british": 1, "russian": 1}}
    state.roads = {"herat-kabul": {"russian": 1}}
    state.spies = {str(BALA_HISSAR): {"anna": 1}}
    assert ruler(state, "herat") == "anna"
    new = turn(state, {"actions": [_buy(1, region="herat")]}).state
    assert new.tribes == {"kabul": {"bob": 1}} and new.armies == {}
    assert new.roads == {"herat-kabul": {"russian": 1}} and new.spies == {str(BALA_HISSAR): {"anna": 1}}
    assert new.players["anna"].court == [] and HAZARA_CHIEFS in new.discard
    assert ruler(new, "herat") is None and ruler(new, "kabul") == "bob"


def test_rebuke_region_must_be_a_region_of_the_map() -> None:
    """Rebuke: the region of the buyer's choice is one of the six; anything else is refused."""
    state = position(market=[[116, 2, 3, 4, 5, 6], ROW2])
    (problem,) = GAME.check(state, "anna", {"actions": [_buy(1, region="bukhara")]})
    assert problem.path == ("actions", 0, "region") and "herat" in problem.message


def test_pashtunwali_values_suit_must_be_one_of_the_four_suits() -> None:
    """Pashtunwali Values: the buyer chooses the favored suit among the four suits."""
    state = position(market=[[115, 2, 3, 4, 5, 6], ROW2])
    (problem,) = GAME.check(state, "anna", {"actions": [_buy(1, suit="diplomatic")]})
    assert problem.path == ("actions", 0, "suit") and "military" in problem.message
    new = turn(state, {"actions": [_buy(1, suit="military")]}).state
    assert new.favored == "military"


def test_new_tactics_makes_the_buyers_military_card_actions_bonus_actions() -> None:
    """New Tactics: the buyer's military cards count as favored, so their actions do not count against the
    two-action limit (Bonus Actions); Anna buys it, taxes with two military cards, and still has a second action;
    a fifth action is one too many."""
    state = position(market=[[105, 2, 3, 4, 5, 6], ROW2],
                     courts={"anna": [BALA_HISSAR, COMPANY_WEAPONS, AFGHAN_HANDICRAFTS]})
    four = [_buy(1), {"action": "tax", "card": BALA_HISSAR}, {"action": "tax", "card": COMPANY_WEAPONS},
            {"action": "tax", "card": AFGHAN_HANDICRAFTS}]
    assert GAME.check(state, "anna", {"actions": four}) == []
    (problem,) = GAME.check(state, "anna", {"actions": [*four, _buy(1, row=2)]})
    assert problem.path == ("actions", 4, "action")


def test_new_tactics_does_not_make_military_the_favored_suit_for_purchase_costs() -> None:
    """New Tactics favors the buyer's military cards only: the favored-suit marker does not move, so purchases
    are not doubled ('Purchasing Cards when Military Cards are Favored' needs military to be the favored suit)."""
    state = position(market=[[105, 2, 3, 4, 5, 6], ROW2])
    new = turn(state, {"actions": [_buy(1), _buy(3, row=2)]}).state
    assert new.favored == "political"
    assert new.players["anna"].rupees == 2 and queries.effect(new, "new_tactics", "anna")


def test_public_withdrawal_cannot_be_bought_even_from_the_free_column() -> None:
    """Public Withdrawal cannot be purchased, wherever it lies in the market."""
    state = position(market=[[111, 2, 3, 4, 5, 6], ROW2])
    (problem,) = GAME.check(state, "anna", {"actions": [_buy(1)]})
    assert problem.path[:2] == ("actions", 0)


def test_public_withdrawal_both_rupees_of_a_doubled_cost_leave_the_game() -> None:
    """Public Withdrawal: rupees placed on it are removed from the game; with military favored the purchase
    places two rupees on each card to the left, and both on Public Withdrawal are lost."""
    state = position(market=[[1, 111, 3, 4, 5, 6], ROW2])
    state.favored = "military"
    new = turn(state, {"actions": [_buy(3)]}).state
    assert new.players["anna"].rupees == 0
    assert sum(map(sum, new.market_rupees)) == 2  # only the two on card 1


def test_public_withdrawal_takes_no_rupee_paid_across_a_vacant_spot_either() -> None:
    """Purchase: a rupee due on a vacant spot goes to the card in the same column of the other row; if that card
    is Public Withdrawal, the rupee leaves the game."""
    state = position(market=[[1, None, 3, 4, 5, 6], [7, 111, 10, 11, 12, 13]])
    new = turn(state, {"actions": [_buy(3)]}).state
    assert new.players["anna"].rupees == 2
    assert sum(map(sum, new.market_rupees)) == 1


def test_koh_i_noor_recovered_gives_nothing_to_players_without_gifts() -> None:
    """Koh-i-noor Recovered raises the worth of the buyer's gifts only: no gift, no extra influence."""
    state = position(market=[[106, 2, 3, 4, 5, 6], ROW2])
    state.players["bob"].gifts = [2]
    new = turn(state, {"actions": [_buy(1)]}).state
    assert queries.influence(new, "anna") == 1 and queries.influence(new, "bob") == 2



def test_an_event_taken_lies_below_the_court_and_is_no_court_card() -> None:
    """Purchase, Event Cards: a persistent event is placed below the buyer's court; it is not one of the court's
    cards, so Anna, already at her court limit of three, discards nothing at cleanup."""
    state = position(market=[[105, 2, 3, 4, 5, 6], ROW2],
                     courts={"anna": [BALA_HISSAR, COMPANY_WEAPONS, AFGHAN_HANDICRAFTS]}, deck=[40])
    step = turn(state, {"actions": [_buy(1)]})
    assert step.state.players["anna"].court == [BALA_HISSAR, COMPANY_WEAPONS, AFGHAN_HANDICRAFTS]
    assert step.state.current == "bob" and [e.card for e in step.state.effects] == [105]


def test_courtly_manners_lets_the_buyer_decline_a_hostage_bribe_too() -> None:
    """Courtly Manners: the buyer may decline to pay bribes -- the bribe for a card held hostage as well as the
    one to a ruler: Anna taxes with Bala Hissar, which Bob's spies hold, and Bob gets nothing."""
    state = position(market=[[107, 2, 3, 4, 5, 6], ROW2], courts={"anna": [BALA_HISSAR]})
    state.spies = {str(BALA_HISSAR): {"bob": 2}}
    state.standing = {"bob": {"bribe": "full"}}
    order = {"actions": [_buy(1), {"action": "tax", "card": BALA_HISSAR, "hostage_bribe": 2}]}
    new = turn(state, order).state
    assert new.players["bob"].rupees == 4 and new.players["anna"].rupees == 4


def test_public_withdrawal_also_loses_a_rupee_of_an_action_cost() -> None:
    """Public Withdrawal: any rupee placed on it leaves the game, an action cost's rupee as well as a
    purchase's: the gift's two rupees go to the rightmost card of each row, and the top one is lost."""
    state = position(market=[[1, 2, 3, 4, 5, 111], ROW2], courts={"anna": [12]})  # City of Ghazni: gift
    new = turn(state, {"actions": [{"action": "gift", "card": 12, "price": 2}]}).state
    assert new.players["anna"].gifts == [2] and new.players["anna"].rupees == 2
    assert sum(map(sum, new.market_rupees)) == 1


def test_rumor_may_name_the_buyer_himself() -> None:
    """Rumor: the buyer picks 'a player', not another player (unlike Other Persuasive Methods); naming oneself is
    allowed and silences one's own patriots (the reading the reference engines share)."""
    state = position(market=[[108, 2, 3, 4, 5, 6], ROW2], courts={"anna": [32]})  # Army of the Indus: British
    assert queries.influence(state, "anna") == 2
    new = turn(state, {"actions": [_buy(1, target="anna")]}).state
    assert queries.influence(new, "anna") == 1
