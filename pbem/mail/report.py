"""A step's report mail: which seats get it (their mail policy), what it sums up, queued in the outbox.

The reports are rendered by pbem.reports; this module decides who is mailed and queues the mail, so a
renderer that mails is `render_and_queue` (what the batch runs for a game played by mail).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pbem import moderation
from pbem.mail import queue as mail_queue
from pbem.mail.policy import choice_of, report_mail
from pbem.mail.report_message import compose
from pbem.reports.config import ReportConfig
from pbem.reports.html import render_html, render_text
from pbem.reports.names import report_stem
from pbem.reports.pictures import mail_safe
from pbem.reports.render import Rendered, ensure_pdf, render_reports

if TYPE_CHECKING:
    from pbem.store import GameDir

#: The mail folders a queued mail may be in, from queued to given up.
FOLDERS = ("outbox", "sending", "sent", "held", "failed")


class ResendError(ValueError):
    """A report that cannot be sent again (no such step, no address): nothing was queued."""


def mail_name(step: int, seat: str, revision: str = "") -> str:
    """The outbox file name of a seat's report mail for a step (and revision: see mail_revision)."""
    return f"{step:04d}-{report_stem(seat)}{'.' + revision if revision else ''}.eml"


def mail_revision(gd: GameDir) -> str:
    """'' for a game never rolled back, else 'r1', 'r2' …: a re-resolved step's mail is a new mail."""
    count = moderation.revision(gd)
    return f"r{count}" if count else ""


def render_and_queue(
    gd: GameDir,
    step: int,
    config: ReportConfig | None = None,
    *,
    readers: Sequence[str | None] | None = None,
    pdf: bool = False,
) -> list[Path]:
    """Render every report of `step` (pbem.reports), then queue the mail seats want; the paths written."""
    config = config or ReportConfig()
    rendered = render_reports(gd, step, config, readers=readers, pdf=pdf)
    return rendered.paths + queue_reports(gd, step, config, rendered)


def queue_reports(gd: GameDir, step: int, config: ReportConfig, rendered: Rendered) -> list[Path]:
    """Queue the report mail of a rendered step, once all its reports are on disk; the paths written.

    Every seat with an address (robot seats included) whose mail policy asks for this step (see
    pbem.mail.policy) gets one; a PDF made for a mail comes just before it in the list.
    """
    written: list[Path] = []
    folder = gd.report_dir(step)
    over = gd.game.result(gd.state(step)) is not None
    for member in gd.meta.seats:
        # A robot seat's address belongs to the person who handed it over: they still follow the game.
        if not member.address or member.name not in rendered.models:
            continue
        model, html = rendered.models[member.name]
        since = report_mail(gd, member.name, step, model["owes_order"], over)
        if since is None or (step == 0 and welcomed(gd, member.name)):
            continue  # the seat's policy skips this step, or its welcome mail carries the setup report
        written.append(queue_mail(gd, model, member.address, config, since=since, html=html))
        attached = folder / f"{report_stem(member.name)}.pdf"
        if attached.is_file() and attached not in written and attached not in rendered.paths:
            written.insert(-1, attached)  # rendered for this mail
    return written


def welcomed(gd: GameDir, seat: str) -> bool:
    """True when a welcome mail for the seat was queued (it carries the report of its step)."""
    return any((gd.mail_dir() / folder / f"welcome-{seat}.eml").exists() for folder in FOLDERS)


def mailed(gd: GameDir, step: int, seat: str) -> bool:
    """True when the seat's report mail of `step` (this revision) was queued, whether sent yet or not."""
    name = mail_name(step, seat, mail_revision(gd))
    return any((gd.mail_dir() / folder / name).exists() for folder in FOLDERS)


def history_url(gd: GameDir, seat: str, config: ReportConfig) -> str | None:
    """The seat's private history in the published web archive: in its own mail only, never in a stored report."""
    if not config.site_url:
        return None
    from pbem.site import seat_links  # the site's builder loads only for a game that publishes one

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


def asks(model: dict[str, Any]) -> bool:
    """True when the report mail asks the seat for orders, or tells it the result: it carries the map (and the
    PDF, when chosen); any other report mail is light (pbem.mail.policy)."""
    return bool(model["owes_order"]) or model.get("result") is not None


def queue_mail(gd: GameDir, model: dict[str, Any], address: str, config: ReportConfig, *, since: int | None = None,
               html: str | None = None, revision: str | None = None) -> Path:
    """Write one seat's report mail into the outbox, built from that seat's model alone.

    The mail sums up the steps after `since` and before the report's own (default: none), and carries the
    pictures and the PDF as the seat's choice has it for a mail that asks for orders or one that does not
    (a PDF rendered now if needed; `html` is the report's, when already at hand).
    """
    step, seat = model["step"], model["seat"]
    revision = mail_revision(gd) if revision is None else revision
    carried = choice_of(gd.meta.seat(seat)).carries(asks(model))
    pdf = ensure_pdf(gd, step, seat, config, html) if carried.pdf else None
    since = step - 1 if since is None else since
    mailed = {**model, "pdf_attached": pdf is not None, "digest": digest(gd, seat, since + 1, step - 1),
              "press": press_since(gd, seat, since, step - 1), "history_url": history_url(gd, seat, config)}
    # Gmail and Outlook drop inline SVG: the mail's pictures go as PNG parts its HTML refers to.
    html_mail, pictures = mail_safe(render_html([mailed], config, template="mail/report.html.j2"), config.mail_domain,
                                    pictures=carried.pictures)
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


def queue_stored(gd: GameDir, config: ReportConfig, seat: str, step: int, revision: str) -> Path:
    """Queue a seat's stored report of `step` as a new mail (`revision` makes its identity its own)."""
    folder = gd.report_dir(step)
    stem = report_stem(seat)
    if not (folder / f"{stem}.json").is_file():
        render_reports(gd, step, config, readers=[seat])
    model = json.loads((folder / f"{stem}.json").read_text(encoding="utf-8"))
    # The seat's mail policy decides whether a PDF goes along (rendered now if it never was).
    return queue_mail(gd, model, str(gd.meta.seat(seat).address), config, revision=revision)


def resend(gd: GameDir, config: ReportConfig, seat: str, step: int | None, now: datetime, unique: str) -> Path:
    """Queue a seat's report of a step (default: the current one) again, as a new mail, and log it."""
    step = gd.current_step() if step is None else step
    if step not in gd.steps():
        raise ResendError(f"no step {step}; the stored steps are 0–{gd.current_step()}")
    if not gd.meta.seat(seat).address:
        raise ResendError(f"seat {seat} has no mail address in game.yaml")
    path = queue_stored(gd, config, seat, step, f"resend-{unique}")
    moderation.log(gd, {"control": "resend", "seat": seat, "step": step, "time": now.astimezone(UTC).isoformat()})
    return path
