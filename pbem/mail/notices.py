"""Mail pbem sends on its own: the welcome mail carrying a seat's token, reminders, notes to the moderator."""

from __future__ import annotations

import html
import itertools
import re
import secrets
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path

from pbem import moderation
from pbem.game_yaml import hash_token, new_token
from pbem.mail import compose
from pbem.mail.compose import Attachment
from pbem.mail.due import asks_for_orders, deadline_parts
from pbem.mail.mailbox import state_dir
from pbem.mail.policy import MailChoice, choice_of
from pbem.mail.retired import retire
from pbem.mail.settings import Settings
from pbem.orders import render
from pbem.reports.config import ReportConfig
from pbem.store import GameDir

#: How the welcome mail's text sets its order example apart from the prose around it.
EXAMPLE_INDENT = "    "


def issue_tokens(gd: GameDir, seats: Iterable[str]) -> dict[str, str]:
    """New secret tokens for these seats (the old ones stop working); only their hashes are stored."""
    tokens: dict[str, str] = {}
    for name in seats:
        seat = gd.meta.seat(name)
        retire(gd, name, seat.token_hash)  # a mail with the old token is told it no longer works
        tokens[name] = new_token()
        seat.token_hash = hash_token(tokens[name])
    gd.save_meta()
    return tokens


def order_example(gd: GameDir, seat: str, token: str) -> str:
    """The seat's next order document, with its header and the game's pre-filled template."""
    state = gd.state()
    if gd.game.result(state) is not None:
        body = "# the game is over\n"
    elif seat in {p.seat for p in gd.game.prompts(state)}:
        body = gd.game.template(state, seat)
    else:
        body = "# no orders are due from you now; your reports will say when they are\n"
    return render({"game": gd.name, "seat": seat, "step": gd.current_step() + 1, "token": token}, body)


def queue_welcome(gd: GameDir, settings: Settings, tokens: dict[str, str], *, now: datetime | None = None) -> list[Path]:
    """Queue one welcome mail per seat with an address: its token (sent only here), how to send orders, and
    the report of the step now open (the setup, after `pbem new`), so the market and the board come first."""
    from pbem.mail.report_message import attach_pictures
    from pbem.reports import render_html, render_text, report_model
    from pbem.reports.pictures import mail_safe
    from pbem.reports.render import ensure_pdf

    now = now or datetime.now(UTC)
    config = settings.report_config()
    step = gd.current_step()
    queued: list[Path] = []
    for name, token in tokens.items():
        seat = gd.meta.seat(name)
        if not seat.address or seat.robot:
            continue
        deadline, files = deadline_parts(gd, settings, name, now)
        choice = choice_of(seat)
        # The setup report comes along either way; its map and PDF only when the mail asks for orders, or when
        # the seat asked for them in every mail (pbem.mail.policy).
        carried = choice.carries(asks_for_orders(gd, name))
        lines = [
            f"Welcome to game {gd.name} ({gd.game.title}), where you play seat {name}.",
            "",
            f"Your secret token is: {token}",
            "",
            "Keep it to yourself: every order mail must carry it, and it is shown only in this mail.",
            f"Send your orders to {settings.sender}: the order document as the text of the mail, or as a .yaml "
            "attachment. You may answer a report mail: quoted text is ignored. pbem answers every order mail at once "
            "with what it understood and every problem, by line and column.",
            "",
            *deadline,
            *([""] if deadline else []),
            "Your orders for the next step, to fill in:",
            "",
            *(EXAMPLE_INDENT + line for line in order_example(gd, name, token).rstrip("\n").split("\n")),
            "",
            "To change your orders, send new ones before the deadline: the last valid mail counts.",
            "To withdraw them, send the four header lines (game, seat, step, token) and 'withdraw: true'.",
            "",
            *policy_lines(choice),
            "",
            *_history_lines(gd, name, config),
            f"Your report of step {step} ({gd.game.label(gd.state())}) follows"
            + (", and is attached as a PDF." if carried.pdf else "."),
        ]
        text = compose.wrap(lines)
        model = report_model(gd, step, name)
        report_html = render_html([model], config)
        pdf = [Attachment(f"{gd.name}-step-{step:04d}-{name}.pdf", "application/pdf",
                          ensure_pdf(gd, step, name, config, report_html))] if carried.pdf else []
        # Gmail and Outlook drop inline SVG: the setup's map goes as a PNG part its HTML refers to.
        html, pictures = mail_safe(_welcomed_html(report_html, text), settings.domain, pictures=carried.pictures)
        msg = compose.build(
            settings, to=[seat.address], subject=f"[{gd.name}] welcome, {name}: your token and how to send orders",
            text=text + "\n" + "-" * 72 + "\n\n" + render_text([model], config), kind="welcome",
            message_id=compose.make_id(settings, "welcome", gd.name, name, secrets.token_hex(6)),
            game=gd.name, seat=name, attachments=[*pdf, *files], now=now, html=html,
        )
        attach_pictures(msg, pictures)
        queued.append(compose.queue(gd.outbox_dir(), f"welcome-{name}", msg))
    return queued


def _history_lines(gd: GameDir, seat: str, config: ReportConfig) -> list[str]:
    """The seat's private history address, when the site is published: this holder's own, told to them only."""
    from pbem.mail.report import history_url  # Jinja and the drawing code: only a welcome mail needs them

    url = history_url(gd, seat, config)
    return [f"Your game so far, step by step as you saw it (a private address: do not share it): {url}", ""] if url else []


