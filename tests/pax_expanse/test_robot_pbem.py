"""Pax Expanse through the moderator's commands: robots play it to the end, the archive replays exactly, a
changed archived order is caught, and `make bench` has its lines."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from pbem import bench
from pbem.cli import main
from pbem.store import open_game

SEATS = ("anna", "ben", "cleo", "dara")


def pbem(*args: str) -> str:
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def play(folder: Path, seed: int, seats: tuple[str, ...]) -> None:
    pbem("new", str(folder), "--game", "pax-expanse", "--seed", str(seed),
         *(arg for seat in seats for arg in ("--player", seat)))
    pbem("robot", str(folder), "--seat", "all")
    assert "the game is over" in pbem("run", "--no-reports", str(folder))


@pytest.mark.slow  # whole robot games through the CLI, then replayed
@pytest.mark.parametrize("players", [3, 4])
def test_robot_games_through_the_cli_replay_exactly(tmp_path: Path, players: int) -> None:
    folder = tmp_path / "px"
    play(folder, players, SEATS[:players])
    assert "replay exactly" in pbem("replay", str(folder))
    info = json.loads(pbem("status", str(folder), "--json"))
    assert info["finished"] and info["winners"]


@pytest.mark.slow  # whole robot games through the CLI, then replayed
def test_a_changed_secret_loyalty_in_the_archive_is_caught_by_replay(tmp_path: Path) -> None:
    folder = tmp_path / "px"
    play(folder, 11, SEATS[:3])
    gd = open_game(folder)
    # Step 1 is the secret loyalty choice of every seat at once: change one seat's archived answer.
    order = sorted((gd.step_dir(1) / "orders").glob("*.yaml"))[0]
    text = order.read_text()
    chosen = next(c for c in ("un", "mcr", "opa") if f"loyalty: {c}" in text)
    order.write_text(text.replace(f"loyalty: {chosen}", f"loyalty: {'mcr' if chosen != 'mcr' else 'un'}"))
    result = CliRunner().invoke(main, ["replay", str(folder)])
    assert result.exit_code != 0 and "replay exactly" not in result.output


def test_bench_has_a_line_for_three_and_four_players(monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(bench, "SEEDS", range(1))
    bench.bench_resolve()  # every game from the registry, Pax Expanse among them
    bench.bench_robot_games()  # the table of whole games, drawn from the registry
    out = capsys.readouterr().out
    assert "Pax Expanse, 4 players:" in out and "resolve per step" in out
    for label in ("Pax Expanse, 3 players", "Pax Expanse, 4 players"):
        (line,) = [row for row in out.splitlines() if row[2:].startswith(label + " ")]
        count, median, *_ = line[len(label) + 2:].split()
        assert count == "1" and float(median) > 0, line  # one game measured, in a real time
