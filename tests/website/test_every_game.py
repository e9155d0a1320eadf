"""The site of every installed game: a robot game of each game and robot variant, its pages and its links.

One case of each kind (tests/conformance/cases.py `firsts`), asked of the registry, so that a game installed
tomorrow, or the fourth game that lives with the tests, is published and checked without a line naming it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conformance.cases import Case, firsts
from leaks.hidden import Stored

from pbem.site import build, seat_folder, slug
from pbem.store import open_game

from .links import links, target

#: Steps kept of each game: the whole of a short game, enough of a long one for every kind of page.
STEPS = 12


@pytest.fixture(scope="module")
def published(tmp_path_factory: pytest.TempPathFactory) -> tuple[Stored, Path]:
    """A robot game of every case under one root, and the site built from them."""
    games = Stored(tmp_path_factory.mktemp("every-game"), STEPS)
    for case in firsts():
        games.game(case.name, case.game_id, case.seats, case.cli_options)
    out = tmp_path_factory.mktemp("every-site") / "www"
    build(games.root, out)
    return games, out


@pytest.mark.parametrize("case", firsts(), ids=lambda case: case.name)
def test_every_game_is_published_with_its_steps_histories_and_stylesheet(
        case: Case, published: tuple[Stored, Path]) -> None:
    games, out = published
    gd = open_game(games[case.name])
    base = out / slug(gd.name)
    assert f'href="{slug(gd.name)}/index.html"' in (out / "index.html").read_text(encoding="utf-8")
    index = (base / "index.html").read_text(encoding="utf-8")
    assert case.game.title in index
    if gd.game.result(gd.state()) is not None:
        assert "Game over. Winner" in index, "a finished game says who won"
    assert [p.name for p in sorted((base / "steps").glob("[0-9]*.html"))] == [f"{s:04d}.html" for s in gd.steps()]
    for seat in case.seats:
        history = base / seat_folder(gd, seat)
        assert f"{seat}'s private history" in (history / "index.html").read_text(encoding="utf-8")
        assert len(list(history.glob("[0-9]*.html"))) == len(gd.steps())
    stylesheet = out / "_assets" / f"{case.game_id}.css"
    assert stylesheet.stat().st_size > 0 and f"_assets/{case.game_id}.css" in index


@pytest.mark.parametrize("case", firsts(), ids=lambda case: case.name)
def test_every_link_of_a_game_s_pages_reaches_a_file_and_no_page_shows_a_secret(
        case: Case, published: tuple[Stored, Path]) -> None:
    games, out = published
    gd = open_game(games[case.name])
    secrets = [s.address for s in gd.meta.seats if s.address] + [s.token_hash for s in gd.meta.seats if s.token_hash]
    secrets.append((games[case.name] / "site.key").read_text().strip())
    pages = sorted((out / slug(gd.name)).rglob("*.html"))
    assert pages and len(secrets) > len(case.seats)
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert not [secret[:12] for secret in secrets if secret in text], page.relative_to(out)
        for href in links(page):
            assert not href.startswith(("http:", "https:", "//", "/")), f"{page}: {href} leaves the site"
            assert target(page, href).is_file(), f"{page.relative_to(out)}: dead link {href}"
            assert target(page, href).is_relative_to(out.resolve())
