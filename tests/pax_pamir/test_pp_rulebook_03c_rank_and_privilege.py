"""Rulebook, Key Terms and Concepts, Rank and Privilege: each suit's stars widen one privilege."""

from __future__ import annotations

from pp_helpers import position, turn

from games.pax_pamir import GAME, queries

MOHAN_LAL = 1  # Kabul intelligence rank 3
DOST_MOHAMMAD = 7  # Kabul political rank 2
RANJIT_SINGH = 24  # Punjab political rank 2
MONEY_LENDERS = 14  # Kabul economic rank 2
KABUL_BAZAAR = 8  # Kabul economic rank 2: tax
AKALI_SIKHS = 38  # Punjab military rank 2
CHARLES_STODDART = 4  # Kabul intelligence rank 1


def test_a_cards_rank_is_added_to_the_stars_of_its_suit() -> None:
    """Rank and Privilege: each court card has a rank of one to three stars, added to your total in its suit."""
    state = position(courts={"anna": [MOHAN_LAL, CHARLES_STODDART, DOST_MOHAMMAD, RANJIT_SINGH, MONEY_LENDERS,
                                      AKALI_SIKHS]})
    assert {s: queries.stars(state, "anna", s) for s in ("intelligence", "political", "economic", "military")} == {
        "intelligence": 4, "political": 4, "economic": 2, "military": 2}
    view = GAME.view(state, "anna")["players"][0]
    assert view["court_limit"] == 7 and view["hand_limit"] == 6


def test_political_and_intelligence_stars_let_a_large_court_and_hand_pass_cleanup() -> None:
    """Rank and Privilege: political stars allow a larger court, intelligence stars more cards in hand."""
    court = [MOHAN_LAL, CHARLES_STODDART, DOST_MOHAMMAD, RANJIT_SINGH, MONEY_LENDERS, AKALI_SIKHS, KABUL_BAZAAR]
    state = position(courts={"anna": court}, hands={"anna": [40, 41, 42, 43, 44, 45]})
    state.tribes = {"kabul": {"anna": 1}, "punjab": {"anna": 1}}
    step = turn(state, {})
    assert step.state.players["anna"].court == court
    assert len(step.state.players["anna"].hand) == 6
    assert step.state.current == "bob"


def test_economic_stars_prevent_rupees_from_being_taxed() -> None:
    """Rank and Privilege / Tax Shelter: economic stars keep that many rupees safe; only the excess can be taken."""
    state = position(courts={"anna": [KABUL_BAZAAR], "bob": [MONEY_LENDERS]}, rupees={"bob": 3})
    state.tribes = {"kabul": {"anna": 1}}
    problems = GAME.check(state, "anna", {"actions": [{"action": "tax", "card": KABUL_BAZAAR, "take": ["bob", "bob"]}]})
    assert problems and "bob can give only 1 rupee" in problems[0].message
    step = turn(state, {"actions": [{"action": "tax", "card": KABUL_BAZAAR, "take": ["bob"]}]})
    assert step.state.players["bob"].rupees == 2 and step.state.players["anna"].rupees == 5


def test_military_stars_break_a_final_tie() -> None:
    """Rank and Privilege: military stars serve as a final score tie-breaker (see Game End and Victory)."""
    state = position(courts={"anna": [AKALI_SIKHS], "bob": [MONEY_LENDERS]}, rupees={"anna": 0, "bob": 9},
                     market=[[104, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12]], current="cati")
    state.players["anna"].score = state.players["bob"].score = 7
    step = turn(state, {"actions": [{"action": "purchase", "row": 1, "column": 1}]})
    assert step.state.phase == "over"
    assert GAME.result(step.state).winners == ("anna",)
