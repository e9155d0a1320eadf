"""Rulebook, Card-Based Actions, Tax: up to the acting card's rank, from market cards (any region) and from players
with a court card of a region you rule, never from rupees their Tax Shelter protects.

Each test plays a whole turn through the game's check and apply, with orders as a player writes them.
"""

from __future__ import annotations

from typing import Any

from actions_helpers import make_state
from pp_helpers import turn

from games.pax_pamir import GAME
from games.pax_pamir.state import GameState

KABUL_BAZAAR = 8  # Kabul economic rank 2: tax
BALA_HISSAR = 16  # Kabul military rank 1: tax
MONEY_LENDERS = 14  # Kabul economic rank 2: a tax shelter of two; gift
CHARLES_STODDART = 4  # Kabul intelligence: no shelter
KARAKUL_SHEEP = 61  # Herat economic rank 2: a shelter of two
PERSIAN_ARMY = 82  # Persia military: no shelter
MARKET = [[1, 2, 3, 7, 6, 10], [18, 19, 21, 22, 23, 26]]  # Kabul cards on top, Punjab cards below


def _position(**kw: Any) -> GameState:
    """Anna to move (British; Bob Russian, Cati Afghan), four rupees each unless said."""
    state = make_state(market=MARKET, **kw)
    state.turn = None
    return state


def _tax(card: int, take: list[Any]) -> dict[str, Any]:
    return {"actions": [{"action": "tax", "card": card, "take": take}]}


def test_the_rulebook_tax_example_one_rupee_from_brooke_beyond_her_shelter_one_from_the_market() -> None:
    """Tax example: Cati, ruling Kabul, taxes with a rank-two card: one rupee from Brooke, whose other rupees her
    Money Lenders shelter, and one from a market card."""
    seats = ("cati", "brooke")
    state = make_state(seats=seats, acting="cati", loyalty={"cati": "british", "brooke": "russian"}, market=MARKET,
                       courts={"cati": [KABUL_BAZAAR], "brooke": [MONEY_LENDERS]}, rupees={"cati": 0, "brooke": 3},
                       tribes={"kabul": {"cati": 1}}, market_rupees=[[0, 0, 0, 0, 0, 0], [0, 0, 2, 0, 0, 0]])
    state.turn = None
    taxing_brooke_twice = _tax(KABUL_BAZAAR, ["brooke", "brooke"])
    (problem,) = GAME.check(state, "cati", taxing_brooke_twice)
    assert problem.path == ("actions", 0, "take", 1) and "only 1 rupee" in problem.message
    after = turn(state, _tax(KABUL_BAZAAR, ["brooke", 21]), seat="cati").state
    assert (after.players["cati"].rupees, after.players["brooke"].rupees) == (2, 2)
    assert after.market_rupees[1][2] == 1


def test_tax_takes_from_several_sources_never_more_than_the_rank() -> None:
    """'You may take from several sources so long as the total does not exceed the card's rank'."""
    state = _position(courts={"anna": [KABUL_BAZAAR], "bob": [CHARLES_STODDART]}, tribes={"kabul": {"anna": 1}},
                      market_rupees=[[1, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 1]])
    (problem,) = GAME.check(state, "anna", _tax(KABUL_BAZAAR, [1, "bob", 26]))
    assert "at most 2 rupees, not 3" in problem.message
    after = turn(state, _tax(KABUL_BAZAAR, [26, "bob"])).state
    assert after.players["anna"].rupees == 6 and after.players["bob"].rupees == 3


def test_market_cards_of_any_region_may_be_taxed_without_ruling_anything() -> None:
    """'or from any market card(s) (regardless of region)': Anna rules nothing and takes from a Punjab card."""
    state = _position(courts={"anna": [KABUL_BAZAAR]}, market_rupees=[[0] * 6, [0, 0, 0, 2, 0, 0]])
    after = turn(state, _tax(KABUL_BAZAAR, [22, 22])).state
    assert after.players["anna"].rupees == 6 and after.market_rupees[1][3] == 0


def test_a_player_is_taxed_for_a_court_card_of_the_ruled_region_not_for_pieces_there() -> None:
    """'players with at least one court card associated with a region you rule': Bob's tribe in Kabul, which Anna
    rules, does not expose him while his court holds only a Persian card; Cati's Kabul card exposes her."""
    state = _position(courts={"anna": [KABUL_BAZAAR], "bob": [PERSIAN_ARMY], "cati": [CHARLES_STODDART]},
                      tribes={"kabul": {"anna": 2, "bob": 1}})
    (problem,) = GAME.check(state, "anna", _tax(KABUL_BAZAAR, ["bob"]))
    assert problem.path == ("actions", 0, "take", 0) and "cati (up to 4)" in problem.message
    assert turn(state, _tax(KABUL_BAZAAR, ["cati", "cati"])).state.players["cati"].rupees == 2


def test_no_tax_from_a_player_of_the_region_when_someone_else_rules_it() -> None:
    """The taxer must rule the region: with Bob's two tribes against Anna's one, Bob rules Kabul, so Anna cannot
    tax Cati for her Kabul card."""
    state = _position(courts={"anna": [KABUL_BAZAAR], "cati": [CHARLES_STODDART]},
                      tribes={"kabul": {"anna": 1, "bob": 2}})
    (problem,) = GAME.check(state, "anna", _tax(KABUL_BAZAAR, ["cati"]))
    assert "cannot tax cati" in problem.message


def test_rupees_up_to_the_tax_shelter_are_never_taken() -> None:
    """Tax Shelter: 'Only rupees held in excess of your Tax Shelter are vulnerable' -- Cati holds exactly the two
    rupees her Karakul Sheep shelters: nothing can be taken from her."""
    state = _position(courts={"anna": [KABUL_BAZAAR], "cati": [KARAKUL_SHEEP, CHARLES_STODDART]},
                      rupees={"cati": 2}, tribes={"kabul": {"anna": 1}})
    (problem,) = GAME.check(state, "anna", _tax(KABUL_BAZAAR, ["cati"]))
    assert "tax shelter of 2 protects all 2 rupees" in problem.message


def test_the_shelter_is_the_taxed_players_gold_stars_not_the_taxers() -> None:
    """'The total gold stars in your court is the amount of rupees you can shelter': Anna's own Kabul Bazaar (two
    gold stars) shelters nothing of Bob's; Bob without economic cards loses both rupees asked."""
    state = _position(courts={"anna": [KABUL_BAZAAR], "bob": [CHARLES_STODDART]}, rupees={"bob": 2},
                      tribes={"kabul": {"anna": 1}})
    after = turn(state, _tax(KABUL_BAZAAR, ["bob", "bob"])).state
    assert after.players["bob"].rupees == 0 and after.players["anna"].rupees == 6


def test_tax_may_take_back_a_rupee_the_taxer_paid_into_the_market_this_turn() -> None:
    """Nothing in Tax bars market rupees placed this turn: after a two-rupee gift (one rupee on the rightmost card
    of each row), Anna's tax takes one of them back."""
    state = _position(courts={"anna": [MONEY_LENDERS, BALA_HISSAR]}, rupees={"anna": 2})
    after = turn(state, {"actions": [{"action": "gift", "card": MONEY_LENDERS, "price": 2},
                                     {"action": "tax", "card": BALA_HISSAR, "take": [10]}]}).state
    assert after.players["anna"].rupees == 1 and after.market_rupees == [[0] * 6, [0, 0, 0, 0, 0, 1]]
