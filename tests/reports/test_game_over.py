"""The end of a game, told once at the top of the report: the winners, the final scores, and the tie-break the
rules used when the scores alone did not decide; no scores or orders section after it."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest
from leaks.hidden import robot_game

from engine import registry
from pbem.reports import ReportConfig, render_html, report_model
from pbem.store import open_game

pytestmark = pytest.mark.slow  # plays two robot games to their end

CONFIG = ReportConfig()
#: Every installed game that three seats can play.
THREE_SEATS = sorted(game_id for game_id, game in registry.games().items() if 3 in game.seat_counts({}))


@pytest.fixture(scope="module")
def finals(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    """The first seat's final report model of a finished three-seat game of every installed game, by game id."""
    root = tmp_path_factory.mktemp("game-over")
    found = {}
    for game_id in THREE_SEATS:
        gd = open_game(robot_game(root, game_id, game_id, ["anna", "ben", "cleo"], steps=10_000))
        found[game_id] = report_model(gd, gd.steps()[-1], "anna")
        assert found[game_id]["result"] is not None, f"{game_id} did not end"
    return found


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


@pytest.mark.parametrize("name", THREE_SEATS)
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


def _tie(model: dict[str, Any], key: str) -> tuple[dict[str, Any], list[str]]:
    """The model with one other player's victory points made equal to the best one's; the two tied, in seat order."""
    tied = copy.deepcopy(model)
    players = tied["view"]["players"]
    best = max(players, key=lambda p: p[key])
    other = next(p for p in players if p is not best and p[key] != best[key])
    other[key] = best[key]
    return tied, [p["seat"] for p in players if p is best or p is other]


def test_a_pax_pamir_tie_names_its_tie_breaks(finals: dict[str, dict[str, Any]]) -> None:
    _names_its_tie_breaks(finals["pax-pamir"], "score", "a tie goes to the most military stars, then the most rupees:")


def test_a_pax_expanse_tie_names_its_tie_breaks(finals: dict[str, dict[str, Any]]) -> None:
    _names_its_tie_breaks(finals["pax-expanse"], "vp", "a tie goes to the most war stars, then the most influence:")


def _names_its_tie_breaks(untied: dict[str, Any], key: str, words: str) -> None:
    """A Pax game's final report names its tie-breaks when two players tie on points, and only then."""
    players = untied["view"]["players"]
    if sorted(p[key] for p in players)[-2:] != [max(p[key] for p in players)] * 2:
        assert words not in _text(render_html([untied], CONFIG))
    tied, (first, second) = _tie(untied, key)
    text = _text(render_html([tied], CONFIG))
    assert f"{first} and {second} tied on" in text and words in text


def test_an_expedition_tie_names_the_water_that_broke_it(finals: dict[str, dict[str, Any]]) -> None:
    model = copy.deepcopy(finals["expedition-5x"])
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
