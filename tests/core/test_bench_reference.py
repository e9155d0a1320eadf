"""`make bench`'s comparison with the reference engine: the Node driver plays any engine with its three calls."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine import contract
from pbem import bench
from pbem.bench_reference import Batch, ReferenceMissing, checkout, play

#: An engine with the reference's three calls: two seats take turns counting to 12, each turn one or two steps.
TOY_RULES = """
exports.setup = function (seed, scenario, options) {
  return { state: "count", active: "a", phasing: "a", count: 0 }
}
exports.view = function (state, current) {
  return { actions: { step: [1, 2], undo: 0 } }
}
exports.action = function (state, current, action, arg) {
  if (action !== "step") throw new Error("Invalid action: " + action)
  const next = { ...state, count: state.count + arg }
  if (next.count >= 12) next.state = "game_over"
  next.active = next.phasing = state.active === "a" ? "b" : "a"
  return next
}
"""


WHERE = "https://example.org/reference"


def test_a_missing_reference_says_where_to_get_one(tmp_path: Path) -> None:
    with pytest.raises(ReferenceMissing, match=f"clone {WHERE} outside this project"):
        checkout(None, WHERE)
    with pytest.raises(ReferenceMissing, match="no rules.js"):
        checkout(str(tmp_path), WHERE)


def test_the_bench_section_says_why_it_measured_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    game = bench.reference_game()
    assert game is not None, "a shipped game names the engine it is measured against"
    reference = contract.bench(game).reference
    assert reference is not None and set(reference.scenarios) <= set(game.player_counts)
    bench.bench_reference(None)
    assert f"(not measured: no reference named: clone {reference.repository}" in capsys.readouterr().out


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_driver_plays_every_game_to_its_end_and_counts_turns_and_decisions(tmp_path: Path) -> None:
    (tmp_path / "rules.js").write_text(TOY_RULES, encoding="utf-8")
    played = play(checkout(str(tmp_path), WHERE), "2P", games=5, first_seed=1, warm_up=1)
    assert played.games == 5 and played.cpu >= 0
    # Every decision passes the turn, and a game takes 6 to 12 steps of one or two.
    assert played.turns == played.decisions and 5 * 6 <= played.decisions <= 5 * 12


def test_the_comparison_reports_the_median_and_the_spread_of_its_rounds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each round's ratio is ours over theirs; the figure is their median, beside the lowest and highest round."""
    ours = iter([2.0, 3.0, 2.5])  # CPU seconds of our batch in each round
    theirs = iter([1.0, 1.0, 0.5])
    monkeypatch.setattr(bench, "whole_games", lambda *args: bench.Timing([next(ours)], 10, 20))
    monkeypatch.setattr(bench, "play", lambda *args, **kwargs: Batch(1, 20, 10, next(theirs)))
    game = bench.reference_game()
    assert game is not None
    ratio = bench.against_reference(game, Path("unused"), 2, {}, rounds=3, games=1)
    assert (ratio.game, ratio.game_low, ratio.game_high) == (3.0, 2.0, 5.0)
    assert ratio.ours_ms == 2500 and ratio.theirs_ms == 1000
