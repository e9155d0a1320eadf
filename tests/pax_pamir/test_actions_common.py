"""Rules every card-based action shares (rulebook p. 11-12): one use per card, hostages, and the turn's checks.

These run whole turns through games.pax_pamir.turn, so they check the action modules as the turn code calls them.
"""

from __future__ import annotations

import pytest
from actions_helpers import make_state

from engine.rng import Rng
from games.pax.context import OrderError
from games.pax_pamir import GAME, actions
from games.pax_pamir.rules import RULES
from games.pax_pamir.turn import run_turn

KABUL_BAZAAR = 8  # economic rank 2: tax
AFGHAN_HANDICRAFTS = 9  # kabul economic: tax, move
RANJIT_SINGH = 24  # Civil Service Reforms
CHARLES_STODDART = 4  # gift, move


def _turn(state, *entries, seat="anna"):
    return run_turn(state, seat, {"actions": [dict(e) for e in entries]})


def _tax(**extra):
    return {"action": "tax", "card": KABUL_BAZAAR, "take": ["bob"], **extra}


def _hostage_position(**kw):
    """Anna rules Kabul and taxes bob with Kabul Bazaar, on which bob has two spies to anna's one."""
    position = {"courts": {"anna": [KABUL_BAZAAR], "bob": [AFGHAN_HANDICRAFTS]}, "tribes": {"kabul": {"anna": 1}},
                "spies": {KABUL_BAZAAR: {"bob": 2, "anna": 1}}}
    return make_state(**{**position, **kw})


def test_11_every_action_module_is_implemented_with_its_interface() -> None:
    assert actions.implemented() == actions.NAMES
    for name in actions.NAMES:
        module = actions.module(name)
        for attribute in ("FIELDS", "problems", "perform", "random_params", "offer"):
            assert hasattr(module, attribute), f"{name}.{attribute}"


def test_11_common_1_a_card_acts_once_per_turn() -> None:
    state = _hostage_position(spies={})
    with pytest.raises(OrderError) as error:
        _turn(state, _tax(), _tax())
    assert error.value.path == ("actions", 1, "card") and "already acted this turn" in error.value.message


def test_11_common_2_an_action_problem_is_reported_at_its_entry_and_field() -> None:
    state = make_state(courts={"anna": [KABUL_BAZAAR], "bob": [AFGHAN_HANDICRAFTS]})
    with pytest.raises(OrderError) as error:
        _turn(state, _tax())
    assert error.value.path == ("actions", 0, "take", 0)
    assert error.value.message.startswith("cannot tax bob: no card of a region you rule")


def test_12_hostage_1_a_card_with_more_enemy_spies_than_any_other_asks_the_holder_for_a_bribe() -> None:
    outcome = _turn(_hostage_position(), _tax())
    assert outcome.question is not None
    assert outcome.question.seat == "bob" and outcome.question.kind == "bribe"
    assert outcome.question.options == (0, 1, 2)  # up to the number of the holder's spies on the card


def test_12_hostage_2_paid_bribe_then_the_action() -> None:
    state = _hostage_position(standing={"bob": {"bribe": "full"}}, rupees={"anna": 4, "bob": 4})
    outcome = _turn(state, _tax(hostage_bribe=2))
    players = outcome.ctx.state.players
    assert outcome.question is None
    assert (players["anna"].rupees, players["bob"].rupees) == (3, 5)  # two paid to bob, one taxed back


def test_12_hostage_3_the_holder_may_waive_the_bribe() -> None:
    state = _hostage_position(standing={"bob": {"bribe": "waive"}})
    outcome = _turn(state, _tax())
    assert outcome.ctx.state.players["anna"].rupees == 5


def test_12_hostage_4_a_refused_bribe_means_no_action() -> None:
    state = _hostage_position(standing={"bob": {"bribe": "full"}})
    outcome = _turn(state, _tax(hostage_bribe=1))
    assert outcome.ctx.state.players["anna"].rupees == 4
    assert any("refuses the bribe" in e.text for e in outcome.ctx.events)


