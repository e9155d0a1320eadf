"""`make bench`'s robot-game table: one line per game, seat count and robot variant, figures from real games."""

from __future__ import annotations

import re
from typing import Any

import pytest

from engine import registry
from engine.contract import GameBase
from engine.simulate import Setup, robot_setups
from pbem import bench

#: A line of the table: the label, then games, CPU ms per game (median, slowest), per turn and per order entry,
#: turns and entries per game.
ROW = re.compile(r"^  (\S.*?) +(\d+) +([\d.]+) +([\d.]+) +([\d.]+) +([\d.]+) +([\d.]+) +([\d.]+)$")


def test_every_game_seat_count_and_variant_has_a_line(monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(bench, "SEEDS", range(2))
    bench.bench_robot_games()
    bench.bench_resolve()
    out = capsys.readouterr().out
    labels = [setup.label for game in registry.games().values() for setup in robot_setups(game)]
    rows = {found.group(1): found.groups()[1:] for found in map(ROW.match, out.splitlines()) if found}
    assert labels and set(labels) == set(rows), sorted(rows)
    for label in rows:
        count, median, worst, per_turn, per_entry, turns, entries = map(float, rows[label])
        assert count == 2 and 0 < median <= worst and 0 < per_turn and 0 < per_entry <= per_turn, label
        assert turns >= 1 and entries > 0, label
    assert "resolve per step" in out


def test_a_newly_installed_game_gets_its_lines_without_edits(monkeypatch: pytest.MonkeyPatch) -> None:
    class Newcomer(GameBase):
        title = "Newcomer"
        player_counts = range(3, 5)
        robot_variants = {"a robot crew": {"crew": True}}

        def seat_counts(self, options: dict[str, Any]) -> range:
            return range(1, 2) if options.get("crew") else self.player_counts

    assert robot_setups(Newcomer()) == [Setup("Newcomer, 3 players", 3), Setup("Newcomer, 4 players", 4),  # type: ignore[arg-type]
                                        Setup("Newcomer, 1 player and a robot crew", 1, {"crew": True})]
    monkeypatch.setattr(registry, "games", lambda: {"newcomer": Newcomer()})
    played: list[tuple[str, int, dict[str, Any]]] = []
    monkeypatch.setattr(bench, "whole_games", lambda game_id, players, seeds, options: played.append(
        (game_id, players, dict(options))) or bench.Timing([0.01], 1, 1))
    bench.bench_robot_games()
    assert played == [("newcomer", 3, {}), ("newcomer", 4, {}), ("newcomer", 1, {"crew": True})]


def test_per_turn_and_per_entry_divide_all_the_games_time() -> None:
    timing = bench.Timing(cpu=[0.1, 0.2, 0.5], turns=40, entries=80)
    assert (timing.per_turn, timing.per_entry) == (pytest.approx(0.02), pytest.approx(0.01))


def test_an_order_counts_each_action_each_keyed_answer_and_each_other_value() -> None:
    order = {"actions": [{"action": "tax"}, {"action": "move"}], "answers": {"a": 1, "b": 2}, "loyalty": "russian"}
    assert bench.order_entries(order) == 5
    assert bench.order_entries({"actions": []}) == 0


@pytest.mark.parametrize("game_id", sorted(registry.games()))
def test_a_batch_of_seeded_games_for_timing_from_outside(game_id: str) -> None:
    from click.testing import CliRunner

    game = registry.get(game_id)
    players = game.player_counts.start
    result = CliRunner().invoke(bench.main, ["--game", game_id, "--players", str(players), "--games", "2"])
    assert result.exit_code == 0, result.output
    found = re.fullmatch(re.escape(f"{game.title}, {players} players: 2 games, ")
                         + r"([\d.]+) steps a game, ([\d.]+) CPU ms a game, ([\d.]+) games/s\n", result.output)
    assert found and all(float(figure) > 0 for figure in found.groups()), result.output
