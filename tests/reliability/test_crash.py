"""Crashes: a run killed while rendering never blocks its game; a stuck lock is reported with its holder."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from pbem import batch
from pbem.cli import main
from pbem.files import holder, locked
from pbem.game_yaml import Seat
from pbem.store import GameDir, create, open_game

HERE = Path(__file__).parent


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An Expedition to 5X game that robots played to its end, no report rendered yet: played once per module."""
    gd, _ = create(tmp_path_factory.mktemp("crash") / "g1", "expedition-5x", "crash-1",
                   [Seat("anna", robot=True), Seat("ben", robot=True), Seat("cleo", robot=True)])
    with gd.lock():
        batch.run_game(gd)
    return gd.root


@pytest.fixture()
def robot_game(played: Path, tmp_path: Path) -> GameDir:
    """This test's own copy of the played game, alone under a games root."""
    root = tmp_path / "games" / "g1"
    shutil.copytree(played, root)
    gd = open_game(root)
    assert len(batch.unrendered(gd)) > 2
    return gd


@pytest.fixture()
def sessions() -> Iterator[list[int]]:
    """Process groups this test started; every process left in them is killed afterwards."""
    groups: list[int] = []
    yield groups
    for group in groups:
        try:
            os.killpg(group, signal.SIGKILL)
        except ProcessLookupError:
            pass


def _render(gd: GameDir, how: str, **kw: object) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(HERE), *sys.path])}
    return subprocess.Popen([sys.executable, str(HERE / "slow_render.py"), str(gd.root), how], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)  # type: ignore[call-overload]


def _wait_for(check: object, what: str, limit: float = 300) -> None:
    end = time.monotonic() + limit  # a bound against hanging forever, not a speed check
    while not check():  # type: ignore[operator]
        if time.monotonic() > end:
            pytest.fail(f"gave up waiting for {what}")
        time.sleep(0.05)


def test_a_run_killed_while_rendering_leaves_the_game_free_for_the_next_run(robot_game: GameDir,
                                                                            sessions: list[int]) -> None:
    gd = robot_game
    parent = _render(gd, "slow", start_new_session=True)
    sessions.append(parent.pid)
    _wait_for(lambda: len(list((gd.root / "steps").glob("*/reports/started"))) >= 2, "both workers to render")
    parent.send_signal(signal.SIGKILL)  # the operator, the OOM killer or systemd
    parent.wait()
    rerun = _render(gd, "fast")
    try:
        out, err = rerun.communicate(timeout=300)  # before the fix this waited forever on the workers' lock
    except subprocess.TimeoutExpired:
        rerun.kill()
        pytest.fail("the rerun still waits for the game's lock: the killed run's workers hold it")
    assert rerun.returncode == 0, err
    assert batch.unrendered(open_game(gd.root)) == []
    # The workers died with their parent: nothing is left of the killed run's process group.
    _wait_for(lambda: not _group_alive(parent.pid), "the killed run's workers to end", limit=30)


def _group_alive(group: int) -> bool:
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return False
    return True


def _hold_stuck_lock(gd: GameDir, pid: int, hours: float) -> Iterator[None]:
    with locked(gd.root / ".lock"):
        (gd.root / ".lock").write_text(json.dumps({"pid": pid, "since": time.time() - hours * 3600}) + "\n")
        yield


def test_tick_and_status_report_a_lock_held_too_long_with_its_holder_and_fail(robot_game: GameDir) -> None:
    gd = robot_game
    root = gd.root.parent
    holder = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
    try:
        stuck = _hold_stuck_lock(gd, holder.pid, 2)
        next(stuck)
        result = CliRunner().invoke(main, ["tick", "--no-mail", str(root)])
        assert result.exit_code == 1, result.output
        assert f"g1: locked for more than 30 min by pid {holder.pid}, for 2 h" in result.output
        result = CliRunner().invoke(main, ["status", str(gd.root), "--json"])
        assert result.exit_code == 1
        assert json.loads(result.output[: result.output.rindex("}") + 1])["lock"]["pid"] == holder.pid
        assert f"pid {holder.pid}" in result.output.splitlines()[-1]
        stuck.close()
    finally:
        holder.kill()
        holder.wait()


def test_tick_leaves_a_game_busy_for_a_short_while_without_failing(robot_game: GameDir) -> None:
    gd = robot_game
    stuck = _hold_stuck_lock(gd, os.getpid(), 0.01)
    next(stuck)
    result = CliRunner().invoke(main, ["tick", "--no-mail", str(gd.root.parent)])
    stuck.close()
    assert result.exit_code == 0, result.output
    assert "g1: busy" in result.output


def test_status_names_the_process_that_inherited_a_lock_from_a_dead_holder(robot_game: GameDir) -> None:
    gd = robot_game
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()  # a pid that no longer runs, like a run killed with -9
    heir = subprocess.Popen([sys.executable, "-c", f"""
import fcntl, json, os, sys, time
fd = os.open({str(gd.root / ".lock")!r}, os.O_RDWR)
fcntl.flock(fd, fcntl.LOCK_EX)
os.ftruncate(fd, 0)  # as pbem's own lock does: a shorter record must not keep the tail of a longer one
os.pwrite(fd, json.dumps({{"pid": {gone.pid}, "since": time.time() - 7200}}).encode(), 0)
print("held", flush=True)
time.sleep(600)
"""], stdout=subprocess.PIPE, text=True)
    try:
        assert heir.stdout is not None and heir.stdout.readline() == "held\n"
        result = CliRunner().invoke(main, ["status", str(gd.root)])
        assert result.exit_code == 1
        assert f"pid {gone.pid} (no longer running: pid {heir.pid} still holds the lock)" in result.output
    finally:
        heir.kill()
        heir.wait()


def test_a_lock_record_with_the_tail_of_a_longer_one_still_names_its_holder(tmp_path: Path) -> None:
    lock = tmp_path / ".lock"
    lock.write_text('{"pid": 123456, "since": 1764500000.123456}\n')
    with open(lock, "r+b") as f:
        f.write(b'{"pid": 99, "since": 1764500000.5}\n')  # overwritten in place, not truncated
    assert holder(lock) == {"pid": 99, "since": 1764500000.5}
