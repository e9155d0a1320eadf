"""Betray (rulebook p. 13, "Betray"), one test per rule case."""

from __future__ import annotations

from actions_helpers import make_state, market_total, messages, pause_of, problems, run

from engine.rng import Rng
from games.pax_pamir.actions import betray

BALA_HISSAR = 16  # military rank 1: tax, betray
DURRANI_ROYAL_GUARD = 15  # betray; Bodyguards
HARRY_FLASHMAN = 18  # intelligence: gift, betray
EXILED_DURRANI = 57  # herat political, prize british
HAZARA_CHIEFS = 55  # herat political, no prize
ELDRED_POTTINGER = 19  # british patriot, prize russian
HENRY_RAWLINSON = 20  # british patriot, prize russian
MONEY_LENDERS = 14  # leveraged, no prize
LAPIS_LAZULI = 11  # afghan patriot, economic, no prize


def test_13_betray_1_discards_a_card_carrying_your_spy_and_costs_two() -> None:
    state = make_state(courts={"anna": [BALA_HISSAR], "bob": [HAZARA_CHIEFS]}, spies={HAZARA_CHIEFS: {"anna": 1}})
    ctx = run(state, "betray", BALA_HISSAR, {"target": HAZARA_CHIEFS})
    assert state.players["bob"].court == [] and state.discard == [HAZARA_CHIEFS]
    assert state.players["anna"].rupees == 2 and market_total(state) == 2
    assert "anna betrays Hazara Chiefs (55) in bob's court" in ctx.events[0].text


def test_13_betray_2_only_a_card_where_you_have_a_spy() -> None:
    state = make_state(courts={"anna": [BALA_HISSAR], "bob": [HAZARA_CHIEFS, EXILED_DURRANI]},
                       spies={HAZARA_CHIEFS: {"bob": 1}, EXILED_DURRANI: {"anna": 1}})
    found = problems(state, "betray", BALA_HISSAR, {"target": HAZARA_CHIEFS})
    assert found[0].path == ("actions", 0, "target")
    assert found[0].message == "you have no spy on Hazara Chiefs (55); cards you may betray: 57"


def test_13_betray_3_your_own_court_cards_too() -> None:
    state = make_state(courts={"anna": [BALA_HISSAR, MONEY_LENDERS]}, spies={MONEY_LENDERS: {"anna": 1}},
                       rupees={"anna": 6})
    run(state, "betray", BALA_HISSAR, {"target": MONEY_LENDERS})
    assert state.players["anna"].court == [BALA_HISSAR]
    assert state.players["anna"].rupees == 2  # two for the action, two to repay the leverage


def test_13_betray_4_it_always_costs_two() -> None:
    state = make_state(courts={"anna": [BALA_HISSAR], "bob": [HAZARA_CHIEFS]}, spies={HAZARA_CHIEFS: {"anna": 1}},
                       rupees={"anna": 1})
    assert "Betray costs 2 rupees and you have 1" in messages(
        problems(state, "betray", BALA_HISSAR, {"target": HAZARA_CHIEFS}))
    assert betray.random_params(state, "anna", BALA_HISSAR, Rng("b")) is None


def test_13_betray_5_every_spy_on_the_betrayed_card_goes_home() -> None:
    state = make_state(courts={"anna": [BALA_HISSAR], "bob": [HAZARA_CHIEFS]},
                       spies={HAZARA_CHIEFS: {"anna": 1, "bob": 2, "cati": 1}})
    run(state, "betray", BALA_HISSAR, {"target": HAZARA_CHIEFS})
    assert state.spies == {}


def test_13_betray_6_accepting_a_prize_of_your_coalition() -> None:
    state = make_state(courts={"anna": [BALA_HISSAR], "bob": [EXILED_DURRANI]}, spies={EXILED_DURRANI: {"anna": 1}})
    run(state, "betray", BALA_HISSAR, {"target": EXILED_DURRANI, "prize": "accept"})
    assert state.players["anna"].prizes == [EXILED_DURRANI] and state.discard == []
    assert state.players["anna"].loyalty == "british"


def test_13_betray_7_refusing_the_prize_discards_the_card() -> None:
    state = make_state(courts={"anna": [BALA_HISSAR], "bob": [EXILED_DURRANI]}, spies={EXILED_DURRANI: {"anna": 1}})
    run(state, "betray", BALA_HISSAR, {"target": EXILED_DURRANI, "prize": "refuse"})
    assert state.players["anna"].prizes == [] and state.discard == [EXILED_DURRANI]


