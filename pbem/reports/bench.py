"""Timings of one step's reports, so the cost of each stage (and of our pipeline over WeasyPrint) shows."""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any, TypeVar

import weasyprint

from pbem.reports.config import ReportConfig
from pbem.reports.html import render_html, render_text
from pbem.reports.model import report_model
from pbem.reports.names import report_stem
from pbem.reports.pdf import render_pdf

if TYPE_CHECKING:
    from pbem.store import GameDir

T = TypeVar("T")


def _timed(work: Callable[[], T], repeat: int = 1) -> tuple[T, float]:
    """The result of `work` and its fastest CPU time over `repeat` runs (the least disturbed by noise)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        value = work()
        best = min(best, time.process_time() - start)
    return value, best


def _bare_weasyprint(html: str) -> bytes:
    """WeasyPrint with its defaults, nothing of ours."""
    return weasyprint.HTML(string=html).write_pdf()


def measure(gd: GameDir, step: int, config: ReportConfig | None = None, *, repeat: int = 3) -> dict[str, Any]:
    """Seconds per reader of `step` for model, HTML, text and PDF, and for bare WeasyPrint on the same HTML.

    Each stage is timed `repeat` times and the fastest run kept, so caches warmed by the first run
    do not make whichever stage goes first look slow.
    """
    config = config or ReportConfig()
    readers: dict[str, dict[str, float | int]] = {}
    for seat in [None, *(s.name for s in gd.meta.seats)]:
        model, model_s = _timed(partial(report_model, gd, step, seat), repeat)
        html, html_s = _timed(partial(render_html, [model], config), repeat)
        _, text_s = _timed(partial(render_text, [model], config), repeat)
        pdf, pdf_s = _timed(partial(render_pdf, html, config), repeat)
        # Bare WeasyPrint with its defaults on the very same string: the floor our pipeline sits on.
        _, bare_s = _timed(partial(_bare_weasyprint, html), repeat)
        readers[report_stem(seat)] = {
            "model_s": model_s,
            "html_s": html_s,
            "text_s": text_s,
            "pdf_s": pdf_s,
            "weasyprint_s": bare_s,
            "pdf_overhead_s": pdf_s - bare_s,
            "html_bytes": len(html.encode("utf-8")),
            "pdf_bytes": len(pdf),
        }
    keys = ("model_s", "html_s", "text_s", "pdf_s", "weasyprint_s", "pdf_overhead_s")
    total = {key: sum(float(r[key]) for r in readers.values()) for key in keys}
    return {"game": gd.name, "step": step, "readers": readers, "repeat": repeat, "total": total}
