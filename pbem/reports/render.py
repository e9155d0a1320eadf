"""Render a stored step: every seat's and the public report to disk, then the report mail to the outbox."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pbem.mail import queue as mail_queue
from pbem.mail.policy import choice_of, report_mail
from pbem.reports.config import ReportConfig
from pbem.reports.html import render_html, render_text
from pbem.reports.mail import compose
from pbem.reports.model import report_model
from pbem.reports.names import report_stem
from pbem.reports.pictures import mail_safe

if TYPE_CHECKING:
    from pbem.store import GameDir


def dump_model(model: dict[str, Any]) -> str:
    """A report model as the stored .json: stable key order, readable, UTF-8."""
    return json.dumps(model, ensure_ascii=False, indent=2) + "\n"


def mail_name(step: int, seat: str, revision: str = "") -> str:
    """The outbox file name of a seat's report mail for a step (and revision: see mail_revision)."""
    return f"{step:04d}-{report_stem(seat)}{'.' + revision if revision else ''}.eml"


def mail_revision(gd: GameDir) -> str:
    """'' for a game never rolled back, else 'r1', 'r2' …: a re-resolved step's mail is a new mail."""
    from pbem.moderation import revision

    count = revision(gd)
    return f"r{count}" if count else ""


def render_step(
    gd: GameDir,
    step: int,
    config: ReportConfig | None = None,
    *,
    mail: bool = True,
    readers: Sequence[str | None] | None = None,
    pdf: bool = False,
) -> list[Path]:
    """Write every report of `step` (each seat and the public view), then queue the mail seats want.

    Returns the paths written. JSON, HTML and text are always written; a PDF only when `pdf` is set
    (`pbem report`) or a queued mail attaches it. Mail is queued only after all reports are on disk, for
    every seat with an address (robot seats included) whose mail policy asks for this step (see
    pbem.mail.policy). Rendering again rewrites identical files; pass mail=False to re-render a step whose
    mail already went out, and `readers` (seat names, None for the public view) to render only some.
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
    if mail:
        over = gd.game.result(gd.state(step)) is not None
        for member in gd.meta.seats:
            # A robot seat's address belongs to the person who handed it over: they still follow the game.
            if not member.address or member.name not in models:
                continue
            model, html = models[member.name]
            since = report_mail(gd, member.name, step, model["owes_order"], over)
            if since is None or (step == 0 and welcomed(gd, member.name)):
                continue  # the seat's policy skips this step, or its welcome mail carries the setup report
            written.append(queue_mail(gd, model, member.address, config, since=since, html=html))
            attached = folder / f"{report_stem(member.name)}.pdf"
            if attached.is_file() and attached not in written:
                written.insert(-1, attached)  # rendered for this mail
    return written


def welcomed(gd: GameDir, seat: str) -> bool:
    """True when a welcome mail for the seat was queued (it carries the report of its step)."""
    return any((gd.mail_dir() / folder / f"welcome-{seat}.eml").exists()
               for folder in ("outbox", "sending", "sent", "held", "failed"))


def mailed(gd: GameDir, step: int, seat: str) -> bool:
    """True when the seat's report mail of `step` (this revision) was queued, whether sent yet or not."""
    name = mail_name(step, seat, mail_revision(gd))
    return any((gd.mail_dir() / folder / name).exists() for folder in ("outbox", "sending", "sent", "held", "failed"))


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


def history_url(gd: GameDir, seat: str, config: ReportConfig) -> str | None:
    """The seat's private history in the published web archive: in its own mail only, never in a stored report."""
    if not config.site_url:
        return None
    from pbem.site import seat_links

    return seat_links(gd, config.site_url)[seat]


def press_since(gd: GameDir, seat: str, first: int, last: int) -> list[dict[str, Any]]:
    """The press the seat received since its last mail (its next mail lists it again, digest or not)."""
    from pbem.mail.press import since

    return since(gd, seat, first, last) if last >= first else []


def digest(gd: GameDir, seat: str, first: int, last: int) -> list[dict[str, Any]]:
    """What the seat saw happen in steps first..last (a mail under `due` or `digest` sums these up)."""
    found = []
    for step in range(max(first, 1), last + 1):
        events = [{"text": e.text, "private": e.to is not None} for e in gd.events(step) if e.visible_to(seat)]
        found.append({"step": step, "label": gd.game.label(gd.state(step)), "events": events})
    return found


def queue_mail(gd: GameDir, model: dict[str, Any], address: str, config: ReportConfig, *, since: int | None = None,
               html: str | None = None, revision: str | None = None) -> Path:
    """Write one seat's report mail into the outbox, built from that seat's model alone.

    The mail sums up the steps after `since` and before the report's own (default: none), and attaches the
    PDF when the seat wants it (rendered now if needed; `html` is the report's, when already at hand).
    """
    step, seat = model["step"], model["seat"]
    revision = mail_revision(gd) if revision is None else revision
    choice = choice_of(gd.meta.seat(seat))
    pdf = ensure_pdf(gd, step, seat, config, html) if choice.pdf else None
    since = step - 1 if since is None else since
    mailed = {**model, "pdf_attached": pdf is not None, "digest": digest(gd, seat, since + 1, step - 1),
              "press": press_since(gd, seat, since, step - 1), "history_url": history_url(gd, seat, config)}
    # Gmail and Outlook drop inline SVG: the mail's pictures go as PNG parts its HTML refers to.
    html_mail, pictures = mail_safe(render_html([mailed], config, template="mail/report.html.j2"), config.mail_domain)
    message = compose(
        model,
        address=address,
        sender=config.sender,
        domain=config.mail_domain,
        text=render_text([mailed], config, template="mail/report.txt.j2"),
        html=html_mail,
        pdf=pdf,
        revision=revision,
        pictures=pictures,
    )
    path = gd.outbox_dir() / mail_name(step, seat, revision)
    gd.write_file(path, message.as_bytes())
    mail_queue.record(path.parent, [path.name])
    return path
