"""The kernel's turn frame (Pax Expanse: Core Actions, Bonus Actions, Exhausting an Asset) and its questions,
including questions put to several seats at once (Pax Expanse: the secret choice of starting loyalty)."""

from __future__ import annotations

import pytest
from pax_toy import RULES, toy_context, toy_state

from games.pax.context import Pause, Question
from games.pax.dominance import GameOver, leaders, split_points
from games.pax.turn import run_parts


def test_each_card_acts_once_per_turn() -> None:
    state = toy_state()
    state.players["anna"].tableau = [11, 12]
    assert RULES.may_act(state, "anna", 11, "extort")
    assert state.turn is not None
    state.turn.used.append(11)
    assert not RULES.may_act(state, "anna", 11, "rally")
    assert RULES.card_problem(state, "anna", 11, "rally") == (
        "card", "Card 11 has already acted this turn; cards that can rally now: 12")


def test_only_cards_in_your_tableau_act() -> None:
    state = toy_state()
    state.players["anna"].tableau = [11]
    assert RULES.card_problem(state, "anna", 12, "extort") == (
        "card", "card 12 is not in your network; cards that can extort now: 11")


def test_two_actions_per_turn() -> None:
    state = toy_state()
    state.players["anna"].tableau = [11, 12]
    assert state.turn is not None
    state.turn.actions = 2
    assert not RULES.core_action_left(state)
    assert not RULES.may_act(state, "anna", 11, "extort")


def test_bonus_actions_for_cards_of_the_favoured_suit() -> None:
    state = toy_state()
    state.players["anna"].tableau = [3, 11]
    assert state.turn is not None
    state.turn.actions = 2
    assert RULES.may_act(state, "anna", 3, "combat") and not RULES.may_act(state, "anna", 11, "combat")
    state.favoured = "trade"
    assert RULES.may_act(state, "anna", 11, "combat") and not RULES.may_act(state, "anna", 3, "combat")


def test_play_continues_clockwise() -> None:
    state = toy_state()
    assert [RULES.next_seat(state, s) for s in state.seats] == ["bob", "cati", "anna"]


def _loyalty(seat: str) -> Question:
    return Question(seat, f"loyalty-{seat}", "choice", f"{seat}: choose your starting loyalty", ("un", "mcr", "opa"))


def test_a_step_may_wait_on_several_seats_at_once() -> None:
    ctx = toy_context(toy_state())
    with pytest.raises(Pause) as paused:
        ctx.ask_all([_loyalty(s) for s in ("anna", "bob", "cati")])
    assert [q.seat for q in paused.value.questions] == ["anna", "bob", "cati"]


def test_a_simultaneous_step_waits_only_on_the_seats_still_to_answer() -> None:
    ctx = toy_context(toy_state(), {"answers": {"loyalty-anna": "opa"}})
    ctx.answers["loyalty-cati"] = "un"
    with pytest.raises(Pause) as paused:
        ctx.ask_all([_loyalty(s) for s in ("anna", "bob", "cati")])
    assert [q.seat for q in paused.value.questions] == ["bob"]
    ctx.answers["loyalty-bob"] = "mcr"
    assert ctx.ask_all([_loyalty(s) for s in ("anna", "bob", "cati")]) == ["opa", "mcr", "un"]


def test_a_turn_stops_at_its_pause_with_every_question() -> None:
    ctx = toy_context(toy_state())
    done: list[str] = []

    def ask() -> None:
        ctx.ask_all([_loyalty("bob"), _loyalty("cati")])
        done.append("asked")

    outcome = run_parts(ctx, [lambda: done.append("first"), ask, lambda: done.append("never")], lambda: None)
    assert done == ["first"] and [q.seat for q in outcome.questions] == ["bob", "cati"]
    assert outcome.question is not None and outcome.question.seat == "bob"


def test_the_end_of_the_game_stops_the_turn() -> None:
    ended: list[bool] = []

    def final_check() -> None:
        raise GameOver("the final Dominance Check has been resolved")

    outcome = run_parts(toy_context(toy_state()), [final_check, lambda: ended.append(False)], lambda: ended.append(True))
    assert ended == [True] and outcome.question is None


def test_standing_bribe_orders_answer_for_the_asked_seat() -> None:
    state = toy_state()
    state.standing["bob"] = {"bribe": 1}
    ctx = toy_context(state)
    assert ctx.ask(Question("bob", "bribe", "bribe", "how much", (0, 1, 2, 3))) == 1


def test_faction_scoring_ties_broken_by_war_stars_then_split_with_the_remainder_lost() -> None:
    # Pax Expanse, Faction Scoring: reputation ties go to the most military stars; still tied, the places' points
    # are combined and split as evenly as possible, any remainder lost.
    reputation = {"anna": 4, "bob": 4, "cati": 4, "dora": 1}
    war_stars = {"anna": 2, "bob": 1, "cati": 1, "dora": 0}
    assert split_points(reputation, [5, 3, 1], war_stars.__getitem__) == {"anna": 5, "bob": 2, "cati": 2, "dora": 0}
    assert split_points({"anna": 3, "bob": 3}, [5, 2]) == {"anna": 3, "bob": 3}


def test_the_game_ends_after_the_final_check_with_the_leader_by_points_then_war_stars() -> None:
    # Pax Expanse, Game End and Victory: most victory points; tied, most red (war) stars; then most influence.
    points = {"anna": 12, "bob": 12, "cati": 9}
    stars = {"anna": 1, "bob": 3, "cati": 5}
    money = {"anna": 9, "bob": 2, "cati": 0}
    assert leaders(["anna", "bob", "cati"], lambda s: (points[s], stars[s], money[s])) == ["bob"]
    assert leaders(["anna", "bob"], lambda s: (points[s], 0, 0)) == ["anna", "bob"]
