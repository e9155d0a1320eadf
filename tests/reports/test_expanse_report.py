"""Pax Expanse's HTML and text reports: the map, the market, the Rocinante and every Network, in the game's own
words, each seat's hand only in its own report."""

from __future__ import annotations

import re
from typing import Any

import pytest

from games.pax_expanse.state import GameState
from games.pax_expanse.view import view
from pbem.reports import ReportConfig, render_html, render_pdf, render_text

from .test_expanse_view import SEATS, dealt, fresh

#: Pax Pamir's words, which a Pax Expanse report never uses (it has its own for each).
PAMIR_WORDS = ("rupee", "court", "tribe", "army", "armies", "road", "coalition", "patriot", "prize", "favored",
               "ruler", "ruled", "afghan", "british", "russian", "wakhan", "leverage", "gift", "betray")


def under_way() -> GameState:
    """The rulebook's Belt example on the table, a Network with agents on it, the Rocinante damaged."""
    state = dealt()
    state.supporters["belt"] = {"chris": 2, "robin": 2, "mel": 1}
    state.fleets["belt"] = {"mcr": 2, "un": 1, "opa": 1}
    state.transports["belt-earth"] = {"opa": 1}
    state.transports["belt-tycho"] = {"opa": 1}
    number = state.players["chris"].network[0]
    state.agents[str(number)] = {"robin": 2}
    state.players["chris"].exhausted = [number]
    state.market_influence[0][0] = 2
    state.rocinante.damaged = True
    state.current = "chris"
    return state


def model(state: GameState, seat: str | None) -> dict[str, Any]:
    """A report model around the view, shaped as pbem.reports.model makes it."""
    owes = seat == state.current
    return {
        "version": 2, "game": {"id": "pax-expanse", "title": "Pax Expanse", "name": "g1"}, "step": 3,
        "label": f"{state.current}'s turn", "seat": seat, "seats": list(state.seats), "deadline": None,
        "deadline_at": None, "paper": "a4", "view": view(state, seat), "events": [],
        "waiting_for": [{"seat": state.current, "kind": "turn"}], "owes_order": owes,
        "prompt": {"seat": seat, "kind": "turn", "text": "Your turn."} if owes else None,
        "scores": {s: state.players[s].vp for s in state.seats}, "result": None,
        "order_template": "game: g1\nseat: chris\nstep: 4\nactions: []\n" if owes else None,
    }


@pytest.fixture(scope="module")
def config() -> ReportConfig:
    return ReportConfig()


def words(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[A-Za-z]+", re.sub(r"<[^>]+>", " ", text))}


@pytest.mark.parametrize("seat", ["chris", None])
def test_report_speaks_pax_expanse_not_pax_pamir(seat: str | None, config: ReportConfig) -> None:
    for text in (render_html([model(under_way(), seat)], config), render_text([model(under_way(), seat)], config)):
        assert not words(text) & set(PAMIR_WORDS)
        for term in ("Network", "influence", "fleet", "supporter", "transport", "Rocinante", "climate", "Dominance Check"):
            assert term in text, term


def test_html_report_has_the_map_the_rocinante_the_market_and_every_network(config: ReportConfig) -> None:
    html = render_html([model(under_way(), "chris")], config)
    assert '<svg xmlns="http://www.w3.org/2000/svg" class="board"' in html
    assert 'data-mark="rocinante:outer_planets"' in html and "damaged" in html
    assert 'data-mark="objective:belt"' in html
    assert html.count('<section class="px-player') == len(SEATS)
    assert 'class="pax-market px-market"' in html
    assert "Its next turn (the face-up AI card)" in html
    assert "intimidated by robin" in html and "exhausted" in html
    assert "2 influence on it" in html


def test_a_hand_shows_only_in_its_own_report(config: ReportConfig) -> None:
    """Hidden information: other seats' hands are counts; the reader's own hand is listed card by card."""
    state = under_way()
    own = render_text([model(state, "chris")], config)
    other = render_text([model(state, "robin")], config)
    for number in state.players["chris"].hand:
        assert f"#{number} " in own
        assert f"#{number} " not in other or any(number in row for row in state.market)
    assert "Your hand:" in own and own.count("Cards in hand:") == len(SEATS) - 1
    public = render_html([model(state, None)], config)
    assert "Your hand" not in public and public.count("Cards in hand:") == len(SEATS)


def test_text_report_lists_the_map_region_by_region(config: ReportConfig) -> None:
    """Controlling a Region, the rulebook's example: the Belt under OPA faction control, Chris in control."""
    text = render_text([model(under_way(), None)], config)
    assert "the Belt (OPA control, controlled by chris) [objective]" in text
    assert "the Outer Planets (no faction control) [Rocinante, damaged]" in text
    assert "Political climate: Peace (political assets take bonus actions)." in text


def test_loyalty_phase_report_tells_of_the_secret_choice(config: ReportConfig) -> None:
    text = render_text([model(fresh(), None)], config)
    assert "every player chooses a starting loyalty in secret" in text
    assert "loyalty not revealed yet" in text


def test_report_renders_to_pdf(config: ReportConfig) -> None:
    pdf = render_pdf(render_html([model(under_way(), "chris")], config), config)
    assert pdf.startswith(b"%PDF")
