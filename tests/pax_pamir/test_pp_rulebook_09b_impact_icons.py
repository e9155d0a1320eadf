"""Rulebook, Core Actions: Play (p. 11), impact icons: each icon of the played card, resolved top to bottom.

Road, army, spy, tribe, rupees (leverage) and favored suit, with the choices they leave to the player and the
'No Stacking Limit' box. Component limits (an empty supply) are tested with the rulebook's p. 8 examples.
"""

from __future__ import annotations

from typing import Any

from pp_helpers import MARKET, position, rupees_total, turn

from games.pax_pamir import GAME
from games.pax_pamir.ruling import ruler


def play(card: int, **fields: Any) -> dict[str, Any]:
    """A play order entry to the left of the court."""
    return {"action": "play", "card": card, "side": "left", **fields}


def kinds(step: Any, *wanted: str) -> list[str]:
    """The kinds of the step's events, among `wanted`, in order."""
    return [e.data["kind"] for e in step.events if e.data.get("kind") in wanted]


def test_road_goes_on_a_border_of_the_played_cards_region_beside_any_other_roads() -> None:
    """Road: 'Place one coalition block of your loyalty on any border of this region' — 'even if there are other
    roads there' (play example); two road icons may take the same border (No Stacking Limit)."""
    state = position(market=MARKET, hands={"anna": [29]})  # Khyber Pass (Punjab): road, road
    state.roads = {"kabul-punjab": {"russian": 2}}
    step = turn(state, {"actions": [play(29, roads=["kabul-punjab", "kabul-punjab"])]})
    assert step.state.roads == {"kabul-punjab": {"russian": 2, "british": 2}}
    assert kinds(step, "road") == ["road", "road"]


def test_road_on_a_border_not_touching_the_cards_region_is_refused() -> None:
    """Road: the border must be one 'of this region' (the Punjab touches only Kabul and Kandahar)."""
    state = position(market=MARKET, hands={"anna": [29]})
    (problem,) = GAME.check(state, "anna", {"actions": [play(29, roads=["kabul-punjab", "herat-kabul"])]})
    assert problem.path == ("actions", 0, "roads", 1)
    assert "choose one of kabul-punjab, kandahar-punjab" in problem.message


def test_road_left_unchosen_is_asked_with_the_regions_borders_only() -> None:
    """Road: the player chooses the border; an order that leaves it out is asked, offered only this region's."""
    state = position(market=MARKET, hands={"anna": [29]})
    step = turn(state, {"actions": [play(29)]})
    (prompt,) = GAME.prompts(step.state)
    assert prompt.seat == "anna" and "choices: kabul-punjab, kandahar-punjab;" in prompt.text
    step = turn(step.state, {"answer": "kandahar-punjab"})
    step = turn(step.state, {"answer": "kabul-punjab"})
    assert step.state.roads == {"kandahar-punjab": {"british": 1}, "kabul-punjab": {"british": 1}}


def test_army_is_a_block_of_the_players_loyalty_in_the_cards_region() -> None:
    """Army: 'Place one coalition block of your loyalty in this region' (Zorawar Singh Kahluria, 33: two armies;
    Russian Bob places yellow blocks beside the British ones already there)."""
    state = position(market=MARKET, hands={"bob": [33]}, current="bob")
    state.armies = {"punjab": {"british": 1}}
    step = turn(state, {"actions": [play(33)]})
    assert step.state.armies == {"punjab": {"british": 1, "russian": 2}}


def test_spy_goes_on_a_card_of_the_played_cards_region_in_any_court() -> None:
    """Spy: 'Place one of your cylinders on a card in any player's court that matches the played card's region'
    — Alexander Burnes (21, Punjab: spy, spy) puts one on Bob's Punjab card and one on itself."""
    state = position(market=MARKET, hands={"anna": [21]}, courts={"bob": [26, 8]})
    state.spies = {"26": {"cati": 1}}
    step = turn(state, {"actions": [play(21, spies=[26, 21])]})
    assert step.state.spies == {"26": {"cati": 1, "anna": 1}, "21": {"anna": 1}}


