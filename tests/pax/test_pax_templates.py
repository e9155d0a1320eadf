"""The report macros both Pax games share (templates/pax/): the market in the game's money, and a card."""

from __future__ import annotations

from pathlib import Path

import jinja2

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


def _render(source: str, **context: object) -> str:
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATES)), autoescape=True)
    return env.from_string(source).render(**context)


def _slot(row: int, column: int, card: int | None, money: int) -> dict[str, object]:
    event = {"number": card, "kind": "event", "title": f"Event {card}", "dominance_check": True} if card else None
    return {"row": row, "column": column, "cost": column - 1, "card": event, "influence": money}


def test_the_market_names_the_games_money_and_the_cost_of_each_column() -> None:
    rows = [[_slot(r, c, 90 + c if c != 2 else None, 1 if c == 1 else 0) for c in range(1, 7)] for r in (1, 2)]
    html = _render('{% from "pax/macros.html.j2" import market with context %}{{ market(rows, "influence", '
                   '"influence", "influence") }}', rows=rows, view={"seat_colours": {}})
    assert html.count("<td>") == 12 and "cost 5" in html
    assert html.count("1 influence on it") == 2 and html.count(">empty<") == 2
    assert "Event 91" in html and "Dominance Check" in html
