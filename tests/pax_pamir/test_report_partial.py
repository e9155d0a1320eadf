"""The Pax Pamir report partials render every view of a game, and a seat's hand shows only in its own report."""

from __future__ import annotations

import jinja2
from markupsafe import escape

from engine.rng import Rng
from games.pax_pamir import GAME, queries
from pbem.reports.config import ReportConfig, template_loader
from pbem.reports.html import FILTERS
from pbem.reports.pictures import template_globals


def environment() -> jinja2.Environment:
    """Like the report environment: autoescape except for plain text, strict undefined, the drawing functions."""
    env = jinja2.Environment(
        loader=template_loader(ReportConfig(), GAME.id),
        autoescape=jinja2.select_autoescape(enabled_extensions=("html.j2",), disabled_extensions=("txt.j2",),
                                            default_for_string=True, default=True),
        undefined=jinja2.StrictUndefined,
    )
    env.globals.update(template_globals(GAME.id))  # the map is drawn from geometry in Python, as in pbem's reports
    env.filters.update(FILTERS)
    return env


def test_partials_render_through_a_game_and_keep_hands_private() -> None:
    env = environment()
    html, text = env.get_template("pax-pamir/report.html.j2"), env.get_template("pax-pamir/report.txt.j2")
    state = GAME.setup(["anna", "bob", "cati"], {}, Rng("report"))
    for step in range(70):
        if step % 7 == 0:
            for seat in (*state.seats, None):
                view = GAME.view(state, seat)
                page, plain = html.render(view=view, seat=seat), text.render(view=view, seat=seat)
                assert "pp-market" in page and "MARKET" in plain
                assert "<svg" in env.globals["board_svg"](view)  # the board: the report draws it after "Now"
                for other in state.seats:
                    names = [queries.court_card(n).name for n in state.players[other].hand]
                    if seat == other:
                        # The page escapes what it shows ("Shah&#39;s Guard"), the plain text does not.
                        assert "Your hand" in plain and all(str(escape(name)) in page for name in names)
                    else:
                        # Another seat's hand: only its size is shown, never the cards (except the card it is
                        # playing while the ruler is asked for a bribe: the rules reveal it first).
                        names = [n for n in names if n not in (view["question"] or "")]
                        assert not any(name in plain or str(escape(name)) in page for name in names), (seat, other,
                                                                                                    names)
        if GAME.result(state) is not None:
            break
        (prompt,) = GAME.prompts(state)
        rng = Rng.for_step("report", step, "robot")
        state = GAME.apply(state, {prompt.seat: GAME.random_order(state, prompt.seat, rng)}, rng).state


def test_html_partial_escapes_seat_names() -> None:
    env = environment()
    state = GAME.setup(["<b>x</b>", "bob"], {}, Rng("esc"))
    page = env.get_template("pax-pamir/report.html.j2").render(view=GAME.view(state, "bob"), seat="bob")
    assert "<b>x</b>" not in page and "&lt;b&gt;x&lt;/b&gt;" in page


def test_partials_show_wakhan_when_she_plays() -> None:
    env = environment()
    state = GAME.setup(["anna"], {"wakhan": True}, Rng("wakhan-report"))
    for step in range(12):
        if GAME.result(state) is not None:
            break
        (prompt,) = GAME.prompts(state)
        rng = Rng.for_step("wakhan-report", step, "robot")
        state = GAME.apply(state, {prompt.seat: GAME.random_order(state, prompt.seat, rng)}, rng).state
    view = GAME.view(state, "anna")
    assert view["wakhan"] is not None
    page = env.get_template("pax-pamir/report.html.j2").render(view=view, seat="anna")
    plain = env.get_template("pax-pamir/report.txt.j2").render(view=view, seat="anna")
    reading = view["wakhan"]["reading"]
    assert reading and f"Wakhan's AI card: {reading}" in plain
    assert escape(reading) in page


def test_the_dominant_coalition_is_named_as_on_the_cards() -> None:
    """"The British coalition would be dominant now", not "british": the map's name for the id."""
    env = environment()
    view = GAME.view(GAME.setup(["anna", "bob"], {}, Rng("report")), None)
    view["dominant"] = "british"
    page = env.get_template("pax-pamir/report.html.j2").render(view=view, seat=None)
    assert "The British coalition would be dominant now." in page
