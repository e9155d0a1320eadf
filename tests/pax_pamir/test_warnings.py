"""Warnings in the answer to an accepted order, by rulebook section: loyalty, bribes, questions to come."""

from __future__ import annotations

import itertools
from typing import Any

from pp_helpers import MARKET, bribe_position, position, turn

from games.pax_pamir import GAME
from games.pax_pamir.state import GameState
from games.pax_pamir.wakhan import AUTOMATON, SEAT

PLAY_PRINCE = {"action": "play", "card": 3, "side": "left", "spies": [3, 3]}


def warned(state: GameState, order: dict[str, Any], seat: str = "anna") -> list[str]:
    """The warnings for an order that check accepts."""
    assert GAME.check(state, seat, order) == []
    return GAME.warnings(state, seat, order)


def patriot_position() -> GameState:
    """Anna is British with a gift, a British prize and a British patriot; she holds an Afghan patriot."""
    state = position(courts={"anna": [88, 1]}, hands={"anna": [3, 71]}, market=MARKET)
    state.players["anna"].gifts = [2]
    state.players["anna"].prizes = [25]
    return state


# --- Loyalty and Influence: "To change your loyalty, you must gain an influence point associated with a
# different coalition ... first return your gifts to your supply and discard any prizes and patriots" -------


def test_loyalty_and_influence_playing_a_patriot_of_another_coalition_says_what_is_lost() -> None:
    (line,) = warned(patriot_position(), {"actions": [PLAY_PRINCE]})
    assert line.startswith("Playing Prince Akbar Khan (3), an Afghan patriot, changes your loyalty from British to Afghan")
    assert "your gifts go back to your supply" in line and "British patriots (Arthur Conolly (88)) are discarded" in line
    assert "You hold 1 gift and the prize Josiah Harlan (25) now." in line


def test_loyalty_and_influence_a_patriot_of_your_own_coalition_changes_nothing() -> None:
    order = {"actions": [{"action": "play", "card": 71, "side": "right"}]}  # Joseph Wolff, a British patriot
    assert warned(patriot_position(), order) == []


def test_betray_taking_a_prize_of_another_coalition_changes_loyalty() -> None:
    # Betray: "If this prize is different from your current loyalty, first remove all gifts, prizes, and patriots".
    state = position(courts={"anna": [15, 88], "bob": [1]}, market=MARKET)
    state.spies = {"1": {"anna": 1}}
    betray = {"action": "betray", "card": 15, "target": 1}
    (line,) = warned(state, {"actions": [{**betray, "prize": "accept"}]})
    assert line.startswith("Taking Mohan Lal (1) as a Russian prize changes your loyalty from British to Russian")
    assert "(Arthur Conolly (88))" in line
    assert warned(state, {"actions": [{**betray, "prize": "refuse"}]}) == []
    asked, then = warned(state, {"actions": [betray]})
    assert asked.startswith("You will be asked: take Mohan Lal (1) as a russian prize, or refuse it (to answer now, "
                            "write `prize: refuse` in action 1; choices: accept, refuse)")
    assert then.startswith("Depending on the answers above: taking Mohan Lal (1) as a Russian prize changes your loyalty")


# --- Play: "If someone else is that region's ruler, you must pay a bribe ... Any portion of this cost can be
# waived with the permission of the ruler" -----------------------------------------------------------------


def test_play_in_a_region_another_player_rules_owes_the_ruler_a_bribe() -> None:
    order = {"actions": [{"action": "play", "card": 25, "side": "left"}]}
    owed, pay = warned(bribe_position(), order)
    assert owed == ("Action 1 (play Josiah Harlan (25)): you owe bob a bribe of up to 2 rupees (bob rules Punjab); bob "
                    "names the amount, by standing order or when asked, and you pay it or the action is not taken.")
    assert pay == ("Depending on the answers above: you may be asked: bob asks anna a bribe of 2 rupees to play "
                   "Josiah Harlan: pay or refuse (to answer now, write `bribe: N` in action 1, N the most you will pay).")


def test_play_with_a_bribe_limit_is_not_asked_whether_to_pay() -> None:
    order = {"actions": [{"action": "play", "card": 25, "side": "left", "bribe": 2}]}
    (owed,) = warned(bribe_position(), order)
    assert owed.startswith("Action 1 (play Josiah Harlan (25)): you owe bob a bribe of up to 2 rupees")


