"""Expedition to 5X's caretaker through pbem: `pbem robot --style caretaker` plays a seat to the end, its stored orders
carry one line per decision saying why, and the game replays exactly and comes out the same from the same seed."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from engine import registry
from engine.contract import has_caretaker
from pbem.cli import main

SEATS = ("anna", "ben", "cleo", "dan")


def pbem(*args: str) -> str:
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def caretaker_game(folder: Path) -> list[str]:
    """A 4-player game, anna under the caretaker, the others random robots, to its end: anna's stored orders."""
    pbem("new", str(folder), "--game", "expedition-5x", "--seed", "care-x5", *[a for s in SEATS for a in ("--player", s)])
    assert "the caretaker now plays: anna" in pbem("robot", str(folder), "--seat", "anna", "--style", "caretaker")
    pbem("robot", str(folder), "--seat", "ben", "--seat", "cleo", "--seat", "dan")
    assert "the game is over" in pbem("run", "--no-reports", str(folder))
    return [path.read_text() for path in sorted(folder.glob("steps/*/orders/anna.yaml"))]


def test_expedition_offers_a_caretaker() -> None:
    assert has_caretaker(registry.get("expedition-5x"))


def test_a_caretaker_seat_says_why_replays_exactly_and_repeats_from_its_seed(tmp_path: Path) -> None:
    first = caretaker_game(tmp_path / "first")
    second = caretaker_game(tmp_path / "second")
    assert "replay exactly" in pbem("replay", str(tmp_path / "first"))
    assert first and [text.replace("second", "first") for text in second] == first
    assert all(text.startswith("# caretaker orders for anna\n# caretaker: ") for text in first)
