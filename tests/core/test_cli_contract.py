"""What scripts rely on: exit codes as the README gives them, `--json` documents, and quiet output when piped."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner, Result

from pbem import progress
from pbem.cli import LazyGroup, main
from pbem.store import open_game

from .conftest import TOY, order_text

#: The names of the folder arguments: a game (DIRECTORY), several (DIRECTORIES) or a root of games (ROOT).
FOLDERS = ("directory", "directories", "root")
#: What a command needs besides its folder before it reaches the folder (else it stops at a usage error).
EXTRA = {("deadline",): ["--extend", "1d"], ("replace",): ["--address", "dora@example.org"]}
#: The commands the README says have --json.
JSON_COMMANDS = {("check",), ("submit",), ("run",), ("status",), ("tick",), ("mail", "press")}


def commands(group: click.Group = main, prefix: tuple[str, ...] = ()) -> dict[tuple[str, ...], click.Command]:
    """Every command that does something, through click's API (some are imported only when named)."""
    found: dict[tuple[str, ...], click.Command] = {}
    ctx = click.Context(group)
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        assert command is not None
        if isinstance(command, click.Group):
            found.update(commands(command, (*prefix, name)))
        else:
            found[(*prefix, name)] = command
    return found


def folder_commands() -> dict[tuple[str, ...], click.Command]:
    """The commands that open a folder that must exist (`new` makes its folder)."""
    found = {name: command for name, command in commands().items()
             if any(isinstance(p, click.Argument) and p.name in FOLDERS for p in command.params)}
    assert set(found) >= {("status",), ("run",), ("check",), ("hold",), ("tick",), ("mail", "press"), ("site",)}
    return {name: command for name, command in found.items() if name != ("new",)}


def arguments(name: tuple[str, ...], command: click.Command, folder: Path, tmp_path: Path) -> list[str]:
    """A command line for `command` that is whole but for `folder`: every other argument and required option
    filled with something of its type."""
    orders = tmp_path / "orders.yaml"
    orders.write_text("game: g\n", encoding="utf-8")

    def value(param: click.Parameter) -> str:
        if isinstance(param.type, click.Path):
            return str(orders) if param.type.exists else str(tmp_path / "out")
        if isinstance(param.type, click.types.IntParamType):
            return "1"
        return "anna"

    line = [*name]
    for param in command.params:
        if isinstance(param, click.Argument):
            line.append(str(folder) if param.name in FOLDERS else value(param))
        elif isinstance(param, click.Option) and param.required:
            line += [param.opts[0], value(param)]
    return [*line, *EXTRA.get(name, [])]


def invoke(*args: str) -> Result:
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    return result


def toy(tmp_path: Path) -> Path:
    result = invoke("new", str(tmp_path / "g"), "--game", TOY.id, "--seed", "3", "--player", "anna:anna@example.org",
                    "--player", "ben")
    assert result.exit_code == 0, result.output
    return tmp_path / "g"


def secrets(game: Path, tokens: list[str]) -> list[str]:
    """What no output may show: the seats' tokens and the hashes game.yaml keeps of them."""
    return [*tokens, *(seat.token_hash for seat in open_game(game).meta.seats if seat.token_hash)]


def test_usage_errors_exit_2(tmp_path: Path) -> None:
    assert invoke("status").exit_code == 2  # a missing argument
    assert invoke("run", "--fast", str(tmp_path)).exit_code == 2  # an unknown option
    result = invoke("status", "--json")
    assert result.exit_code == 2 and result.stdout == "", "a usage error prints no JSON"


def test_every_command_refuses_a_missing_folder_with_exit_1_naming_it(tmp_path: Path) -> None:
    missing = tmp_path / "no-such-game"
    for name, command in folder_commands().items():
        result = invoke(*arguments(name, command, missing, tmp_path))
        assert result.exit_code == 1, (name, result.output)
        assert result.stderr == f"Error: {missing}: no such folder\n", (name, result.output)
        assert result.stdout == "", name
        assert not missing.exists(), f"{name} made the folder"


