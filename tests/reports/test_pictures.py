"""Pictures in reports: the engine draws plain SVG text, and the report marks it safe for its pages."""

from __future__ import annotations

from markupsafe import Markup

from engine.draw.layout import Box, Drawing, label, rect
from engine.draw.svg import svg
from pbem.reports.pictures import TEMPLATE_GLOBALS


def test_the_engine_draws_plain_text_and_the_report_marks_it_safe() -> None:
    drawing = Drawing(60, 20, title="<a & b>")
    drawing.add(rect("box", Box(1, 1, 59, 19), fill="#eee"), label("name", "<b>&", (4, 14), 10))
    text = svg(drawing)
    assert type(text) is str  # no web-templating type below pbem
    assert "&lt;b&gt;&amp;</text>" in text and 'aria-label="&lt;a &amp; b&gt;"' in text  # escaped once, here
    card = {"id": "S1", "name": "Base", "kind": "settlement",
            **{side: {"action": "scout", "improvement": "", "crystal": None} for side in ("left", "right")}}
    drawn = TEMPLATE_GLOBALS["x5_card_svg"](card)
    assert isinstance(drawn, Markup) and str(drawn).startswith("<svg") and "x5-svg" in drawn
