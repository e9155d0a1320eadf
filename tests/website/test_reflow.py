"""Every page kind on every screen: report HTML, mail HTML and each site page, at a small phone, a phone, a mail
reading pane and a desktop window, measured in Chromium: no element's content runs past its box and the page never
scrolls sideways. An inner box that scrolls sideways counts as an overflow too, unless it is a row of Expedition to
5X's card drawings (SCROLLING_BOARDS): the boards, the score chart, the tables and the text must fit their column."""

from __future__ import annotations

from pathlib import Path

import pytest
from conformance.cases import Case, cases
from leaks.hidden import robot_game

from pbem.reports import ReportConfig, render_html, report_model
from pbem.reports.pictures import mail_safe
from pbem.site import build, seat_folder
from pbem.store import GameDir, open_game

from .test_browser import browser, webdriver

__all__ = ["browser"]  # the module's Chromium, shared with the site's browser tests

pytestmark = [pytest.mark.browser, pytest.mark.slow]  # plays three games and loads some hundred pages

WIDTHS = (360, 390, 600, 1280)

#: The boxes that may scroll sideways: a row of Expedition to 5X's card drawings, each drawn at its size.
SCROLLING_BOARDS = ".x5-row"

#: Every box whose content is wider than the box, whether it shows past it (overflow visible) or scrolls inside
#: it (any other board than SCROLLING_BOARDS), and the page's own sideways scroll. Inline boxes have no scroll
#: size of their own, and the inside of a drawing is the drawing's.
OVERFLOWS = r"""
const found = [];
const root = document.documentElement;
if (root.scrollWidth > root.clientWidth) found.push(`the page is ${root.scrollWidth - root.clientWidth}px too wide`);
for (const el of document.body.querySelectorAll('*')) {
  if (el.closest('svg') !== null && el.tagName.toLowerCase() !== 'svg') continue;
  const style = getComputedStyle(el);
  if (['inline', 'none', 'contents'].includes(style.display)) continue;
  const scrolls = style.overflowX !== 'visible';
  if (scrolls && (style.overflowX === 'hidden' || style.overflowX === 'clip' || el.matches(arguments[0]))) continue;
  if (el.scrollWidth > el.clientWidth + 1) {
    const name = el.tagName.toLowerCase() + (el.className && el.className.baseVal === undefined ? '.' + el.className.trim().replace(/\s+/g, '.') : '');
    const what = scrolls ? 'scrolls sideways' : 'is too narrow';
    found.push(`${name} ${what} by ${el.scrollWidth - el.clientWidth}px for "${(el.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 50)}"`);
  }
}
return found;
"""

#: The smallest height, in CSS pixels, of any label in the score chart as the page draws it.
CHART_TEXT = r"""
const sizes = [...document.querySelectorAll('svg.score-chart text')].map(t => t.getBoundingClientRect().height);
return sizes.length ? Math.min(...sizes) : null;
"""


def each_game() -> list[Case]:
    """One setup of every registered game: the most seats up to four, without options (the widest tables and
    longest lists a phone must show, at a table that is common)."""
    chosen: dict[str, Case] = {}
    for case in cases():
        if not case.options and case.setup.players <= 4:
            if case.game_id not in chosen or case.setup.players > chosen[case.game_id].setup.players:
                chosen[case.game_id] = case
    return list(chosen.values())


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> dict[str, GameDir]:
    """One finished robot game of each registered game, in a folder named after the game."""
    root = tmp_path_factory.mktemp("reflow-games")
    for case in each_game():
        robot_game(root, case.game_id, case.game_id, case.seats, steps=10_000)
    return {path.name: open_game(path) for path in sorted(root.iterdir()) if (path / "game.yaml").is_file()}