def test_every_game_command_refuses_a_file_or_a_folder_without_a_game(tmp_path: Path) -> None:
    afile = tmp_path / "afile"
    afile.write_text("")
    empty = tmp_path / "empty"
    empty.mkdir()
    for name, command in folder_commands().items():
        if not any(p.name in ("directory", "directories") for p in command.params):
            continue  # a root of games may hold none
        result = invoke(*arguments(name, command, afile, tmp_path))
        assert result.exit_code == 1 and result.stderr == f"Error: {afile}: not a folder\n", (name, result.output)
        result = invoke(*arguments(name, command, empty, tmp_path))
        assert result.exit_code == 1 and f"{empty}: not a pbem game directory" in result.stderr, (name, result.output)
        assert result.stderr.count("\n") == 1, name


def test_the_commands_with_json_are_the_readmes(tmp_path: Path) -> None:
    with_json = {name for name, command in commands().items() if any(p.name == "as_json" for p in command.params)}
    assert with_json == JSON_COMMANDS
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    for name in with_json:
        assert f"pbem {' '.join(name)}" in readme.split("## Output for scripts", 1)[1].split("\n## ", 1)[0], name


def test_an_error_in_json_mode_is_a_json_object_and_a_line_on_stderr(tmp_path: Path) -> None:
    missing = tmp_path / "gone"
    for name in JSON_COMMANDS:
        result = invoke(*arguments(name, commands()[name], missing, tmp_path), "--json")
        assert result.exit_code == 1, name
        document = json.loads(result.stdout)
        assert document["ok"] is False and document["error"] == f"{missing}: no such folder", name
        if name != ("run",):  # run names each of its games, each with its own error
            assert document == {"ok": False, "error": f"{missing}: no such folder"}, name
        assert result.stderr == f"Error: {missing}: no such folder\n", name


def test_check_json_names_each_file_its_problems_and_never_a_token(tmp_path: Path) -> None:
    game = toy(tmp_path)
    token = "Zq3-anna-secret"
    good = tmp_path / "anna.yaml"
    good.write_text(order_text("anna", 1, 3, game="g", extra=f"token: {token}\n"))
    bad = tmp_path / "ben.yaml"
    bad.write_text(order_text("ben", 1, "four", game="g"))
    result = invoke("check", str(game), str(good), "--json")
    assert result.exit_code == 0 and result.stderr == ""
    document = json.loads(result.stdout)
    assert document == {"ok": True, "game": "g", "files": [
        {"file": str(good), "valid": True, "seat": "anna", "step": 1, "problems": [], "warnings": []}]}
    result = invoke("check", str(game), str(good), str(bad), "--json")
    assert result.exit_code == 1 and result.stderr == "Error: 1 of 2 order files have problems\n"
    document = json.loads(result.stdout)
    assert document["ok"] is False and document["error"] == "1 of 2 order files have problems"
    [_, refused] = document["files"]
    assert refused == {"file": str(bad), "valid": False, "seat": "ben", "step": 1, "warnings": [],
                       "problems": [{"file": str(bad), "line": 4, "col": 7,
                                     "message": "pick must be 1, 2 or 3, not 'four'"}]}
    assert not any(secret in result.stdout for secret in [token, *secrets(game, [])])
    assert not (game / "pending").exists(), "check stores nothing"


def test_submit_json_says_what_was_kept_and_is_the_same_on_a_second_call(tmp_path: Path) -> None:
    game = toy(tmp_path)
    orders = tmp_path / "anna.yaml"
    orders.write_text(order_text("anna", 1, 2, game="g"))
    first = json.loads(invoke("submit", str(game), str(orders), "--json").stdout)
    assert first == {"ok": True, "game": "g", "files": [
        {"file": str(orders), "accepted": True, "replaced": False, "seat": "anna", "step": 1, "told": False,
         "problems": [], "warnings": []}]}
    again = invoke("submit", str(game), str(orders), "--json")
    assert again.exit_code == 0 and json.loads(again.stdout)["files"][0]["replaced"] is True
    stale = tmp_path / "ben.yaml"
    stale.write_text(order_text("ben", 7, 2, game="g"))
    refused = invoke("submit", str(game), str(stale), "--json")
    document = json.loads(refused.stdout)
    assert refused.exit_code == 1 and document["ok"] is False and document["error"] == "1 of 1 order file rejected"
    assert document["files"][0]["accepted"] is False and document["files"][0]["step"] == 7
    assert "step 7 is not reached yet" in document["files"][0]["problems"][0]["message"]


