"""Rulebook, Card-Based Actions, Gift: a cylinder on an empty gift space of your loyalty dial, at its marked price
(2, 4 or 6); one influence point for your current coalition; lost whenever you change loyalty.

Each test plays a whole turn through the game's check and apply, with orders as a player writes them.
"""

from __future__ import annotations

from typing import Any

from actions_helpers import make_state
from pp_helpers import turn

from games.pax_pamir import GAME, queries
from games.pax_pamir.state import GameState

MONEY_LENDERS = 14  # Kabul economic: gift, build
CITY_OF_GHAZNI = 12  # Kabul economic: gift
BALA_HISSAR = 16  # Kabul military: tax, betray
HENRY_RAWLINSON = 20  # Punjab intelligence, shows a Russian prize
MARKET = [[1, 2, 3, 4, 6, 7], [8, 10, 11, 13, 15, 17]]


def _position(**kw: Any) -> GameState:
    """Anna to move (British; Bob Russian, Cati Afghan), four rupees each unless said."""
    state = make_state(market=MARKET, **kw)
    state.turn = None
    return state


def _gift(card: int, price: int) -> dict[str, Any]:
    return {"action": "gift", "card": card, "price": price}


def test_a_gift_costs_its_marked_price_paid_into_the_market_and_adds_one_influence() -> None:
    """'The cost equals the marked price of the gift (2, 4, or 6)' and 'Each gift counts as one influence point':
    the four-rupee space, paid to the two rightmost cards of each row, raises Anna's influence from 2 to 3."""
    state = _position(courts={"anna": [CITY_OF_GHAZNI]}, gifts={"anna": [2]}, rupees={"anna": 5})
    after = turn(state, {"actions": [_gift(CITY_OF_GHAZNI, 4)]}).state
    assert after.players["anna"].gifts == [2, 4] and after.players["anna"].rupees == 1
    assert after.market_rupees == [[0, 0, 0, 0, 1, 1], [0, 0, 0, 0, 1, 1]]
    assert queries.influence(after, "anna") == 3


def test_a_gift_space_needs_its_full_price() -> None:
    """Five rupees do not buy the six-rupee space, and a filled space cannot be bought again."""
    state = _position(courts={"anna": [CITY_OF_GHAZNI]}, gifts={"anna": [2, 4]}, rupees={"anna": 5})
    (problem,) = GAME.check(state, "anna", {"actions": [_gift(CITY_OF_GHAZNI, 6)]})
    assert problem.path == ("actions", 0, "price") and "costs more than your 5" in problem.message
    (problem,) = GAME.check(state, "anna", {"actions": [_gift(CITY_OF_GHAZNI, 2)]})
    assert "empty spaces: 6" in problem.message


def test_gifts_are_lost_on_a_change_of_loyalty_and_their_spaces_can_be_bought_again() -> None:
    """'Gifts are lost whenever you change loyalty': taking a Russian prize with Betray returns British Anna's two
    gifts to her supply; her next gift fills the two-rupee space again, now for the Russian coalition."""
    state = _position(courts={"anna": [BALA_HISSAR, MONEY_LENDERS], "bob": [HENRY_RAWLINSON]},
                      gifts={"anna": [2, 4]}, spies={HENRY_RAWLINSON: {"anna": 1}}, rupees={"anna": 4})
    after = turn(state, {"actions": [{"action": "betray", "card": BALA_HISSAR, "target": HENRY_RAWLINSON,
                                      "prize": "accept"}, _gift(MONEY_LENDERS, 2)]}).state
    anna = after.players["anna"]
    assert anna.loyalty == "russian" and anna.gifts == [2] and anna.rupees == 0
    assert queries.influence(after, "anna") == 1 + 1 + 1  # one, the prize, the new gift
    assert queries.cylinders_in_play(after, "anna") == 1  # the old gifts went back to her supply