def test_play_a_patriot_behind_a_bribe_warns_of_the_loyalty_change_if_it_is_played() -> None:
    state = bribe_position()
    state.players["anna"].loyalty = "british"  # Josiah Harlan is an Afghan patriot
    play = {"action": "play", "card": 25, "side": "left"}
    # Willing to pay all bob may ask, anna plays the card whatever he asks: the change is sure.
    owed, loyalty = warned(state, {"actions": [{**play, "bribe": 2}]})
    assert "you owe bob a bribe of up to 2" in owed
    assert loyalty.startswith("Playing Josiah Harlan (25), an Afghan patriot, changes your loyalty from British to Afghan")
    # Willing to pay 1 only, the card is played only if bob asks 1 or less.
    owed, loyalty = warned(state, {"actions": [{**play, "bribe": 1}]})
    assert loyalty.startswith("Depending on the answers above: playing Josiah Harlan (25), an Afghan patriot, changes")


def test_play_a_bribe_answered_by_your_turn_being_resumed_warns_of_what_follows() -> None:
    state = bribe_position()
    state.players["anna"].loyalty = "british"
    first = turn(state, {"actions": [{"action": "play", "card": 25, "side": "left"}]})
    asked_to_pay = turn(first.state, {"answer": 2}, seat="bob").state
    assert GAME.warnings(first.state, "bob", {"answer": 2}) == []  # the rest of anna's turn is hers to hear of
    (line,) = warned(asked_to_pay, {"answer": "pay"})
    assert line.startswith("Playing Josiah Harlan (25), an Afghan patriot, changes your loyalty from British to Afghan")
    assert warned(asked_to_pay, {"answer": "refuse"}) == []


def test_play_wakhan_as_ruler_always_asks_the_full_bribe() -> None:
    # Wakhan's rules: she always asks the full bribe, so nothing depends on a secret answer.
    state = position(seats=("anna", SEAT), loyalty={"anna": "british"}, hands={"anna": [25]}, market=MARKET)
    state.players[SEAT].automaton = AUTOMATON
    state.standing[SEAT] = {"bribe": "full"}
    state.tribes = {"punjab": {SEAT: 2}}
    paid = warned(state, {"actions": [{"action": "play", "card": 25, "side": "left", "bribe": 2}]})
    assert paid[0] == "anna pays wakhan a bribe of 2 rupees to play Josiah Harlan."
    assert paid[1].startswith("Playing Josiah Harlan (25), an Afghan patriot, changes your loyalty")
    assert paid[1].endswith("are discarded. You hold none of them now.")
    (refused,) = warned(state, {"actions": [{"action": "play", "card": 25, "side": "left", "bribe": 1}]})
    assert refused == "anna refuses the bribe of 2 asked by wakhan and does not play Josiah Harlan."


# --- Hostage Actions: "that player can only use the card's actions if the player holding it hostage is paid a
# bribe equal to the number of hostage-holding spies on the card" --------------------------------------------


def test_hostage_actions_using_a_card_held_hostage_owes_its_holder() -> None:
    state = position(courts={"anna": [4]}, market=MARKET)
    state.spies = {"4": {"bob": 2}}
    order = {"actions": [{"action": "gift", "card": 4, "price": 2}]}
    owed, pay = warned(state, order)
    assert owed.startswith("Action 1 (gift Charles Stoddart (4)): you owe bob a bribe of up to 2 rupees (bob holds "
                           "Charles Stoddart (4) hostage)")
    assert "write `hostage_bribe: N` in action 1, N the most you will pay" in pay
    state.spies = {"4": {"bob": 1, "anna": 1}}  # a tie holds nothing hostage
    assert warned(state, order) == []


# --- Battle, with a Safe House in the court of the player whose spy is removed: its owner decides -----------


def test_battle_removing_a_spy_with_a_safe_house_says_its_owner_decides_whatever_their_standing_order() -> None:
    order = {"actions": [{"action": "battle", "card": 39, "site": 24, "remove": ["spy:cati"]}]}
    seen = set()
    for standing in ({}, {"safe_house": True}, {"safe_house": False}):
        state = position(courts={"anna": [39], "bob": [24], "cati": [41]}, market=MARKET)
        state.spies = {"24": {"anna": 1, "cati": 1}}
        state.standing = {"cati": standing}
        seen.add(tuple(warned(state, order)))
    assert seen == {("cati decides, by standing order or when asked: anna removes a spy of cati from Ranjit Singh "
                     "(24) in battle: it may go onto cati's Safe House Charles Masson (41) or back to cati's supply.",)}


