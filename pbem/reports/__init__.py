"""Per-player reports: model, HTML, text, PDF, JSON, order templates, report mail and the book.

`render_step(gd, step)` writes, for every seat and the public view (stem `public`), into
`steps/NNNN/reports/`: `<stem>.json` (the model), `.html`, `.txt`, and `<stem>.order.yaml` for seats that
owe an order; then `mail/outbox/NNNN-<stem>.eml` for each seat with an address whose mail policy asks for
the step (pbem.mail.policy). `<stem>.pdf` is rendered only for a mail that attaches it or when asked
(`pdf=True`, `ensure_pdf`). `<stem>` is the seat's name when it is a plain name, else a safe form (see
`report_stem`).
"""

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
