"""Rulebook, Key Terms and Concepts, Ruling a Region (the worked examples are in test_rulebook_examples.py)."""

from __future__ import annotations

from pp_helpers import position, turn

from games.pax_pamir import GAME
from games.pax_pamir.ruling import ruler

AFGHAN_HANDICRAFTS = 9  # Kabul economic
SHAH_SHUJAH_DURRANI = 5  # Kabul political: one tribe
CHARLES_STODDART = 4  # Kabul intelligence
KARAKUL_SHEEP = 61  # Herat economic: two roads


def test_a_plurality_is_more_than_each_other_player_individually_not_all_combined() -> None:
    """Ruling a Region: a plurality of ruling pieces means more than all others individually."""
    state = position()
    state.tribes = {"kabul": {"anna": 2, "bob": 1, "cati": 1}}
    assert ruler(state, "kabul") == "anna"


def test_roads_and_spies_are_not_ruling_pieces() -> None:
    """Ruling a Region: tribes and loyal armies are ruling pieces; roads on the region's borders and spies on its
    cards are not, so they do not break a tie."""
    state = position(courts={"bob": [AFGHAN_HANDICRAFTS, CHARLES_STODDART]})
    state.tribes = {"kabul": {"anna": 1, "bob": 1}}
    state.roads = {"kabul-punjab": {"british": 3}, "herat-kabul": {"british": 2}}
    state.spies = {str(AFGHAN_HANDICRAFTS): {"anna": 3}}
    assert ruler(state, "kabul") is None
    state.armies = {"kabul": {"british": 1}}
    assert ruler(state, "kabul") == "anna"


def test_players_of_one_coalition_each_count_its_armies() -> None:
    """Ruling a Region: loyal armies are ruling pieces of every player loyal to their coalition (the rulebook
    does not give them to one player), so between two British players the tribes decide."""
    state = position(loyalty={"anna": "british", "bob": "russian", "cati": "british"})
    state.tribes = {"kabul": {"anna": 1, "cati": 2}}
    state.armies = {"kabul": {"british": 2}}
    assert ruler(state, "kabul") == "cati"
    state.tribes = {"kabul": {"anna": 2, "cati": 2}}
    assert ruler(state, "kabul") is None


def test_taking_the_ruler_token_follows_the_pieces_at_once() -> None:
    """Ruling a Region: a player who comes to rule takes the region's ruler token (the report shows the ruler)
    as soon as their tribe gives them the plurality."""
    state = position(hands={"anna": [SHAH_SHUJAH_DURRANI]})
    state.tribes = {"kabul": {"bob": 1}}
    state.armies = {"kabul": {"british": 1}}
    view = GAME.view(state, None)
    assert next(r for r in view["regions"] if r["id"] == "kabul")["ruler"] is None  # bob 1, British armies 1
    step = turn(state, {"actions": [{"action": "play", "card": SHAH_SHUJAH_DURRANI, "side": "left"}]})
    view = GAME.view(step.state, None)
    assert next(r for r in view["regions"] if r["id"] == "kabul")["ruler"] == "anna"
    assert view["players"][0]["rules"] == ["kabul"]


def test_a_ruler_may_ask_a_bribe_only_for_cards_of_the_region_they_rule() -> None:
    """Ruling a Region: ruling grants the ability to extract bribes from players who play cards associated with
    that region; a card of another region is played freely."""
    state = position(hands={"anna": [CHARLES_STODDART, KARAKUL_SHEEP]}, courts={"bob": [AFGHAN_HANDICRAFTS]})
    state.tribes = {"herat": {"bob": 2}}
    state.standing = {"bob": {"bribe": "full"}}
    step = turn(state, {"actions": [{"action": "play", "card": CHARLES_STODDART, "side": "left",
                                     "spies": [AFGHAN_HANDICRAFTS]},
                                    {"action": "play", "card": KARAKUL_SHEEP, "side": "left", "bribe": 2,
                                     "roads": ["herat-kabul", "herat-kabul"]}]})
    anna, bob = step.state.players["anna"], step.state.players["bob"]
    assert anna.court == [KARAKUL_SHEEP, CHARLES_STODDART]
    assert (anna.rupees, bob.rupees) == (2, 6)  # two rupees for the Herat card, none for the Kabul one
