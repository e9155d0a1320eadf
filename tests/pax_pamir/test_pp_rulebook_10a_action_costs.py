"""Rulebook, Card-Based Actions (the rules every one of them shares): a card in your court displaying the action,
one action per card per turn, bonus actions of the favored suit, action costs paid into the market, hostages.

Each test plays a whole turn through the game's check and apply, with orders as a player writes them.
"""

from __future__ import annotations

from typing import Any

from actions_helpers import make_state
from pp_helpers import rupees_total, turn

from games.pax_pamir import GAME
from games.pax_pamir.state import GameState

AFGHAN_HANDICRAFTS = 9  # Kabul economic rank 1: tax, move
GHILZAI_NOMADS = 13  # Kabul economic rank 2: tax, move
BALA_HISSAR = 16  # Kabul military rank 1: tax, betray
COMPANY_WEAPONS = 31  # Punjab military rank 1: tax, betray
SHAH_SHUJAH = 5  # Claim of Ancient Lineage: tax any player with a court card
CITY_OF_GHAZNI = 12  # economic rank 3: gift
KARAKUL_SHEEP = 61  # Herat economic rank 2
QANAT_SYSTEM = 62  # Herat economic; played, it places a road and favors political
ISHAQZAI_CHIEFS = 58  # Herat political; played, it places a tribe and favors economic
MARKET = [[1, 2, 3, 4, 6, 7], [8, 10, 11, 14, 15, 17]]


def _position(**kw: Any) -> GameState:
    """Anna to move (British; Bob Russian, Cati Afghan), four rupees each, a full market of court cards."""
    state = make_state(market=kw.pop("market", MARKET), **kw)
    state.turn = None
    return state


def _paid(state: GameState) -> dict[int, int]:
    """Rupees lying on each market card (the refill at cleanup may have slid the cards, not their rupees off)."""
    return {n: state.market_rupees[r][c] for r, row in enumerate(state.market) for c, n in enumerate(row)
            if n is not None and state.market_rupees[r][c]}


def _tax(card: int, **fields: Any) -> dict[str, Any]:
    return {"action": "tax", "card": card, **fields}


def test_a_card_acts_once_per_turn_whatever_number_of_actions_it_shows() -> None:
    """'Each card can be used for one action per turn': Afghan Handicrafts shows Tax and Move, yet after taxing it
    cannot move."""
    state = _position(courts={"anna": [AFGHAN_HANDICRAFTS]}, armies={"kabul": {"british": 1}},
                      roads={"herat-kabul": {"british": 1}})
    (problem,) = GAME.check(state, "anna", {"actions": [
        _tax(AFGHAN_HANDICRAFTS), {"action": "move", "card": AFGHAN_HANDICRAFTS,
                                   "moves": [{"army": "kabul", "to": "herat"}]}]})
    assert problem.path == ("actions", 1, "card") and "already acted" in problem.message


def test_only_a_card_in_your_court_displaying_the_action_can_take_it() -> None:
    """Card-based actions 'can only be taken if you have a card in your court displaying that action': not with a
    card in hand, nor with a court card that shows other actions."""
    state = _position(courts={"anna": [CITY_OF_GHAZNI]}, hands={"anna": [AFGHAN_HANDICRAFTS]})
    assert GAME.check(state, "anna", {"actions": [_tax(AFGHAN_HANDICRAFTS)]})
    assert GAME.check(state, "anna", {"actions": [_tax(CITY_OF_GHAZNI)]})


