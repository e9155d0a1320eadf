"""Rulebook, Sequence of Play: up to two actions, then cleanup, then play continues clockwise."""

from __future__ import annotations

from pp_helpers import position, turn

from games.pax_pamir import GAME

AKALI_SIKHS = 38  # Punjab military: two armies


def test_a_turn_may_take_no_action_and_play_then_continues_clockwise() -> None:
    """Sequence of Play: 'You may take one action or none'; after your turn play continues clockwise (seat order,
    from the last seat back to the first)."""
    state = position(current="bob")
    step = turn(state, {"actions": []})
    assert step.state.current == "cati" and GAME.prompts(step.state)[0].seat == "cati"
    step = turn(step.state, {"actions": []})
    assert step.state.current == "anna" and GAME.prompts(step.state)[0].seat == "anna"


def test_a_turn_may_take_a_single_action() -> None:
    """Sequence of Play: one action is a whole turn."""
    state = position(hands={"anna": [AKALI_SIKHS]})
    step = turn(state, {"actions": [{"action": "play", "card": AKALI_SIKHS, "side": "left"}]})
    assert step.state.players["anna"].court == [AKALI_SIKHS] and step.state.current == "bob"


def test_a_third_action_is_refused_when_none_is_a_bonus_action() -> None:
    """Sequence of Play: up to two actions (purchase and play are never bonus actions)."""
    state = position()
    order = {"actions": [{"action": "purchase", "row": 1, "column": 1},
                         {"action": "purchase", "row": 2, "column": 1},
                         {"action": "purchase", "row": 1, "column": 2}]}
    problems = GAME.check(state, "anna", order)
    assert [p.path for p in problems] == [("actions", 2, "action")]


def test_cleanup_comes_after_the_actions_so_a_card_played_from_an_overfull_hand_saves_a_discard() -> None:
    """Sequence of Play: after your turn, perform cleanup: the hand limit is checked only after the actions."""
    state = position(hands={"anna": [AKALI_SIKHS, 40, 41]})
    step = turn(state, {"actions": [{"action": "play", "card": AKALI_SIKHS, "side": "left"}]})
    assert step.state.players["anna"].hand == [40, 41]
    assert step.state.current == "bob" and step.state.discard == []
