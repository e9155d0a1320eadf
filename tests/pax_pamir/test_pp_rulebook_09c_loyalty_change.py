"""Rulebook, Core Actions: Play (p. 11) and Loyalty and Influence (p. 6): playing a patriot of another coalition.

'If the card is a patriot that does not match your loyalty, discard all your patriots and prizes, remove any
gifts, and adjust your loyalty dial to match the patriot' — and what follows from those discards.
"""

from __future__ import annotations

from typing import Any

from pp_helpers import MARKET, position, texts, turn

from games.pax_pamir import queries
from games.pax_pamir.ruling import ruler

# Josiah Harlan (25): Punjab, political, an Afghan patriot; impact: one tribe.
HARLAN = 25
# Sir John Keane (51): Kandahar, military, a British patriot; impact: one army.
KEANE = 51


def test_a_patriot_of_your_own_coalition_changes_nothing() -> None:
    """Play: only a patriot 'that does not match your loyalty' costs anything: British anna plays British Regulars
    (50) and keeps her gift, prize and patriot; her influence grows by one."""
    state = position(market=MARKET, courts={"anna": [KEANE]}, hands={"anna": [50]})
    state.players["anna"].gifts = [2]
    state.players["anna"].prizes = [90]
    assert queries.influence(state, "anna") == 4
    new = turn(state, {"actions": [{"action": "play", "card": 50, "side": "right"}]}).state
    anna = new.players["anna"]
    assert anna.loyalty == "british" and anna.court == [KEANE, 50]
    assert anna.gifts == [2] and anna.prizes == [90]
    assert queries.influence(new, "anna") == 5


def test_a_patriot_of_another_coalition_costs_patriots_prizes_and_gifts_but_no_other_card() -> None:
    """Play: British anna plays the Afghan patriot Josiah Harlan: her British patriot and her prize are discarded,
    her gifts go back to her supply, her other court card stays, and she is Afghan with influence 1 + 1."""
    state = position(market=MARKET, courts={"anna": [KEANE, 9]}, hands={"anna": [HARLAN]})
    state.players["anna"].gifts = [2, 4]
    state.players["anna"].prizes = [90]
    supply = queries.cylinders_in_supply(state, "anna")
    new = turn(state, {"actions": [{"action": "play", "card": HARLAN, "side": "right"}]}).state
    anna = new.players["anna"]
    assert anna.loyalty == "afghan"
    assert anna.court == [9, HARLAN] and anna.gifts == [] and anna.prizes == []
    assert {KEANE, 90} <= set(new.discard)
    assert queries.cylinders_in_supply(new, "anna") == supply + 2 - 1  # two gifts back, one tribe placed
    assert new.tribes == {"punjab": {"anna": 1}}
    assert queries.influence(new, "anna") == 2


def test_loyalty_change_returns_the_spies_on_a_discarded_patriot_to_their_owners() -> None:
    """Discarding a Court Card: 'Any spies on the card are returned to their owner's supply' — also when the card
    is a patriot lost to a change of loyalty."""
    state = position(market=MARKET, courts={"anna": [KEANE]}, hands={"anna": [HARLAN]})
    state.spies = {str(KEANE): {"bob": 2, "anna": 1}}
    bob = queries.cylinders_in_supply(state, "bob")
    new = turn(state, {"actions": [{"action": "play", "card": HARLAN, "side": "left"}]}).state
    assert new.spies == {} and queries.cylinders_in_supply(new, "bob") == bob + 2


def test_loyalty_change_repays_the_leverage_of_a_discarded_patriot() -> None:
    """Discarding a Court Card: a leveraged card costs two rupees when it is discarded — Anglo-Persian Trade (80),
    a leveraged British patriot, is lost when anna turns Afghan."""
    state = position(market=MARKET, courts={"anna": [80]}, hands={"anna": [HARLAN]}, rupees={"anna": 3})
    new = turn(state, {"actions": [{"action": "play", "card": HARLAN, "side": "left"}]}).state
    assert 80 in new.discard and new.players["anna"].rupees == 1


def test_loyalty_change_losing_the_last_political_card_of_a_region_removes_its_tribes() -> None:
    """The Overthrow Rule: Afghan anna's Josiah Harlan is her only Punjab political card; playing the British
    patriot Sir John Keane discards it, so her Punjab tribes are removed (her Kandahar army is placed after)."""
    state = position(market=MARKET, courts={"anna": [HARLAN]}, hands={"anna": [KEANE]},
                     loyalty={"anna": "afghan", "bob": "russian", "cati": "british"})
    state.tribes = {"punjab": {"anna": 2, "bob": 1}}
    new = turn(state, {"actions": [{"action": "play", "card": KEANE, "side": "left"}]}).state
    assert new.players["anna"].loyalty == "british" and new.players["anna"].court == [KEANE]
    assert new.tribes == {"punjab": {"bob": 1}}
    assert new.armies == {"kandahar": {"british": 1}}


