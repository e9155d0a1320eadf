"""Crash-safe file writing, the per-game lock, and what a killed process left behind."""

from __future__ import annotations

import errno
import fcntl
import json
import os
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


#: Files get the mode an ordinary write would give them (mkstemp's own 0600 would hide reports from a web server).
FILE_MODE = 0o666 & ~_umask()
#: A lock held longer than this is reported by `pbem tick` and `pbem status` (exit 1) with its holder's pid.
LOCK_LIMIT_SECONDS = 30 * 60
#: A temporary file of a writer that no longer runs, or older than this, is left over from a crash.
STALE_TEMP_SECONDS = 24 * 3600
_TEMP_SUFFIX = ".tmp"
#: What flock says when another process holds the lock.
_BUSY_ERRNOS = (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK)


class WriteFailed(OSError):
    """A file could not be written (disk full, no permission …); `filename` is the file meant, not its temporary."""

    def __str__(self) -> str:
        return f"cannot write {self.filename}: {self.strerror}"


def _temp_prefix(path: Path) -> str:
    # The writer's pid in the name lets the next run tell a crashed writer's leftovers from a live write.
    return f".{path.name}.{os.getpid()}."


def write_atomic(path: Path, data: bytes | str) -> None:
    """Write `data` so that readers see the old file or the new one, never half of either."""
    payload = data.encode("utf-8") if isinstance(data, str) else data
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=_temp_prefix(path), suffix=_TEMP_SUFFIX)
    except OSError as exc:
        raise WriteFailed(exc.errno, exc.strerror, str(path)) from None
    try:
        try:
            os.fchmod(fd, FILE_MODE)
            _write_synced(fd, payload)
        finally:
            os.close(fd)
        os.replace(tmp, path)
        fsync_dir(path.parent)
    except BaseException as exc:
        Path(tmp).unlink(missing_ok=True)
        if isinstance(exc, OSError) and not isinstance(exc, WriteFailed):
            raise WriteFailed(exc.errno, exc.strerror, str(path)) from None
        raise


def write_new(path: Path, data: bytes | str) -> None:
    """Write a new file and sync it, with no temporary: for a folder that nobody reads until it is renamed into
    place, so a half-written file in it is never seen (the caller syncs the folder before the rename)."""
    payload = data.encode("utf-8") if isinstance(data, str) else data
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE)
        try:
            _write_synced(fd, payload)
        finally:
            os.close(fd)
    except OSError as exc:
        raise WriteFailed(exc.errno, exc.strerror, str(path)) from None


def _write_synced(fd: int, payload: bytes) -> None:
    """All of `payload` written to `fd` (os.write may take part of it), then synced to the disk."""
    view = memoryview(payload)
    while view:
        view = view[os.write(fd, view):]
    os.fsync(fd)


def append_line(path: Path, line: str) -> None:
    """Append one line to a log durably."""
    try:
        with open(path, "a", encoding="utf-8") as handle:
            handle.write(line + "\n")
            handle.flush()
            os.fsync(handle.fileno())
    except OSError as exc:
        raise WriteFailed(exc.errno, exc.strerror, str(path)) from None


def last_lines(path: Path, size: int = 65536) -> list[str]:
    """The whole lines in the last `size` bytes of a file, oldest first ([] when there is no file)."""
    try:
        with open(path, "rb") as handle:
            end = handle.seek(0, os.SEEK_END)
            handle.seek(max(0, end - size))
            tail = handle.read()
    except FileNotFoundError:
        return []
    lines = tail.decode("utf-8", "replace").split("\n")
    if end > size:
        lines = lines[1:]  # the first may be cut
    return [line for line in lines if line]


def fsync_dir(path: Path) -> None:
    """Make a rename or a new file in `path` durable."""
    fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def clean_temporaries(folder: Path, *, now: float | None = None) -> list[Path]:
    """Remove the temporary files that killed writers left anywhere under `folder`; the files removed.

    A temporary file is a writer's own until it renames it: only those whose writer no longer runs (or that
    are older than a day, whatever their name) are removed, so a live write beside this run is not disturbed.
    """
    now = time.time() if now is None else now
    removed: list[Path] = []
    for path in Path(folder).rglob(f".*{_TEMP_SUFFIX}"):
        parts = path.name.split(".")
        pid = int(parts[-3]) if len(parts) >= 5 and parts[-3].isdigit() else None
        try:
            old = now - path.lstat().st_mtime > STALE_TEMP_SECONDS
            if not path.is_file() or not (old or (pid is not None and pid != os.getpid() and not _alive(pid))):
                continue
            path.unlink()
            removed.append(path)
        except FileNotFoundError:
            continue  # its writer renamed it meanwhile
    return removed


class Busy(RuntimeError):
    """Another process holds the lock; `holder` says which (pid, since) as far as the lock file tells."""

    def __init__(self, message: str, holder: dict[str, Any] | None = None):
        super().__init__(message)
        self.holder = holder or {}


#: Descriptors of the locks this process holds: a forked child closes them (see release_inherited).
_held: set[int] = set()


