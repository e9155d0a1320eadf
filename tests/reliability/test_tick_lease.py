"""tick.lock has a lease: a tick finding another one names it, and one running past the lease is an error."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from pbem.cli import main


@pytest.fixture()
def root(tmp_path: Path) -> Path:
    folder = tmp_path / "games"
    folder.mkdir()
    return folder


def _hold(lock: Path, age_seconds: float) -> Iterator[int]:
    """Another process holds `lock` with flock, its record saying it took it `age_seconds` ago; yields its pid."""
    lock.parent.mkdir(parents=True, exist_ok=True)
    process = subprocess.Popen([sys.executable, "-c", f"""
import fcntl, json, os, time
fd = os.open({str(lock)!r}, os.O_RDWR | os.O_CREAT)
fcntl.flock(fd, fcntl.LOCK_EX)
os.ftruncate(fd, 0)
os.pwrite(fd, json.dumps({{"pid": os.getpid(), "since": time.time() - {age_seconds}}}).encode() + b"\\n", 0)
print("held", flush=True)
time.sleep(600)
"""], stdout=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None and process.stdout.readline() == "held\n"
        yield process.pid
    finally:
        process.kill()
        process.wait()


def test_a_tick_finding_another_within_its_lease_names_it_and_does_nothing(root: Path) -> None:
    holder = _hold(root / ".pbem" / "tick.lock", 5 * 60)
    pid = next(holder)
    result = CliRunner().invoke(main, ["tick", "--no-mail", str(root)])
    holder.close()
    assert result.exit_code == 0, result.output
    assert result.output.startswith(f"another pbem tick is running (pid {pid}, since ")
    assert result.output.rstrip().endswith("UTC); nothing done")


def test_a_tick_finding_one_older_than_the_lease_names_its_holder_and_age_and_fails(root: Path) -> None:
    holder = _hold(root / ".pbem" / "tick.lock", 2 * 3600 + 5 * 60)
    pid = next(holder)
    result = CliRunner().invoke(main, ["tick", "--no-mail", str(root)])
    holder.close()
    assert result.exit_code == 1, result.output
    assert f"pid {pid}, for 2 h 5 min" in result.output
    assert "longer than a tick may take (30 min)" in result.output and "nothing done" in result.output


def test_tick_help_states_the_lock_limit_and_the_lease() -> None:
    result = CliRunner().invoke(main, ["tick", "--help"])
    assert result.exit_code == 0
    text = " ".join(result.output.split()).lower()
    assert "held for more than 30 min" in text and "a tick may take 30 min" in text
