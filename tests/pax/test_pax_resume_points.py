"""A paused turn goes on from the start of the part it paused in (games/pax/turn.py `Point`) instead of running
again from the turn's start: for every answer a point serves, the run must end exactly as the run from the start
does, in the state, the events after the point, the answers recorded and the questions asked."""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from engine.simulate import play_out
from games.pax.context import OrderError
from games.pax.game import PaxGame
from games.pax.paused import resume_option
from games.pax.turn import AT_PART, RESUME, Outcome, Point
from games.pax_expanse.game import PaxExpanse
from games.pax_pamir.game import PaxPamir

TOGETHER = {"questions": "together"}


def _ended(run: Callable[[], Outcome]) -> Outcome | OrderError:
    try:
        return run()
    except OrderError as error:
        return error


def _same(resumed: Outcome | OrderError, whole: Outcome | OrderError, point: Point) -> None:
    """The resumed run ended as the whole run did."""
    if isinstance(whole, OrderError) or isinstance(resumed, OrderError):
        assert isinstance(resumed, OrderError) and isinstance(whole, OrderError)
        assert (resumed.path, resumed.message) == (whole.path, whole.message)
        return
    assert resumed.questions == whole.questions
    assert resumed.ctx.state.encode() == whole.ctx.state.encode()
    assert resumed.before == point.events and whole.before == 0
    assert resumed.ctx.events == whole.ctx.events[point.events:]
    assert dict(dict.items(resumed.ctx.answers)) == dict(dict.items(whole.ctx.answers))
    assert resumed.events == whole.events


@pytest.fixture
def checked(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Every run resumed at a point is run again from the turn's start and compared; yields the count so far."""
    resumed = [0]
    for game in (PaxPamir, PaxExpanse):
        original = game.replay

        def replay(self: PaxGame[Any], start: Any, seat: str, order: dict[str, Any], answers: dict[str, Any],
                   rng: Any, point: Point | None = None, until: int | None = None,
                   original: Any = original) -> Outcome:
            plain = dict(dict.items(answers))  # (dict's own items: no lookup the trial runs would note)
            given = copy.deepcopy(order)
            got = _ended(lambda: original(self, start, seat, order, answers, rng, point, until))
            if point is not None and until is None:
                resumed[0] += 1
                _same(got, _ended(lambda: original(self, start, seat, given, plain, rng)), point)
            if isinstance(got, OrderError):
                raise got
            return got

        monkeypatch.setattr(game, "replay", replay)
    yield resumed


@pytest.mark.parametrize(("game", "seats"), [(PaxPamir, 3), (PaxPamir, 4), (PaxExpanse, 3)],
                         ids=["pax-pamir-3", "pax-pamir-4", "pax-expanse-3"])
@pytest.mark.parametrize("made", ["with questions together", "now"])
def test_a_turn_resumed_at_the_start_of_its_paused_part_ends_as_a_run_from_its_start(
        checked: list[int], game: type[PaxGame[Any]], seats: int, made: str) -> None:
    # Games made with `questions: together` resume trial runs at points kept in memory; games made now also
    # resume each paused turn at the point stored with it.
    options = TOGETHER if made != "now" else dict(game.new_options)
    decoded = []
    stored_point = PaxGame.stored_point

    def counted(self: PaxGame[Any], *args: Any) -> Point:
        decoded.append(args[0]["part"])
        return stored_point(self, *args)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(PaxGame, "stored_point", counted)
        for seed in range(3):
            play_out(game(), ["anna", "ben", "cleo", "dev"][:seats], seed, options)
    assert checked[0] > 50, "the games resumed few turns at a point: the test would prove little"
    assert bool(decoded) == (made == "now"), "games made now, and only they, go on from stored points"


def test_a_game_asking_one_question_at_a_time_takes_no_point(checked: list[int]) -> None:
    play_out(PaxPamir(), ["anna", "ben", "cleo"], 0)
    assert checked[0] == 0


def _states(game: PaxGame[Any], seats: int, seed: int, options: dict[str, Any]) -> list[dict[str, Any]]:
    """Every state of a seeded robot game as stored."""
    states: list[dict[str, Any]] = []
    play_out(game, ["anna", "ben", "cleo", "dev"][:seats], seed, options,
             after_step=lambda step, state: states.append(game.encode(state)))
    return states


def _strip(states: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The states with a paused turn's point and the option that stores it left out."""
    stripped = []
    for state in states:
        data = {k: v for k, v in state.items() if k != RESUME}
        if isinstance(data.get("paused"), dict):
            paused = {k: v for k, v in data["paused"].items() if k != "point"}
            paused["start"] = {k: v for k, v in paused["start"].items() if k != RESUME}
            data["paused"] = paused
        stripped.append(data)
    return stripped


@pytest.mark.parametrize(("game", "seats"), [(PaxPamir, 2), (PaxPamir, 4), (PaxExpanse, 3), (PaxExpanse, 4)],
                         ids=["pax-pamir-2", "pax-pamir-4", "pax-expanse-3", "pax-expanse-4"])
def test_a_game_made_now_plays_step_for_step_as_one_that_runs_a_paused_turn_from_its_start(
        game: type[PaxGame[Any]], seats: int) -> None:
    made_now = dict(game.new_options)
    assert made_now == {**TOGETHER, RESUME: AT_PART}
    stored = []
    for seed in range(3):
        now = _states(game(), seats, seed, made_now)
        stored += [s["paused"]["point"]["part"] for s in now if isinstance(s.get("paused"), dict)
                   and "point" in s["paused"]]
        assert _strip(now) == _strip(_states(game(), seats, seed, TOGETHER))
    assert stored, "no paused turn stored its point: the comparison would prove little"


def test_an_older_game_stores_no_point_and_its_states_keep_their_keys() -> None:
    for options in ({}, TOGETHER):
        states = _states(PaxPamir(), 3, 0, options)
        assert any(isinstance(s.get("paused"), dict) for s in states)
        assert not any(isinstance(s.get("paused"), dict) and "point" in s["paused"] for s in states)
        assert not any(RESUME in s for s in states)


def test_a_bad_value_of_the_option_is_refused_with_the_valid_ones() -> None:
    with pytest.raises(ValueError, match="at-part or from-start, not 'sometimes'"):
        resume_option({RESUME: "sometimes"})
    assert not resume_option({}) and not resume_option({RESUME: "from-start"}) and resume_option({RESUME: AT_PART})