def release_inherited() -> None:
    """In a forked child: close the parent's lock descriptors, so the child can never keep a lock alive.

    flock locks belong to the open file, which fork shares: a worker left running after its parent was
    killed would otherwise hold the game's lock forever.
    """
    for fd in list(_held):
        try:
            os.close(fd)
        except OSError:
            pass
    _held.clear()


def holder(path: Path) -> dict[str, Any]:
    """What the lock file says about its last holder: pid and since (epoch seconds); {} when unknown."""
    try:
        text = Path(path).read_text(encoding="utf-8").strip() or "{}"
        # raw_decode reads the first record only: bytes left behind a shorter record by a writer that did
        # not truncate (an older pbem, another tool) must not hide who holds the lock.
        data, _ = json.JSONDecoder().raw_decode(text)
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def probe(path: Path, *, now: float | None = None) -> dict[str, Any] | None:
    """Who holds the lock at `path` (pid, since, seconds, alive), or None when nobody does.

    Takes the lock for an instant when it is free, so a run starting at that moment waits that instant.
    """
    if not Path(path).exists():
        return None
    fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except OSError as exc:
            if exc.errno not in _BUSY_ERRNOS:
                raise
            return _described(holder(path), now, path)
        return None
    finally:
        os.close(fd)


def _described(info: dict[str, Any], now: float | None, path: Path | None = None) -> dict[str, Any]:
    now = time.time() if now is None else now
    pid, since = info.get("pid"), info.get("since")
    found: dict[str, Any] = {"pid": pid if isinstance(pid, int) else None}
    found["since"] = float(since) if isinstance(since, (int, float)) else None
    found["seconds"] = int(now - found["since"]) if found["since"] is not None else None
    found["alive"] = _alive(found["pid"]) if found["pid"] else None
    if found["alive"] is False and path is not None:
        found["open_by"] = open_by(path)  # whoever inherited the lock from the dead holder
    return found


def open_by(path: Path) -> list[int]:
    """The pids of the processes that have `path` open (read from /proc; [] where there is none)."""
    try:
        target = os.stat(path)
    except OSError:
        return []
    pids: list[int] = []
    for entry in Path("/proc").glob("[0-9]*/fd/*"):
        try:
            info = entry.stat()
        except OSError:
            continue
        if (info.st_dev, info.st_ino) == (target.st_dev, target.st_ino) and int(entry.parts[2]) != os.getpid():
            pids.append(int(entry.parts[2]))
    return sorted(set(pids))


def overdue(info: dict[str, Any] | None, limit: int = LOCK_LIMIT_SECONDS) -> bool:
    """True when a lock described by probe() has been held longer than the documented limit."""
    seconds = info.get("seconds") if info else None
    return seconds is not None and int(seconds) > limit


def describe_holder(info: dict[str, Any]) -> str:
    """A lock's holder in words: 'pid 123 (no longer running), for 2 h 5 min'."""
    pid = info.get("pid")
    who = f"pid {pid}" if pid else "an unknown process"
    if info.get("alive") is False:
        heirs = ", ".join(str(p) for p in info.get("open_by") or [])
        who += f" (no longer running: {'pid ' + heirs if heirs else 'a process it started'} still holds the lock)"
    seconds = info.get("seconds")
    if seconds is None:
        return who
    hours, minutes = divmod(int(seconds) // 60, 60)
    return f"{who}, for {hours} h {minutes} min" if hours else f"{who}, for {minutes} min"


def _take(fd: int, wait: bool, timeout: float | None) -> None:
    """flock `fd`: wait without limit, not at all, or up to `timeout` seconds (then raise as LOCK_NB does)."""
    if timeout is None:
        fcntl.flock(fd, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        return
    end = time.monotonic() + timeout
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except OSError as exc:
            left = end - time.monotonic()
            if exc.errno not in _BUSY_ERRNOS or left <= 0:
                raise
        time.sleep(min(0.05, left))


@contextmanager
def locked(path: Path, *, wait: bool = True, timeout: float | None = None) -> Iterator[None]:
    """Hold an exclusive advisory lock on `path` (created if missing) for the duration.

    With `timeout`, wait at most that many seconds, then raise Busy as `wait=False` does at once.
    The lock file records the holder's pid and when it took the lock, for `pbem status` and `pbem tick`.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
    try:
        try:
            _take(fd, wait, timeout)
        except OSError as exc:
            if exc.errno in _BUSY_ERRNOS:
                info = _described(holder(path), None, path)
                raise Busy(f"{path.parent} is being processed by another pbem run ({describe_holder(info)})",
                           info) from None
            raise
        _held.add(fd)
        try:
            os.ftruncate(fd, 0)
            os.pwrite(fd, json.dumps({"pid": os.getpid(), "since": time.time()}).encode("ascii") + b"\n", 0)
        except OSError:
            pass  # a full disk must not stop the work; only the report of who holds the lock is lost
        yield
    finally:
        _held.discard(fd)
        os.close(fd)  # closing releases the lock
