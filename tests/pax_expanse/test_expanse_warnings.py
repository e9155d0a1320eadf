"""Warnings in the answer to an accepted order, by rulebook section: loyalty, bribes, questions, Dominance Checks."""

from __future__ import annotations

import itertools
from typing import Any

from px_actions import table
from px_helpers import market, put

from engine.rng import Rng
from games.pax_expanse.game import GAME
from games.pax_expanse.state import GameState

UN, MCR, OPA = "United Nations", "Mars Congressional Republic", "Outer Planets Alliance"
# 3, 5: Earth, UN loyalists. 8: Belter Rights Advocate, Earth, OPA loyalist. 31: Mars economics, rank 1.
# 36: MCRN Marine Snipers (Eliminate). 2: Undersecretary's Fixer, Earth, MCR reward. 12: Luna Gravity-Well Port
# (Extort). 23: Earth Embassy at Londres Nova (Mars). 101: Dominance Check 1.
PLAY_ADVOCATE = {"action": "play", "card": 8, "side": "left"}


def warned(state: GameState, order: dict[str, Any], seat: str = "anna") -> list[str]:
    """The warnings for an order that check accepts."""
    assert GAME.check(state, seat, order) == []
    return GAME.warnings(state, seat, order)


def eliminate_board(**networks: list[int]) -> GameState:
    """Anna (UN, 5 influence) holds MCRN Marine Snipers in a Cold War; the market is full of plain assets."""
    state = table(networks={"anna": [36], **networks}, influence={"anna": 5})
    market(state, [1, 4, 5, 6, 8, 9], [10, 11, 12, 13, 14, 15])
    state.climate = "cold_war"
    return state


# --- Loyalty: "If you play a loyalist of a different faction ... you change loyalty: return your favours,
# discard your loyalists and rewards of your old faction, except as many as your economic stars" -------------


def test_loyalty_playing_a_loyalist_of_another_faction_says_what_is_discarded() -> None:
    state = table(networks={"anna": [3]}, hands={"anna": [8]}, influence={"anna": 5})
    state.players["anna"].favours = 2
    (line,) = warned(state, {"actions": [PLAY_ADVOCATE]})
    assert line.startswith(f"Playing Belter Rights Advocate (8), a loyalist of the {OPA}, changes your loyalty "
                           f"from the {UN} to the {OPA}: your favours go back to the supply")
    assert f"your {UN} loyalists and rewards are discarded but for as many as your economic stars" in line
    assert line.endswith(f"You hold 2 favours and the {UN} loyalist Luna Listening Post (3) now; "
                         "you have 0 economic stars now.")


def test_loyalty_economic_stars_keep_old_loyalists_by_a_question_answered_in_advance() -> None:
    state = table(networks={"anna": [3, 5, 31]}, hands={"anna": [8]}, influence={"anna": 5})
    keep, change = warned(state, {"actions": [PLAY_ADVOCATE]})
    assert keep == ("You will be asked: you change loyalty: keep 1 of your old loyalists and rewards (your economic "
                    "stars) (to answer now, write `actions.0.keep-1: [loyalist:3]` under `answers:`; choices: "
                    "loyalist:3, loyalist:5).")
    assert "you have 1 economic star now" in change
    answered = {"actions": [PLAY_ADVOCATE], "answers": {"actions.0.keep-1": ["loyalist:5"]}}
    (line,) = warned(state, answered)
    assert line == change


def test_loyalty_a_loyalist_of_your_own_faction_changes_nothing() -> None:
    state = table(loyalty={"anna": "opa", "ben": "mcr", "cleo": "un"}, hands={"anna": [8]}, influence={"anna": 5})
    assert warned(state, {"actions": [PLAY_ADVOCATE]}) == []


# --- Eliminate: "you may take it as a reward ... if it is of a different faction, you change loyalty" --------


def test_eliminate_taking_a_reward_of_another_faction_changes_loyalty() -> None:
    state = eliminate_board(ben=[2])
    state.players["anna"].network.append(3)
    put(state, "agents", "2", "anna")
    eliminate = {"action": "eliminate", "card": 36, "target": 2}
    (line,) = warned(state, {"actions": [{**eliminate, "reward": True}]})
    assert line.startswith(f"Taking Undersecretary's Fixer (2) as a reward of the {MCR} changes your loyalty from "
                           f"the {UN} to the {MCR}")
    assert "Luna Listening Post (3)" in line
    assert warned(state, {"actions": [{**eliminate, "reward": False}]}) == []
    asked, then = warned(state, {"actions": [eliminate]})
    assert asked == (f"You will be asked: take Undersecretary's Fixer as a reward of the {MCR} (to answer now, write "
                     "`reward: true` in action 1; choices: true, false).")
    assert then.startswith("Depending on the answers above: taking Undersecretary's Fixer (2) as a reward")


def test_eliminate_a_paused_turn_answered_says_what_the_answer_sets_in_motion() -> None:
    state = eliminate_board(ben=[2])
    put(state, "agents", "2", "anna")
    step = GAME.apply(state, {"anna": {"actions": [{"action": "eliminate", "card": 36, "target": 2}]}}, Rng("w"))
    paused = step.state
    assert paused.paused is not None and paused.paused.seats() == ["anna"]
    (line,) = warned(paused, {"answer": True})
    assert line.startswith(f"Taking Undersecretary's Fixer (2) as a reward of the {MCR} changes your loyalty")
    assert warned(paused, {"answer": False}) == []


