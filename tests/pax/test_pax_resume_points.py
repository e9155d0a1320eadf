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
from games.pax.turn import Outcome, Point
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
                   rng: Any, point: Point | None = None, keep: bool = False,
                   original: Any = original) -> Outcome:
            plain = dict(dict.items(answers))  # (dict's own items: no lookup the trial runs would note)
            given = copy.deepcopy(order)
            got = _ended(lambda: original(self, start, seat, order, answers, rng, point, keep))
            if point is not None:
                resumed[0] += 1
                _same(got, _ended(lambda: original(self, start, seat, given, plain, rng)), point)
            if isinstance(got, OrderError):
                raise got
            return got

        monkeypatch.setattr(game, "replay", replay)
    yield resumed


@pytest.mark.parametrize(("game", "seats"), [(PaxPamir, 3), (PaxPamir, 4), (PaxExpanse, 3)],
                         ids=["pax-pamir-3", "pax-pamir-4", "pax-expanse-3"])
def test_a_turn_resumed_at_the_start_of_its_paused_part_ends_as_a_run_from_its_start(
        checked: list[int], game: type[PaxGame[Any]], seats: int) -> None:
    for seed in range(3):
        play_out(game(), ["anna", "ben", "cleo", "dev"][:seats], seed, TOGETHER)
    assert checked[0] > 50, "the games resumed few turns at a point: the test would prove little"


def test_a_game_asking_one_question_at_a_time_takes_no_point(checked: list[int]) -> None:
    play_out(PaxPamir(), ["anna", "ben", "cleo"], 0)
    assert checked[0] == 0
