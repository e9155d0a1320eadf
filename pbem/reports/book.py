"""The book of reports: every report of one reader from setup to now, in one PDF."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pbem.reports.config import ReportConfig
from pbem.reports.html import render_html
from pbem.reports.model import report_model

if TYPE_CHECKING:
    from pbem.store import GameDir


def book_html(gd: GameDir, seat: str | None, config: ReportConfig | None = None) -> str:
    """One HTML document of every report of `seat` (None: the public view), a step a page."""
    config = config or ReportConfig()
    # Re-rendered from the stored states rather than stitched from stored HTML: one document gives
    # page numbers that run through the book, and a PDF outline with a bookmark per step.
    models = [report_model(gd, step, seat) for step in range(gd.current_step() + 1)]
    return render_html(models, config)


def render_book(gd: GameDir, seat: str | None, config: ReportConfig | None = None) -> bytes:
    """The book of reports of `seat` (None: the public view) as PDF bytes."""
    from pbem.reports.pdf import render_pdf  # WeasyPrint loads only when a PDF is made

    config = config or ReportConfig()
    return render_pdf(book_html(gd, seat, config), config)
