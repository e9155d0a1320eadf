"""Per-player reports: model, HTML, text, PDF, JSON, order templates and the book. They render; they never
decide who gets mail nor queue it (that is pbem.mail.report's), and import nothing from pbem.mail.

`render_step(gd, step)` writes, for every seat and the public view (stem `public`), into
`steps/NNNN/reports/`: `<stem>.json` (the model), `.html`, `.txt`, and `<stem>.order.yaml` for seats that
owe an order. `<stem>.pdf` is rendered only when asked (`pdf=True`, `ensure_pdf`: a report mail that
attaches it asks). `<stem>` is the seat's name when it is a plain name, else a safe form (see
`report_stem`).

Names are imported on first use (PEP 562): `pbem.reports.config` is read by commands that render nothing,
and must not load Jinja, the drawing code or WeasyPrint for them.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pbem.reports.bench import measure
    from pbem.reports.book import book_html, render_book
    from pbem.reports.config import TEMPLATES_DIR, ReportConfig
    from pbem.reports.html import render_html, render_text
    from pbem.reports.model import report_model
    from pbem.reports.names import PUBLIC_STEM, report_stem
    from pbem.reports.pdf import render_pdf
    from pbem.reports.render import render_step

#: Where each name of this package lives.
_HOMES = {
    "PUBLIC_STEM": "pbem.reports.names",
    "ReportConfig": "pbem.reports.config",
    "TEMPLATES_DIR": "pbem.reports.config",
    "book_html": "pbem.reports.book",
    "measure": "pbem.reports.bench",
    "render_book": "pbem.reports.book",
    "render_html": "pbem.reports.html",
    "render_pdf": "pbem.reports.pdf",
    "render_step": "pbem.reports.render",
    "render_text": "pbem.reports.html",
    "report_model": "pbem.reports.model",
    "report_stem": "pbem.reports.names",
}


def __getattr__(name: str) -> Any:
    """The name from its module, imported now."""
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(_HOMES[name]), name)
    globals()[name] = value
    return value


__all__ = [
    "PUBLIC_STEM",
    "TEMPLATES_DIR",
    "ReportConfig",
    "book_html",
    "measure",
    "render_book",
    "render_html",
    "render_pdf",
    "render_step",
    "render_text",
    "report_model",
    "report_stem",
]