def test_spy_icons_may_stack_on_one_card() -> None:
    """No Stacking Limit: 'no limit to the number of pieces in any ... court card' — both of Burnes's spies may go
    on the same card."""
    state = position(market=MARKET, hands={"anna": [21]}, courts={"bob": [26]})
    step = turn(state, {"actions": [play(21, spies=[26, 26])]})
    assert step.state.spies == {"26": {"anna": 2}}


def test_spy_on_a_card_of_another_region_is_refused() -> None:
    """Spy: the card must match 'the played card's region': Bob's Kabul Bazaar (8) is no target for a Punjab spy,
    the played card itself and Bob's Punjab card are."""
    state = position(market=MARKET, hands={"anna": [18]}, courts={"bob": [26, 8]})
    (problem,) = GAME.check(state, "anna", {"actions": [play(18, spies=[8])]})
    assert problem.path == ("actions", 0, "spies", 0) and "choose one of 18, 26" in problem.message


def test_spy_with_no_other_card_of_the_region_goes_on_the_played_card_unasked() -> None:
    """Spy: the played card is itself in a court and matches its own region: with no other target the spy goes
    there without a question (Harry Flashman, 18)."""
    state = position(market=MARKET, hands={"anna": [18]}, courts={"bob": [8]})
    step = turn(state, {"actions": [play(18)]})
    assert GAME.prompts(step.state)[0].seat == "bob"  # the turn is over: no question was put to anna
    assert step.state.spies == {"18": {"anna": 1}}


def test_tribe_is_a_cylinder_in_the_cards_region_and_can_make_its_player_ruler() -> None:
    """Tribe: 'Place one of your cylinders in this region' — Fath-Ali Shah (76, Persia: tribe, tribe, favored
    intelligence) gives anna two tribes, more than Bob's one: she rules Persia."""
    state = position(market=MARKET, hands={"anna": [76]}, courts={"bob": [75]})
    state.tribes = {"persia": {"bob": 1}}
    state.standing = {"bob": {"bribe": "waive"}}
    step = turn(state, {"actions": [play(76)]})
    assert step.state.tribes == {"persia": {"bob": 1, "anna": 2}}
    assert ruler(step.state, "persia") == "anna"


def test_rupees_icon_takes_two_rupees_from_the_bank() -> None:
    """Rupees: 'Take two rupees from the bank. This card is now leveraged' (Maqpon Dynasty, 27: tribe, rupees);
    the two rupees are new money, not taken from anyone."""
    state = position(market=MARKET, hands={"anna": [27]})
    before = rupees_total(state)
    step = turn(state, {"actions": [play(27)]})
    assert step.state.players["anna"].rupees == 6 and rupees_total(step.state) == before + 2
    assert step.state.tribes == {"punjab": {"anna": 1}}


def test_favored_suit_icon_moves_the_marker_to_the_suit_shown() -> None:
    """Favored Suit: 'Move the favored suit marker to the suit indicated' (Fath-Ali Shah: to intelligence)."""
    state = position(market=MARKET, hands={"anna": [76]})
    assert state.favored == "political"
    step = turn(state, {"actions": [play(76)]})
    assert step.state.favored == "intelligence"
    assert kinds(step, "tribe", "favored") == ["tribe", "tribe", "favored"]


def test_impact_icons_resolve_in_printed_order_top_to_bottom() -> None:
    """Play: 'resolve each impact icon on the right side from top to bottom' — Dost Mohammad (7, Kabul): tribe,
    tribe, army, spy; Kabul Bazaar (8): road, road, spy, favored political."""
    state = position(market=MARKET, hands={"anna": [7]})
    step = turn(state, {"actions": [play(7)]})
    assert kinds(step, "tribe", "army", "spy", "road", "favored") == ["tribe", "tribe", "army", "spy"]
    state = position(market=MARKET, hands={"anna": [8]})
    state.favored = "military"
    step = turn(state, {"actions": [play(8, roads=["kabul-punjab", "herat-kabul"])]})
    assert kinds(step, "tribe", "army", "spy", "road", "favored") == ["road", "road", "spy", "favored"]
    assert step.state.favored == "political"