def _middle(gd: GameDir) -> int:
    steps = gd.steps()
    return steps[len(steps) // 2]


@pytest.fixture(scope="module")
def pages(games: dict[str, GameDir], tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The pages to measure, by name: each game's report and mail HTML mid-game, its final public report, and the
    site's pages of every kind (the index, a game's page, its steps, a seat's history and any other page)."""
    out = tmp_path_factory.mktemp("reflow-pages")
    config = ReportConfig()
    found: dict[str, Path] = {}
    for name, gd in games.items():
        middle, last = _middle(gd), gd.steps()[-1]
        seat = gd.meta.seat_names[0]
        model = report_model(gd, middle, seat)
        for kind, template, step_model in (("report", "report.html.j2", model),
                                           ("mail", "mail/report.html.j2", model),
                                           ("final report", "report.html.j2", report_model(gd, last, None))):
            html = render_html([step_model], config, template)
            if kind == "mail":  # as the mail carries it: each drawing a picture of its own size (pbem.mail.report)
                html = mail_safe(html, "pbem.example")[0]
            path = out / f"{name}-{kind.replace(' ', '-')}.html"
            path.write_text(html, encoding="utf-8")
            found[f"{name} {kind}"] = path
    root = next(iter(games.values())).root.parent
    site = out / "site"
    build(root, site)
    for path in sorted({*site.glob("*.html"), *site.glob("*/*.html")}):  # the index, each game's page, and more
        found[f"site {path.relative_to(site)}"] = path
    for name, gd in games.items():
        middle, last = _middle(gd), gd.steps()[-1]
        for step in (middle, last):
            found[f"site {name} step {step}"] = site / name / "steps" / f"{step:04d}.html"
        private = site / name / seat_folder(gd, gd.meta.seat_names[0])
        found[f"site {name} history"] = private / "index.html"
        found[f"site {name} history step {middle}"] = private / f"{middle:04d}.html"
    assert all(path.is_file() for path in found.values()), [n for n, p in found.items() if not p.is_file()]
    return found


def _set_width(driver: webdriver.Chrome, width: int) -> None:
    """The window sized so that the page itself is `width` CSS pixels wide (the frame takes some of a window)."""
    driver.set_window_size(width, 900)
    inner = driver.execute_script("return window.innerWidth")
    if inner != width:
        driver.set_window_size(2 * width - inner, 900)
    assert driver.execute_script("return window.innerWidth") == width


def test_no_page_overflows_at_any_width(browser: webdriver.Chrome, pages: dict[str, Path]) -> None:
    problems = []
    for width in WIDTHS:
        browser.get(next(iter(pages.values())).as_uri())
        _set_width(browser, width)
        for name, path in pages.items():
            browser.get(path.as_uri())
            problems += [f"{name} at {width}px: {p}" for p in browser.execute_script(OVERFLOWS, SCROLLING_BOARDS)]
        if width == min(WIDTHS):  # the score chart is scaled to fit: its labels must stay readable on a phone
            for name, path in pages.items():
                if "final report" in name or name.endswith("/index.html") and name.count("/") == 1:
                    browser.get(path.as_uri())
                    smallest = browser.execute_script(CHART_TEXT)
                    if smallest is not None and smallest < 8.5:
                        problems.append(f"{name} at {width}px: the chart's labels are {smallest:.1f}px high")
    assert any("final report" in name for name in pages)  # pages with a chart
    assert all(f"site {name}/index.html" in pages for name in {case.game_id for case in each_game()})
    assert not problems, "\n".join(problems[:40]) + (f"\n… and {len(problems) - 40} more" if len(problems) > 40 else "")


def test_the_measure_finds_an_overflow(browser: webdriver.Chrome, tmp_path: Path) -> None:
    """The check above can fail: a long word in a narrow box, and a page wider than its window, are found."""
    page = tmp_path / "wide.html"
    page.write_text('<!DOCTYPE html><meta name="viewport" content="width=device-width">'
                    '<div class="card" style="width: 5em">Supercalifragilistic</div><div style="width: 2000px">x</div>')
    browser.get(page.as_uri())
    _set_width(browser, 390)
    found = browser.execute_script(OVERFLOWS, SCROLLING_BOARDS)
    assert any(p.startswith("the page is") for p in found), found
    assert any(p.startswith("div.card is too narrow") and "Supercalifragilistic" in p for p in found), found


def test_the_measure_finds_a_box_that_scrolls_sideways(browser: webdriver.Chrome, tmp_path: Path) -> None:
    """A box that scrolls its wide content counts as an overflow, a board among them; a row of card drawings may."""
    page = tmp_path / "scroll.html"
    page.write_text('<!DOCTYPE html><meta name="viewport" content="width=device-width">'
                    '<figure class="score-history" style="overflow-x: auto"><div style="width: 900px">chart</div></figure>'
                    '<div class="board" style="overflow-x: auto"><div style="width: 900px">map</div></div>'
                    '<div class="x5-row" style="overflow-x: auto"><div style="width: 900px">cards</div></div>')
    browser.get(page.as_uri())
    _set_width(browser, 390)
    found = browser.execute_script(OVERFLOWS, SCROLLING_BOARDS)
    assert any(p.startswith("figure.score-history scrolls sideways") for p in found), found
    assert any(p.startswith("div.board scrolls sideways") for p in found), found
    assert not any("cards" in p for p in found), found