def test_loyalty_change_leaves_old_blocks_on_the_map_but_they_no_longer_help() -> None:
    """Coalition Blocks: 'only help players currently loyal to that coalition — even if you helped raise an army,
    your soldiers will not follow you if you change loyalty.' Anna ruled Kabul with a tribe and two British
    armies against Bob's two tribes; once Afghan, the British armies stay and tie Bob: nobody rules."""
    state = position(market=MARKET, courts={"anna": [5], "bob": [7]}, hands={"anna": [HARLAN]})
    state.tribes = {"kabul": {"anna": 1, "bob": 2}}
    state.armies = {"kabul": {"british": 2}}
    assert ruler(state, "kabul") == "anna"
    new = turn(state, {"actions": [{"action": "play", "card": HARLAN, "side": "left"}]}).state
    assert new.players["anna"].loyalty == "afghan"
    assert new.armies == {"kabul": {"british": 2}}
    assert ruler(new, "kabul") is None


def test_loyalty_change_is_settled_before_the_new_patriots_rupees_icon() -> None:
    """Play: the loyalty change comes first, the impact icons 'after': penniless British anna plays the leveraged
    Afghan patriot Barakzai Sadars (42: tribe, rupees, favored economic). Anglo-Persian Trade (80), her leveraged
    British patriot, must be repaid before the Sadars' two rupees arrive, so she discards two cards for it."""
    state = position(market=MARKET, courts={"anna": [80, 9]}, hands={"anna": [42, 12]}, rupees={"anna": 0})
    step = turn(state, {"actions": [{"action": "play", "card": 42, "side": "left"}],
                        "answers": {"actions.0.leverage-80": [12, 9]}})
    anna = step.state.players["anna"]
    assert anna.loyalty == "afghan" and anna.court == [42] and anna.hand == []
    assert {80, 12, 9} <= set(step.state.discard)
    assert anna.rupees == 2 and step.state.favored == "economic"
    assert step.state.tribes == {"kandahar": {"anna": 1}}


# Barakzai Sadars (42): Kandahar, political, a leveraged Afghan patriot. William Hay Macnaghten (40): Kandahar,
# intelligence, a leveraged British patriot; impact: spy, spy, rupees.
SADARS, MACNAGHTEN = 42, 40


def _penniless_afghan(hand: list[int]) -> Any:
    """Afghan anna, no rupees, court [Balkh Arsenic Mine, Barakzai Sadars], one tribe in Kandahar."""
    state = position(market=MARKET, courts={"anna": [10, SADARS]}, hands={"anna": hand}, rupees={"anna": 0},
                     loyalty={"anna": "afghan", "bob": "russian", "cati": "british"})
    state.tribes = {"kandahar": {"anna": 1}}
    return state


def test_a_played_card_discarded_to_repay_leverage_resolves_none_of_its_icons() -> None:
    """Discarding a Card in Your Court (p. 8): leverage is repaid the moment the card is discarded, two rupees or
    one card of hand or court per rupee short. Play (p. 11): the loyalty change comes before the impact icons.
    Playing Macnaghten costs Afghan anna her patriot Barakzai Sadars; she has no rupee, so the only two cards she
    holds go, Macnaghten among them. The rulebook does not say what a card no longer in play does next: pbem
    resolves none of its icons (no spies, no two rupees), and anna ends British with nothing."""
    state = _penniless_afghan([MACNAGHTEN])
    step = turn(state, {"actions": [{"action": "play", "card": MACNAGHTEN, "side": "right"}]})
    anna = step.state.players["anna"]
    assert anna.loyalty == "british"
    assert anna.court == [] and anna.hand == [] and anna.rupees == 0
    assert {10, SADARS, MACNAGHTEN} <= set(step.state.discard)
    assert step.state.spies == {} and step.state.tribes == {}  # the Sadars were her last Kandahar political card
    assert not [e for e in step.events if e.data.get("kind") == "rupees"]
    assert any("Macnaghten" in t and "impact icons" in t for t in texts(step)), texts(step)


def test_a_played_card_kept_while_repaying_leverage_resolves_its_icons_after() -> None:
    """Discarding a Card in Your Court (p. 8): the player chooses the cards that repay the debt. Anna keeps
    Macnaghten by giving up Balkh Arsenic Mine and a card from her hand: his icons then resolve, both spies on
    himself (the only Kandahar card left) and two rupees from the bank."""
    state = _penniless_afghan([MACNAGHTEN, 12])
    step = turn(state, {"actions": [{"action": "play", "card": MACNAGHTEN, "side": "right"}],
                        "answers": {f"actions.0.leverage-{SADARS}": [12, 10]}})
    anna = step.state.players["anna"]
    assert anna.loyalty == "british" and anna.court == [MACNAGHTEN] and anna.hand == []
    assert anna.rupees == 2
    assert step.state.spies == {str(MACNAGHTEN): {"anna": 2}}
