"""Rulebook, Cleanup (third step) and the event cards' discarded (upper) effects: when cleanup discards an event
from the market's leftmost column, 'all players are affected by the text or impact icon at the top of the card'.

Each test plays the active player's turn through the game's check and apply; the event sits in the leftmost
column so that cleanup discards it.
"""

from __future__ import annotations

from pp_helpers import position, turn

from games.pax_pamir import GAME, queries
from games.pax_pamir.ruling import ruler

ROW2 = [7, 8, 10, 11, 12, 13]
SHAH_SHUJAH = 5  # Kabul political
HAZARA_CHIEFS = 55  # Herat political
GEORGE_HAYWARD = 22  # British patriot, Russian prize
HENRY_RAWLINSON = 20  # British patriot, Russian prize
BOLAN_PASS = 47  # prize: Russian


def test_failure_to_impress_every_player_loses_prizes_but_keeps_loyalty() -> None:
    """Failure to Impress: every player discards all prizes, the active player included; loyalty stays, and
    influence falls by the prizes lost (patriots and gifts are untouched)."""
    state = position(market=[[108, 2, 3, 4, 6, 9], ROW2], courts={"anna": [GEORGE_HAYWARD]}, deck=[40])
    state.players["anna"].prizes = [HENRY_RAWLINSON]
    state.players["anna"].gifts = [2]
    state.players["bob"].prizes = [BOLAN_PASS]
    new = turn(state, {}).state
    assert new.players["anna"].prizes == [] and new.players["bob"].prizes == []
    assert (new.players["anna"].loyalty, new.players["bob"].loyalty) == ("british", "russian")
    assert queries.influence(new, "anna") == 3 and queries.influence(new, "bob") == 1
    assert new.players["anna"].court == [GEORGE_HAYWARD] and {HENRY_RAWLINSON, BOLAN_PASS} <= set(new.discard)


def test_confidence_failure_comes_after_the_hand_limit_discard() -> None:
    """Cleanup discards down to the hand limit (second step) before events are discarded (third step): Anna,
    with three cards and a limit of two, first discards one, then one more for Confidence Failure."""
    state = position(market=[[114, 2, 3, 4, 6, 9], ROW2], hands={"anna": [20, 21, 22]}, deck=[40])
    new = turn(state, {"cleanup": {"hand": [20], "confidence_failure": 21}}).state
    assert new.players["anna"].hand == [22] and {20, 21} <= set(new.discard)


def test_confidence_failure_passes_over_a_player_with_an_empty_hand() -> None:
    """Confidence Failure: every player discards one card from hand; a player with none has nothing to discard
    and is not asked."""
    state = position(market=[[114, 2, 3, 4, 6, 9], ROW2], hands={"cati": [24]}, deck=[40])
    step = turn(state, {})
    assert step.state.players["cati"].hand == [] and 24 in step.state.discard
    assert step.state.current == "bob" and step.state.paused is None


def test_confidence_failure_the_card_named_must_be_in_the_hand() -> None:
    """Confidence Failure: the card discarded is one from the player's own hand; another card is refused."""
    state = position(market=[[114, 2, 3, 4, 6, 9], ROW2], hands={"anna": [20, 21]}, deck=[40])
    problems = GAME.check(state, "anna", {"cleanup": {"confidence_failure": 30}})
    assert problems and problems[0].path[-1] == "confidence_failure"


def test_riots_remove_every_units_in_the_region_and_the_rule_with_them() -> None:
    """Riots in Kabul: every tribe (of every player) and every army (of every coalition) in Kabul is removed; the
    player who ruled Kabul no longer does; losing his last Kabul tribe overthrows Bob's Kabul political card while
    Anna's Herat card and tribes elsewhere stay."""
    state = position(market=[[112, 2, 3, 4, 6, 9], ROW2], courts={"anna": [HAZARA_CHIEFS], "bob": [SHAH_SHUJAH]},
                     deck=[40])
    state.tribes = {"kabul": {"bob": 2, "anna": 1}, "herat": {"anna": 1}}
    state.armies = {"kabul": {"russian": 2, "afghan": 1, "british": 1}, "herat": {"british": 1}}
    assert ruler(state, "kabul") == "bob"
    new = turn(state, {}).state
    assert new.tribes == {"herat": {"anna": 1}} and new.armies == {"herat": {"british": 1}}
    assert ruler(new, "kabul") is None
    assert new.players["bob"].court == [] and SHAH_SHUJAH in new.discard
    assert new.players["anna"].court == [HAZARA_CHIEFS]


