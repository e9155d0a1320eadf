"""Complete Pax Pamir games through the CLI: robots to the end, then an exact replay of the archive."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from pbem.cli import main
from pbem.store import open_game

SEATS = ("anna", "ben", "cleo", "dara", "emil")


def pbem(*args: str) -> str:
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def play(folder: Path, seed: int, seats: tuple[str, ...], *options: str) -> None:
    pbem("new", str(folder), "--game", "pax-pamir", "--seed", str(seed),
         *(arg for seat in seats for arg in ("--player", seat)), *options)
    pbem("robot", str(folder), "--seat", "all")
    assert "the game is over" in pbem("run", "--no-reports", str(folder))


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", [1, 2])
def test_robot_games_replay_exactly(tmp_path: Path, players: int, seed: int) -> None:
    folder = tmp_path / "pp"
    play(folder, seed, SEATS[:players])
    assert "replay exactly" in pbem("replay", str(folder))
    info = json.loads(pbem("status", str(folder), "--json"))
    assert info["finished"] and info["winners"]


@pytest.mark.slow
@pytest.mark.parametrize("humans", [1, 2])
def test_games_against_wakhan_replay_exactly(tmp_path: Path, humans: int) -> None:
    folder = tmp_path / "wk"
    play(folder, 5, SEATS[:humans], "--option", "wakhan=yes")
    assert "replay exactly" in pbem("replay", str(folder))


def test_a_changed_archived_order_is_caught_by_replay(tmp_path: Path) -> None:
    folder = tmp_path / "pp"
    play(folder, 3, SEATS[:2])
    gd = open_game(folder)
    # Step 1 is the first loyalty choice: answer it differently in the archive.
    path = gd.step_dir(1) / "orders"
    [order] = list(path.glob("*.yaml"))
    text = order.read_text()
    chosen = next(c for c in ("afghan", "british", "russian") if f"loyalty: {c}" in text)
    other = next(c for c in ("afghan", "british", "russian") if c != chosen)
    order.write_text(text.replace(f"loyalty: {chosen}", f"loyalty: {other}"))
    result = CliRunner().invoke(main, ["replay", str(folder)])
    assert result.exit_code == 1 and "step 1" in result.output
