"""The replay pages of every installed game in a real browser: for a robot game of each game at its demo's seat
count, the log, each seat's view, the change marks, the chart and the feeds are reached by following links (from
the index, and from each seat's capability link), with no dead link and no console error.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote, urljoin

import pytest
from leaks.hidden import robot_game

from engine import registry
from pbem import demo
from pbem.site import build, seat_folder, slug
from pbem.store import open_game

from .served import serving
from .test_browser import browser, crawl, starts, webdriver

pytestmark = [pytest.mark.browser, pytest.mark.slow]  # starts Chromium and loads every page of four games

__all__ = ["browser"]  # the fixture, shared with test_browser.py

#: Steps each game is played for: enough for scores, private events and board changes (every step's pages are
#: the same templates, and each is loaded in the browser).
STEPS = 8


@pytest.fixture(scope="module")
def demo_games(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A robot game of every installed game at its demo's seats, and their site."""
    root = tmp_path_factory.mktemp("replay-demo-games")
    for game in registry.games().values():
        plan = demo.plan(game)
        seats = [player.split(":", 1)[0] for player in plan.players]
        robot_game(root, plan.folder, plan.game, seats, steps=STEPS)
    out = tmp_path_factory.mktemp("replay-demo-site") / "www"
    build(root, out)
    return root, out


@pytest.fixture(scope="module")
def served(demo_games: tuple[Path, Path]) -> Iterator[str]:
    with serving(demo_games[1]) as base:
        yield base


#: What a replay page may show, by the selector that finds it.
MARKS = {"chart": "svg.score-chart [data-mark^='line:']", "board changes": ".board svg.board [data-mark].changed",
         "table changes": ".board td.changed", "log": "section.log-step"}
#: Which of the selectors given find an element on the page, in one call rather than one per selector.
PRESENT = "return arguments[0].map(selector => document.querySelector(selector) !== null)"


def test_each_game_s_replay_pages_are_reached_and_show_without_a_console_error(
        browser: webdriver.Chrome, served: str, demo_games: tuple[Path, Path]) -> None:
    root, _ = demo_games
    games = {folder.name: open_game(folder) for folder in sorted(root.iterdir()) if (folder / "game.yaml").is_file()}
    assert len(games) == len(registry.games())
    seen: set[str] = set()
    found: dict[str, set[str]] = {name: set() for name in games}
    for url in crawl(browser, served, starts(served, games.values()), seen,
                     links="a[href], link[rel='alternate'][href]"):
        game = url.removeprefix(served).split("/", 1)[0]
        if game in found:
            shown = browser.execute_script(PRESENT, list(MARKS.values()))
            found[game] |= {name for name, there in zip(MARKS, shown, strict=True) if there}
    for name, gd in games.items():
        # A game that draws its board marks what changed on the drawing as well as in its tables.
        drawn = {"board changes"} if gd.game.board(gd.game.view(gd.state(), None)) is not None else set()
        assert found[name] >= {"chart", "table changes", "log", *drawn}, (name, found[name])
        base = urljoin(served, f"{quote(slug(gd.name))}/")
        assert {base + "log.html", base + "feed.xml"} <= seen, name
        for seat in gd.meta.seat_names:
            folder = f"{base}{seat_folder(gd, seat)}/"
            assert {folder + "index.html", folder + "log.html", folder + "feed.xml", folder + "0001.html"} <= seen
    assert sum(1 for gd in games.values() if gd.game.board(gd.game.view(gd.state(), None)) is not None) >= 2
