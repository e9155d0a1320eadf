"""Reports as HTML and plain text through Jinja2: the shared layout around each game's partial."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import jinja2
from markupsafe import Markup

from engine.words import counted, plural
from pbem.reports.chart import template_global as score_chart_global
from pbem.reports.config import ReportConfig, report_stylesheets, template_loader
from pbem.reports.pictures import template_globals


def order_form(template: str) -> Markup:
    """An order template drawn as the order form: a span a line, so that a line too long for the screen goes on
    indented under its start (base.css, pre.order) instead of looking like a line of its own."""
    lines = Markup("").join(Markup('<span class="line">{}</span>\n').format(line) for line in template.splitlines())
    return Markup('<pre class="order">{}</pre>').format(lines)


#: Filters every report template may use: "{{ n|counted('rupee') }}" writes "1 rupee", "2 rupees", and
#: "{{ 'card'|plural(n) }}" the noun alone (engine.words: one English for event lines and reports);
#: "{{ text|order_form }}" draws an order template.
FILTERS = {"counted": counted, "plural": plural, "order_form": order_form}


class TemplateError(RuntimeError):
    """A report template or stylesheet is unusable."""


@lru_cache(maxsize=16)
def environment(config: ReportConfig, game_id: str | None = None) -> jinja2.Environment:
    """The Jinja2 environment for a game's templates and the shared ones: autoescape for HTML, strict undefined."""
    env = jinja2.Environment(
        loader=template_loader(config, game_id),
        # Everything that becomes HTML is escaped; only plain-text templates (.txt.j2) are not.
        autoescape=jinja2.select_autoescape(
            enabled_extensions=("html", "htm", "xml", "svg", "html.j2", "svg.j2"),
            disabled_extensions=("txt.j2", "txt"),
            default_for_string=True,
            default=True,
        ),
        undefined=jinja2.StrictUndefined,
        # Jinja's default whitespace rules: the game partials are written (and tested) against them.
    )
    # Boards are drawn from geometry in Python (engine.draw.layout), where their layout is tested; an environment
    # draws the pictures of its own game only, so rendering one game's report loads no other game.
    env.globals.update(template_globals(game_id))
    env.globals["score_chart_svg"] = score_chart_global(game_id)
    env.filters.update(FILTERS)
    return env


def _exists(env: jinja2.Environment, name: str) -> bool:
    try:
        env.get_template(name)
    except jinja2.TemplateNotFound:
        return False
    return True


def stylesheet(env: jinja2.Environment, names: Sequence[str]) -> Markup:
    """The named CSS files that exist, joined, to inline in <style> so a report stands alone."""
    loader = env.loader
    assert loader is not None
    parts = []
    for name in names:
        try:
            source, _, _ = loader.get_source(env, name)
        except jinja2.TemplateNotFound:
            continue
        # <style> is raw text: escaping would corrupt `>` selectors, and `</style` would end it early.
        if "</style" in source.lower():
            raise TemplateError(f"{name}: a stylesheet may not contain '</style'")
        parts.append(f"/* {name} */\n{source}")
    return Markup("\n".join(parts))


def _game_id(models: Sequence[dict[str, Any]]) -> str:
    if not models:
        raise ValueError("a report needs at least one model")
    return str(models[0]["game"]["id"])


def game_template(env: jinja2.Environment, game_id: str, name: str, kind: str = "html") -> str | None:
    """The game's own template `name` ("report": its view's partial, "game_over"), when it ships one."""
    found = f"{game_id}/{name}.{kind}.j2"
    return found if _exists(env, found) else None


def _context(env: jinja2.Environment, models: Sequence[dict[str, Any]], kind: str) -> dict[str, Any]:
    game_id = _game_id(models)
    return {
        "reports": list(models),
        "book": len(models) > 1,
        "partial": game_template(env, game_id, "report", kind),
        "game_over": game_template(env, game_id, "game_over", kind),
        "css": stylesheet(env, ["base.css", *report_stylesheets(game_id)]) if kind == "html" else "",
    }


def render_html(models: Sequence[dict[str, Any]], config: ReportConfig, template: str = "report.html.j2") -> str:
    """One HTML document of these reports (one model: a report; several: a book, a step a page)."""
    env = environment(config, _game_id(models))
    return env.get_template(template).render(_context(env, models, "html"))


def render_text(models: Sequence[dict[str, Any]], config: ReportConfig, template: str = "report.txt.j2") -> str:
    """The plain-text version of these reports."""
    env = environment(config, _game_id(models))
    return env.get_template(template).render(_context(env, models, "txt"))
