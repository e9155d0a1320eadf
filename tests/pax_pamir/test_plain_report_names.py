"""Issue 19: the plain-text report names coalitions, regions and borders as the map does, never by their ids."""

from __future__ import annotations

import re

import jinja2
from pp_helpers import position

from engine.rng import Rng
from games.pax_pamir import GAME, cards
from games.pax_pamir.state import GameState
from pbem.reports.config import ReportConfig, template_loader
from pbem.reports.html import FILTERS


def render_plain(state: GameState, seat: str) -> str:
    env = jinja2.Environment(loader=template_loader(ReportConfig(), "pax-pamir"), undefined=jinja2.StrictUndefined)
    env.filters.update(FILTERS)
    return env.get_template("pax-pamir/report.txt.j2").render(view=GAME.view(state, seat), seat=seat)


def plain_report(seat: str) -> str:
    state = position(courts={"anna": [21], "bob": [26]}, loyalty={"anna": "british", "bob": "russian",
                                                                 "cati": "afghan"})
    state.tribes = {"punjab": {"anna": 1}}
    state.armies = {"punjab": {"british": 2}}
    state.roads = {"kandahar-punjab": {"british": 1}}
    return render_plain(state, seat)


def test_the_plain_report_prints_names_where_the_view_holds_ids() -> None:
    text = plain_report("anna")
    board = cards.board()
    assert "armies British 2" in text and "Roads: Kandahar-Punjab (British 1)" in text
    assert "anna (you): British," in text and "bob: Russian," in text and "rules Punjab" in text
    assert f"#21 Alexander Burnes ({board.region_names['punjab']}," in text
    for ident in (*board.borders, "british", "russian", "afghan", "punjab"):
        assert not re.search(rf"(?<![\w-]){re.escape(ident)}(?![\w-])", text), ident


def deck_line(state: GameState) -> str:
    [line] = [line for line in render_plain(state, "anna").split("\n") if line.startswith("Deck:")]
    return line


def test_the_plain_report_words_the_dominance_checks_ahead_as_the_html_does() -> None:
    state = GAME.setup(["anna", "bob", "cati"], {}, Rng("deck line"))
    windows = GAME.view(state, "anna")["deck"]["check_windows"]
    assert len(windows) == 4  # one check in each of the four bottom piles
    line = deck_line(state)
    assert line.startswith(f"Deck: {len(state.deck)} cards. The next Dominance Check comes after "
                           f"{windows[0]['from']} to {windows[0]['to']} more cards drawn. Then a Dominance Check")
    assert line.count("Then a Dominance Check comes after") == 3
    state.deck = []
    assert deck_line(state) == "Deck: 0 cards. No Dominance Check is left in the deck."
