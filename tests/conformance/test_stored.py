"""Conformance through pbem's own commands, for every registered game and setup: a robot game is made, played
and stored; `pbem replay` rebuilds it; its reports render in every format; and a reader's reports do not change
when only what that reader may not see changes (the non-interference check of tests/leaks)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from leaks import hidden
from leaks.hidden import PLANTED, perturbed_copy, rendered

from pbem.cli import main as cli

from .cases import Case, params
from .hooks import perturb

#: Steps kept of each stored game: enough for hidden information to matter, few enough to stay fast.
STEPS = 12


class Stored(hidden.Stored):
    """The robot games of the cases, each stored the first time a test asks for it."""

    def of(self, case: Case) -> Path:
        """The stored robot game of `case`."""
        return self.game(case.name, case.game_id, case.seats, case.cli_options)


@pytest.fixture(scope="module")
def stored(tmp_path_factory: pytest.TempPathFactory) -> Stored:
    return Stored(tmp_path_factory.mktemp("conformance"), STEPS)


def run(*args: str) -> str:
    outcome = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    assert outcome.exit_code == 0, outcome.output
    return outcome.output


@pytest.mark.parametrize("case", params())
def test_a_stored_robot_game_replays_byte_for_byte(case: Case, stored: Stored) -> None:
    run("replay", str(stored.of(case)))


@pytest.mark.parametrize("fmt", ["html", "txt", "json", pytest.param("pdf", marks=pytest.mark.slow)])
@pytest.mark.parametrize("case", params())
def test_reports_render_in_every_format(case: Case, fmt: str, stored: Stored) -> None:
    folder = stored.of(case)
    readers = [*case.seats, None]
    if fmt == "pdf":  # the HTML of every reader is laid out as a PDF: one seat's and the public's show it works
        readers = [case.seats[0], None]
    for seat in readers:
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
        copy = perturbed_copy(stored.of(case), tmp_path / str(reader), reader, change)
        original, changed = rendered(stored.of(case), reader), rendered(copy, reader)
        assert original == changed, f"{case.name}: {reader or 'the public'}'s reports depend on hidden information"
        assert not any(PLANTED in page for page in changed)
