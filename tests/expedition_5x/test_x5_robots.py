"""Robot games last 15 rounds of one to three steps, and some rounds have a scout or a bid stage. (What must hold
at every step is the conformance suite's, with this game's hook conformance_expedition_5x.py, for 200 games of
every seat count in its sweep.)"""

from __future__ import annotations

import pytest
from x5_helpers import SEATS

from engine.simulate import play_out
from games.expedition_5x import GAME


@pytest.mark.parametrize("players", [3, 4, 5])
def test_robot_games_take_15_to_45_steps_and_some_take_more_than_15(players: int) -> None:
    steps = [play_out(GAME, SEATS[:players], seed).steps for seed in range(40)]
    assert min(steps) >= 15 and max(steps) <= 45  # a round has at most a scout stage and a bid stage
    assert max(steps) > 15, "some games should have had a scout stage or a bid stage"
