"""Pictures in reports: the engine draws plain SVG text, the report marks it safe, and the templates of a game's
report draw that game's pictures only, so rendering one game's report loads no other game."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from markupsafe import Markup

from engine import registry
from engine.contract import GameBase
from engine.draw.layout import Box, Drawing, label, rect
from engine.draw.svg import svg
from pbem.game_yaml import Seat
from pbem.reports.pictures import template_globals
from pbem.store import create

ROOT = Path(__file__).resolve().parents[2]
#: Renders the HTML report of a stored game's setup for its first seat in a fresh interpreter: prints how many
#: pictures it holds, and every module loaded, as the command that renders reports would load them.
RENDER = ("import sys\nfrom pathlib import Path\nfrom pbem.reports import ReportConfig, render_html, report_model\n"
          "from pbem.store import open_game\ngd = open_game(Path(sys.argv[1]))\n"
          "html = render_html([report_model(gd, 0, gd.meta.seat_names[0])], ReportConfig())\n"
          "print(html.count('<svg'))\nprint('\\n'.join(sorted(sys.modules)), file=sys.stderr)\n")


def _run(code: str, *argv: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    return subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True, env=env, cwd=ROOT,
                          check=False)


def _draws(game: object) -> bool:
    """Whether the game declares a board or named pictures (GameBase's defaults draw nothing)."""
    return isinstance(game, GameBase) and (type(game).board is not GameBase.board or bool(game.pictures()))


def test_the_engine_draws_plain_text_and_the_report_marks_it_safe() -> None:
    drawing = Drawing(60, 20, title="<a & b>")
    drawing.add(rect("box", Box(1, 1, 59, 19), fill="#eee"), label("name", "<b>&", (4, 14), 10))
    text = svg(drawing)
    assert type(text) is str  # no web-templating type below pbem
    assert "&lt;b&gt;&amp;</text>" in text and 'aria-label="&lt;a &amp; b&gt;"' in text  # escaped once, here
    picture = template_globals("expedition-5x")["x5_card_svg"]
    card = {"id": "S1", "name": "Base", "kind": "settlement",
            **{side: {"action": "scout", "improvement": "", "crystal": None} for side in ("left", "right")}}
    drawn = picture(card)
    assert isinstance(drawn, Markup) and str(drawn).startswith("<svg") and "x5-svg" in drawn


def test_a_reports_environment_draws_only_its_own_games_pictures() -> None:
    assert set(template_globals("expedition-5x")) == {"board_svg", "x5_card_svg", "x5_group_svg"}
    assert set(template_globals("pax-pamir")) == {"board_svg"}
    for nothing in (None, "no-such-game"):
        drawn = template_globals(nothing)
        assert set(drawn) == {"board_svg"} and drawn["board_svg"]({"game": "pax-pamir"}) == Markup("")


@pytest.mark.parametrize("game_id", sorted(registry.games()))
def test_rendering_one_games_report_loads_no_other_game(tmp_path: Path, game_id: str) -> None:
    game = registry.get(game_id)
    module = type(game).__module__
    imported = _run(f"import sys, {module}\nprint('\\n'.join(sys.modules), file=sys.stderr)")
    if imported.returncode != 0:  # a game the test setup registers is no installed plug-in
        pytest.skip(f"{game_id} is not importable in a fresh interpreter")
    # The game's own package and a kernel it shares (what importing the game loads of games.*) may load further.
    own = {".".join(m.split(".")[:2]) for m in imported.stderr.split() if m.startswith("games.")}
    counts = game.seat_counts({})
    gd, _ = create(tmp_path / "g", game_id, "pictures", [Seat(s) for s in ("anna", "ben", "cleo", "dara",
                                                                           "emil")[:min(counts)]])
    done = _run(RENDER, str(gd.root))
    assert done.returncode == 0, done.stderr[-2000:]
    modules = set(done.stderr.split())
    if _draws(game):
        assert int(done.stdout) > 0  # the game's pictures were drawn, so its drawing code ran
    others = {m for m in modules if m.split(".")[0] == "games" and m != "games" and ".".join(m.split(".")[:2]) not in own}
    assert not others, sorted(others)
