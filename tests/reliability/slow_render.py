"""Run by the crash tests as a real process: render a game's missing steps under its lock, slowly or at once.

    python slow_render.py GAME_DIR slow|fast
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from pbem import batch
from pbem.store import GameDir, open_game


def render(gd: GameDir, step: int) -> None:
    """A stand-in for the report renderer: notes that it started, then (slow) sleeps like a long layout."""
    gd.write_file(gd.report_dir(step) / "started", "rendering\n")
    if sys.argv[2] == "slow":
        time.sleep(3600)


if __name__ == "__main__":
    game = open_game(Path(sys.argv[1]))
    with game.lock():
        done = batch.render_missing(game, render, workers=2)
    print(f"rendered {len(done)} steps")
