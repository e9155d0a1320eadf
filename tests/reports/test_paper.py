"""The demo games on paper, at A4 and Letter: every page but the last well filled, no heading at the foot of a
page, no table row left alone, no page of a heading or a line, the order form left to its own file, and the end
of the game told once.

The pages measured are WeasyPrint's layout of each report, the very pages `render_pdf` writes: the final step's
report of every reader (what the demo prints) and a mid-game report of the first seat.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from pbem import demo
from pbem.cli import main as cli
from pbem.reports import ReportConfig, render_html, report_model
from pbem.reports.pdf import html_document
from pbem.store import open_game

from .pdfcheck import HEADINGS, blank_share, body_rows, last_ink, text_lines

pytestmark = pytest.mark.slow  # plays the demo games and lays out some thirty reports

#: The most of a page (but the last) that may stay blank.
MOST_BLANK = 0.25
CONFIG = ReportConfig()
#: A comment every order form carries, and nothing else in a report.
TOKEN_LINE = "the secret token from your welcome mail"


@dataclass(frozen=True)
class Sheet:
    """What the tests read of one laid-out report: per page its blank share, the elements its foot lies in, its
    lines of text and each table's body rows on it."""

    name: str
    blank: list[float]
    feet: list[tuple[str, ...]]
    lines: list[list[str]]
    rows: list[dict[int, int]]
    order_template: str | None
    over: bool


def _play(root: Path, plan: demo.Plan) -> Path:
    """The demo's game of `plan` played to its end by robots, through pbem's commands, without reports."""
    folder = root / plan.folder
    runner = CliRunner()
    players = [arg for p in plan.players for arg in ("--player", p)]
    for args in (["new", str(folder), "--game", plan.game, "--seed", plan.seed, *players],
                 ["robot", str(folder), "--seat", "all"], ["run", "--no-reports", str(folder)]):
        outcome = runner.invoke(cli, args, catch_exceptions=False)
        assert outcome.exit_code == 0, outcome.output
    return folder


def _sheet(name: str, model: dict) -> Sheet:
    pages = html_document(render_html([model], CONFIG), CONFIG).render().pages
    return Sheet(name, [blank_share(p) for p in pages], [last_ink(p).tags for p in pages],
                 [text_lines(p) for p in pages], [body_rows(p) for p in pages], model["order_template"],
                 model["result"] is not None)


@pytest.fixture(scope="module")
def sheets(tmp_path_factory: pytest.TempPathFactory) -> list[Sheet]:
    """Every demo game's final reports and a mid-game one, laid out on both papers."""
    root = tmp_path_factory.mktemp("demo-paper")
    found = []
    for plan in demo.plans():
        gd = open_game(_play(root, plan))
        steps = gd.steps()
        readers: list[tuple[int, str | None]] = [(steps[-1], seat) for seat in [None, *gd.meta.seat_names]]
        middle = steps[len(steps) // 2]  # a seat that owes orders then, whose report names the order form
        owing = [seat for seat in gd.meta.seat_names if report_model(gd, middle, seat)["order_template"] is not None]
        readers.append((middle, (owing or gd.meta.seat_names)[0]))
        for step, seat in readers:
            for paper in ("a4", "letter"):
                model = report_model(gd, step, seat)
                model["paper"] = paper
                found.append(_sheet(f"{plan.folder} step {step} {seat or 'public'} {paper}", model))
    return found


def test_every_page_but_the_last_is_well_filled(sheets: list[Sheet]) -> None:
    emptier = [f"{s.name} page {n + 1}: {share:.0%} blank" for s in sheets for n, share in enumerate(s.blank[:-1])
               if share > MOST_BLANK]
    assert not emptier, "\n".join(emptier)
    assert any(len(s.blank) > 2 for s in sheets)  # the measure saw reports of several pages


def test_no_page_ends_with_a_heading(sheets: list[Sheet]) -> None:
    ending = [f"{s.name} page {n + 1} ends in {foot[-1]}: {s.lines[n][-1]!r}" for s in sheets
              for n, foot in enumerate(s.feet[:-1]) if HEADINGS & set(foot)]
    assert not ending, "\n".join(ending)


def test_no_page_holds_only_a_heading_or_a_line(sheets: list[Sheet]) -> None:
    thin = [f"{s.name} page {n + 1}: {lines}" for s in sheets for n, lines in enumerate(s.lines) if len(lines) <= 2]
    assert not thin, "\n".join(thin)


def test_no_table_row_is_left_alone_by_a_page_break(sheets: list[Sheet]) -> None:
    alone = []
    for s in sheets:
        pages_of: dict[int, list[int]] = {}
        for rows in s.rows:
            for table, count in rows.items():
                pages_of.setdefault(table, []).append(count)
        alone += [f"{s.name}: a table split {counts}" for counts in pages_of.values()
                  if len(counts) > 1 and min(counts) < 2]
    assert not alone, "\n".join(alone)


def test_the_order_form_is_its_own_file_not_part_of_the_pdf(sheets: list[Sheet]) -> None:
    owing = [s for s in sheets if s.order_template is not None]
    assert owing  # the mid-game reports owe orders
    for s in owing:
        text = " ".join(line for page in s.lines for line in page)
        assert s.order_template is not None and TOKEN_LINE in s.order_template and TOKEN_LINE not in text, f"{s.name}: the form is printed"
        assert "orders-step-" in text and ".yaml" in text, f"{s.name}: the PDF names the order form's file"


def test_game_over_is_told_once_with_the_final_scores(sheets: list[Sheet]) -> None:
    finals = [s for s in sheets if s.over]
    assert finals
    for s in finals:
        lines = [line for page in s.lines for line in page]
        assert lines.count("Game over") == 1, s.name
        assert sum("Final scores" in line for line in lines) <= 1, s.name
        assert not any("no more orders" in line for line in lines), s.name
        first = s.lines[0]
        assert any(line.startswith(("Winner:", "Winners:")) for line in first), f"{s.name}: {first[:12]}"
