"""Rulebook, III/II. Drill: water from the supply by the number of players who played Drill."""

from __future__ import annotations

import pytest
from x5_helpers import make_state, play, water_of


@pytest.mark.parametrize(("drillers", "each"), [(1, 4), (2, 2), (3, 1), (4, 0)])
def test_drill_table_in_a_five_player_game(drillers, each):
    """Drill: 1 player 4 water, 2 players 2, 3 players 1, "4+" nothing; the other players' water is untouched."""
    state = make_state(5)
    orders = {s: {"action": "drill"} if i < drillers else {"action": "expand"} for i, s in enumerate(state.seats)}
    after = water_of(play(state, orders))
    assert after == {s: 5 + each if i < drillers else 5 for i, s in enumerate(state.seats)}