def test_favored_suit_actions_are_bonus_actions_taken_before_or_after_the_two() -> None:
    """Bonus Actions: 'Actions on cards matching the favored suit do not count against your two-action limit' --
    with economic favored, two military and two economic cards all tax, in any order; a fifth action is refused."""
    state = _position(courts={"anna": [BALA_HISSAR, COMPANY_WEAPONS, AFGHAN_HANDICRAFTS, GHILZAI_NOMADS]},
                      hands={"anna": [KARAKUL_SHEEP]})
    state.favored = "economic"
    four = [_tax(AFGHAN_HANDICRAFTS), _tax(BALA_HISSAR), _tax(COMPANY_WEAPONS), _tax(GHILZAI_NOMADS)]
    assert GAME.check(state, "anna", {"actions": four}) == []
    (problem,) = GAME.check(state, "anna", {"actions": [*four, {"action": "play", "card": KARAKUL_SHEEP,
                                                                "side": "left"}]})
    assert problem.path == ("actions", 4, "action")


def test_without_the_favored_suit_a_third_card_action_is_refused() -> None:
    """The same four cards with political favored: only two actions."""
    state = _position(courts={"anna": [BALA_HISSAR, COMPANY_WEAPONS, AFGHAN_HANDICRAFTS]})
    (problem,) = GAME.check(state, "anna", {"actions": [_tax(AFGHAN_HANDICRAFTS), _tax(BALA_HISSAR),
                                                        _tax(COMPANY_WEAPONS)]})
    assert problem.path == ("actions", 2, "action")


def test_a_bonus_action_is_judged_by_the_suit_favored_when_it_is_taken() -> None:
    """Bonus Actions are actions 'on cards matching the favored suit': the suit in favor at the moment. Playing
    Qanat System turns the favor from economic to political, so Anna's economic tax before it was a bonus action,
    her economic tax after it is her second action, and a purchase then is one too many."""
    state = _position(courts={"anna": [AFGHAN_HANDICRAFTS, GHILZAI_NOMADS]}, hands={"anna": [QANAT_SYSTEM]})
    state.favored = "economic"
    three = [_tax(AFGHAN_HANDICRAFTS), {"action": "play", "card": QANAT_SYSTEM, "side": "left",
                                        "roads": ["herat-kabul"]}, _tax(GHILZAI_NOMADS)]
    assert GAME.check(state, "anna", {"actions": three}) == []
    (problem,) = GAME.check(state, "anna", {"actions": [*three, {"action": "purchase", "row": 1, "column": 1}]})
    assert problem.path == ("actions", 3, "action")


def test_a_card_that_turns_the_favor_makes_later_actions_bonus_actions() -> None:
    """The other way round: political favored, Anna taxes (her first action) and plays Ishaqzai Chiefs (her second),
    which favors economic: her second economic card then taxes as a bonus action, but no purchase follows."""
    state = _position(courts={"anna": [AFGHAN_HANDICRAFTS, GHILZAI_NOMADS]}, hands={"anna": [ISHAQZAI_CHIEFS]})
    three = [_tax(AFGHAN_HANDICRAFTS), {"action": "play", "card": ISHAQZAI_CHIEFS, "side": "left"},
             _tax(GHILZAI_NOMADS)]
    after = turn(state, {"actions": three}).state
    assert after.favored == "economic"
    (problem,) = GAME.check(state, "anna", {"actions": [*three, {"action": "purchase", "row": 1, "column": 1}]})
    assert problem.path == ("actions", 3, "action")


def test_a_bonus_action_card_is_still_used_once() -> None:
    """Bonus Actions: 'each card is still one action per turn'."""
    state = _position(courts={"anna": [AFGHAN_HANDICRAFTS]})
    state.favored = "economic"
    (problem,) = GAME.check(state, "anna", {"actions": [_tax(AFGHAN_HANDICRAFTS), _tax(AFGHAN_HANDICRAFTS)]})
    assert problem.path == ("actions", 1, "card")


def test_an_action_cost_goes_one_rupee_per_card_from_the_right_of_both_rows() -> None:
    """Action Costs: 'placed on the rightmost market cards of both rows, one per card' -- a six-rupee gift puts one
    rupee on each of the three rightmost cards of each row."""
    state = _position(courts={"anna": [CITY_OF_GHAZNI]}, rupees={"anna": 6})
    after = turn(state, {"actions": [{"action": "gift", "card": CITY_OF_GHAZNI, "price": 6}]}).state
    assert after.market_rupees == [[0, 0, 0, 1, 1, 1], [0, 0, 0, 1, 1, 1]]
    assert after.players["anna"].rupees == 0


