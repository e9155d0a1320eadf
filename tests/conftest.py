"""Test setup for every folder: registers Highest Unique, the fourth game that lives with the tests.

It is installed as a plug-in is, through a `pbem.games` entry point (a `*.dist-info` written to a temporary
folder on `sys.path`), so the registry, the CLI, reports, mail and the site find it without a line naming it.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from engine import registry

FOURTH = Path(__file__).parent / "fourth_game"


def _register_fourth_game() -> None:
    """Put the game's folder and an entry point for it on sys.path, and make the registry look again."""
    site = Path(tempfile.mkdtemp(prefix="pbem-fourth-game-"))
    info = site / "highest_unique_test-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: highest-unique-test\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[pbem.games]\nhighest-unique = highest_unique:GAME\n")
    for path in (str(FOURTH), str(site)):
        if path not in sys.path:
            sys.path.append(path)
    registry._load.cache_clear()


_register_fourth_game()
