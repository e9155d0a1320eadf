"""The end of a game, told once at the top of the report: the winners, the final scores, and the tie-break the
rules used when the scores alone did not decide; no scores or orders section after it."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest
from leaks.hidden import robot_game

from engine import registry
from pbem.reports import ReportConfig, render_html, render_text, report_model
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
    # Expedition to 5X shows its totals as the last column of its score breakdown, the others as a seat table.
    cell = '<td data-label="Clan">' if name == "expedition-5x" else "<td>"
    total = r'</td><td data-label="Crystals">\d+</td>\s*<td data-label="Water">[^<]*</td><td data-label="Total">' if name == "expedition-5x" else \
        '</td><td class="num">'
    for seat, score in model["scores"].items():
        assert re.search(rf"{cell}{re.escape(seat)}( <span class=\"tag\">winner</span>)?{total}{score}</td>", now), seat
    assert now.count('<span class="tag">winner</span>') == len(winners)
    # Each seat's total appears once in the whole report: no second score table after "Game over".
    assert html.count('<span class="tag">winner</span>') == len(winners)
    assert html.count("Game over") == 1 and _text(html).count("Final scores") <= 1
    assert '<section class="scores">' not in html and '<section class="orders">' not in html
    assert "no more orders" not in html


@pytest.mark.parametrize("name", THREE_SEATS)
def test_the_text_report_ends_the_game_once_with_the_final_scores(finals: dict[str, dict[str, Any]], name: str) -> None:
    model = finals[name]
    for text in (render_text([model], CONFIG), render_text([model], CONFIG, template="mail/report.txt.j2")):
        over = text[text.index("GAME OVER."):text.index("WHAT HAPPENED")]
        assert model["result"]["winners"][0] in over.splitlines()[0]
        for seat, score in model["scores"].items():
            assert re.search(rf"^{re.escape(seat)} +{score}\b", over, re.M), seat
        assert over.count("winner") == len(model["result"]["winners"])
        assert text.count("GAME OVER") == 1 and "SCORES" not in text and "Final scores" not in text
        assert "ORDERS" not in text and "no more orders" not in text


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
    for text in (_text(render_html([tied], CONFIG)), _text(render_text([tied], CONFIG)),
                 _text(render_text([tied], CONFIG, template="mail/report.txt.j2"))):
        over = re.search(r"(?is)game over(.*?)what happened", text).group(1)  # type: ignore[union-attr]
        assert f"{first} and {second} tied on" in over and words in over and text.count(words) == 1


def test_an_expedition_tie_names_the_water_that_broke_it(finals: dict[str, dict[str, Any]]) -> None:
    model = copy.deepcopy(finals["expedition-5x"])
    result = model["view"]["result"]
    winner = result["winners"][0]
    other = next(s for s in model["view"]["seats"] if s != winner)
    result["scores"][other] = result["scores"][winner]
    result["winners"] = [winner]
    water = result["detail"][winner]["water"]
    for render in (render_html, render_text):
        text = _text(render([model], CONFIG))
        assert "tied on" in text and text.count(f"the tie goes to the most water, {winner} with {water}.") == 1
    result["winners"] = sorted([winner, other], key=model["view"]["seats"].index)
    for render in (render_html, render_text):
        assert "share the victory" in _text(render([model], CONFIG))
