"""Test setup for every folder: registers Highest Unique, the fourth game that lives with the tests.

It is installed as a plug-in is, through a `pbem.games` entry point (a `*.dist-info` written to a temporary
folder on `sys.path`), so the registry, the CLI, reports, mail and the site find it without a line naming it.
Each pytest process registers it for itself (under pytest-xdist every worker imports this file), in a folder
of its own that goes when the process ends.
"""

from __future__ import annotations

import atexit
import functools
import os
import re
import shutil
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from xdist.scheduler import LoadGroupScheduling

from engine import registry

FOURTH = Path(__file__).parent / "fourth_game"
#: The repository root, which test ids are relative to.
ROOT = Path(__file__).resolve().parent.parent
#: Fixtures that start a real mail server: a test using one is a mail test, whether or not its module says so.
MAIL_SERVERS = {"dovecot", "smtp_sink"}


def _register_fourth_game() -> None:
    """Put the game's folder and an entry point for it on sys.path, and make the registry look again."""
    site = Path(tempfile.mkdtemp(prefix="pbem-fourth-game-"))
    atexit.register(shutil.rmtree, site, ignore_errors=True)
    info = site / "highest_unique_test-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: highest-unique-test\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[pbem.games]\nhighest-unique = highest_unique:GAME\n")
    for path in (str(FOURTH), str(site)):
        if path not in sys.path:
            sys.path.append(path)
    registry._load.cache_clear()


_register_fourth_game()


@pytest.fixture(autouse=True, scope="session")
def _writes_not_synced_to_disk() -> Iterator[None]:
    """pbem syncs every file it writes to the disk, against a power cut; the suite's games are throwaway folders,
    and it waited on tens of thousands of syncs (far longer on a machine whose disk is slow to sync). What a crash
    leaves is tested by killing pbem's processes (tests/reliability), which the page cache outlives, and those
    run pbem apart from this process, syncing as it does."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(os, "fsync", lambda fd: None)
        yield


class _FileGroups(LoadGroupScheduling):
    """`--dist loadgroup` keeping each test file on one worker, but a file that sets SPREAD_OVER_WORKERS."""

    # The xdist_group marks below name no group under pytest 9: pytest-xdist 3.8 puts the group into the old
    # `_nodeid` attribute, which pytest 9 no longer reads, so each test went alone and every file's module
    # fixtures (a whole robot game, its PDFs, a Chromium) were set up once on each worker. The controller sees
    # only test ids, so it reads the file's flag from its source.

    def _split_scope(self, nodeid: str) -> str:
        if nodeid.rfind("@") > nodeid.rfind("]"):
            return nodeid.split("@")[-1]
        path = nodeid.split("::")[0]
        return nodeid if _spreads(path) else path


@functools.cache
def _spreads(path: str) -> bool:
    """Whether the test file at path (relative to the repository root) lets its tests spread over the workers."""
    source = ROOT / path
    return source.is_file() and re.search(r"^SPREAD_OVER_WORKERS = True$", source.read_text(), re.M) is not None


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> LoadGroupScheduling | None:
    """Group by file under `--dist loadgroup` (see _FileGroups); any other `--dist` as pytest-xdist makes it."""
    return _FileGroups(config, log) if config.getvalue("dist") == "loadgroup" else None


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test that talks to the local IMAP or SMTP server `mail`, so `-m "not mail"` really leaves them out;
    keep each test file in one pytest-xdist worker, unless the file says its tests may spread over the workers."""
    for item in items:
        if MAIL_SERVERS & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.mail)
        # Under `--dist loadgroup` a file is one group, so what it sets up once (a stored game, the built wheel,
        # one Chromium) is made once; a file of long independent tests (the robot sweeps) sets
        # SPREAD_OVER_WORKERS, and its tests are handed out one by one like any ungrouped test.
        module = getattr(item, "module", None)
        if not getattr(module, "SPREAD_OVER_WORKERS", False) and item.get_closest_marker("xdist_group") is None:
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::")[0]))
    items[:] = sorted(items, key=functools.partial(_turn, _heavy_files(items)))


def _heavy_files(items: list[pytest.Item]) -> set[str]:
    """The files that hold a test marked slow (whole games, PDFs, Chromium): they are handed out first."""
    return {item.nodeid.split("::")[0] for item in items if item.get_closest_marker("slow") is not None}


def _turn(heavy: set[str], item: pytest.Item) -> int:
    """When a test's file is handed to a worker: the heavy files whole first, then the spread sweeps' tests one
    by one, then the rest. Longest first, so that no worker is still busy with a long file at the end while the
    other waits; the small tests fill the gaps. (sorted keeps each file's tests in their order.)"""
    path = item.nodeid.split("::")[0]
    if _spreads(path):
        return 1
    return 0 if path in heavy else 2
