"""Rulebook, General Rules, Card Precedence and Special Abilities (p. 8), with Hostage Actions (p. 12): the court
card abilities that protect their owner's cards and pieces from Betray and Battle -- Bodyguards, Citadel (Kabul and
Transcaspia), Indispensable Advisors, Safe House. Each 'is active as long as the card remains in your court' and
special abilities 'are never held hostage'.

Each test plays whole turns through the game's check and apply, with orders as a player writes them.
"""

from __future__ import annotations

from typing import Any

from actions_helpers import make_state
from pp_helpers import turn

from games.pax_pamir import GAME
from games.pax_pamir.state import GameState

MOHAN_LAL = 1  # Kabul intelligence: Indispensable Advisors (prize: russian)
KABUL_BAZAAR = 8  # Kabul economic rank 2: tax
DURRANI_ROYAL_GUARD = 15  # Kabul military: Bodyguards
BALA_HISSAR = 16  # Kabul military rank 1: tax, betray
CITADEL_OF_GHAZNI = 17  # Kabul military: Citadel (Kabul)
CHARLES_MASSON = 41  # Kandahar intelligence: Safe House
HAZARA_CHIEFS = 55  # Herat political, no prize
TAJIK_WARBAND = 59  # Herat military rank 2: betray, battle
CLAUDE_WADE = 72  # Persia intelligence: Safe House
ARK_OF_BUKHARA = 97  # Transcaspia military: Citadel (Transcaspia)


def _position(**kw: Any) -> GameState:
    """Anna to move (British; Bob Russian, Cati Afghan), four rupees each unless said, a spare market."""
    state = make_state(**kw)
    state.turn = None
    return state


def _betray(target: int, card: int = BALA_HISSAR, **fields: Any) -> dict[str, Any]:
    return {"action": "betray", "card": card, "target": target, **fields}


def _battle(site: Any, *remove: str, card: int = TAJIK_WARBAND) -> dict[str, Any]:
    return {"action": "battle", "card": card, "site": site, "remove": list(remove)}


# --- Bodyguards ---------------------------------------------------------------------------------------------------


def test_bodyguards_keep_every_political_card_of_the_court_from_being_betrayed() -> None:
    """Bodyguards (Durrani Royal Guard): the owner's political cards cannot be betrayed -- not by a rival, nor by
    the owner himself with his own spy; his economic card beside them can."""
    state = _position(courts={"anna": [BALA_HISSAR], "bob": [DURRANI_ROYAL_GUARD, HAZARA_CHIEFS, KABUL_BAZAAR]},
                      spies={HAZARA_CHIEFS: {"anna": 1, "bob": 1}, KABUL_BAZAAR: {"anna": 1}})
    (problem,) = GAME.check(state, "anna", {"actions": [_betray(HAZARA_CHIEFS)]})
    assert problem.path == ("actions", 0, "target") and "Bodyguards" in problem.message
    after = turn(state, {"actions": [_betray(KABUL_BAZAAR)]}).state
    assert KABUL_BAZAAR in after.discard and after.players["bob"].court == [DURRANI_ROYAL_GUARD, HAZARA_CHIEFS]
    state.current = "bob"
    state.players["bob"].court.append(TAJIK_WARBAND)
    (problem,) = GAME.check(state, "bob", {"actions": [_betray(HAZARA_CHIEFS, card=TAJIK_WARBAND)]})
    assert "Bodyguards" in problem.message


def test_bodyguards_stop_protecting_once_their_card_is_betrayed() -> None:
    """'active as long as the card remains in your court': the Royal Guard is a military card, so Bodyguards do
    not cover it; once Anna's first action betrays it, her second may betray Bob's political Hazara Chiefs."""
    state = _position(courts={"anna": [BALA_HISSAR, TAJIK_WARBAND], "bob": [DURRANI_ROYAL_GUARD, HAZARA_CHIEFS]},
                      spies={HAZARA_CHIEFS: {"anna": 1}, DURRANI_ROYAL_GUARD: {"anna": 1}})
    order = {"actions": [_betray(DURRANI_ROYAL_GUARD), _betray(HAZARA_CHIEFS, card=TAJIK_WARBAND)]}
    after = turn(state, order).state
    assert after.players["bob"].court == [] and {DURRANI_ROYAL_GUARD, HAZARA_CHIEFS} <= set(after.discard)
    assert after.players["anna"].rupees == 0


def test_bodyguards_protect_even_while_their_card_is_held_hostage() -> None:
    """Hostage Actions: 'Special abilities ... are never held hostage': Cati's two spies on the Royal Guard take
    its Betray action hostage, not its Bodyguards."""
    state = _position(courts={"anna": [BALA_HISSAR], "bob": [DURRANI_ROYAL_GUARD, HAZARA_CHIEFS]},
                      spies={HAZARA_CHIEFS: {"anna": 1}, DURRANI_ROYAL_GUARD: {"cati": 2}})
    (problem,) = GAME.check(state, "anna", {"actions": [_betray(HAZARA_CHIEFS)]})
    assert "Bodyguards" in problem.message