def test_13_betray_8_a_prize_of_another_coalition_changes_loyalty_first() -> None:
    # Anna (British) holds a British patriot, a prize and a gift; the Russian prize costs her all three.
    state = make_state(courts={"anna": [BALA_HISSAR, ELDRED_POTTINGER], "bob": [HAZARA_CHIEFS, HENRY_RAWLINSON]},
                       prizes={"anna": [EXILED_DURRANI]}, gifts={"anna": [2]},
                       spies={HENRY_RAWLINSON: {"anna": 1}})
    run(state, "betray", BALA_HISSAR, {"target": HENRY_RAWLINSON, "prize": "accept"})
    anna = state.players["anna"]
    assert anna.loyalty == "russian" and anna.prizes == [HENRY_RAWLINSON] and anna.gifts == []
    assert anna.court == [BALA_HISSAR]
    assert ELDRED_POTTINGER in state.discard and EXILED_DURRANI in state.discard


def test_13_betray_9_no_prize_to_accept_on_a_card_without_one() -> None:
    state = make_state(courts={"anna": [BALA_HISSAR], "bob": [HAZARA_CHIEFS]}, spies={HAZARA_CHIEFS: {"anna": 1}})
    assert "shows no prize" in messages(problems(state, "betray", BALA_HISSAR, {"target": HAZARA_CHIEFS,
                                                                               "prize": "accept"}))


def test_13_betray_10_the_prize_is_asked_when_the_order_does_not_say() -> None:
    state = make_state(courts={"anna": [BALA_HISSAR], "bob": [ELDRED_POTTINGER]},
                       spies={ELDRED_POTTINGER: {"anna": 1}})
    pause = pause_of(state, "betray", BALA_HISSAR, {"target": ELDRED_POTTINGER})
    assert pause.question.seat == "anna" and pause.question.path == ("actions", 0, "prize")
    assert pause.question.default == "refuse"  # a Russian prize would cost British anna her loyalty


def test_08_betray_11_the_overthrow_rule_applies_to_the_betrayed_card() -> None:
    state = make_state(courts={"anna": [BALA_HISSAR], "bob": [HAZARA_CHIEFS]}, spies={HAZARA_CHIEFS: {"anna": 1}},
                       tribes={"herat": {"bob": 2, "anna": 1}})
    run(state, "betray", BALA_HISSAR, {"target": HAZARA_CHIEFS})
    assert state.tribes == {"herat": {"anna": 1}}


def test_08_betray_12_a_betrayed_leveraged_card_is_repaid_by_its_owner() -> None:
    state = make_state(courts={"anna": [BALA_HISSAR], "bob": [MONEY_LENDERS]}, spies={MONEY_LENDERS: {"anna": 1}},
                       rupees={"bob": 3})
    run(state, "betray", BALA_HISSAR, {"target": MONEY_LENDERS})
    assert state.players["bob"].rupees == 1


def test_ability_bodyguards_protect_political_cards_from_betrayal() -> None:
    state = make_state(courts={"anna": [BALA_HISSAR], "bob": [DURRANI_ROYAL_GUARD, HAZARA_CHIEFS, MONEY_LENDERS]},
                       spies={HAZARA_CHIEFS: {"anna": 1}, MONEY_LENDERS: {"anna": 1}})
    found = problems(state, "betray", BALA_HISSAR, {"target": HAZARA_CHIEFS})
    assert "bob's Bodyguards protect their political cards" in messages(found)
    assert "cards you may betray: 14" in messages(found)  # a non-political card stays a target
    assert betray.targets(state, "anna") == [MONEY_LENDERS]


def test_betray_random_params_are_always_legal() -> None:
    state = make_state(courts={"anna": [BALA_HISSAR], "bob": [HAZARA_CHIEFS, EXILED_DURRANI]},
                       spies={HAZARA_CHIEFS: {"anna": 1}, EXILED_DURRANI: {"anna": 1}})
    rng = Rng("betray")
    for _ in range(20):
        params = betray.random_params(state, "anna", BALA_HISSAR, rng)
        assert params is not None and not problems(state, "betray", BALA_HISSAR, params)
    offer = betray.offer(state, "anna", BALA_HISSAR)
    assert "57 in bob's court (prize british; prize: accept or refuse)" in offer.note
    assert offer.examples and all(not problems(state, "betray", BALA_HISSAR, e) for e in offer.examples)
