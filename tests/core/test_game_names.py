"""Game folder names become order headers, mail subjects and site paths, so a new game's name is a safe word."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from pbem.cli import main
from pbem.game_yaml import GAME_NAME_RULE
from pbem.store import open_game

from .conftest import TOY


def invoke(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    return result.exit_code, result.output


def new(folder: Path) -> tuple[int, str]:
    return invoke("new", str(folder), "--game", TOY.id, "--seed", "1", "--player", "anna", "--player", "ben")


@pytest.mark.parametrize("name", ["bad\nname", "name\n", "<script>", "-rf", "a b", "ünï", ".hidden", "a.b", "x" * 65])
def test_new_refuses_a_game_folder_name_that_is_not_a_safe_word(tmp_path: Path, name: str) -> None:
    folder = tmp_path / name
    code, out = new(folder)
    assert code == 1 and out.count("\n") == 1, out
    assert f"{str(folder)!r}: {GAME_NAME_RULE}" in out
    assert not folder.exists()


def test_new_refuses_a_folder_without_a_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out = new(Path("."))
    assert code == 1 and GAME_NAME_RULE in out
    assert not (tmp_path / "game.yaml").exists()


@pytest.mark.parametrize("name", ["g1", "2026-spring", "Pax_Pamir-3", "x" * 64])
def test_new_accepts_safe_words(tmp_path: Path, name: str) -> None:
    assert new(tmp_path / name)[0] == 0


def test_an_existing_folder_with_an_odd_name_still_opens(tmp_path: Path) -> None:
    assert new(tmp_path / "plain")[0] == 0
    odd = tmp_path / "<b>odd & name"
    (tmp_path / "plain").rename(odd)  # as an archive made before names were checked
    assert open_game(odd).name == "<b>odd & name"
    code, out = invoke("status", str(odd))
    assert code == 0 and "'<b>odd & name': step 0" in out


def test_a_seat_name_with_a_trailing_newline_is_refused(tmp_path: Path) -> None:
    code, out = invoke("new", str(tmp_path / "g"), "--game", TOY.id, "--seed", "1", "--player", "anna\n",
                       "--player", "ben")
    assert code == 2 and "seat name" in out and not (tmp_path / "g").exists()
