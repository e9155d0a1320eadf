"""Pax Expanse as an engine game: the secret starting loyalty, steps that pause and resume, the round and the
Rocinante's turn, what each seat sees, defaults and robots."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from px_helpers import market, position

from engine import registry
from engine.contract import Event, Game, RejectedOrder
from engine.rng import Rng
from games.pax_expanse import round as the_round
from games.pax_expanse.game import GAME
from games.pax_expanse.state import GameState

SEATS = ["anna", "ben", "cleo"]


def started(seed: str = "g1") -> GameState:
    state = GAME.setup(SEATS, {}, Rng(seed))
    step = GAME.apply(state, {"anna": {"loyalty": "un"}, "ben": {"loyalty": "mcr"}, "cleo": {"loyalty": "opa"}},
                      Rng("loyalty"))
    return step.state


@pytest.fixture
def rocinante_recorded(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Stand in for the Rocinante's turn, recording the round it was taken in (the real one is not written yet)."""
    taken: list[int] = []

    def turn(state: GameState, rng: Rng) -> list[Event]:
        taken.append(state.round)
        return [Event("the Rocinante stands in", None, {"kind": "rocinante-test"})]

    monkeypatch.setattr(the_round, "rocinante_turn", turn)
    yield taken


def test_game_is_registered_and_keeps_the_contract() -> None:
    game = registry.get("pax-expanse")
    assert isinstance(game, Game)
    assert game.title == "Pax Expanse" and game.player_counts == range(3, 5)
    assert getattr(game, "turn_steps", False)
    with pytest.raises(ValueError):
        game.setup(SEATS, {"wakhan": True}, Rng("x"))


def test_starting_loyalty_is_chosen_by_everyone_at_once_and_revealed_together() -> None:
    state = GAME.setup(SEATS, {}, Rng("g1"))
    assert sorted(p.seat for p in GAME.prompts(state)) == SEATS
    assert GAME.check(state, "anna", {"loyalty": "un"}) == []
    assert GAME.check(state, "anna", {"loyalty": "earth"})[0].path == ("loyalty",)
    step = GAME.apply(state, {"anna": {"loyalty": "un"}, "ben": {"loyalty": "un"}, "cleo": {"loyalty": "opa"}},
                      Rng("x"))
    assert [e.data.get("kind") for e in step.events] == ["loyalty-revealed", "first-turn"]
    assert all(e.to is None for e in step.events)
    after = step.state
    assert {s: after.players[s].loyalty for s in SEATS} == {"anna": "un", "ben": "un", "cleo": "opa"}
    assert after.phase == "turns" and after.current == after.order[0] and after.round == 1
    assert [p.seat for p in GAME.prompts(after)] == [after.order[0]]


def test_starting_loyalty_nobody_sees_a_choice_before_all_are_in() -> None:
    state = GAME.setup(SEATS, {}, Rng("g1"))
    # The state holds no choice until the step resolves with every seat's order: there is nothing to leak.
    for seat in SEATS:
        assert all(p["loyalty"] is None for p in GAME.view(state, seat)["players"].values())


def test_game_turn_step_purchase_then_next_seat() -> None:
    state = started()
    seat = state.current
    step = GAME.apply(state, {seat: {"actions": [{"action": "purchase", "row": 1, "column": 1}]}}, Rng("s"))
    assert step.state.current == state.order[1]
    assert step.state.players[seat].hand == [state.market[0][0]]
    assert GAME.label(step.state).startswith("round 1")


def test_game_bad_order_is_rejected_with_its_path() -> None:
    state = started()
    seat = state.current
    problems = GAME.check(state, seat, {"actions": [{"action": "purchase", "row": 3, "column": 1}]})
    assert problems[0].path == ("actions", 0, "row")
    assert "row is a number from 1 to 2" in problems[0].message
    assert GAME.check(state, seat, {"moves": []})[0].path == ("moves",)
    other = next(s for s in SEATS if s != seat)
    assert GAME.check(state, other, {"actions": []})[0].message == f"no order is due from {other} now"
    with pytest.raises(RejectedOrder):
        GAME.apply(state, {seat: {"actions": [{"action": "purchase", "row": 3, "column": 1}]}}, Rng("s"))