def policy_lines(choice: MailChoice) -> list[str]:
    """How the seat's mail policy reads in a mail and how to change it, each paragraph one line (the body flows it)."""
    extra = " and ".join("the PDF" if a == "pdf" else "the map" for a in ("pdf", "map") if a in choice.attach)
    return [
        f"Your mail policy: {choice.policy}, {'with' if choice.pdf else 'without'} the report as a PDF:",
        f"  {POLICY_WORDS[choice.policy]}.",
        f"Mail that asks nothing of you carries {extra} too." if extra else
        "Mail that asks nothing of you comes without the map and the PDF.",
        "To change it, send your header lines (game, seat, token) from your registered address with 'mail: every', "
        "'mail: due' or 'mail: digest', 'pdf: yes' or 'pdf: no', and 'attach: [map, pdf]' (or 'attach: none').",
    ]


#: The policies as a player reads them.
POLICY_WORDS = {
    "every": "a report after every step",
    "due": "a mail when your orders are due, with what happened since, and the end",
    "digest": "at most one mail a day, with everything since the last one",
}


def _welcomed_html(report_html: str, text: str) -> str:
    """The report's HTML with the welcome text on top: its paragraphs wrap to the screen, and the order example
    (the lines indented by EXAMPLE_INDENT) is drawn as the report draws its order form, where a line too long
    for a phone goes on indented under its start instead of looking like a line of its own."""
    from pbem.reports.html import order_form  # Jinja: only a welcome mail needs it, as queue_welcome's imports

    blocks: list[str] = []
    lines = text.rstrip("\n").split("\n")
    for example, group in itertools.groupby(lines, lambda line: line.startswith(EXAMPLE_INDENT)):
        if example:
            blocks.append(order_form("\n".join(line.removeprefix(EXAMPLE_INDENT) for line in group)))
        else:
            prose = "\n".join(group).strip("\n")  # the blank lines around the example are the blocks' margins
            blocks.append(f'<pre class="welcome" style="white-space: pre-wrap">{html.escape(prose)}</pre>')
    block = "".join(blocks)
    body = re.search(r"<body[^>]*>", report_html, re.I)
    return report_html[: body.end()] + block + report_html[body.end():] if body else block + report_html


def queue_reminder(gd: GameDir, settings: Settings, seat: str, hours: float, step: int, now: datetime) -> Path | None:
    """Queue a reminder to a seat whose orders are still missing."""
    address = gd.meta.seat(seat).address
    if not address or gd.meta.seat(seat).robot:
        return None
    deadline, files = deadline_parts(gd, settings, seat, now)
    lines = [
        f"Game {gd.name} ({gd.game.title}), {gd.game.label(gd.state())}: pbem has no orders from {seat} for step {step} yet.",
        "",
        *deadline,
        "",
        "Send them before the deadline (your last report has the order template). Seats that send none by then "
        "get the game's missed-orders policy.",
    ]
    msg = compose.build(
        settings, to=[address], subject=f"[{gd.name}] {seat}: reminder, orders for step {step} are due",
        text=compose.wrap(lines), kind="remind",
        message_id=compose.make_id(settings, "remind", gd.name, seat, f"{step}-{hours:g}h{_revision(gd)}"),
        game=gd.name, seat=seat, attachments=files, now=now,
    )
    return compose.queue(gd.outbox_dir(), f"remind-{step:04d}-{seat}-{hours:g}h{_revision(gd)}", msg)


def queue_missed(gd: GameDir, settings: Settings, seat: str, step: int, how: str, now: datetime) -> Path | None:
    """Tell a seat that sent no orders by the deadline which orders were played for it."""
    address = gd.meta.seat(seat).address
    if not address or gd.meta.seat(seat).robot:
        return None
    played = gd.step_orders(step).get(seat, "")
    body = [line for line in played.rstrip("\n").split("\n") if line.strip() and not line.lstrip().startswith("#")]
    lines = [
        f"Game {gd.name} ({gd.game.title}): no orders from {seat} for step {step} arrived by the deadline, "
        f"so step {step} was resolved with {how}:",
        "",
        *("    " + line for line in body),
        "",
        "You keep your seat and get your reports as before; send your orders for the next step as usual."
        if gd.game.result(gd.state()) is None else f"That was the last step: game {gd.name} is over; your report has the result.",
    ]
    msg = compose.build(
        settings, to=[address], subject=f"[{gd.name}] {seat}: no orders for step {step}; {how} were played",
        text=compose.wrap(lines), kind="missed",
        message_id=compose.make_id(settings, "missed", gd.name, seat, f"{step}{_revision(gd)}"),
        game=gd.name, seat=seat, now=now,
    )
    return compose.queue(gd.outbox_dir(), f"missed-{step:04d}-{seat}{_revision(gd)}", msg)


def _revision(gd: GameDir) -> str:
    """'' until the game is rolled back, then '-r1' …: a step played again gets reminders and notes of its own."""
    count = moderation.revision(gd)
    return f"-r{count}" if count else ""


def queue_moderator(root: Path, settings: Settings, name: str, subject: str, lines: list[str], now: datetime) -> Path | None:
    """Queue a note to the moderator (when pbem.yaml names one); the same name is queued once."""
    if settings.moderator is None:
        return None
    msg = compose.build(
        settings, to=[settings.moderator], subject=f"pbem: {subject}", text=compose.wrap(lines), kind="moderator",
        message_id=compose.make_id(settings, "moderator", None, None, name), now=now,
    )
    return compose.queue(state_dir(root) / "outbox", f"moderator-{name}", msg)