def test_discarded_suit_icons_in_both_rows_resolve_top_then_bottom() -> None:
    """Cleanup, third step: 'The top row is always discarded first, followed by the bottom row': Intelligence on
    top then Political below leaves political favored."""
    state = position(market=[[115, 2, 3, 4, 6, 9], [116, 8, 10, 11, 12, 13]], deck=[40, 41])
    state.favored = "economic"
    assert turn(state, {}).state.favored == "political"


def test_embarrassment_of_riches_takes_gift_influence_from_everyone() -> None:
    """Embarrassment of Riches: gifts give no influence, to any player, while it lasts."""
    state = position(market=[[106, 2, 3, 4, 6, 9], ROW2], deck=[40])
    state.players["anna"].gifts = [2, 4]
    state.players["cati"].gifts = [2]
    new = turn(state, {}).state
    assert [queries.influence(new, s) for s in ("anna", "bob", "cati")] == [1, 1, 1]
    assert queries.effect(new, "embarrassment_of_riches") and 106 not in new.discard


def test_disregard_for_customs_waives_the_bribe_of_the_next_player_too() -> None:
    """Disregard for Customs is general: after Anna's cleanup discards it, Bob plays a Kabul card where Cati rules
    without paying her."""
    state = position(market=[[107, 2, 3, 4, 6, 9], ROW2], hands={"bob": [16]}, courts={"cati": [SHAH_SHUJAH]},
                     deck=[40])
    state.tribes = {"kabul": {"cati": 2}}
    step = turn(state, {})
    assert step.state.current == "bob"
    new = turn(step.state, {"actions": [{"action": "play", "card": 16, "side": "left"}]}).state
    assert new.players["bob"].court == [16]
    assert (new.players["bob"].rupees, new.players["cati"].rupees) == (4, 4)


def test_public_withdrawal_discarded_changes_nothing_for_anyone() -> None:
    """Public Withdrawal's upper half has no effect: the favored suit, pieces and hands are as they were."""
    state = position(market=[[111, 2, 3, 4, 6, 9], ROW2], hands={"bob": [20]}, deck=[40])
    state.tribes = {"kabul": {"bob": 1}}
    new = turn(state, {}).state
    assert new.favored == "political" and new.tribes == {"kabul": {"bob": 1}} and new.players["bob"].hand == [20]
    assert 111 in new.discard and new.effects == []


def test_disregard_for_customs_also_frees_a_card_held_hostage() -> None:
    """Disregard for Customs: nobody pays bribes -- not the one for a card held hostage either: Anna taxes with
    Bala Hissar, which Bob's spies hold, and Bob is paid nothing."""
    state = position(market=[[107, 2, 3, 4, 6, 9], ROW2], courts={"bob": [16]}, deck=[40])
    state.spies = {"16": {"anna": 2}}
    state.standing = {"anna": {"bribe": "full"}}
    step = turn(state, {})
    new = turn(step.state, {"actions": [{"action": "tax", "card": 16, "hostage_bribe": 2}]}).state
    assert (new.players["anna"].rupees, new.players["bob"].rupees) == (4, 4)
    assert new.current == "cati"


def test_military_suit_discarded_doubles_the_next_players_purchases() -> None:
    """New Tactics discarded turns the favor to military; from then on 'the cost to purchase a card is doubled':
    Bob, next, pays four rupees for the third card of a row."""
    state = position(market=[[105, 2, 3, 4, 6, 9], ROW2], deck=[40])
    step = turn(state, {})
    assert step.state.favored == "military" and step.state.current == "bob"
    new = turn(step.state, {"actions": [{"action": "purchase", "row": 2, "column": 3}]}).state
    assert new.players["bob"].rupees == 0 and new.players["bob"].hand == [10]


def test_riots_are_no_battle_and_a_citadel_does_not_save_the_tribes() -> None:
    """Riots in Kabul remove all tribes there; Citadel of Ghazni only keeps Kabul tribes from being removed in
    battle, so Bob's tribes go too (Card Precedence: each card does what it says, no more)."""
    state = position(market=[[112, 2, 3, 4, 6, 9], ROW2], courts={"bob": [17, SHAH_SHUJAH]}, deck=[40])
    state.tribes = {"kabul": {"bob": 2}}
    new = turn(state, {}).state
    assert new.tribes == {} and new.players["bob"].court == [17]
