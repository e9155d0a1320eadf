"""`pbem status` and `pbem check` of one game load no PDF, image or calendar library and no other game's module."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine import registry
from pbem.game_yaml import Seat
from pbem.store import create

ROOT = Path(__file__).resolve().parents[2]
#: Runs the CLI as `pbem` does, then prints every module it loaded (also when the command exits).
WRAPPER = ("import sys\nfrom pbem.cli import entry\nsys.argv = ['pbem', *sys.argv[1:]]\n"
           "try:\n    entry()\nfinally:\n    print('\\n'.join(sorted(sys.modules)), file=sys.stderr)\n")
#: Libraries only rendering (PDF, PNG) or a deadline mail (iCalendar) needs.
HEAVY = ("weasyprint", "cairosvg", "PIL", "icalendar")
#: pbem's own modules that only sending, fetching or rendering needs: the mail transport and the renderer.
HEAVY_OWN = ("pbem.mail.imap", "pbem.mail.smtp", "pbem.mail.dovecot", "pbem.mail.report", "pbem.reports.html",
             # the moderator's controls, the mail notices and press, replay; the drawing kit and its font table
             "pbem.control", "pbem.control_cli", "pbem.players", "pbem.mail.notices", "pbem.mail.press", "pbem.replay",
             "engine.draw.layout", "engine.draw.metrics")


def loaded(code: str, *argv: str) -> set[str]:
    """The modules `code` loads, run in a fresh interpreter."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True, env=env,
                          cwd=ROOT, check=False)
    return set(done.stderr.split())


@pytest.mark.parametrize("game_id", sorted(registry.games()))
@pytest.mark.parametrize("command", ["status", "check"])
def test_one_game_loads_only_what_it_uses(tmp_path: Path, command: str, game_id: str) -> None:
    game = registry.get(game_id)
    # What the game's own module needs (its package, a kernel it shares) is allowed; nothing of another game.
    own = loaded(f"import sys, {type(game).__module__}\nprint('\\n'.join(sys.modules), file=sys.stderr)")
    if type(game).__module__ not in own:  # a game the test setup registers is no installed plug-in
        pytest.skip(f"{game_id} is not importable in a fresh interpreter")
    counts = game.seat_counts({})
    gd, _ = create(tmp_path / "g", game_id, "startup", [Seat(s) for s in ("anna", "ben", "cleo", "dara",
                                                                          "emil")[:min(counts)]])
    order = tmp_path / "order.yaml"
    order.write_text("orders: []\n", encoding="utf-8")
    argv = ["status", str(gd.root)] if command == "status" else ["check", str(gd.root), str(order)]
    modules = loaded(WRAPPER, *argv)
    assert "pbem.cli" in modules  # the wrapper ran
    assert not {m for m in modules if m.split(".")[0] in HEAVY}
    assert not modules & set(HEAVY_OWN), sorted(modules & set(HEAVY_OWN))
    others = {m for m in modules if m.split(".")[0] == "games" and m not in own}
    assert not others, sorted(others)
