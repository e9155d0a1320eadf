"""Render a stored step: every seat's and the public report to disk (the mail layer sends them: pbem.mail.report)."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from pbem.reports.config import ReportConfig
from pbem.reports.html import render_html, render_text
from pbem.reports.model import report_model
from pbem.reports.names import report_stem

if TYPE_CHECKING:
    from pbem.store import GameDir


def dump_model(model: dict[str, Any]) -> str:
    """A report model as the stored .json: stable key order, readable, UTF-8."""
    return json.dumps(model, ensure_ascii=False, indent=2) + "\n"


class Rendered(NamedTuple):
    """What rendering a step wrote, and each reader's model and HTML (the report mail is built from them)."""

    paths: list[Path]
    models: dict[str | None, tuple[dict[str, Any], str]]


def render_step(
    gd: GameDir,
    step: int,
    config: ReportConfig | None = None,
    *,
    readers: Sequence[str | None] | None = None,
    pdf: bool = False,
) -> list[Path]:
    """Write every report of `step` (each seat and the public view); the paths written (see render_reports)."""
    return render_reports(gd, step, config, readers=readers, pdf=pdf).paths


def render_reports(
    gd: GameDir,
    step: int,
    config: ReportConfig | None = None,
    *,
    readers: Sequence[str | None] | None = None,
    pdf: bool = False,
) -> Rendered:
    """Write every report of `step` (each seat and the public view); the paths written and the models.

    JSON, HTML and text are always written; a PDF only when `pdf` is set (`pbem report`). Rendering again
    rewrites identical files; `readers` (seat names, None for the public view) renders only some. Who gets
    which report by mail is the mail layer's (pbem.mail.report).
    """
    config = config or ReportConfig()
    folder = gd.report_dir(step)
    written: list[Path] = []
    models: dict[str | None, tuple[dict[str, Any], str]] = {}
    for seat in [None, *gd.meta.seat_names] if readers is None else readers:
        model = report_model(gd, step, seat)
        stem = report_stem(seat)
        html = render_html([model], config)
        files: dict[str, bytes | str] = {
            f"{stem}.json": dump_model(model),
            f"{stem}.html": html,
            f"{stem}.txt": render_text([model], config),
        }
        if pdf:
            from pbem.reports.pdf import render_pdf  # WeasyPrint loads only when a PDF is made

            files[f"{stem}.pdf"] = render_pdf(html, config)
        order = folder / f"{stem}.order.yaml"
        if model["order_template"] is not None:
            files[order.name] = model["order_template"]
        else:
            order.unlink(missing_ok=True)  # a stale template from an earlier render must not invite orders
        for name, data in files.items():
            gd.write_file(folder / name, data)
            written.append(folder / name)
        models[seat] = (model, html)
    return Rendered(written, models)


def ensure_pdf(gd: GameDir, step: int, seat: str | None, config: ReportConfig, html: str | None = None) -> bytes:
    """The PDF of a stored report: rendered now (and kept beside the HTML) unless it already was."""
    path = gd.report_dir(step) / f"{report_stem(seat)}.pdf"
    if path.is_file():
        return path.read_bytes()
    from pbem.reports.pdf import render_pdf  # WeasyPrint loads only when a PDF is made

    data = render_pdf(html if html is not None else render_html([report_model(gd, step, seat)], config), config)
    gd.write_file(path, data)
    return data


def render_missing_pdfs(gd: GameDir, config: ReportConfig | None = None, readers: list[str | None] | None = None,
                        done: Callable[[int], None] | None = None) -> list[Path]:
    """Every report PDF of every stored step not rendered yet (for an archive that must hold them all).

    `readers` limits it to those reports (None: the public one); by default every seat's and the public one.
    `done` hears the count of steps finished after each step, for a progress line.
    """
    config = config or ReportConfig()
    made = []
    for count, step in enumerate(gd.steps(), 1):
        for seat in ([None, *gd.meta.seat_names] if readers is None else readers):
            path = gd.report_dir(step) / f"{report_stem(seat)}.pdf"
            if not path.is_file():
                ensure_pdf(gd, step, seat, config)
                made.append(path)
        if done is not None:
            done(count)
    return made
