"""A stored tiny game played to its end, with game partials in a temporary templates folder."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fourth_game.variants import TINY_GAME as GAME

from engine import registry
from engine.rng import Rng
from pbem import game_yaml, store
from pbem.mail.report import render_and_queue
from pbem.reports import TEMPLATES_DIR, ReportConfig

SCRIPT = "<script>alert(1)</script>"
EVIL = "evil\r\nBcc: x@y"
SEATS = [
    game_yaml.Seat("anna", "anna@example.org"),
    game_yaml.Seat("bob", "bob@example.org"),
    game_yaml.Seat(SCRIPT, "script@example.org"),
    game_yaml.Seat(EVIL, "evil@example.org"),
    game_yaml.Seat("wakhan", "wakhan@example.org", robot=True),  # a robot seat: mailed like any seat with an address
    game_yaml.Seat("dora"),  # no address: reports on disk only
]

PARTIAL_HTML = """<div class="tiny">
<p>Round {{ view.round }}</p>
{% if seat is not none %}<p class="hand">Your hand: {{ view.hand | join(', ') }}</p>{% endif %}
<p class="reader">Partial for {{ seat }}</p>
</div>
"""
PARTIAL_CSS = ".tiny > p { margin: 0.2em 0; }\n"
PARTIAL_TXT = """Round {{ view.round }}
{% if seat is not none %}Your hand: {{ view.hand | join(', ') }}
{% endif %}
End of the tiny view
"""


@pytest.fixture(scope="session")
def config(tmp_path_factory: pytest.TempPathFactory) -> ReportConfig:
    """Report settings with the tiny game's partials ahead of the shared templates."""
    partials = tmp_path_factory.mktemp("templates")
    (partials / GAME.id).mkdir()
    (partials / GAME.id / "report.html.j2").write_text(PARTIAL_HTML)
    (partials / GAME.id / "report.css").write_text(PARTIAL_CSS)
    (partials / GAME.id / "report.txt.j2").write_text(PARTIAL_TXT)
    return ReportConfig(template_dirs=(partials, TEMPLATES_DIR), sender="turns@pbem.example")


@pytest.fixture(scope="session", autouse=True)
def tiny_registered() -> Iterator[None]:
    """The tiny game is known to the registry for the whole session (it has no entry point)."""
    real = registry.get
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(registry, "get", lambda game_id: GAME if game_id == GAME.id else real(game_id))
        yield


def play(root: Path, options: dict | None = None) -> store.GameDir:
    """A tiny game stored from setup to its end, every seat playing its default order.

    The store refuses seat names like SCRIPT and EVIL, and new game names like 'tiny&game'; they are let in
    here so the reports prove they stay safe on their own, should anything unsafe ever reach them (defence in
    depth; a game folder made before names were checked opens whatever its name).
    """
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(store, "SEAT_NAME", re.compile(".+", re.DOTALL))
        patch.setattr(store, "GAME_NAME", re.compile(".+", re.DOTALL))
        gd, _ = store.create(root, GAME.id, "seed-1", SEATS, options or {})
    step = 0
    state = gd.state()
    while GAME.result(state) is None:
        orders = {p.seat: GAME.default_order(state, p.seat) for p in GAME.prompts(state)}
        step += 1
        outcome = GAME.apply(state, orders, Rng.for_step(gd.meta.seed, step))
        gd.commit_step(step, outcome.state, outcome.events, {}, {})
        state = outcome.state
    return gd


@pytest.fixture(scope="session")
def finished(tmp_path_factory: pytest.TempPathFactory) -> store.GameDir:
    """A finished tiny game named with characters that need escaping and quoting."""
    return play(tmp_path_factory.mktemp("games") / "tiny&game", {"deadline": "2026-12-01 18:00 UTC"})


@pytest.fixture(scope="session")
def rendered(finished: store.GameDir, config: ReportConfig) -> store.GameDir:
    """The finished game with every step's reports and mail rendered once."""
    for step in finished.steps():
        render_and_queue(finished, step, config)
    return finished