# --- Questions the order leaves open (orders.md: "if you leave them out ... you are asked") -------------------


def test_play_impact_icons_left_out_of_the_order_will_be_asked() -> None:
    state = position(courts={"anna": [1]}, hands={"anna": [3]}, market=MARKET, loyalty={"anna": "afghan"})
    (first, second) = warned(state, {"actions": [{"action": "play", "card": 3, "side": "left"}]})
    assert first == ("You will be asked: choose a kabul court card for a spy (to answer now, write "
                     "`actions.0.spy-0: 3` under `answers:`; choices: 3, 1).")
    assert second.startswith("You will be asked: choose a kabul court card for a spy (to answer now, write "
                             "`actions.0.spy-1: ")
    assert warned(state, {"actions": [{"action": "play", "card": 3, "side": "left", "spies": [1, 3]}]}) == []


def test_cleanup_over_the_hand_limit_without_a_list_will_be_asked() -> None:
    state = position(hands={"anna": [3, 71]}, market=MARKET)
    (line,) = warned(state, {"actions": [{"action": "purchase", "row": 1, "column": 1}]})
    assert line.startswith("You will be asked: anna's hand is over its limit of 2: discard 1 hand card (to answer "
                           "now, write `cleanup: {hand: [1]}`; choices: 3, 71, 1)")
    assert warned(state, {"actions": [{"action": "purchase", "row": 1, "column": 1}], "cleanup": {"hand": [3]}}) == []


def test_no_warning_outside_ones_own_turn_or_at_setup() -> None:
    state = patriot_position()
    assert GAME.warnings(state, "bob", {"actions": [PLAY_PRINCE]}) == []
    state.phase = "loyalty"
    assert GAME.warnings(state, "anna", {"loyalty": "afghan"}) == []


# --- Secrets: warnings come from the rules and public facts, never from other seats' standing orders or hands -


def secret_position(bob_standing: dict[str, Any], cati_standing: dict[str, Any], bob_hand: list[int]) -> GameState:
    """Anna's turn meets a ruler's bribe, a hostage bribe and a leveraged card whose owner must discard."""
    state = position(courts={"anna": [18, 15], "bob": [24, 14], "cati": [41]}, hands={"anna": [25], "bob": bob_hand,
                     "cati": [n for n in (50, 51, 52) if n not in bob_hand][:2]}, market=MARKET,
                     rupees={"anna": 10, "bob": 0}, loyalty={"anna": "afghan", "bob": "russian", "cati": "british"})
    state.favored = "intelligence"  # Harry Flashman's gift is a bonus action
    state.tribes = {"punjab": {"bob": 2}}
    state.spies = {"18": {"bob": 2}, "14": {"anna": 1}, "41": {"bob": 1}}
    state.standing = {"bob": bob_standing, "cati": cati_standing}
    return state


SECRET_ORDER = {"actions": [{"action": "play", "card": 25, "side": "left"},
                            {"action": "gift", "card": 18, "price": 2},
                            {"action": "betray", "card": 15, "target": 14}]}


def test_warnings_are_the_same_whatever_other_seats_standing_orders_and_hands() -> None:
    standings: list[dict[str, Any]] = [{}, {"bribe": "full"}, {"bribe": "waive"}, {"bribe": 1},
                                       {"discard": [50, 14]}, {"safe_house": True}]
    seen = set()
    for bob, cati, hand in itertools.product(standings, standings[:3], ([50, 60], [60, 99], [70, 80, 90][:2])):
        seen.add(tuple(warned(secret_position(bob, cati, hand), SECRET_ORDER)))
    assert len(seen) == 1
    (lines,) = seen
    assert any("you owe bob a bribe of up to 2 rupees (bob rules Punjab)" in line for line in lines)
    assert any("(bob holds Harry Flashman (18) hostage)" in line for line in lines)
    assert any("bob decides, by standing order or when asked: bob is 2 rupees short repaying Money Lenders" in line
               for line in lines)
