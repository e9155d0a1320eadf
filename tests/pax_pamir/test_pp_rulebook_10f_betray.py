"""Rulebook, Card-Based Actions, Betray: for two rupees, discard a court card carrying your spy (your own court
too); every spy on it goes home; a prize may be taken, and a prize of another coalition changes your loyalty
first, costing the gifts, prizes and patriots of the old one.

Each test plays a whole turn through the game's check and apply, with orders as a player writes them.
"""

from __future__ import annotations

from typing import Any

from actions_helpers import make_state
from pp_helpers import turn

from games.pax_pamir import GAME, queries
from games.pax_pamir.state import GameState

BALA_HISSAR = 16  # Kabul military rank 1: tax, betray
HARRY_FLASHMAN = 18  # Punjab intelligence: gift, betray; no prize
HENRY_RAWLINSON = 20  # Punjab intelligence, a Russian prize
EXILED_DURRANI = 57  # Herat political, a British prize
ARMY_OF_THE_INDUS = 32  # a British patriot
HAZARA_CHIEFS = 55  # Herat political, no prize
MARKET = [[1, 2, 3, 4, 6, 7], [8, 10, 11, 13, 15, 17]]


def _position(**kw: Any) -> GameState:
    """Anna to move (British; Bob Russian, Cati Afghan), four rupees each unless said."""
    state = make_state(market=MARKET, **kw)
    state.turn = None
    return state


def _betray(target: int, card: int = BALA_HISSAR, **fields: Any) -> dict[str, Any]:
    return {"actions": [{"action": "betray", "card": card, "target": target, **fields}]}


def test_betray_always_costs_two_rupees_paid_as_an_action_cost() -> None:
    """'This action always costs two': one rupee on the rightmost card of each row; with one rupee, no Betray."""
    state = _position(courts={"anna": [BALA_HISSAR], "bob": [HAZARA_CHIEFS]}, spies={HAZARA_CHIEFS: {"anna": 1}})
    after = turn(state, _betray(HAZARA_CHIEFS)).state
    assert after.players["anna"].rupees == 2 and HAZARA_CHIEFS in after.discard
    assert after.market_rupees == [[0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 1]]
    state.players["anna"].rupees = 1
    (problem,) = GAME.check(state, "anna", _betray(HAZARA_CHIEFS))
    assert "costs 2 rupees and you have 1" in problem.message


def test_only_a_card_where_you_have_a_spy_and_your_own_court_counts() -> None:
    """'Discard one card where you have a spy (including in your own court)': Bob's card with only Cati's spy
    cannot be betrayed by Anna; her own Harry Flashman with her spy can."""
    state = _position(courts={"anna": [BALA_HISSAR, HARRY_FLASHMAN], "bob": [HAZARA_CHIEFS]},
                      spies={HAZARA_CHIEFS: {"cati": 1}, HARRY_FLASHMAN: {"anna": 1}})
    (problem,) = GAME.check(state, "anna", _betray(HAZARA_CHIEFS))
    assert problem.path == ("actions", 0, "target") and "you have no spy" in problem.message
    after = turn(state, _betray(HARRY_FLASHMAN)).state
    assert after.players["anna"].court == [BALA_HISSAR] and HARRY_FLASHMAN in after.discard


def test_every_spy_on_the_betrayed_card_returns_to_its_owner() -> None:
    """'Spies on the betrayed card return to their owners': Anna's, Bob's two and Cati's all go to their supplies."""
    state = _position(courts={"anna": [BALA_HISSAR], "bob": [HAZARA_CHIEFS]},
                      spies={HAZARA_CHIEFS: {"anna": 1, "bob": 2, "cati": 1}})
    after = turn(state, _betray(HAZARA_CHIEFS)).state
    assert after.spies == {}
    assert all(queries.cylinders_in_play(after, seat) == 0 for seat in after.seats)


def test_a_prize_of_your_own_coalition_is_tucked_behind_the_dial_as_influence() -> None:
    """'you may accept it as a prize': British Anna takes the British prize of Exiled Durrani Nobility (influence
    one more) and stays British; refused, the card is simply discarded."""
    state = _position(courts={"anna": [BALA_HISSAR], "bob": [EXILED_DURRANI]}, spies={EXILED_DURRANI: {"anna": 1}})
    after = turn(state, _betray(EXILED_DURRANI, prize="accept")).state
    assert after.players["anna"].prizes == [EXILED_DURRANI] and after.players["anna"].loyalty == "british"
    assert queries.influence(after, "anna") == 2
    refused = turn(state, _betray(EXILED_DURRANI, prize="refuse")).state
    assert refused.players["anna"].prizes == [] and EXILED_DURRANI in refused.discard


def test_a_card_without_a_prize_cannot_be_taken_as_one() -> None:
    """Only a card showing a prize can be tucked behind the loyalty dial."""
    state = _position(courts={"anna": [BALA_HISSAR], "bob": [HAZARA_CHIEFS]}, spies={HAZARA_CHIEFS: {"anna": 1}})
    (problem,) = GAME.check(state, "anna", _betray(HAZARA_CHIEFS, prize="accept"))
    assert problem.path == ("actions", 0, "prize")


def test_a_prize_of_another_coalition_first_costs_the_old_gifts_prizes_and_patriots() -> None:
    """'If the prize is different from your current loyalty, first remove all gifts, prizes, and patriots matching
    your previous loyalty and rotate your loyalty dial': British Anna, with a gift, a British prize and a British
    patriot, takes a Russian prize and is left Russian with that prize alone (influence 1 + 1)."""
    state = _position(courts={"anna": [BALA_HISSAR, ARMY_OF_THE_INDUS], "bob": [HENRY_RAWLINSON]},
                      prizes={"anna": [EXILED_DURRANI]}, gifts={"anna": [2]},
                      spies={HENRY_RAWLINSON: {"anna": 1}})
    after = turn(state, _betray(HENRY_RAWLINSON, prize="accept")).state
    anna = after.players["anna"]
    assert anna.loyalty == "russian" and anna.prizes == [HENRY_RAWLINSON] and anna.gifts == []
    assert anna.court == [BALA_HISSAR]
    assert {ARMY_OF_THE_INDUS, EXILED_DURRANI} <= set(after.discard)
    assert queries.influence(after, "anna") == 2
