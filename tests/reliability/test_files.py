"""Atomic writes after a kill, the intake log after a kill, and disk-full or permission errors in one line."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from types import SimpleNamespace

import pytest
from click.testing import CliRunner

from pbem import files
from pbem.cli import main
from pbem.game_yaml import Seat
from pbem.store import GameDir, create

PEOPLE = [Seat("anna", "anna@example.org"), Seat("ben", "ben@example.org"), Seat("cleo", "cleo@example.org")]


@pytest.fixture()
def game(tmp_path: Path) -> GameDir:
    """A fresh Expedition to 5X game played by people."""
    gd, _ = create(tmp_path / "games" / "g1", "expedition-5x", "files-1", PEOPLE)
    return gd


def _python(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=300)


def test_temporary_files_of_a_write_killed_half_way_are_removed_by_the_next_run(game: GameDir) -> None:
    killed = _python(f"""
        import os, signal
        from pathlib import Path
        from pbem import files
        files.os.replace = lambda *a: os.kill(os.getpid(), signal.SIGKILL)  # killed between write and rename
        files.write_atomic(Path({str(game.step_dir(0) / "state.json")!r}), "half")
    """)
    assert killed.returncode == -9
    [left] = list(game.step_dir(0).glob(".state.json.*.tmp"))
    assert (game.step_dir(0) / "state.json").read_text() != "half"
    result = CliRunner().invoke(main, ["run", "--no-reports", str(game.root)])
    assert result.exit_code == 0, result.output
    assert not left.exists()
    assert list(game.root.rglob("*.tmp")) == []


def test_a_live_writers_temporary_file_is_left_alone(game: GameDir) -> None:
    mine = game.root / f".x.{os.getpid()}.abc.tmp"
    mine.write_text("being written")
    assert files.clean_temporaries(game.root) == []
    assert mine.exists()


def test_the_intake_log_gets_one_line_when_a_run_killed_after_logging_is_run_again(game: GameDir) -> None:
    play = f"""
        import os, signal, sys
        from pathlib import Path
        from pbem import batch, pending
        from pbem.store import open_game
        original = pending.write_atomic
        def dying(path, data):
            if path.parent.name == "pending" and sys.argv[-1] == "kill":
                os.kill(os.getpid(), signal.SIGKILL)  # after the archive and the log, before the pending file
            original(path, data)
        pending.write_atomic = dying
        gd = open_game(Path({str(game.root)!r}))
        with gd.lock():
            batch.play_robots(gd, ["anna"])
    """
    killed = subprocess.run([sys.executable, "-c", textwrap.dedent(play), "kill"], capture_output=True, text=True,
                            timeout=300)
    assert killed.returncode == -9, killed.stderr
    assert "anna" not in game.pending()
    again = subprocess.run([sys.executable, "-c", textwrap.dedent(play), "again"], capture_output=True, text=True,
                           timeout=300)
    assert again.returncode == 0, again.stderr
    assert "anna" in game.pending()
    lines = [json.loads(line) for line in (game.root / "log.jsonl").read_text().splitlines()]
    assert [line["seat"] for line in lines] == ["anna"]


def _failing_write(monkeypatch: pytest.MonkeyPatch, ending: str, error: int) -> None:
    real = os.write

    def write(fd: int, data: bytes) -> int:
        name = os.readlink(f"/proc/self/fd/{fd}").split("/")[-1]
        if name == ending or name.startswith(f".{ending}."):  # the file, or its temporary
            raise OSError(error, os.strerror(error))
        return real(fd, data)

    monkeypatch.setattr(os, "write", write)


def test_a_full_disk_while_storing_a_step_names_the_game_and_the_file(game: GameDir,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    assert CliRunner().invoke(main, ["robot", str(game.root), "--seat", "all"]).exit_code == 0
    _failing_write(monkeypatch, "state.json", errno.ENOSPC)
    result = CliRunner().invoke(main, ["run", "--no-reports", str(game.root)])
    assert result.exit_code == 1
    assert result.output.strip() == "Error: g1: cannot write steps/0001/state.json: No space left on device"
    monkeypatch.undo()
    assert CliRunner().invoke(main, ["run", "--no-reports", str(game.root)]).exit_code == 0  # room again: it goes on


def test_a_folder_pbem_may_not_write_names_the_game_and_the_file(game: GameDir, monkeypatch: pytest.MonkeyPatch,
                                                                 tmp_path: Path) -> None:
    real = files.tempfile.mkstemp

    def mkstemp(*args: object, dir: str | Path, **kw: object) -> tuple[int, str]:  # `dir` as mkstemp names it
        if Path(dir).name == "g1":  # as if chmod had taken the write bit from the game folder (we run as root)
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(dir))
        return real(*args, dir=dir, **kw)  # type: ignore[call-overload,no-any-return]

    monkeypatch.setattr(files.tempfile, "mkstemp", mkstemp)
    result = CliRunner().invoke(main, ["robot", str(game.root), "--seat", "anna"])
    assert result.exit_code == 1
    assert result.output.strip() == "Error: g1: cannot write game.yaml: Permission denied"


def test_a_step_left_half_built_that_pbem_may_not_remove_is_named_with_its_path(game: GameDir,
                                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    assert CliRunner().invoke(main, ["robot", str(game.root), "--seat", "all"]).exit_code == 0
    left = game.root / "steps" / "0001.partial" / "orders"
    left.mkdir(parents=True)  # what a run as another user (root) left when it was killed
    real = os.rmdir

    def rmdir(path: str, *args: object, **kw: object) -> None:
        if str(path) == "orders":  # as rmtree walks it, by name: as if root owned the folder (we run as root)
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
        real(path, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "rmdir", rmdir)
    result = CliRunner().invoke(main, ["run", "--no-reports", str(game.root)])
    assert result.exit_code == 1
    assert result.output.strip() == ("Error: g1: cannot remove steps/0001.partial (left by an interrupted run): "
                                     "Permission denied; remove it, then run again")
    monkeypatch.undo()
    assert CliRunner().invoke(main, ["run", "--no-reports", str(game.root)]).exit_code == 0


def test_a_fetch_removes_what_a_killed_fetch_left_in_the_mailbox_bookkeeping(tmp_path: Path) -> None:
    from pbem.mail import imap
    from pbem.mail.mailbox import state_dir

    left = state_dir(tmp_path) / "seen" / "ab" / ".abc.json.999999999.x1.tmp"  # no such pid: its writer is gone
    left.parent.mkdir(parents=True)
    left.write_text("half")
    with pytest.raises(AttributeError):  # no server given: the fetch stops after its cleaning
        imap.fetch(tmp_path, SimpleNamespace(imap=None), client=object())  # type: ignore[arg-type]
    assert not left.exists()