def test_run_json_one_entry_per_game_also_for_one_it_cannot_run(tmp_path: Path) -> None:
    game = toy(tmp_path)
    assert invoke("robot", str(game), "--seat", "all").exit_code == 0
    (tmp_path / "not-a-game").mkdir()
    result = invoke("run", "--no-reports", "--json", str(tmp_path / "not-a-game"), str(game))
    assert result.exit_code == 1
    document = json.loads(result.stdout)
    error = f"{tmp_path / 'not-a-game'}: not a pbem game directory (no game.yaml)"
    assert document["ok"] is False and document["error"] == error and result.stderr == f"Error: {error}\n"
    broken, played = document["games"]
    assert broken == {"directory": str(tmp_path / "not-a-game"), "name": None, "ok": False, "error": error,
                      "resolved": [], "forced": [], "waiting_for": [], "finished": False, "held": None}
    assert played == {"directory": str(game), "name": "g", "ok": True, "resolved": [1, 2, 3], "forced": [],
                      "waiting_for": [], "finished": True, "held": None}


def test_a_game_yaml_that_does_not_parse_is_one_line_on_stderr_naming_the_line(tmp_path: Path) -> None:
    game = toy(tmp_path)
    meta = game / "game.yaml"
    lines = meta.read_text().count("\n")
    meta.write_text(meta.read_text() + "seats: [\n")
    result = invoke("status", str(game))
    assert result.exit_code == 1
    assert result.stderr.count("\n") == 1, result.stderr
    assert result.stderr.startswith(f"Error: {meta}: cannot read: line {lines + 2}, column 1: ")


def test_run_json_names_the_seats_given_default_orders(tmp_path: Path) -> None:
    game = toy(tmp_path)
    result = invoke("run", "--no-reports", "--force", "--json", str(game))
    [played] = json.loads(result.stdout)["games"]
    assert result.exit_code == 0 and played["forced"] == [{"step": 1, "seats": ["anna", "ben"]}]
    assert played["waiting_for"] == ["anna", "ben"] and played["resolved"] == [1]


def test_status_json_keeps_its_keys_adds_ok_and_shows_no_secret(tmp_path: Path) -> None:
    game = toy(tmp_path)
    result = invoke("status", str(game), "--json")
    info = json.loads(result.stdout)
    assert result.exit_code == 0 and info["ok"] is True and "error" not in info
    assert set(info) == {"ok", "game", "title", "name", "step", "next_step", "label", "waiting_for", "received",
                         "finished", "scores", "winners", "seats", "lock", "held", "deadline", "deadlines"}
    assert not any(secret in result.stdout for secret in secrets(game, []))


