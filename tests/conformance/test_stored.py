"""Conformance through pbem's own commands, for every registered game and setup: a robot game is made, played
and stored; `pbem replay` rebuilds it; its reports render in every format; and a reader's reports do not change
when only what that reader may not see changes (the non-interference check of tests/leaks)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from leaks.hidden import PLANTED, perturbed_copy, robot_game

from pbem.cli import main as cli
from pbem.reports import ReportConfig, render_html, render_text
from pbem.reports.model import report_model
from pbem.reports.render import dump_model
from pbem.store import open_game

from .cases import Case, params
from .hooks import perturb

#: Steps kept of each stored game: enough for hidden information to matter, few enough to stay fast.
STEPS = 12


class Stored(dict[str, Path]):
    """The robot games, each stored the first time a test asks for it."""

    def __init__(self, root: Path) -> None:
        super().__init__()
        self.root = root

    def game(self, case: Case) -> Path:
        """The stored robot game of `case`, played on first use."""
        if case.name not in self:
            self[case.name] = robot_game(self.root, case.name, case.game_id, case.seats, *case.cli_options,
                                         steps=STEPS)
        return self[case.name]


@pytest.fixture(scope="module")
def stored(tmp_path_factory: pytest.TempPathFactory) -> Stored:
    return Stored(tmp_path_factory.mktemp("conformance"))


def rendered(folder: Path, reader: str | None) -> list[str]:
    """Every report of `reader` in a stored game: model JSON, HTML and text of each step."""
    gd = open_game(folder)
    config = ReportConfig()
    out = []
    for step in gd.steps():
        model = report_model(gd, step, reader)
        out += [dump_model(model), render_html([model], config), render_text([model], config)]
    return out


def run(*args: str) -> str:
    outcome = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    assert outcome.exit_code == 0, outcome.output
    return outcome.output


@pytest.mark.parametrize("case", params())
def test_a_stored_robot_game_replays_byte_for_byte(case: Case, stored: Stored) -> None:
    run("replay", str(stored.game(case)))


@pytest.mark.parametrize("fmt", ["html", "txt", "json", pytest.param("pdf", marks=pytest.mark.slow)])
@pytest.mark.parametrize("case", params())
def test_reports_render_in_every_format(case: Case, fmt: str, stored: Stored) -> None:
    folder = stored.game(case)
    for seat in [*case.seats, None]:
        args = ["report", str(folder), "--format", fmt] + (["--seat", seat] if seat else [])
        paths = [Path(line) for line in run(*args).split() if line]
        assert paths and all(path.is_file() and path.stat().st_size > 0 for path in paths), (seat, paths)


@pytest.mark.parametrize("case", params())
def test_reports_do_not_change_when_only_hidden_information_of_others_changes(
        case: Case, stored: Stored, tmp_path: Path) -> None:
    change = perturb(case.game)
    if change is None:
        pytest.skip(f"{case.game_id} names no hidden information (no perturb hook)")
    for reader in [*case.seats, None]:
        copy = perturbed_copy(stored.game(case), tmp_path / str(reader), case.game_id, reader, change)
        original, changed = rendered(stored.game(case), reader), rendered(copy, reader)
        assert original == changed, f"{case.name}: {reader or 'the public'}'s reports depend on hidden information"
        assert not any(PLANTED in page for page in changed)
