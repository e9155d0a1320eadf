"""Non-interference machinery: stored robot games, and copies with what a reader may not see changed.

A report (or site page) leaks nothing exactly when it renders the same after every piece of hidden
information that its reader may not see has been changed. What that is, a game says in its conformance hook
`perturb` (tests/conformance/hooks.py), which changes in a stored snapshot's JSON what the rulebook keeps
from `viewer` (None: the public), and nothing else.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from pbem.cli import main as cli
from pbem.game_yaml import GAME_NAME
from pbem.reports import ReportConfig, render_html, render_text
from pbem.reports.model import report_model
from pbem.reports.render import dump_model
from pbem.store import open_game

Perturb = Callable[[dict[str, Any], str | None], None]
#: Marks the private event planted for another seat: it must never reach the viewer's pages.
PLANTED = "PLANTED-SECRET-7f3a"


def perturbed_copy(game: Path, into: Path, viewer: str | None, perturb: Perturb) -> Path:
    """A copy of a stored game whose every snapshot has the viewer's unseen information changed by `perturb`.

    Each step also gains a private event for every other seat, carrying PLANTED.
    """
    copy = into / game.name
    # The site's secret is copied too, so private pages land at the same capability paths.
    shutil.copytree(game, copy, ignore=shutil.ignore_patterns("reports", "mail"))
    seats = json.loads((copy / "steps" / "0000" / "state.json").read_text())["seats"]
    others = [s for s in seats if s != viewer]
    for state_file in sorted(copy.glob("steps/*/state.json")):
        state = json.loads(state_file.read_text())
        perturb(state, viewer)
        state_file.write_text(json.dumps(state, sort_keys=True, separators=(",", ":")))
        events_file = state_file.with_name("events.json")
        events = json.loads(events_file.read_text()) if events_file.exists() else []
        events.append({"text": f"{PLANTED} for {', '.join(others)}", "to": others, "data": {"secret": PLANTED}})
        events_file.write_text(json.dumps(events))
    return copy


def robot_game(root: Path, name: str, game_id: str, players: list[str], *options: str, steps: int = 40) -> Path:
    """A seeded robot game made through pbem's own commands, played for `steps` steps (or to its end).

    A name `pbem new` refuses is given to the folder once made, as a game made before names were checked.
    """
    folder = root / name
    runner = CliRunner()
    made = folder if GAME_NAME.match(name) else root / "renamed-game"
    args = ["new", str(made), "--game", game_id, "--seed", f"leak-{name}"]
    for player in players:
        args += ["--player", f"{player}:{player}@example.org"]
    for option in options:
        args += ["--option", option]
    outcome = runner.invoke(cli, args, catch_exceptions=False)
    assert outcome.exit_code == 0, outcome.output
    made.rename(folder)
    played = ["run", "--no-reports", "--steps", str(steps), str(folder)]
    for command in (["robot", str(folder), "--seat", "all"], played):
        outcome = runner.invoke(cli, command, catch_exceptions=False)
        assert outcome.exit_code == 0, outcome.output
    return folder


class Stored(dict[str, Path]):
    """Robot games stored under one root, each played the first time it is asked for, for `steps` steps."""

    def __init__(self, root: Path, steps: int):
        super().__init__()
        self.root, self.steps = root, steps

    def game(self, name: str, game_id: str, seats: list[str], options: list[str]) -> Path:
        """The stored robot game `name`, played on first use."""
        if name not in self:
            self[name] = robot_game(self.root, name, game_id, seats, *options, steps=self.steps)
        return self[name]


def rendered(folder: Path, reader: str | None) -> list[str]:
    """Every report of `reader` in a stored game: model JSON, HTML and text of each step."""
    gd = open_game(folder)
    config = ReportConfig()
    out = []
    for step in gd.steps():
        model = report_model(gd, step, reader)
        out += [dump_model(model), render_html([model], config), render_text([model], config)]
    return out
