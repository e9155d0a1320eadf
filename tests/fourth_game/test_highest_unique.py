"""Highest Unique, the fourth game: registered by the test setup only, it renders its reports and site pages with
its own partials, and the suites that ask the registry (conformance, leaks, seeded games, mail through the
servers, the site of every game) take it in without a line naming it outside this folder."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conformance.cases import cases, firsts
from conformance.hooks import hook
from highest_unique import GAME
from leaks.hidden import robot_game

from engine import registry
from pbem.game_yaml import Seat
from pbem.reports import ReportConfig, render_html, render_text
from pbem.reports.model import report_model
from pbem.site import build, seat_folder
from pbem.store import create, open_game


def model(root: Path) -> dict[str, Any]:
    """Anna's report model at the start of a new game."""
    gd, _ = create(root / "hu1", GAME.id, 5, [Seat("anna", "anna@example.org"), Seat("ben")])
    return report_model(gd, 0, "anna")


def test_the_game_is_registered_by_the_test_setup_only() -> None:
    assert type(registry.get(GAME.id)).__module__ == "highest_unique.game"


def test_the_suites_that_ask_the_registry_take_it_in_with_its_own_hooks() -> None:
    assert {case.setup.players for case in cases() if case.game_id == GAME.id} == set(GAME.player_counts)
    assert GAME.id in {case.game_id for case in firsts()}  # mail through the servers, the site of every game
    assert hook(GAME, "invariants") is not None and hook(GAME, "perturb") is not None


@pytest.mark.parametrize("render", [render_html, render_text])
def test_its_reports_use_its_own_partials(render: object, tmp_path: Path) -> None:
    text = render([model(tmp_path)], ReportConfig())  # type: ignore[operator]
    assert "Highest Unique: round 1" in text and "Your secret word" in text


def test_its_site_shows_each_seat_its_own_secret_word_and_the_public_none(tmp_path: Path) -> None:
    folder = robot_game(tmp_path / "games", "hu", GAME.id, ["anna", "ben", "cleo"], steps=10)
    build(folder, tmp_path / "www")
    gd = open_game(folder)
    secrets = gd.state(0)["secret"]
    public = (tmp_path / "www" / "hu" / "steps" / "0001.html").read_text(encoding="utf-8")
    assert "Highest Unique: round 2" in public and "Your secret word" not in public
    for seat, word in secrets.items():
        page = (tmp_path / "www" / "hu" / seat_folder(gd, seat) / "0001.html").read_text(encoding="utf-8")
        assert f"Your secret word: {word}" in page
        assert page.count("Your secret word") == 1
