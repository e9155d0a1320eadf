"""A seat's report as one outgoing mail: text and HTML alternatives, the PDF and the order template attached."""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Sequence
from email.headerregistry import Address
from email.message import EmailMessage
from email.policy import SMTP
from typing import TYPE_CHECKING, Any

from pbem.mail.flowed import set_text
from pbem.reports.names import report_stem

if TYPE_CHECKING:
    from pbem.reports.pictures import Picture

#: Header text may hold no line breaks or other control characters, whatever a player named a seat.
_UNSAFE = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def header_text(value: str, limit: int = 200) -> str:
    """Text safe for a mail header: control characters and line breaks removed, length capped."""
    text = unicodedata.normalize("NFC", _UNSAFE.sub("", value))
    return " ".join(text.split())[:limit]


def _token(value: str) -> str:
    """A Message-ID-safe word derived from a name (dot-atom text)."""
    return re.sub(r"[^A-Za-z0-9_-]+", "_", value).strip("_")[:32] or "x"


def message_id(game: str, seat: str, step: int, domain: str, revision: str = "") -> str:
    """The Message-ID of a seat's report mail for a step; stable, so re-rendering rewrites the same mail.

    A `revision` (after a rollback, or a resend) makes it a mail of its own; without one the id is the
    one every report mail had before revisions existed, so old games keep their threads.
    """
    if not re.fullmatch(r"[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*", domain):
        raise ValueError(f"not a mail domain: {domain!r}")
    basis = f"{game}\0{seat}\0{step}" + (f"\0{revision}" if revision else "")
    digest = hashlib.sha256(basis.encode()).hexdigest()[:16]
    rev = f".{_token(revision)}" if revision else ""
    return f"<{step:04d}.{report_stem(seat)}.{_token(game)}{rev}.{digest}@{domain}>"


def thread_root_id(game: str, seat: str, domain: str) -> str:
    """The id every report mail of a seat refers back to: the step-0 report's Message-ID."""
    return message_id(game, seat, 0, domain)


def _boundary(part: EmailMessage, salt: str) -> str:
    # The email package picks random boundaries; a hash of the content keeps the .eml reproducible.
    # "=_" cannot occur in base64 or quoted-printable text, so the boundary never clashes with a body.
    digest = hashlib.sha256(salt.encode("utf-8"))
    for sub in part.iter_parts():
        digest.update(bytes(sub) if not sub.is_multipart() else sub.get_content_type().encode())
    return f"=_pbem_{digest.hexdigest()[:32]}"


def attach_pictures(msg: EmailMessage, pictures: Sequence[Picture]) -> None:
    """Send the HTML body's pictures with it (multipart/related), where its <img src="cid:…"> finds them."""
    if not pictures:
        return
    html = next(part for part in msg.walk() if part.get_content_type() == "text/html")
    for picture in pictures:
        html.add_related(picture.png, maintype="image", subtype="png", cid=f"<{picture.cid}>",
                         disposition="inline", filename=picture.name)


def compose(
    model: dict[str, Any],
    *,
    address: str,
    sender: str,
    domain: str,
    text: str,
    html: str,
    pdf: bytes | None,
    revision: str = "",
    pictures: Sequence[Picture] = (),
) -> EmailMessage:
    """The report mail for the seat of `model` (built from that seat's model alone)."""
    seat = model["seat"]
    if seat is None:
        raise ValueError("the public report is not mailed")
    game = model["game"]["name"]
    step = model["step"]
    msg = EmailMessage(policy=SMTP)
    msg["From"] = Address(display_name="pbem", addr_spec=sender)
    msg["To"] = Address(display_name=header_text(seat, 64), addr_spec=address)
    msg["Subject"] = header_text(f"[{game}] {model['label']} - report for {seat}")
    msg["Message-ID"] = message_id(game, seat, step, domain, revision)
    if step > 0:
        # Threading: each step replies to the one before; References starts at the seat's thread root.
        parent = message_id(game, seat, step - 1, domain)
        root = thread_root_id(game, seat, domain)
        msg["In-Reply-To"] = parent
        msg["References"] = " ".join(dict.fromkeys([root, parent]))
    msg["Auto-Submitted"] = "auto-generated"  # RFC 3834: autoresponders must not answer
    msg["X-PBEM-Game"] = header_text(game, 100)
    msg["X-PBEM-Step"] = str(step)
    if header_text(seat) == seat:
        # Names the seat when one address plays several; an unsafe name is left to the To address.
        msg["X-PBEM-Seat"] = seat
    set_text(msg, text)  # the text report's long lines, flowed: hard-wrapping clients break none of them
    msg.add_alternative(html, subtype="html", charset="utf-8", cte="quoted-printable")
    attach_pictures(msg, pictures)
    pdf_name = f"{_token(game)}-step-{step:04d}-{report_stem(seat)}.pdf"
    if pdf is not None:  # the seat's choice (pbem.mail.policy)
        msg.add_attachment(pdf, maintype="application", subtype="pdf", filename=pdf_name)
    if model["order_template"] is not None:
        # text/plain rather than application/yaml: every mail client shows and saves it as text.
        msg.add_attachment(
            model["order_template"],
            subtype="plain",
            charset="utf-8",
            cte="quoted-printable",
            filename=f"orders-step-{step + 1}.yaml",
        )
    for index, part in enumerate(msg.walk()):
        if part.is_multipart():
            part.set_boundary(_boundary(part, f"{index}"))
    return msg
