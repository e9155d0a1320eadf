"""The CLI: exit codes 0 (done), 1 (rejected input), 2 (usage); clear messages, no tracebacks."""

from __future__ import annotations

import json
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner

from engine import registry
from pbem import intake
from pbem.cli import entry, main
from pbem.files import Busy
from pbem.store import GameDir, open_game

from .conftest import TOY, order_text


def invoke(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    return result.exit_code, result.output


def new_toy(tmp_path: Path) -> Path:
    code, out = invoke("new", str(tmp_path / "g"), "--game", TOY.id, "--seed", "3",
                       "--player", "anna:anna@example.org", "--player", "ben")
    assert code == 0, out
    return tmp_path / "g"


def test_games_lists_installed_games() -> None:
    code, out = invoke("games")
    assert code == 0 and "Highest Unique" in out


def test_new_prints_tokens_and_refuses_bad_input(tmp_path: Path) -> None:
    game = new_toy(tmp_path)
    assert (game / "game.yaml").exists()
    code, out = invoke("new", str(tmp_path / "h"), "--game", TOY.id, "--seed", "1", "--player", "a")
    assert code == 1 and "takes 2–4 players" in out
    code, out = invoke("new", str(tmp_path / "h"), "--game", "chess", "--seed", "1", "--player", "a")
    assert code == 1 and "unknown game 'chess'" in out
    code, out = invoke("new", str(tmp_path / "h"), "--game", TOY.id, "--seed", "1", "--player", "a/b", "--player", "c")
    assert code == 2 and "seat name" in out


def test_check_submit_run_status_replay(tmp_path: Path) -> None:
    game = new_toy(tmp_path)
    bad = tmp_path / "bad.yaml"
    bad.write_text(order_text("anna", 1, "four", game="g"))
    code, out = invoke("check", str(game), str(bad))
    assert code == 1 and f"{bad}:4:7: pick must be 1, 2 or 3" in out
    good = tmp_path / "anna.yaml"
    good.write_text(order_text("anna", 1, 3, game="g"))
    assert invoke("check", str(game), str(good))[0] == 0
    assert not (game / "pending").exists(), "check stores nothing"
    code, out = invoke("submit", str(game), str(good))
    assert code == 0 and "accepted orders of anna for step 1" in out
    code, out = invoke("run", "--no-reports", str(game))
    assert code == 0 and "waiting for ben" in out
    code, out = invoke("status", str(game), "--json")
    info = json.loads(out)
    assert info["waiting_for"] == ["ben"] and info["step"] == 0 and info["finished"] is False
    assert set(info) >= {"game", "step", "waiting_for", "finished", "scores"}
    assert invoke("robot", str(game), "--seat", "all")[0] == 0
    code, out = invoke("run", "--no-reports", str(game))
    assert code == 0 and "the game is over" in out
    code, out = invoke("replay", str(game))
    assert code == 0 and "replay exactly" in out


def test_not_a_game_directory_is_rejected(tmp_path: Path) -> None:
    code, out = invoke("status", str(tmp_path))
    assert code == 1 and "not a pbem game directory" in out


def test_a_file_that_cannot_be_written_is_one_clear_line(tmp_path: Path) -> None:
    game = new_toy(tmp_path)
    code, out = invoke("book", str(game), "-o", str(tmp_path / "missing" / "book.pdf"))
    assert code == 1 and out.strip() == f"Error: {tmp_path / 'missing' / 'book.pdf'}: No such file or directory"
    (tmp_path / "file").write_text("")
    code, out = invoke("new", str(tmp_path / "file" / "g"), "--game", TOY.id, "--seed", "1", "--player", "a",
                       "--player", "b")
    assert code == 1 and out.count("\n") == 1 and "Not a directory" in out


def test_a_damaged_snapshot_is_named_not_a_crash(tmp_path: Path) -> None:
    game = new_toy(tmp_path)
    (game / "steps" / "0000" / "state.json").write_text("{")
    code, out = invoke("status", str(game))
    assert code == 1 and out.count("\n") == 1
    assert f"{game / 'steps' / '0000' / 'state.json'}: cut short (not a whole snapshot); rebuild it" in out


def test_report_for_one_seat_renders_only_that_seat(tmp_path: Path) -> None:
    game = new_toy(tmp_path)
    code, out = invoke("report", str(game), "--seat", "ben", "--format", "html")
    assert code == 0 and out == f"{game / 'steps' / '0000' / 'reports' / 'ben.html'}\n"
    folder = game / "steps" / "0000" / "reports"
    assert sorted(p.name for p in folder.iterdir()) == ["ben.html", "ben.json", "ben.order.yaml", "ben.txt"]
    assert not (game / "mail" / "outbox").exists(), "re-rendering queues no mail"
    code, out = invoke("report", str(game), "--seat", "ben")  # the PDF, rendered because it is asked for
    assert code == 0 and out == f"{folder / 'ben.pdf'}\n" and (folder / "ben.pdf").read_bytes().startswith(b"%PDF-")


def test_run_goes_on_after_a_game_it_cannot_run(tmp_path: Path) -> None:
    game = new_toy(tmp_path)
    assert invoke("robot", str(game), "--seat", "all")[0] == 0
    (tmp_path / "not-a-game").mkdir()
    result = CliRunner().invoke(main, ["run", "--no-reports", str(tmp_path / "not-a-game"), str(game)])
    assert result.exit_code == 1
    assert "not-a-game: not a pbem game directory" in result.output and "g: resolved 3 steps" in result.output


def test_run_steps_resolves_at_most_that_many_steps_and_the_next_run_goes_on(tmp_path: Path) -> None:
    stepped, whole = new_toy(tmp_path / "a"), new_toy(tmp_path / "b")
    for game in (stepped, whole):
        assert invoke("robot", str(game), "--seat", "all")[0] == 0
    code, out = invoke("run", "--no-reports", "--steps", "1", "--json", str(stepped))
    ran = json.loads(out)["games"][0]
    assert (ran["resolved"], ran["finished"], ran["waiting_for"]) == ([1], False, []), "nobody waits for robots"
    code, out = invoke("run", "--no-reports", "--steps", "1", str(stepped))
    assert code == 0 and "g: resolved 1 step, as --steps 1 asked; the next run goes on from there" in out, out
    assert json.loads(invoke("status", str(stepped), "--json")[1])["step"] == 2
    code, out = invoke("run", "--no-reports", "--steps", "2", str(stepped))
    assert code == 0 and "g: resolved 1 step; the game is over" in out, out
    assert invoke("run", "--no-reports", str(whole))[0] == 0
    assert open_game(stepped).state() == open_game(whole).state(), "step by step ends where one run does"
    assert invoke("replay", str(stepped))[0] == 0
    code, out = invoke("run", "--steps", "0", str(stepped))
    assert code == 2 and "--steps" in out


def test_every_command_help_shows_an_example() -> None:
    def commands(group: click.Group, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
        """Every command that does something (groups only gather them)."""
        found = []
        ctx = click.Context(group)
        for name in group.list_commands(ctx):  # through click's API: some commands are loaded when named
            command = group.get_command(ctx, name)
            if isinstance(command, click.Group):
                found += commands(command, (*prefix, name))
            else:
                found.append((*prefix, name))
        return found

    names = commands(main)
    assert ("run",) in names and ("mail", "fetch") in names
    for name in [(), *names]:
        code, out = invoke(*name, "--help")
        assert code == 0 and "Example" in out and "pbem " in out.split("Example", 1)[1], name


def test_submit_and_withdraw_work_only_while_holding_the_games_lock(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = new_toy(tmp_path)
    held: list[bool] = []

    def lock_is_held() -> None:
        try:
            with open_game(game).lock(wait=False):
                held.append(False)
        except Busy:
            held.append(True)

    def noting_the_lock(real: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            lock_is_held()
            return real(*args, **kwargs)

        return wrapper

    monkeypatch.setattr(intake, "submit", noting_the_lock(intake.submit))
    monkeypatch.setattr(GameDir, "withdraw_pending", noting_the_lock(GameDir.withdraw_pending))
    orders = tmp_path / "anna.yaml"
    orders.write_text(order_text("anna", 1, 3, game="g"))
    assert invoke("submit", str(game), str(orders))[0] == 0
    assert invoke("withdraw", str(game), "anna")[0] == 0
    assert held == [True, True]


def test_an_internal_error_is_one_line_exit_1_and_a_saved_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(*_args: object, **_kwargs: object) -> None:
        raise RuntimeError("the rules met a case nobody wrote")

    monkeypatch.setattr(registry, "games", broken)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    monkeypatch.setattr(sys, "argv", ["pbem", "games"])
    with pytest.raises(SystemExit) as exited:
        entry()
    assert exited.value.code == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("pbem: internal error: the rules met a case nobody wrote")
    [saved] = tmp_path.glob("pbem-crash-*.txt")
    assert saved.name in err and "Traceback" in saved.read_text() and "Traceback" not in err


def test_forced_seats_are_told_when_the_game_is_played_by_mail(tmp_path: Path) -> None:
    (tmp_path / "pbem.yaml").write_text("from: pbem@games.example.org\n")
    code, out = invoke("new", str(tmp_path / "g"), "--game", TOY.id, "--seed", "3",
                       "--player", "anna:anna@example.org", "--player", "ben")
    assert code == 0 and "queued 1 welcome mail" in out
    code, out = invoke("run", "--force", "--no-reports", str(tmp_path / "g"))
    assert code == 0 and "default orders for anna, ben" in out
    outbox = sorted(p.name for p in (tmp_path / "g" / "mail" / "outbox").iterdir())
    assert outbox == ["missed-0001-anna.eml", "welcome-anna.eml"], "ben has no address to tell"


def test_report_all_steps_renders_every_missing_pdf_once_for_the_archive(tmp_path: Path) -> None:
    game = new_toy(tmp_path)
    code, out = invoke("report", str(game), "--all-steps", "--seat", "ben")
    pdf = game / "steps" / "0000" / "reports" / "ben.pdf"
    assert code == 0 and out == f"{pdf}\n" and pdf.read_bytes().startswith(b"%PDF-")
    assert not (game / "steps" / "0000" / "reports" / "anna.pdf").exists()
    made = pdf.stat().st_mtime_ns
    code, out = invoke("report", str(game), "--all-steps")
    assert code == 0 and out.splitlines() and all(line.endswith(".pdf") for line in out.splitlines())
    assert all(Path(line).is_file() for line in out.splitlines())
    assert pdf.stat().st_mtime_ns == made, "a PDF already made is kept, not rendered again"
    code, out = invoke("report", str(game), "--all-steps", "--seat", "nobody")
    assert code == 1 and "unknown seat 'nobody'" in out
