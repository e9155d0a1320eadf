"""Order mails as players' clients write them."""

from __future__ import annotations

import email.utils
from email.message import EmailMessage
from itertools import count

_ids = count(1)


def order_text(game: str, seat: str, step: int, token: str | None, body: str = "pick: 3\n") -> str:
    """An order document."""
    head = f"game: {game}\nseat: {seat}\nstep: {step}\n" + (f"token: {token}\n" if token is not None else "")
    return head + body


def order_mail(
    text: str,
    *,
    sender: str = "anna@example.org",
    subject: str = "orders",
    message_id: str | None = None,
    date: str | None = None,
    headers: dict[str, str] | None = None,
) -> EmailMessage:
    """A plain-text order mail."""
    msg = EmailMessage()
    msg["From"] = f"Player <{sender}>"
    msg["To"] = "pbem@games.example"
    msg["Subject"] = subject
    msg["Date"] = date or email.utils.formatdate()
    msg["Message-ID"] = message_id or f"<order-{next(_ids)}-{id(text)}@player.example>"
    for name, value in (headers or {}).items():
        msg[name] = value
    msg.set_content(text)
    return msg