# --- Citadel --------------------------------------------------------------------------------------------------------


def test_citadel_spares_only_its_owners_tribes_and_only_in_its_region() -> None:
    """Citadel (Citadel of Ghazni, Kabul): Bob's tribe in Kabul cannot be removed in battle; Cati's tribe in Kabul
    can, and so can Bob's tribe in Transcaspia (the Ark of Bukhara's Citadel is Cati's, not his)."""
    state = _position(courts={"anna": [TAJIK_WARBAND], "bob": [CITADEL_OF_GHAZNI], "cati": [ARK_OF_BUKHARA]},
                      armies={"kabul": {"british": 2}, "transcaspia": {"british": 2}},
                      tribes={"kabul": {"bob": 1, "cati": 1}, "transcaspia": {"bob": 1, "cati": 1}})
    (problem,) = GAME.check(state, "anna", {"actions": [_battle("kabul", "tribe:bob")]})
    assert "Citadel" in problem.message and "kabul" in problem.message
    (problem,) = GAME.check(state, "anna", {"actions": [_battle("transcaspia", "tribe:cati")]})
    assert "Citadel" in problem.message and "transcaspia" in problem.message
    after = turn(state, {"actions": [_battle("kabul", "tribe:cati")]}).state
    assert after.tribes["kabul"] == {"bob": 1}
    after = turn(state, {"actions": [_battle("transcaspia", "tribe:bob")]}).state
    assert after.tribes["transcaspia"] == {"cati": 1}


def test_citadel_ends_when_its_card_leaves_the_court() -> None:
    """'active as long as the card remains in your court': Anna betrays Citadel of Ghazni, then her battle in
    Kabul removes Bob's tribe."""
    state = _position(courts={"anna": [BALA_HISSAR, TAJIK_WARBAND], "bob": [CITADEL_OF_GHAZNI]},
                      armies={"kabul": {"british": 1}}, tribes={"kabul": {"bob": 1}},
                      spies={CITADEL_OF_GHAZNI: {"anna": 1}})
    after = turn(state, {"actions": [_betray(CITADEL_OF_GHAZNI), _battle("kabul", "tribe:bob")]}).state
    assert after.tribes == {} and CITADEL_OF_GHAZNI in after.discard


# --- Indispensable Advisors ------------------------------------------------------------------------------------------


def test_indispensable_advisors_keep_the_owners_spies_on_any_court_card() -> None:
    """Indispensable Advisors (Mohan Lal): Bob's spies cannot be removed in battle on a card, even on a card of
    Cati's court; Cati's spy beside them can."""
    state = _position(courts={"anna": [TAJIK_WARBAND], "bob": [MOHAN_LAL], "cati": [KABUL_BAZAAR]},
                      spies={KABUL_BAZAAR: {"anna": 2, "bob": 1, "cati": 1}})
    (problem,) = GAME.check(state, "anna", {"actions": [_battle(KABUL_BAZAAR, "spy:bob")]})
    assert "Indispensable Advisors" in problem.message
    after = turn(state, {"actions": [_battle(KABUL_BAZAAR, "spy:cati")]}).state
    assert after.spies == {str(KABUL_BAZAAR): {"anna": 2, "bob": 1}}


def test_indispensable_advisors_end_when_mohan_lal_is_betrayed() -> None:
    """'active as long as the card remains in your court': once Anna has betrayed Mohan Lal, her battle on the
    Kabul Bazaar removes Bob's spy."""
    state = _position(courts={"anna": [BALA_HISSAR, TAJIK_WARBAND], "bob": [MOHAN_LAL], "cati": [KABUL_BAZAAR]},
                      spies={KABUL_BAZAAR: {"anna": 1, "bob": 1}, MOHAN_LAL: {"anna": 1}})
    order = {"actions": [_betray(MOHAN_LAL, prize="refuse"), _battle(KABUL_BAZAAR, "spy:bob")]}
    after = turn(state, order).state
    assert after.spies == {str(KABUL_BAZAAR): {"anna": 1}} and MOHAN_LAL in after.discard


# --- Safe House -----------------------------------------------------------------------------------------------------