def test_status_json_of_a_game_locked_too_long_says_so_and_exits_1(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from pbem import status as statusing

    game = toy(tmp_path)
    monkeypatch.setattr(statusing, "stuck", lambda info: f"{info['name']}: locked for more than 30 min by pid 4242")
    result = invoke("status", str(game), "--json")
    info = json.loads(result.stdout)
    assert result.exit_code == 1 and info["ok"] is False and info["error"] == "g: locked for more than 30 min by pid 4242"
    assert info["step"] == 0 and result.stderr == "Error: g: locked for more than 30 min by pid 4242\n"


def test_status_json_of_a_root_stays_a_list(tmp_path: Path) -> None:
    toy(tmp_path)
    result = invoke("status", str(tmp_path), "--json")
    rows = json.loads(result.stdout)
    assert result.exit_code == 0 and isinstance(rows, list) and rows[0]["name"] == "g"
    result = invoke("status", str(tmp_path), "--json", "--zone", "Mars/Olympus")
    assert result.exit_code == 1 and json.loads(result.stdout)["ok"] is False


def played_out(tmp_path: Path) -> Path:
    """A toy game played to its end (three steps), reports rendered without PDFs."""
    game = toy(tmp_path)
    assert invoke("robot", str(game), "--seat", "all").exit_code == 0
    assert invoke("run", str(game)).exit_code == 0
    return game


def drawn(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make pbem believe stderr is a terminal."""
    monkeypatch.setattr(progress, "on_terminal", lambda: True)


def test_long_commands_are_quiet_when_piped(tmp_path: Path) -> None:
    game = played_out(tmp_path)
    for line in (["replay", str(game)], ["report", str(game), "--all-steps", "--seat", "ben"],
                 ["book", str(game), "--seat", "ben", "-o", str(tmp_path / "ben.pdf")],
                 ["site", str(tmp_path), str(tmp_path / "site")]):
        result = invoke(*line)
        assert result.exit_code == 0 and result.stderr == "", (line, result.stderr)
        assert "\r" not in result.stdout, line


def test_replay_and_report_count_steps_on_a_terminal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = played_out(tmp_path)
    drawn(monkeypatch)
    result = invoke("replay", str(game))
    assert result.exit_code == 0 and "\rg: replaying step 0/3" in result.stderr
    assert "\rg: replaying step 3/3" in result.stderr and result.stderr.endswith("\r")
    assert result.stdout == "g: all 4 snapshots replay exactly\n", "progress never reaches stdout"
    result = invoke("report", str(game), "--all-steps", "--seat", "ben")
    assert result.exit_code == 0 and "\rg: PDFs, step 4/4" in result.stderr
    assert (game / "steps" / "0003" / "reports" / "ben.pdf").is_file()
    assert "\x1b" not in result.stderr, "plain text: no colour, no terminal codes"


def test_run_book_and_site_show_progress_on_a_terminal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = toy(tmp_path)
    assert invoke("robot", str(game), "--seat", "all").exit_code == 0
    drawn(monkeypatch)
    monkeypatch.setenv("COLUMNS", "200")
    result = invoke("run", str(game))
    assert "\rg: resolved step 3 (game over)" in result.stderr and "\rg: reports 4/4 steps" in result.stderr
    assert result.stdout == "g: resolved 3 steps; the game is over\n"
    result = invoke("book", str(game), "-o", str(tmp_path / "book.pdf"))
    assert result.exit_code == 0 and "\rg: rendering the book of 4 steps … 0 s" in result.stderr
    result = invoke("site", str(tmp_path), str(tmp_path / "site"))
    assert result.exit_code == 0 and "\rsite: publishing 1 game(s) … 0 s" in result.stderr


def test_a_ticking_line_counts_seconds_and_is_wiped(monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    import time

    drawn(monkeypatch)
    monkeypatch.setattr(progress, "TICK_SECONDS", 0.05)
    with progress.ticking("g: rendering"):
        time.sleep(0.3)
    err = capsys.readouterr().err
    assert err.startswith("\rg: rendering … 0 s") and err.count("\rg: rendering") >= 3
    width = len("g: rendering … 0 s")
    assert err.endswith(f"\r{' ' * width}\r")


def test_json_documents_are_stable(tmp_path: Path) -> None:
    game = toy(tmp_path)
    first = invoke("status", str(game), "--json").stdout
    assert first == invoke("status", str(game), "--json").stdout
    data: dict[str, Any] = json.loads(first)
    assert list(data) == sorted(data), "keys sorted: the same result prints the same bytes"


def test_a_progress_line_never_wraps(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    drawn(monkeypatch)
    monkeypatch.setenv("COLUMNS", "30")
    with progress.line() as shown:
        shown.show("g: " + "x" * 100)
        shown.show("g: short")
    err = capsys.readouterr().err
    first, second, wiped = err.split("\r")[1:4]
    assert first == "g: " + "x" * 26 and second == "g: short" + " " * 21 and wiped == " " * 8


def test_every_moderator_control_is_a_command_by_the_name_it_declares() -> None:
    # cli names the controls without importing them (start-up): a control added to control_cli must be named there.
    from pbem import control_cli

    lazy = {name for name, target in LazyGroup.LAZY.items() if target.startswith("pbem.control_cli:")}
    assert lazy == {command.name for command in control_cli.COMMANDS}
    for name in lazy:
        attribute = LazyGroup.LAZY[name].partition(":")[2]
        assert main.get_command(click.Context(main), name) is getattr(control_cli, attribute)
