"""`check` judges what it can beyond a question the turn stops at (orders.md "When your turn waits for an answer";
rulebook p. 5: two actions a turn, plus bonus actions for cards of the favored suit)."""

from __future__ import annotations

from typing import Any

from pp_helpers import position

from games.pax_pamir import GAME
from games.pax_pamir.state import GameState

MOHAN_LAL, CHARLES_STODDART, GHILZAI_NOMADS = 1, 4, 13


def spy_position() -> GameState:
    """Anna holds Charles Stoddart (a Kabul spy icon, no ruler to bribe) and Mohan Lal (move, intelligence: not of
    the favored political suit) in court, with a spy on Bob's Ghilzai Nomads (Kabul): playing Stoddart without
    `spies:` asks her which Kabul card takes the spy."""
    state = position(courts={"anna": [MOHAN_LAL], "bob": [GHILZAI_NOMADS]}, hands={"anna": [CHARLES_STODDART]})
    state.spies = {str(GHILZAI_NOMADS): {"anna": 1}}
    return state


def three_actions(spies: list[int] | None) -> dict[str, Any]:
    play: dict[str, Any] = {"action": "play", "card": CHARLES_STODDART, "side": "right"}
    if spies is not None:
        play["spies"] = spies
    return {"actions": [{"action": "purchase", "row": 1, "column": 1}, play,
                        {"action": "move", "card": MOHAN_LAL, "moves": [{"spy": GHILZAI_NOMADS, "to": MOHAN_LAL}]}]}


def test_an_action_too_many_is_refused_whether_or_not_the_spy_is_chosen_in_advance() -> None:
    state = spy_position()
    (given,) = GAME.check(state, "anna", three_actions([GHILZAI_NOMADS]))
    (asked,) = GAME.check(state, "anna", three_actions(None))
    assert given == asked
    assert asked.path == ("actions", 2, "action") and asked.message.startswith("no actions left")


def test_two_actions_with_the_spy_left_to_ask_are_valid_and_say_what_will_be_asked() -> None:
    state = spy_position()
    order = three_actions(None)
    order["actions"].pop()
    assert GAME.check(state, "anna", order) == []
    (asked,) = GAME.warnings(state, "anna", order)
    assert asked.startswith("You will be asked: choose a kabul court card for a spy")


def test_an_entry_only_some_answers_refuse_is_valid_with_a_note_naming_it() -> None:
    """Bob rules Punjab; if he asks the whole bribe, Anna has too few rupees left for the purchase in column 3."""
    state = position(courts={"bob": [24]}, hands={"anna": [25]}, rupees={"anna": 3},
                     loyalty={"anna": "afghan", "bob": "russian", "cati": "british"})
    state.tribes = {"punjab": {"bob": 2}}
    order = {"actions": [{"action": "play", "card": 25, "side": "left", "bribe": 2},
                         {"action": "purchase", "row": 1, "column": 3}]}
    assert GAME.check(state, "anna", order) == []
    note = GAME.warnings(state, "anna", order)[-1]
    assert note.startswith("Action 2 (purchase) cannot be judged until the questions above are answered")
    assert "then it is not taken" in note
