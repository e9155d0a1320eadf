"""Render a stored step: every seat's and the public report to disk, then the report mail to the outbox."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pbem.reports.config import ReportConfig
from pbem.reports.html import render_html, render_text
from pbem.reports.mail import compose
from pbem.reports.model import report_model
from pbem.reports.names import report_stem
from pbem.reports.pdf import render_pdf
from pbem.reports.pictures import mail_safe

if TYPE_CHECKING:
    from pbem.store import GameDir


def dump_model(model: dict[str, Any]) -> str:
    """A report model as the stored .json: stable key order, readable, UTF-8."""
    return json.dumps(model, ensure_ascii=False, indent=2) + "\n"


def mail_name(step: int, seat: str) -> str:
    """The outbox file name of a seat's report mail for a step."""
    return f"{step:04d}-{report_stem(seat)}.eml"


def render_step(
    gd: GameDir,
    step: int,
    config: ReportConfig | None = None,
    *,
    mail: bool = True,
    readers: Sequence[str | None] | None = None,
) -> list[Path]:
    """Write every report of `step` (each seat and the public view), then queue each seat's mail.

    Returns the paths written. Mail is queued only after all reports are on disk, for every seat
    with an address (robot seats included). Rendering again rewrites identical files; pass mail=False to
    re-render a step whose mail already went out, and `readers` (seat names, None for the public view)
    to render only some.
    """
    config = config or ReportConfig()
    folder = gd.report_dir(step)
    written: list[Path] = []
    models: dict[str | None, tuple[dict[str, Any], bytes]] = {}
    for seat in [None, *gd.meta.seat_names] if readers is None else readers:
        model = report_model(gd, step, seat)
        stem = report_stem(seat)
        html = render_html([model], config)
        pdf = render_pdf(html, config)
        files: dict[str, bytes | str] = {
            f"{stem}.json": dump_model(model),
            f"{stem}.html": html,
            f"{stem}.txt": render_text([model], config),
            f"{stem}.pdf": pdf,
        }
        order = folder / f"{stem}.order.yaml"
        if model["order_template"] is not None:
            files[order.name] = model["order_template"]
        else:
            order.unlink(missing_ok=True)  # a stale template from an earlier render must not invite orders
        for name, data in files.items():
            gd.write_file(folder / name, data)
            written.append(folder / name)
        models[seat] = (model, pdf)
    if mail:
        for member in gd.meta.seats:
            # A robot seat's address belongs to the person who handed it over: they still follow the game.
            if member.address and member.name in models:
                model, pdf = models[member.name]
                written.append(queue_mail(gd, model, pdf, member.address, config))
    return written


def queue_mail(gd: GameDir, model: dict[str, Any], pdf: bytes, address: str, config: ReportConfig) -> Path:
    """Write one seat's report mail into the outbox, built from that seat's model alone."""
    # Gmail and Outlook drop inline SVG: the mail's pictures go as PNG parts its HTML refers to.
    html, pictures = mail_safe(render_html([model], config, template="mail/report.html.j2"), config.mail_domain)
    message = compose(
        model,
        address=address,
        sender=config.sender,
        domain=config.mail_domain,
        text=render_text([model], config, template="mail/report.txt.j2"),
        html=html,
        pdf=pdf,
        pictures=pictures,
    )
    path = gd.outbox_dir() / mail_name(model["step"], model["seat"])
    gd.write_file(path, message.as_bytes())
    return path
