"""Per-player reports: model, HTML, text, PDF, JSON, order templates, report mail and the book."""

from pbem.reports.bench import measure
from pbem.reports.book import book_html, render_book
from pbem.reports.config import TEMPLATES_DIR, ReportConfig
from pbem.reports.html import render_html, render_text
from pbem.reports.model import report_model
from pbem.reports.names import PUBLIC_STEM, report_stem
from pbem.reports.pdf import render_pdf
from pbem.reports.render import mail_name, queue_mail, render_step

__all__ = [
    "PUBLIC_STEM",
    "TEMPLATES_DIR",
    "ReportConfig",
    "book_html",
    "mail_name",
    "measure",
    "queue_mail",
    "render_book",
    "render_html",
    "render_pdf",
    "render_step",
    "render_text",
    "report_model",
    "report_stem",
]