def test_12_hostage_5_a_tie_for_most_spies_holds_nothing_hostage() -> None:
    state = _hostage_position(spies={KABUL_BAZAAR: {"bob": 2, "anna": 2}})
    outcome = _turn(state, _tax())
    assert outcome.question is None and outcome.ctx.state.players["anna"].rupees == 5


def test_12_hostage_6_the_bribe_is_settled_before_the_actions_details_are_judged() -> None:
    """Anna pays bob the hostage bribe, then taxes bob for those very rupees: legal, the bribe comes first."""
    state = _hostage_position(courts={"anna": [KABUL_BAZAAR], "bob": [CHARLES_STODDART]},
                              standing={"bob": {"bribe": "full"}}, rupees={"anna": 4, "bob": 0})
    order = {"actions": [_tax(take=["bob", "bob"], hostage_bribe=2)]}
    assert GAME.check(state, "anna", order) == []
    outcome = run_turn(state, "anna", order)
    players = outcome.ctx.state.players
    assert outcome.question is None and (players["anna"].rupees, players["bob"].rupees) == (4, 0)


def test_12_hostage_7_details_no_bribe_could_make_legal_are_refused_before_anyone_is_asked() -> None:
    state = _hostage_position(courts={"anna": [KABUL_BAZAAR], "bob": [CHARLES_STODDART]}, rupees={"bob": 0})
    (problem,) = GAME.check(state, "anna", {"actions": [_tax(take=["bob", "bob", "bob"])]})
    assert problem.path[:3] == ("actions", 0, "take")


def test_12_bribes_owed_are_computed_in_one_place_for_orders_templates_and_wakhan() -> None:
    state = _hostage_position()
    assert RULES.hostage_bribe(state, KABUL_BAZAAR) == ("bob", 2) and RULES.hostage_bribe(state, AFGHAN_HANDICRAFTS) is None
    state.players["bob"].hand = [CHARLES_STODDART]  # a Kabul card: anna rules Kabul with one tribe
    assert RULES.play_bribe(state, "bob", CHARLES_STODDART) == ("anna", 1)
    assert RULES.play_bribe(state, "anna", CHARLES_STODDART) is None  # the ruler plays freely


def test_ability_civil_service_reforms_no_bribe_for_hostage_cards() -> None:
    state = _hostage_position(courts={"anna": [KABUL_BAZAAR, RANJIT_SINGH], "bob": [AFGHAN_HANDICRAFTS]})
    outcome = _turn(state, _tax())
    assert outcome.question is None and outcome.ctx.state.players["anna"].rupees == 5
    assert any("owes bob no bribe" in e.text for e in outcome.ctx.events)


def test_11_common_3_unknown_fields_are_named_with_the_fields_the_action_takes() -> None:
    state = make_state(courts={"anna": [CHARLES_STODDART]})
    with pytest.raises(OrderError) as error:
        _turn(state, {"action": "gift", "card": CHARLES_STODDART, "cost": 2})
    assert error.value.path == ("actions", 0, "cost") and "price" in error.value.message


def test_ability_safe_house_question_pauses_the_turn_and_its_answer_resumes_it() -> None:
    state = make_state(courts={"anna": [59], "bob": [41, KABUL_BAZAAR]}, spies={KABUL_BAZAAR: {"anna": 1, "bob": 1}})
    state.turn, state.deck = None, list(range(60, 75))
    order = {"actions": [{"action": "battle", "card": 59, "site": KABUL_BAZAAR, "remove": ["spy:bob"]}]}
    assert GAME.check(state, "anna", order) == []
    paused = GAME.apply(state, {"anna": order}, Rng("x")).state
    (prompt,) = GAME.prompts(paused)
    assert prompt.seat == "bob" and "Safe House Charles Masson (41)" in prompt.text
    done = GAME.apply(paused, {"bob": {"answer": 41}}, Rng("x")).state
    assert done.spies == {str(KABUL_BAZAAR): {"anna": 1}, "41": {"bob": 1}}
    assert [p.kind for p in GAME.prompts(done)] == ["turn"]
