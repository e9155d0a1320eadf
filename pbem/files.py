"""Crash-safe file writing and the per-game lock."""

from __future__ import annotations

import errno
import fcntl
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


#: Files get the mode an ordinary write would give them (mkstemp's own 0600 would hide reports from a web server).
FILE_MODE = 0o666 & ~_umask()


def write_atomic(path: Path, data: bytes | str) -> None:
    """Write `data` so that readers see the old file or the new one, never half of either."""
    payload = data.encode("utf-8") if isinstance(data, str) else data
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        os.fchmod(fd, FILE_MODE)
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    fsync_dir(path.parent)


def fsync_dir(path: Path) -> None:
    """Make a rename or a new file in `path` durable."""
    fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


class Busy(RuntimeError):
    """Another process holds the lock."""


@contextmanager
def locked(path: Path, *, wait: bool = True) -> Iterator[None]:
    """Hold an exclusive advisory lock on `path` (created if missing) for the duration."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        except OSError as exc:
            if exc.errno in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK):
                raise Busy(f"{path.parent} is being processed by another pbem run") from None
            raise
        yield
    finally:
        os.close(fd)  # closing releases the lock