def test_safe_house_offers_each_safe_house_of_the_owner_for_each_spy_removed() -> None:
    """Safe House (Charles Masson, Claude Wade): each of Bob's spies removed in battle may go onto one of his Safe
    House cards instead; Bob is asked, once per spy, and may choose either card or his supply."""
    state = _position(courts={"anna": [TAJIK_WARBAND], "bob": [CHARLES_MASSON, CLAUDE_WADE], "cati": [KABUL_BAZAAR]},
                      spies={KABUL_BAZAAR: {"anna": 2, "bob": 2}})
    step = turn(state, {"actions": [_battle(KABUL_BAZAAR, "spy:bob", "spy:bob")]})
    (prompt,) = GAME.prompts(step.state)
    assert prompt.seat == "bob" and "Charles Masson" in prompt.text and "Claude Wade" in prompt.text
    step = turn(step.state, {"answer": CLAUDE_WADE})
    (prompt,) = GAME.prompts(step.state)
    assert prompt.seat == "bob" and "Safe House" in prompt.text
    after = turn(step.state, {"answer": "supply"}).state
    assert after.spies == {str(KABUL_BAZAAR): {"anna": 2}, str(CLAUDE_WADE): {"bob": 1}}


def test_safe_house_is_only_for_spies_removed_in_battle_not_for_a_betrayed_card() -> None:
    """Betray: 'Any spies on the betrayed card are lost and returned to their owner's supply' -- Safe House speaks
    of battle only, so Bob is not asked and his spy goes home."""
    state = _position(courts={"anna": [BALA_HISSAR], "bob": [CHARLES_MASSON], "cati": [HAZARA_CHIEFS]},
                      spies={HAZARA_CHIEFS: {"anna": 1, "bob": 1}})
    step = turn(state, {"actions": [_betray(HAZARA_CHIEFS)]})
    assert step.state.spies == {} and step.state.current == "bob"
    assert [p.kind for p in GAME.prompts(step.state)] == ["turn"]


def test_safe_house_shelters_only_its_owners_spies_and_ends_with_its_card() -> None:
    """Safe House is Bob's: Cati's spy removed in the same battle just goes home; and once Anna has betrayed
    Charles Masson, Bob's spy removed by her battle is not offered a refuge either."""
    state = _position(courts={"anna": [BALA_HISSAR, TAJIK_WARBAND], "bob": [CHARLES_MASSON], "cati": [KABUL_BAZAAR]},
                      spies={KABUL_BAZAAR: {"anna": 2, "bob": 1, "cati": 1}, CHARLES_MASSON: {"anna": 1}})
    step = turn(state, {"actions": [_betray(CHARLES_MASSON), _battle(KABUL_BAZAAR, "spy:bob", "spy:cati")]})
    assert [p.kind for p in GAME.prompts(step.state)] == ["turn"] and step.state.current == "bob"
    assert step.state.spies == {str(KABUL_BAZAAR): {"anna": 2}}


def test_safe_house_is_no_refuge_for_a_spy_removed_from_the_safe_house_itself() -> None:
    """Battle (p. 14) removes spies 'at the site of the battle'; Safe House moves a removed spy onto its card
    'instead' of the supply. The rulebook does not say whether a spy removed from the Safe House card itself may
    go straight back onto it; pbem reads that it may not (its spies could then never be removed in battle: that is
    Indispensable Advisors' protection, not this card's). Anna battles on Charles Masson: Bob is not asked, both
    his spies go home, and Anna now holds the card hostage."""
    state = _position(courts={"anna": [TAJIK_WARBAND], "bob": [CHARLES_MASSON]},
                      spies={CHARLES_MASSON: {"anna": 2, "bob": 2}}, standing={"bob": {"safe_house": True}})
    step = turn(state, {"actions": [_battle(CHARLES_MASSON, "spy:bob", "spy:bob")]})
    assert [p.kind for p in GAME.prompts(step.state)] == ["turn"] and step.state.current == "bob"
    assert step.state.spies == {str(CHARLES_MASSON): {"anna": 2}}


def test_safe_house_a_spy_removed_from_one_safe_house_may_go_to_the_other() -> None:
    """Safe House: the refuge is any Safe House card of the owner but the one the spy was removed from: Bob's spy
    driven off Charles Masson is offered Claude Wade or his supply, not Charles Masson."""
    state = _position(courts={"anna": [TAJIK_WARBAND], "bob": [CHARLES_MASSON, CLAUDE_WADE]},
                      spies={CHARLES_MASSON: {"anna": 1, "bob": 1}})
    step = turn(state, {"actions": [_battle(CHARLES_MASSON, "spy:bob")]})
    assert step.state.paused is not None and step.state.paused.questions[0]["seat"] == "bob"
    assert step.state.paused.questions[0]["options"] == [CLAUDE_WADE, "supply"]
    after = turn(step.state, {"answer": CLAUDE_WADE}).state
    assert after.spies == {str(CHARLES_MASSON): {"anna": 1}, str(CLAUDE_WADE): {"bob": 1}}
