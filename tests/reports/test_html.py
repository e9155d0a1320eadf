"""HTML and text reports: escaping, the game partial, the stylesheets, the fallback view."""

from __future__ import annotations

import html as html_module
import re

import jinja2
import pytest

from pbem.reports import TEMPLATES_DIR, ReportConfig, render_html, render_text, report_model
from pbem.store import GameDir

from .conftest import SCRIPT


def test_seat_name_and_event_text_are_escaped(finished: GameDir, config: ReportConfig) -> None:
    for seat in (SCRIPT, "anna", None):
        html = render_html([report_model(finished, 1, seat)], config)
        assert "<script" not in html.lower()
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
        assert "Tom &amp; Jerry &lt;b&gt;bold&lt;/b&gt; watch" in html
        assert "<b>bold</b>" not in html
    own = render_html([report_model(finished, 1, SCRIPT)], config)
    # The partial escapes too: it gets `seat` and prints it.
    assert '<p class="reader">Partial for &lt;script&gt;alert(1)&lt;/script&gt;</p>' in own


def test_header_names_game_step_label_reader_and_deadline(finished: GameDir, config: ReportConfig) -> None:
    html = render_html([report_model(finished, 2, "bob")], config)
    assert "<title>tiny&amp;game – step 2 – report for bob</title>" in html
    for part in ('<span class="step">Step 2</span>', "round 3", "report for bob", "deadline: 2026-12-01 18:00 UTC"):
        assert part in html


def test_game_partial_and_stylesheets_are_inlined_unescaped(finished: GameDir, config: ReportConfig) -> None:
    html = render_html([report_model(finished, 1, "anna")], config)
    assert '<div class="tiny">' in html
    assert ".tiny > p { margin: 0.2em 0; }" in html  # `>` must survive: <style> is raw text
    assert 'font-family: "DejaVu Sans";' in html
    assert "<link" not in html  # nothing to fetch: the report stands alone


def test_order_template_is_shown_in_a_monospace_block(finished: GameDir, config: ReportConfig) -> None:
    model = report_model(finished, 1, "anna")
    html = render_html([model], config)
    block = re.search(r'<pre class="order">(.*?)</pre>', html, re.S)
    assert block is not None
    assert block.group(1).startswith('<span class="line">game: &#34;tiny&amp;game&#34;</span>\n')
    # Markup aside, the block is the order document exactly, so copying it out gives valid orders.
    assert html_module.unescape(re.sub(r"</?span[^>]*>", "", block.group(1))) == model["order_template"]
    idle = render_html([report_model(finished, 1, SCRIPT)], config)
    assert '<pre class="order">' not in idle and "No orders are due from you this step." in idle


def test_without_a_partial_the_view_is_listed_in_full(finished: GameDir) -> None:
    bare = ReportConfig(template_dirs=(TEMPLATES_DIR,))
    model = report_model(finished, 1, "anna")
    html = render_html([model], bare)
    assert '<div class="tiny">' not in html
    assert "<dt>hand</dt>" in html
    for card in model["view"]["hand"]:
        assert f"<li>{card}</li>" in html
    text = render_text([model], bare)
    assert "hand:" in text and str(model["view"]["hand"][-1]) in text


def test_text_report_has_events_partial_scores_and_template(finished: GameDir, config: ReportConfig) -> None:
    model = report_model(finished, 1, "anna")
    text = render_text([model], config)
    assert "Tom & Jerry <b>bold</b> watch" in text  # plain text is not HTML-escaped
    secret = next(e["text"] for e in model["events"] if e["private"])
    assert f"{secret} [only you]" in text
    # Partials are written for Jinja's default whitespace rules: the newline after `{% endif %}` stays.
    assert "Your hand: " + ", ".join(map(str, model["view"]["hand"])) + "\n\nEnd of the tiny view\n" in text
    assert "SCORES" in text and "anna" in text
    assert model["order_template"].strip() in text


def test_a_partial_using_an_unknown_variable_fails_loudly(finished: GameDir, tmp_path) -> None:
    (tmp_path / "tiny-test").mkdir()
    (tmp_path / "tiny-test" / "report.html.j2").write_text("{{ view.nonexistent.deeper }}")
    strict = ReportConfig(template_dirs=(tmp_path, TEMPLATES_DIR))
    with pytest.raises(jinja2.UndefinedError):
        render_html([report_model(finished, 0, "anna")], strict)


def test_a_stylesheet_that_could_close_the_style_element_is_refused(finished: GameDir, tmp_path) -> None:
    (tmp_path / "tiny-test").mkdir()
    (tmp_path / "tiny-test" / "report.css").write_text("p{}</style><script>x()</script>")
    with pytest.raises(RuntimeError, match="</style"):
        render_html([report_model(finished, 0, "anna")], ReportConfig(template_dirs=(tmp_path, TEMPLATES_DIR)))
