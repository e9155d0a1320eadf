"""Outgoing mail: safe headers, one thread per seat and game, queued as .eml files in an outbox."""

from __future__ import annotations

import email.utils
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from email.message import EmailMessage
from pathlib import Path

from pbem.files import write_atomic
from pbem.mail import queue as mail_queue
from pbem.mail.flowed import set_text
from pbem.mail.headers import POLICY, atom, clean, verify
from pbem.mail.report_message import thread_root_id
from pbem.mail.settings import ADDRESS, Settings

#: Internal header naming what a queued mail is; the body of a welcome mail (the token) or an address
#: confirmation (its one-time code) is never kept after sending.
KIND_HEADER = "X-Pbem-Kind"
SECRET_KINDS = ("welcome", "confirm")


@dataclass(frozen=True)
class Attachment:
    """A file attached to a mail."""

    filename: str
    content_type: str
    data: bytes


def thread_root(settings: Settings, game: str, seat: str | None) -> str:
    """The Message-ID every mail of one game to one seat refers to, so clients show one thread.

    The report mail of step 0 starts each seat's thread (pbem.mail.report_message), so order checks,
    reminders and reports all hang from it.
    """
    if seat is not None:
        return thread_root_id(game, seat, settings.domain)
    return f"<thread+{atom(game)}+{atom(seat or 'all')}@{settings.domain}>"


def make_id(settings: Settings, kind: str, game: str | None, seat: str | None, unique: str) -> str:
    """A Message-ID that names what the mail is; the same arguments give the same id (so resends are recognised)."""
    return f"<{atom(kind)}+{atom(game or 'none')}+{atom(seat or 'all')}+{atom(unique)}@{settings.domain}>"


def routed_by(settings: Settings, message_ids: Sequence[str]) -> tuple[str, str] | None:
    """The game and seat named by one of our own Message-IDs among these (a reply's References)."""
    for mid in message_ids:
        local, _, domain = mid.strip("<>").rpartition("@")
        parts = local.split("+")
        if domain.lower() == settings.domain.lower() and len(parts) >= 3 and parts[1] != "none":
            return parts[1], parts[2]
    return None


def build(
    settings: Settings,
    *,
    to: Sequence[str],
    subject: str,
    text: str,
    kind: str,
    message_id: str,
    game: str | None = None,
    seat: str | None = None,
    in_reply_to: str | None = None,
    attachments: Sequence[Attachment] = (),
    now: datetime | None = None,
    html: str | None = None,
) -> EmailMessage:
    """A mail from pbem; every header value is cleaned, and the result is checked for injected header lines."""
    recipients = sorted({a for a in to if a and ADDRESS.match(a)}, key=list(to).index)
    if not recipients:
        raise ValueError("a mail needs at least one valid recipient")
    msg = EmailMessage(policy=POLICY)
    msg["From"] = email.utils.formataddr((clean(settings.sender_name, limit=60), settings.sender))
    msg["To"] = ", ".join(recipients)
    msg["Subject"] = clean(subject, limit=180)
    msg["Date"] = email.utils.format_datetime(now or datetime.now(UTC))
    msg["Message-ID"] = message_id
    references = [thread_root(settings, game, seat)] if game else []
    if in_reply_to:
        msg["In-Reply-To"] = in_reply_to
        references.append(in_reply_to)
    elif references:
        msg["In-Reply-To"] = references[0]
    if references:
        msg["References"] = " ".join(references)
    # RFC 3834: mark our mail as automatic so well-behaved responders never answer it, and ours never loop.
    msg["Auto-Submitted"] = "auto-replied" if in_reply_to else "auto-generated"
    msg["X-Loop"] = settings.sender
    msg[KIND_HEADER] = atom(kind)
    if game:
        msg["X-Pbem-Game"] = atom(game)
    if seat:
        msg["X-Pbem-Seat"] = atom(seat)
    set_text(msg, text)  # format=flowed when a line is longer than a hard-wrapping client keeps
    if html is not None:  # the same content for mail clients that show HTML
        msg.add_alternative(html, subtype="html", charset="utf-8", cte="quoted-printable")
    for item in attachments:
        maintype, _, subtype = item.content_type.partition("/")
        params = {"method": "PUBLISH"} if item.content_type == "text/calendar" else {}
        msg.add_attachment(item.data, maintype=maintype, subtype=subtype, filename=atom(item.filename), params=params)
    verify(msg)
    return msg


def queue(outbox: Path, name: str, msg: EmailMessage, *, in_place: bool = False) -> Path:
    """Put a mail in an outbox (atomically) after everything queued before; the same name replaces.

    With `in_place`, a mail written again keeps its place in the queue (an answer brought up to date).
    """
    path = Path(outbox) / f"{atom(name)}.eml"
    write_atomic(path, verify(msg))
    if not in_place:
        mail_queue.record(path.parent, [path.name])
    return path


def wrap(lines: Sequence[str]) -> str:
    """Paragraph lines joined into a body, with one trailing newline."""
    return "\n".join(lines).rstrip() + "\n"
