"""Rulebook, III/II. Scout: a die roll of water, and next round a choice after the others have revealed."""

from __future__ import annotations

from x5_helpers import make_state, play, water_of

from games.expedition_5x import GAME
from games.expedition_5x.state import OVER, SCOUT


def test_scout_several_scouts_choose_simultaneously_without_seeing_each_other():
    """Scout: two or more scouts "must simultaneously choose and reveal their cards after" the other players."""
    state = play(make_state(3), {"anna": {"action": "scout"}, "bob": {"action": "scout"},
                                 "cora": {"action": "expand"}}, rolls=[1, 2]).state
    assert [p.seat for p in GAME.prompts(state)] == ["cora"]
    held = play(state, {"cora": {"action": "plunder"}}).state
    assert held.stage == SCOUT and [p.seat for p in GAME.prompts(held)] == ["anna", "bob"]
    shown = {e["seat"]: e["revealed"] for e in GAME.view(held, "anna")["players"]}
    assert shown == {"anna": None, "bob": None, "cora": "plunder"}
    done = play(held, {"anna": {"action": "expand"}, "bob": {"action": "drill"}})
    # cora's plunder (2 each) takes from anna's Expand; bob drilled alone.
    assert water_of(done) == {"anna": 6 - 2, "bob": 7 + 4, "cora": 5 + 2}


def test_scout_in_the_last_round_gives_water_and_no_later_choice():
    """Scout in round 15: the die still pays, but the game ends at the end of that round."""
    state = make_state(3, round_=15, deck=())
    step = play(state, {"anna": {"action": "scout"}, "bob": {"action": "drill"}, "cora": {"action": "drill"}},
                rolls=[3])
    assert step.state.stage == OVER and water_of(step)["anna"] == 8
    assert GAME.prompts(step.state) == [] and not step.state.players["anna"].late
