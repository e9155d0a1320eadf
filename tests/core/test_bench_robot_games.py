"""`make bench`'s robot-game table: one line per game and seat count, figures taken from real games."""

from __future__ import annotations

import pytest

from pbem import bench


def test_every_game_and_seat_count_has_a_line(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(bench, "SEEDS", range(2))
    bench.bench_pax_pamir()
    bench.bench_expedition()
    out = capsys.readouterr().out
    for label in ("Pax Pamir, 2 players", "Pax Pamir, 3 players", "Pax Pamir, 4 players", "Pax Pamir, 5 players",
                  "Pax Pamir, 1 player and Wakhan", "Pax Pamir, 2 players and Wakhan", "Expedition to 5X, 3 players",
                  "Expedition to 5X, 4 players", "Expedition to 5X, 5 players"):
        (line,) = [row for row in out.splitlines() if row[2:36].rstrip() == label]
        count, median, _, _, _, per_second, cpu, _ = line[len(label) + 2:].split()
        assert count == "2" and float(median) > 0 and float(per_second) > 0 and float(cpu) >= 0, line
    assert "resolve per step" in out


def test_games_per_second_is_taken_at_the_median_game() -> None:
    timing = bench.Timing(wall=[0.1, 0.2, 0.5], cpu=[0.1, 0.1, 0.1])
    assert timing.games_per_second == pytest.approx(5.0)
