"""The report macros both Pax games share (games/pax/templates/): the market in the game's money, a card's box, a
seat's section, and both games' reports drawing their markets, cards and seats with them."""

from __future__ import annotations

import re

import jinja2

from engine import registry
from engine.contract import template_packages
from engine.rng import Rng
from games.pax_expanse.game import GAME as EXPANSE
from games.pax_pamir import GAME as PAMIR
from pbem.reports.config import ReportConfig, package_folder, template_loader
from pbem.reports.html import FILTERS
from pbem.reports.pictures import template_globals

#: The Pax games: every registered game whose templates read the family's macros (its template_packages).
PAX_GAMES = sorted(game_id for game_id, game in registry.games().items() if "pax" in template_packages(game))
#: Their partials and the shared macros, found as pbem finds them.
LOADER = jinja2.ChoiceLoader([template_loader(ReportConfig(), game) for game in PAX_GAMES])
#: A card macro as a game's partial writes one: the shared box, the game's lines inside.
CARD = ('{% from "pax/macros.html.j2" import card_box, line, market %}'
        '{% macro card(c) %}{% call card_box("tx", "tx-event", c.title, c.number) %}'
        '{{ line("tx", "If bought", c.title) }}{% endcall %}{% endmacro %}')


def _environment(game_id: str | None = None) -> jinja2.Environment:
    """The partials and macros of both games, drawing the pictures of `game_id` as its report does."""
    env = jinja2.Environment(loader=LOADER, autoescape=True,
                             undefined=jinja2.StrictUndefined)
    env.globals.update(template_globals(game_id))
    env.filters.update(FILTERS)
    return env


def _slot(row: int, column: int, card: int | None, money: int) -> dict[str, object]:
    event = {"number": card, "kind": "event", "title": f"Event {card}"} if card else None
    return {"row": row, "column": column, "cost": column - 1, "card": event, "influence": money}


def test_the_market_names_the_games_money_and_the_cost_of_each_column() -> None:
    rows = [[_slot(r, c, 90 + c if c != 2 else None, 1 if c == 1 else 0) for c in range(1, 7)] for r in (1, 2)]
    html = _environment().from_string(CARD + '{{ market(rows, card, "tx", "influence", "influence", '
                                      '"tx-money") }}').render(rows=rows)
    assert html.count("<td>") == 12 and "cost 5" in html
    assert html.count('<div class="tx-money">1 influence on it</div>') == 2
    assert html.count('<div class="tx-empty">empty</div>') == 2
    assert html.count('class="pax-card tx-card tx-event"') == 10 and "Event 91" in html


def test_the_market_tells_a_seat_its_own_cost_when_it_differs() -> None:
    rows = [[_slot(r, c, 90 + c, 0) for c in range(1, 7)] for r in (1, 2)]
    rows[0][3]["your_cost"] = 0
    rows[1][2]["your_cost"] = 2
    html = _environment().from_string(CARD + '{{ market(rows, card, "tx", "rupee", "influence", '
                                      '"tx-money") }}').render(rows=rows)
    assert html.count("costs you") == 1 and '<div class="tx-money">costs you 0</div>' in html


def _market_cards_and_seats(html: str, prefix: str, seats: int) -> None:
    """The market is the shared table, every card box in the report is the shared one, and every seat's section
    is the shared one (with the reader's hand, and only its), each with the game's classes beside the shared."""
    assert f'<table class="pax-market {prefix}-market">' in html
    boxes = re.findall(rf'<div class="([^"]*){prefix}-card\b', html)
    assert len(boxes) >= 12 and all(b == "pax-card " for b in boxes), boxes[:3]
    assert html.count(f'<section class="{prefix}-player pax-seat') == seats
    assert html.count("Your hand (") == 1 and html.count("Cards in hand: ") == seats - 1


def test_pax_pamir_report_draws_its_market_and_cards_with_the_shared_macros() -> None:
    state = PAMIR.setup(["anna", "bob", "cati"], {}, Rng("shared-macros"))
    html = _environment(PAMIR.id).get_template("pax-pamir/report.html.j2").render(
        view=PAMIR.view(state, "anna"), seat="anna")
    _market_cards_and_seats(html, "pp", 3)
    assert "rupee" in html and "influence on it" not in html


def test_pax_expanse_report_draws_its_market_and_cards_with_the_shared_macros() -> None:
    state = EXPANSE.setup(["anna", "bob", "cati"], {}, Rng("shared-macros"))
    html = _environment(EXPANSE.id).get_template("pax-expanse/report.html.j2").render(
        view=EXPANSE.view(state, "anna"), seat="anna")
    _market_cards_and_seats(html, "px", 3)
    assert "rupee" not in html


def test_the_shared_macros_never_name_a_game() -> None:
    names = re.compile(r"pamir|expanse|wakhan|rocinante|rupee|coalition|court\b|network", re.IGNORECASE)
    for path in package_folder("games.pax", "templates").glob("*.j2"):
        # The comments may give a game's words as examples; the code may not use them.
        code = re.sub(r"\{#.*?#\}", "", path.read_text(encoding="utf-8"), flags=re.DOTALL)
        for text in code.splitlines():
            assert not names.search(text), f"{path.name}: {text.strip()}"


def test_the_text_market_lists_each_slot_with_its_cost_money_and_the_readers_own_cost() -> None:
    rows = [[_slot(r, c, 90 + c if c != 2 else None, 2 if c == 1 else 0) for c in range(1, 7)] for r in (1, 2)]
    rows[0][3]["your_cost"] = 0
    text = _environment().from_string(
        '{% from "pax/macros.txt.j2" import market %}{% macro card(c) %}#{{ c.number }} {{ c.title }}{% endmacro %}'
        '{{ market(rows, card, "influence", "influence") }}').render(rows=rows)
    lines = text.splitlines()
    assert lines[0] == "MARKET (row, column: cost, influence on the card)" and len(lines) == 13
    assert "  1,1: cost 0, 2 on it - #91 Event 91" in lines and "  2,2: cost 1 - empty" in lines
    assert "  1,4: cost 3, costs you 0 - #94 Event 94" in lines


def test_both_games_text_reports_draw_market_and_hands_with_the_shared_macros() -> None:
    assert {PAMIR.id, EXPANSE.id} <= set(PAX_GAMES)
    for game in PAX_GAMES:
        source = LOADER.get_source(_environment(), f"{game}/report.txt.j2")[0]
        assert '{%- from "pax/macros.txt.j2" import market, hand -%}' in source
        assert "MARKET (" not in source and "Your hand" not in source, game
