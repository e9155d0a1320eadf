"""Rulebook, Key Terms and Concepts, Your Court and Your Hand: limits apply at cleanup, not during the turn."""

from __future__ import annotations

from pp_helpers import position, turn

from games.pax_pamir import GAME

AFGHAN_HANDICRAFTS = 9  # Kabul economic rank 1
GHILZAI_NOMADS = 13  # Kabul economic rank 2
KHYBER_PASS = 29  # Punjab economic rank 2
KARAKUL_SHEEP = 61  # Herat economic rank 2: tax
MOHAN_LAL = 1  # Kabul intelligence rank 3


def test_a_court_may_grow_past_its_limit_during_the_turn_and_the_new_card_may_act() -> None:
    """Your Court: the court grows and shrinks; only during cleanup must it come back to three plus the purple
    stars (overview: during your turn your court can contain any number of cards)."""
    state = position(courts={"anna": [AFGHAN_HANDICRAFTS, GHILZAI_NOMADS, KHYBER_PASS]},
                     hands={"anna": [KARAKUL_SHEEP]})
    state.market_rupees[0][3] = 2
    taxed = state.market[0][3]
    order = {"actions": [{"action": "play", "card": KARAKUL_SHEEP, "side": "right",
                          "roads": ["herat-kabul", "herat-kabul"]},
                         {"action": "tax", "card": KARAKUL_SHEEP, "take": [taxed, taxed]}],
             "cleanup": {"court": [GHILZAI_NOMADS]}}
    step = turn(state, order)
    anna = step.state.players["anna"]
    assert anna.rupees == 6
    assert anna.court == [AFGHAN_HANDICRAFTS, KHYBER_PASS, KARAKUL_SHEEP]
    assert GHILZAI_NOMADS in step.state.discard


def test_a_hand_may_grow_past_its_limit_during_the_turn_and_is_cut_at_cleanup() -> None:
    """Your Hand: during cleanup, discard hand cards down to two plus the blue stars; before that, any number."""
    state = position(hands={"anna": [40, 41]})
    bought = [state.market[1][0], state.market[0][0]]
    step = turn(state, {"actions": [{"action": "purchase", "row": 2, "column": 1},
                                    {"action": "purchase", "row": 1, "column": 1}]})
    (prompt,) = GAME.prompts(step.state)
    assert prompt.seat == "anna" and "hand" in prompt.text
    assert sorted(step.state.players["anna"].hand) == sorted([40, 41, *bought])
    step = turn(step.state, {"answer": [40, 41]})
    assert sorted(step.state.players["anna"].hand) == sorted(bought)
    assert step.state.current == "bob"


def test_the_hand_limit_counts_only_blue_stars_in_the_court_not_in_the_hand() -> None:
    """Your Hand: the limit is two plus the blue stars on cards in your court; an intelligence card held in hand
    adds nothing."""
    state = position(hands={"anna": [MOHAN_LAL, 40, 41]})
    step = turn(state, {})
    (prompt,) = GAME.prompts(step.state)
    assert prompt.seat == "anna" and "hand" in prompt.text
    state = position(hands={"anna": [40, 41, 42]}, courts={"anna": [MOHAN_LAL]})
    step = turn(state, {})
    assert step.state.players["anna"].hand == [40, 41, 42] and step.state.current == "bob"


def test_the_court_limit_counts_purple_stars_not_the_other_suits() -> None:
    """Your Court: the limit is three plus the purple (political) stars; stars of another suit do not raise it."""
    state = position(courts={"anna": [MOHAN_LAL, GHILZAI_NOMADS, KHYBER_PASS, KARAKUL_SHEEP]})
    step = turn(state, {})
    (prompt,) = GAME.prompts(step.state)
    assert prompt.seat == "anna" and "court is over its limit of 3" in prompt.text
