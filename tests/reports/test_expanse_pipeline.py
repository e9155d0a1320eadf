"""A Pax Expanse game made with `pbem new` renders every report pbem makes: HTML, text, JSON and PDF for each
seat and the public, the order template of each seat that owes one, and the pages of the web archive."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from engine import registry
from pbem.cli import main as cli
from pbem.reports import ReportConfig, render_step
from pbem.site import build, seat_folder, slug
from pbem.store import open_game

pytestmark = pytest.mark.skipif("pax-expanse" not in registry.games(),
                                reason="pax-expanse is not registered as a game yet")
SEATS = ["anna", "ben", "cleo"]


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("expanse") / "g1"
    args = ["new", str(folder), "--game", "pax-expanse", "--seed", "7"]
    for seat in SEATS:
        args += ["--player", f"{seat}:{seat}@example.org"]
    outcome = CliRunner().invoke(cli, args, catch_exceptions=False)
    assert outcome.exit_code == 0, outcome.output
    return folder


def test_setup_renders_every_report_of_every_reader(game: Path) -> None:
    gd = open_game(game)
    written = {p.name for p in render_step(gd, 0, ReportConfig(), pdf=True)}
    for stem in (*SEATS, "public"):
        assert {f"{stem}.html", f"{stem}.txt", f"{stem}.json", f"{stem}.pdf"} <= written
    folder = gd.report_dir(0)
    for seat in SEATS:  # Starting Loyalty: every seat chooses at once, so every seat has an order form
        template = (folder / f"{seat}.order.yaml").read_text()
        assert "loyalty:" in template and max(len(line) for line in template.splitlines()) <= 72
    assert not (folder / "public.order.yaml").exists()
    html = (folder / "anna.html").read_text()
    assert 'class="board"' in html and "The Rocinante" in html
    model = json.loads((folder / "anna.json").read_text())
    assert model["view"]["game"] == "pax-expanse"
    assert [p["hand"] for p in model["view"]["players"] if p["seat"] != "anna"] == [None, None]


def test_site_pages_are_built_for_a_pax_expanse_game(game: Path, tmp_path: Path) -> None:
    build(game, tmp_path)
    gd = open_game(game)
    base = tmp_path / slug(gd.name)
    assert (base / "index.html").is_file()
    assert (tmp_path / "_assets" / "pax-expanse.css").is_file()
    assert list((base / seat_folder(gd, "anna")).glob("*.html"))


def test_report_mail_shows_the_map_as_a_picture_without_inline_svg(tmp_path: Path) -> None:
    """Gmail and Outlook drop inline SVG: the mail carries the map as a PNG its HTML refers to."""
    from pbem import game_yaml

    from .test_mail_pictures import _pictures_left, _report_mail

    msg = _report_mail(tmp_path, "pax-expanse", [game_yaml.Seat(s, f"{s}@example.org") for s in SEATS])
    html = next(p for p in msg.walk() if p.get_content_type() == "text/html").get_content()
    assert "<svg" not in html
    pictures = _pictures_left(msg)
    assert [alt for alt, _ in pictures] == [
        "Map of the six regions, with the political climate, the faction tokens and a legend"]
    colours = {c for _, c in pictures[0][1].convert("RGB").getcolors(maxcolors=1 << 20) or []}
    assert (0xDB, 0xE8, 0xF6) in colours  # Earth's space: the board itself, not a blank picture
