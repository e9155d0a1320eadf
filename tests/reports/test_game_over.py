"""The end of a game, told once at the top of the report: the winners, the final scores, and the tie-break the
rules used when the scores alone did not decide; no scores or orders section after it."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest
from leaks.hidden import robot_game

from pbem.reports import ReportConfig, render_html, report_model
from pbem.store import open_game

pytestmark = pytest.mark.slow  # plays two robot games to their end

CONFIG = ReportConfig()


@pytest.fixture(scope="module")
def finals(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    """The first seat's final report model of a finished Pax Pamir, Pax Expanse and Expedition to 5X game."""
    root = tmp_path_factory.mktemp("game-over")
    found = {}
    for name, game, seats in (("pamir", "pax-pamir", ["anna", "ben", "cleo"]),
                              ("expanse", "pax-expanse", ["anna", "ben", "cleo"]),
                              ("x5", "expedition-5x", ["anna", "ben", "cleo"])):
        gd = open_game(robot_game(root, name, game, seats, steps=10_000))
        found[name] = report_model(gd, gd.steps()[-1], "anna")
        assert found[name]["result"] is not None, f"{name} did not end"
    return found


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


@pytest.mark.parametrize("name", ["pamir", "expanse", "x5"])
def test_game_over_comes_first_with_the_final_scores_once(finals: dict[str, dict[str, Any]], name: str) -> None:
    model = finals[name]
    html = render_html([model], CONFIG)
    now = html[html.index('<section class="now'):html.index('<section class="events')]
    winners = model["result"]["winners"]
    assert "<h2>Game over</h2>" in now and winners[0] in now
    for seat, score in model["scores"].items():
        assert re.search(rf"<td>{re.escape(seat)}( <span class=\"tag\">winner</span>)?</td><td class=\"num\">{score}</td>",
                         now), seat
    assert now.count('<span class="tag">winner</span>') == len(winners)
    assert html.count("Game over") == 1 and _text(html).count("Final scores") <= 1
    assert '<section class="scores">' not in html and '<section class="orders">' not in html
    assert "no more orders" not in html


def _tie(model: dict[str, Any], key: str) -> dict[str, Any]:
    """The model with its first two players' victory points made equal to the best."""
    tied = copy.deepcopy(model)
    players = tied["view"]["players"]
    best = max(p[key] for p in players)
    for p in players[:2]:
        p[key] = best
    return tied


@pytest.mark.parametrize(("name", "key", "words"), [
    ("pamir", "score", "a tie goes to the most military stars, then the most rupees:"),
    ("expanse", "vp", "a tie goes to the most war stars, then the most influence:"),
])
def test_a_pax_tie_names_its_tie_breaks(finals: dict[str, dict[str, Any]], name: str, key: str, words: str) -> None:
    untied = finals[name]
    players = untied["view"]["players"]
    if sorted(p[key] for p in players)[-2:] != [max(p[key] for p in players)] * 2:
        assert words not in _text(render_html([untied], CONFIG))
    tied = _tie(untied, key)
    first, second = tied["view"]["players"][:2]
    text = _text(render_html([tied], CONFIG))
    assert f"{first['seat']} and {second['seat']} tied on" in text and words in text


def test_an_expedition_tie_names_the_water_that_broke_it(finals: dict[str, dict[str, Any]]) -> None:
    model = copy.deepcopy(finals["x5"])
    result = model["view"]["result"]
    winner = result["winners"][0]
    other = next(s for s in model["view"]["seats"] if s != winner)
    result["scores"][other] = result["scores"][winner]
    result["winners"] = [winner]
    text = _text(render_html([model], CONFIG))
    water = result["detail"][winner]["water"]
    assert "tied on" in text and f"the tie goes to the most water, {winner} with {water}." in text
    result["winners"] = sorted([winner, other], key=model["view"]["seats"].index)
    text = _text(render_html([model], CONFIG))
    assert "share the victory" in text