def test_game_pause_asks_several_seats_at_once_and_resumes() -> None:
    state = position(loyalty={"anna": "un", "ben": "mcr", "cleo": "opa"},
                     hands={"ben": [1, 2], "cleo": [3, 4]})
    market(state, [114, 10, 11, 12, 13, 15], [16, 17, 18, 19, 20, 21])
    state.deck = [22, 23]
    step = GAME.apply(state, {"anna": {"actions": []}}, Rng("s"))
    paused = step.state
    prompts = GAME.prompts(paused)
    assert sorted(p.seat for p in prompts) == ["ben", "cleo"]
    assert GAME.check(paused, "ben", {"answer": 5})[0].path == ("answer",)
    resumed = GAME.apply(paused, {"ben": {"answer": [2]}, "cleo": {"answer": [3]}}, Rng("t"))
    after = resumed.state
    assert after.paused is None
    assert after.players["ben"].hand == [1] and after.players["cleo"].hand == [4]
    assert after.current == "ben"
    # Events of the turn reported in the paused step are not reported again.
    assert not any(e.data.get("kind") == "event" for e in resumed.events)


def test_game_round_ends_with_the_rocinantes_turn(rocinante_recorded: list[int]) -> None:
    state = started()
    for _ in range(len(SEATS)):
        state = GAME.apply(state, {state.current: {"actions": []}}, Rng("s")).state
    assert rocinante_recorded == [1]
    assert state.round == 2 and state.rocinante.turns == 1
    assert state.current == state.order[0]


def test_rocinante_turn_resolves_the_face_up_card_after_every_round_and_reveals_the_next() -> None:
    state = started()
    top = state.rocinante.face_up
    for _ in range(len(SEATS)):
        step = GAME.apply(state, {state.current: {"actions": []}}, Rng("s"))
        state = step.state
    assert state.rocinante.discard == [top] and state.rocinante.face_up not in (None, top)
    assert state.round == 2 and state.rocinante.turns == 1 and not state.rocinante.damaged
    assert "rocinante-turn" in [e.data.get("kind") for e in step.events]  # in the step of the round's last turn


def test_view_hides_other_hands_the_decks_and_a_paused_turns_snapshot() -> None:
    state = position(loyalty={"anna": "un", "ben": "mcr", "cleo": "opa"},
                     hands={"ben": [1, 2], "cleo": [3, 4]})
    market(state, [114, 10, 11, 12, 13, 15], [16, 17, 18, 19, 20, 21])
    state.deck = [22, 23]
    state.unused = [40, 41]
    state.rocinante.deck = [5, 6, 7]
    paused = GAME.apply(state, {"anna": {"actions": []}}, Rng("s")).state
    seen = GAME.view(paused, "ben")
    text = json.dumps(seen)
    assert seen["players"]["ben"]["hand"] == [1, 2]
    assert seen["players"]["cleo"]["hand"] is None and seen["players"]["cleo"]["hand_count"] == 2
    assert seen["deck"] == {"count": 2} and "unused" not in seen
    assert seen["rocinante"]["face_up"] == 5 and seen["rocinante"]["deck"] == {"count": 3}
    assert "start" not in text and [q["seat"] for q in seen["questions"]] == ["ben"]
    public = GAME.view(paused, None)
    assert public["questions"] == [] and public["players"]["ben"]["hand"] is None


def test_game_defaults_and_random_orders_are_accepted(rocinante_recorded: list[int]) -> None:
    state = GAME.setup(SEATS, {}, Rng("robots"))
    assert GAME.default_order(state, "anna") == {"loyalty": "un"}
    rng = Rng("r")
    for _ in range(30):
        if GAME.result(state) is not None:
            break
        orders = {}
        for prompt in GAME.prompts(state):
            order = GAME.random_order(state, prompt.seat, rng)
            assert GAME.check(state, prompt.seat, order) == [], order
            orders[prompt.seat] = order
        state = GAME.apply(state, orders, rng).state
        assert GAME.decode(json.loads(json.dumps(GAME.encode(state)))) == state
    assert state.turn_number > 3


def test_game_default_turn_takes_no_action_and_discards_the_rightmost_cards_over_a_limit() -> None:
    state = started()
    seat = state.current
    state.players[seat].hand = [10, 11, 12, 13]
    order = GAME.default_order(state, seat)
    assert order["actions"] == []
    assert GAME.check(state, seat, order) == []
    after = GAME.apply(state, {seat: order}, Rng("d")).state
    assert after.players[seat].hand == [10, 11]
    assert after.paused is None


def test_game_play_without_a_side_asks_the_acting_seat_mid_turn_and_resumes() -> None:
    state = started()
    seat = state.current
    state.players[seat].hand = [10]
    step = GAME.apply(state, {seat: {"actions": [{"action": "play", "card": 10}]}}, Rng("s"))
    paused = step.state
    (prompt,) = GAME.prompts(paused)
    assert prompt.seat == seat and "left or the right end" in prompt.text
    assert GAME.label(paused).endswith(f"{seat.capitalize()}'s turn 1")
    after = GAME.apply(paused, {seat: {"answer": "left"}}, Rng("t")).state
    assert after.players[seat].network == [10] and after.paused is None
    assert after.current == state.order[1]