def test_an_action_cost_skips_a_vacant_slot_and_pays_the_next_card_of_the_row() -> None:
    """'If a slot is vacant, skip it and pay the next card'."""
    market = [[1, 2, 3, 4, 6, None], [8, 10, 11, 14, None, 17]]
    state = _position(courts={"anna": [CITY_OF_GHAZNI]}, rupees={"anna": 4}, market=market)
    after = turn(state, {"actions": [{"action": "gift", "card": CITY_OF_GHAZNI, "price": 4}]}).state
    assert _paid(after) == {4: 1, 6: 1, 14: 1, 17: 1}


def test_a_card_an_action_cost_paid_a_rupee_to_cannot_be_purchased_this_turn() -> None:
    """'If you place a rupee on a market card, you may not purchase it this turn' -- after a two-rupee gift the
    rightmost card of each row is barred, the card beside it is not."""
    state = _position(courts={"anna": [CITY_OF_GHAZNI]}, rupees={"anna": 8})
    gift = {"action": "gift", "card": CITY_OF_GHAZNI, "price": 2}
    (problem,) = GAME.check(state, "anna", {"actions": [gift, {"action": "purchase", "row": 2, "column": 6}]})
    assert problem.path == ("actions", 1, "column") and "placed a rupee on it this turn" in problem.message
    assert GAME.check(state, "anna", {"actions": [gift, {"action": "purchase", "row": 2, "column": 5}]}) == []


def test_action_cost_rupees_with_no_card_to_receive_them_leave_the_game() -> None:
    """'Excess rupees with no cards to receive them are removed from the game': one card left in the market takes
    one rupee of a four-rupee gift; the other three are gone."""
    market = [[None] * 6, [None, None, None, None, None, 17]]
    state = _position(courts={"anna": [CITY_OF_GHAZNI]}, rupees={"anna": 4}, market=market)
    before = rupees_total(state)
    after = turn(state, {"actions": [{"action": "gift", "card": CITY_OF_GHAZNI, "price": 4}]}).state
    assert _paid(after) == {17: 1} and rupees_total(after) == before - 3


def test_special_abilities_are_never_held_hostage() -> None:
    """Hostage Actions: 'Special abilities (in a text box) are never held hostage' -- Bob's two spies hold Shah
    Shujah Durrani hostage, yet its Claim of Ancient Lineage still lets Anna tax Cati (no region ruled), with no
    bribe asked."""
    state = _position(courts={"anna": [SHAH_SHUJAH, BALA_HISSAR], "cati": [KARAKUL_SHEEP]},
                      spies={SHAH_SHUJAH: {"bob": 2}})
    after = turn(state, {"actions": [_tax(BALA_HISSAR, take=["cati"])]}).state
    assert after.players["anna"].rupees == 5 and after.players["cati"].rupees == 3
    assert after.players["bob"].rupees == 4


def test_a_card_held_hostage_acts_only_for_a_bribe_of_one_rupee_per_holding_spy() -> None:
    """Hostage Actions: the holder 'must have more spies on it than each other player'; the owner may use it only
    after paying 'a bribe equal to the number of hostage-holding spies' -- Bob's two spies against Cati's one."""
    state = _position(courts={"anna": [BALA_HISSAR]}, spies={BALA_HISSAR: {"bob": 2, "cati": 1}},
                      standing={"bob": {"bribe": "full"}})
    after = turn(state, {"actions": [_tax(BALA_HISSAR, hostage_bribe=2)]}).state
    assert after.players["anna"].rupees == 2 and after.players["bob"].rupees == 6
