"""The report partials render, draw every tableau, escape everything and keep other screens secret."""

from __future__ import annotations

import jinja2
import pytest
from x5_helpers import make_state, play

from engine.rng import Rng
from games.expedition_5x import GAME
from games.expedition_5x.state import Group
from pbem.reports.config import ReportConfig, template_loader
from pbem.reports.html import FILTERS
from pbem.reports.pictures import template_globals

ENV = jinja2.Environment(loader=template_loader(ReportConfig(), GAME.id), autoescape=True,
                         undefined=jinja2.StrictUndefined)
ENV.globals.update(template_globals(GAME.id))  # the cards are drawn from geometry in Python, as in pbem's reports
ENV.filters.update(FILTERS)


def render(state, seat, kind="html"):
    return ENV.get_template(f"expedition-5x/report.{kind}.j2").render(view=GAME.view(state, seat), seat=seat)


def _scout_stage():
    """Round 2 with bob choosing late, anna holding a sealed bid of 4677 and screens of unusual sizes."""
    state = make_state(3, water=(9137, 8251, 7365), market=("T01", "T02"))
    state.players["cora"].tableau = [Group(["S3", "T01"], ["left"]), Group(["T02"])]
    state = play(state, {"anna": {"action": "drill"}, "bob": {"action": "scout"}, "cora": {"action": "drill"}},
                 rolls=[1]).state
    state.players["anna"].discards, state.players["anna"].hand = ["drill"], ["excavate", "plunder", "scout", "expand"]
    return play(state, {"anna": {"action": "excavate", "bid": 4677, "wishes": [state.market[0]]},
                        "cora": {"action": "expand"}}).state


@pytest.mark.parametrize("kind", ["html", "txt"])
def test_report_shows_own_screen_and_never_another_seat_s_water_hand_or_bid(kind):
    state = _scout_stage()
    water = {s: str(state.players[s].water) for s in state.seats}
    for reader in ("anna", "bob", "cora", None):
        text = render(state, reader, kind)
        for seat in state.seats:
            assert (water[seat] in text) == (seat == reader), (reader, seat)
        assert ("4677" in text) == (reader == "anna")
        assert text.count("Behind your screen") == (0 if reader is None else 1)


def test_report_html_draws_market_deck_top_discards_and_every_tableau():
    state = _scout_stage()
    html = render(state, "bob")
    assert "round 2, scouts choose" in html
    for card in [*state.market, state.deck[0]]:
        assert GAME.view(state, None)["market"] is not None and card in html
    assert html.count("<svg") == len(state.market) + 1 + sum(len(p.tableau) for p in state.players.values())
    assert "x5-covered" in html and "(covered)" in html  # cora's T01 lies under Rust Harbour: its corner is pale
    assert "▶" in html or "◀" in html
    assert "Revealed" in html and "Excavate" in html  # anna's revealed card, shown to the late scout


def test_report_escapes_seat_names():
    state = GAME.setup(["<b>anna</b>", "bob & co", "cora"], {}, Rng("esc"))
    html = render(state, "<b>anna</b>")
    assert "<b>anna</b>" not in html and "&lt;b&gt;anna&lt;/b&gt;" in html
    assert "bob &amp; co" in html


def test_report_renders_the_final_scores():
    state = make_state(3, market=())
    state.stage, state.deck, state.round = "over", [], 15
    view = GAME.view(state, "anna")
    html = ENV.get_template("expedition-5x/game_over.html.j2").render(view=view, seat="anna")
    assert html.count('<span class="tag">winner</span>') == 3 and "share the victory" in html
    assert 'data-label="Total">' in html and "Final scores" not in render(state, "anna")
    text = ENV.get_template("expedition-5x/game_over.txt.j2").render(view=view, seat="anna")
    assert text.count("winner") == 3 and "(you)" in text and "share the victory" in text
    assert "Final scores" not in render(state, None, "txt")


def test_report_draws_laurel_branches_only_around_activated_crystals():
    state = make_state(3, market=("T01", "T02"))
    # Rover Tracks lies on top of Deep Bore: its purple edge crystal is activated, Deep Bore's green one is covered.
    state.players["anna"].tableau = [Group(["S1"]), Group(["T14", "T06"], ["left"])]
    html = render(state, "anna")
    anna = html.split('class="x5-tableau"')[1]
    assert anna.count("x5-on") == 3 and anna.count("x5-off") == 1  # two centres and one edge, one edge not
    assert anna.count('stroke="#4f8a2b"') == 2 * 3  # a pair of branches per activated crystal
    assert "(4 crystal points)" in anna  # two purple (3) and one green (1)
    assert "NOT FOR SALE YET" in html.split('class="x5-scores"')[0]  # the deck's top card is marked


def test_report_text_names_the_card_on_top_at_each_junction():
    state = make_state(3, market=("T01", "T02"))
    state.players["anna"].tableau = [Group(["S1", "T01"], ["left"])]
    text = render(state, "anna", "txt")
    row = "[S1 Dune Hollow: left excavate, right drill] (S1 on top) [T01 Dew Condenser: left covered, right scout]"
    assert row in text
