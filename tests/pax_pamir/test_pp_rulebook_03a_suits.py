"""Rulebook, Key Terms and Concepts, The Four Suits and The Favored Suit."""

from __future__ import annotations

from collections.abc import Sequence

from pp_helpers import position, turn

from games.pax_pamir import GAME, cards
from games.pax_pamir.state import GameState

HENRY_RAWLINSON = 20  # Punjab intelligence, British patriot: a spy and the economic favored-suit icon
KHYBER_PASS = 29  # Punjab economic, a court card of Punjab for the spy
AFGHAN_HANDICRAFTS = 9  # Kabul economic rank 1: tax
GHILZAI_NOMADS = 13  # Kabul economic rank 2: tax
JOSIAH_HARLAN = 25  # Punjab political rank 1: tax
NASRULLAH_KHAN = 90  # Transcaspia political rank 1: tax


def _market_tax_position(court: list[int], hand: Sequence[int] = ()) -> tuple[GameState, int, int]:
    """Anna with this court and hand; three rupees on each of the third and fourth top market cards."""
    state = position(courts={"anna": court, "bob": [KHYBER_PASS]}, hands={"anna": list(hand)})
    state.market_rupees = [[0, 0, 3, 3, 0, 0], [0] * 6]
    return state, state.market[0][2], state.market[0][3]


def test_there_are_four_suits_and_one_is_always_favored() -> None:
    """The Four Suits: economic, military, political, intelligence; 'One suit is always favored'."""
    assert sorted(cards.board().suits) == ["economic", "intelligence", "military", "political"]
    assert {c.suit for c in cards.court_cards().values()} == set(cards.board().suits)
    state = position()
    assert state.favored in cards.board().suits


def test_favored_suit_cards_take_bonus_actions_outside_the_two_action_limit() -> None:
    """The Favored Suit: this suit determines which cards take bonus actions (political favored at the start:
    two political taxes come on top of two purchases)."""
    state, a, b = _market_tax_position([JOSIAH_HARLAN, NASRULLAH_KHAN])
    order = {"actions": [{"action": "tax", "card": JOSIAH_HARLAN, "take": [a]},
                         {"action": "purchase", "row": 2, "column": 1},
                         {"action": "tax", "card": NASRULLAH_KHAN, "take": [b]},
                         {"action": "purchase", "row": 2, "column": 2}]}
    step = turn(state, order)
    assert step.state.players["anna"].rupees == 4 + 2 - 1
    assert len(step.state.players["anna"].hand) == 2


def test_favored_suit_cards_of_another_suit_count_against_the_limit() -> None:
    """The Favored Suit: economic cards are not bonus actions while political is favored (two actions only)."""
    state, a, b = _market_tax_position([AFGHAN_HANDICRAFTS, GHILZAI_NOMADS])
    order = {"actions": [{"action": "tax", "card": AFGHAN_HANDICRAFTS, "take": [a]},
                         {"action": "tax", "card": GHILZAI_NOMADS, "take": [b]},
                         {"action": "purchase", "row": 2, "column": 1}]}
    (problem,) = GAME.check(state, "anna", order)
    assert problem.path == ("actions", 2, "action")


def test_the_favored_suit_changes_when_a_card_is_played_and_its_cards_then_act_as_bonus() -> None:
    """The Favored Suit: 'The favored suit changes when certain cards are played': once Henry Rawlinson moves the
    marker to economic, the economic cards' actions in the same turn are bonus actions."""
    state, a, b = _market_tax_position([AFGHAN_HANDICRAFTS, GHILZAI_NOMADS], hand=[HENRY_RAWLINSON])
    order = {"actions": [{"action": "play", "card": HENRY_RAWLINSON, "side": "left", "spies": [KHYBER_PASS]},
                         {"action": "tax", "card": AFGHAN_HANDICRAFTS, "take": [a]},
                         {"action": "tax", "card": GHILZAI_NOMADS, "take": [b, b]},
                         {"action": "purchase", "row": 2, "column": 1}]}
    step = turn(state, order)
    assert step.state.favored == "economic"
    anna = step.state.players["anna"]
    assert anna.rupees == 4 + 3 and len(anna.hand) == 1
