"""The caretaker through the moderator's commands: `pbem robot --style caretaker` is kept in game.yaml and undone
by --off, its orders are stored with its reasons, a game with a caretaker seat replays exactly and comes out the
same from the same seed, and a game without a caretaker refuses the style."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from engine.rng import Rng
from pbem import batch, bench
from pbem.cli import main
from pbem.store import GameDir, StoreError, open_game


def pbem(*args: str, code: int = 0) -> str:
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    assert result.exit_code == code, result.output
    return result.output


def caretaker_game(folder: Path, seed: str = "care-1") -> None:
    """A 2-player Pax Pamir game, anna under the caretaker and ben a random robot, played to its end."""
    pbem("new", str(folder), "--game", "pax-pamir", "--seed", seed, "--player", "anna", "--player", "ben")
    assert "the caretaker now plays: anna" in pbem("robot", str(folder), "--seat", "anna", "--style", "caretaker")
    pbem("robot", str(folder), "--seat", "ben")
    assert "the game is over" in pbem("run", "--no-reports", str(folder))


def stored_orders(folder: Path, seat: str) -> list[str]:
    """The order documents the seat's step folders hold, in step order."""
    return [path.read_text() for path in sorted(folder.glob(f"steps/*/orders/{seat}.yaml"))]


def test_a_caretaker_seat_is_kept_in_game_yaml_and_given_back_with_off(tmp_path: Path) -> None:
    folder = tmp_path / "g1"
    pbem("new", str(folder), "--game", "pax-pamir", "--seed", "care-0", "--player", "anna", "--player", "ben")
    pbem("robot", str(folder), "--seat", "anna", "--style", "caretaker")
    seat = open_game(folder).meta.seat("anna")
    assert (seat.robot, seat.robot_style) == (True, "caretaker")
    assert "robot_style: caretaker" in (folder / "game.yaml").read_text()
    pbem("robot", str(folder), "--seat", "anna")  # the random robot again: stored as no style, as older games
    seat = open_game(folder).meta.seat("anna")
    assert (seat.robot, seat.robot_style) == (True, None)
    assert "robot_style" not in (folder / "game.yaml").read_text()
    pbem("robot", str(folder), "--seat", "anna", "--style", "caretaker")
    assert "people now play: anna" in pbem("robot", str(folder), "--seat", "anna", "--off")
    seat = open_game(folder).meta.seat("anna")
    assert (seat.robot, seat.robot_style) == (False, None)


def test_a_game_with_a_caretaker_seat_replays_exactly_and_is_the_same_from_the_same_seed(tmp_path: Path) -> None:
    caretaker_game(tmp_path / "first")
    caretaker_game(tmp_path / "second")
    assert "replay exactly" in pbem("replay", str(tmp_path / "first"))
    first, second = stored_orders(tmp_path / "first", "anna"), stored_orders(tmp_path / "second", "anna")
    assert first and [text.replace("second", "first") for text in second] == first
    turns = [text for text in first if "actions:" in text]
    assert turns and all(text.startswith("# caretaker orders for anna\n# caretaker: ") for text in turns)
    assert "standing:\n  bribe: full" in first[0] + turns[0]  # a ruler's bribe answered in advance, once
    ben = stored_orders(tmp_path / "first", "ben")
    assert ben and all(text.startswith("# robot orders for ben\n") and "caretaker" not in text for text in ben)


def test_a_seat_without_a_style_plays_the_random_robots_orders(tmp_path: Path) -> None:
    folder = tmp_path / "g2"
    pbem("new", str(folder), "--game", "pax-pamir", "--seed", "care-2", "--player", "anna", "--player", "ben")
    pbem("robot", str(folder), "--seat", "all")
    gd = GameDir(folder)
    state = gd.state()
    seat = gd.game.prompts(state)[0].seat
    with gd.lock():
        batch.play_robots(gd, [seat])
    expected = gd.game.random_order(state, seat, Rng.for_robot("care-2", 1, seat))
    text = gd.pending()[seat]
    assert text.startswith(f"# robot orders for {seat}\n") and f"loyalty: {expected['loyalty']}" in text


def test_a_game_without_a_caretaker_refuses_the_style(tmp_path: Path) -> None:
    folder = tmp_path / "toy"
    pbem("new", str(folder), "--game", "highest-unique", "--seed", "1", "--player", "anna", "--player", "ben")
    output = pbem("robot", str(folder), "--seat", "anna", "--style", "caretaker", code=1)
    assert "has no caretaker yet" in output and "Traceback" not in output
    assert not open_game(folder).meta.seat("anna").robot


def test_a_hand_edited_robot_style_that_means_nothing_is_an_error_naming_its_line(tmp_path: Path) -> None:
    folder = tmp_path / "g3"
    pbem("new", str(folder), "--game", "pax-pamir", "--seed", "care-3", "--player", "anna", "--player", "ben")
    meta = folder / "game.yaml"
    meta.write_text(meta.read_text().replace("robot: false", "robot: true\n  robot_style: clever", 1))
    try:
        open_game(folder)
    except StoreError as error:
        assert "robot_style: 'clever'" in str(error) and "random or caretaker" in str(error)
    else:
        raise AssertionError("a robot style that means nothing was accepted")


@pytest.mark.slow  # whole games
def test_the_bench_plays_seeded_games_with_one_caretaker_seat_and_counts_its_thinking() -> None:
    first = bench.caretaker_games("pax-pamir", 2, range(2))
    again = bench.caretaker_games("pax-pamir", 2, range(2))
    assert first.games == 2 and first.turns > 10 and 0 < first.cpu and first.slowest <= first.cpu
    assert (first.wins, first.turns) == (again.wins, again.turns)  # the same seeds play the same games