# --- Agents on discarded assets: "each other player moves their agents to an adjacent asset" -----------------


def test_eliminate_other_seats_owe_the_moves_of_their_agents() -> None:
    state = eliminate_board(ben=[22, 23, 24])
    put(state, "agents", "23", "anna", 2)
    put(state, "agents", "23", "cleo")
    own, cleos = warned(state, {"actions": [{"action": "eliminate", "card": 36, "target": 23, "reward": False}]})
    assert own.startswith("You will be asked: Earth Embassy at Londres Nova leaves play: move your agent on it")
    assert cleos == ("cleo decides, by standing order or when asked: Earth Embassy at Londres Nova leaves play: "
                     "move your agent on it to an adjacent asset.")


# --- Bribes: "If another player controls the asset's region, they may demand a bribe" and Intimidation -------


def play_bribe_position() -> GameState:
    """Ben controls Earth with two supporters; anna holds Belter Rights Advocate."""
    state = table(loyalty={"anna": "opa", "ben": "mcr", "cleo": "un"}, hands={"anna": [8]}, influence={"anna": 5})
    put(state, "supporters", "earth", "ben", 2)
    return state


def test_play_in_a_region_another_player_controls_owes_a_bribe() -> None:
    owed, pay = warned(play_bribe_position(), {"actions": [PLAY_ADVOCATE]})
    assert owed == ("Action 1 (play Belter Rights Advocate (8)): you owe ben a bribe of up to 2 influence (ben "
                    "controls Earth); ben names the amount, by standing order or when asked, and you pay it or the "
                    "action is not taken.")
    assert pay == ("Depending on the answers above: you may be asked: ben asks anna a bribe of 2 influence to play "
                   "Belter Rights Advocate: pay or refuse (to answer now, write `bribe: N` in action 1, N the most you "
                   "will pay).")


def test_play_of_a_crew_asset_names_the_controller_where_the_rocinante_is() -> None:
    """Crew assets: their region is the Rocinante's; the warning asks the rules for it, not the card's print."""
    state = table(loyalty={"anna": "opa", "ben": "mcr", "cleo": "un"}, hands={"anna": [97]}, influence={"anna": 5})
    state.rocinante.region = "mars"
    put(state, "supporters", "mars", "ben", 2)
    owed = warned(state, {"actions": [{"action": "play", "card": 97, "side": "left"}]})[0]
    assert "you owe ben a bribe of up to 2 influence (ben controls Mars)" in owed


def test_play_with_a_bribe_limit_is_not_asked_whether_to_pay() -> None:
    (owed,) = warned(play_bribe_position(), {"actions": [{**PLAY_ADVOCATE, "bribe": 2}]})
    assert owed.startswith("Action 1 (play Belter Rights Advocate (8)): you owe ben a bribe of up to 2 influence")


def test_intimidation_the_intimidator_may_ask_a_bribe_for_the_action() -> None:
    state = table(networks={"anna": [12]}, influence={"anna": 5, "cleo": 3})
    put(state, "supporters", "earth", "cleo")
    put(state, "agents", "12", "ben", 3)
    owed, _pay = warned(state, {"actions": [{"action": "extort", "card": 12, "from": ["cleo", "cleo"]}]})
    assert owed.startswith("Action 1 (extort Luna Gravity-Well Port (12)): you owe ben a bribe of up to 3 influence "
                           "(ben intimidates Luna Gravity-Well Port (12) with more agents than anyone)")


# --- Dominance Checks: "when a Dominance Check is purchased, resolve it at once" ------------------------------


def test_dominance_check_bought_is_announced() -> None:
    state = table(influence={"anna": 5})
    market(state, [101, 4, 5, 6, 8, 9], [10, 11, 12, 13, 14, 15])
    (line,) = warned(state, {"actions": [{"action": "purchase", "row": 1, "column": 1}]})
    assert line.startswith("Buying Dominance Check 1 (101) resolves that Dominance Check at once: player scoring")


def test_orders_of_a_seat_whose_turn_it_is_not_get_no_warnings() -> None:
    state = play_bribe_position()
    state.players["ben"].hand = [8]
    assert GAME.warnings(state, "ben", {"actions": [PLAY_ADVOCATE]}) == []


# --- Secrecy: another seat's standing orders and hand never shape the warnings --------------------------------


def test_secrecy_other_seats_standing_orders_and_hands_do_not_change_the_warnings() -> None:
    expected = warned(play_bribe_position(), {"actions": [PLAY_ADVOCATE]})
    for standing, hand in itertools.product(({}, {"bribe": "full"}, {"bribe": 0}, {"bribe": "waive"}),
                                            ([], [2, 3], [17, 21])):
        state = play_bribe_position()
        if standing:
            state.standing = {"ben": dict(standing)}
        state.players["ben"].hand = list(hand)
        assert GAME.warnings(state, "anna", {"actions": [PLAY_ADVOCATE]}) == expected, (standing, hand)
    # The standing orders of the seat itself are its own to use.
    own = play_bribe_position()
    assert warned(own, {"actions": [PLAY_ADVOCATE], "standing": {"bribe": "full"}}) == expected
