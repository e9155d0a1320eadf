"""The answer to a mail for no known game, or too large to read: which game, and how to send orders."""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path

from pbem.mail import compose, tomoderator
from pbem.mail.answer_unproven import may_answer_stranger
from pbem.mail.headers import atom
from pbem.mail.mailbox import SUBJECT_GAME, log, registered, state_dir, token_hashes
from pbem.mail.message import Inbound
from pbem.mail.ratelimit import Limits
from pbem.mail.scrub import RAW_REDACTED, scrub_text
from pbem.mail.settings import Settings
from pbem.orders import OrderDoc


def _looks_like_orders(settings: Settings, mail: Inbound) -> bool:
    """Whether a mail for no known game was meant for pbem: an order header, one of our threads, a [game] tag."""
    text = mail.text or ""
    return (bool(re.search(r"^[ \t]*(game|seat|token)[ \t]*:", text, re.M)) or compose.routed_by(settings, mail.references) is not None
            or bool(SUBJECT_GAME.search(mail.subject)))


def reply_unrouted(root: Path, settings: Settings, mail: Inbound, doc: OrderDoc | None, truncated: bool, now: datetime) -> bool:
    """Answer a mail for no known game; spam (nothing order-like, so its From is likely forged) gets no answer."""
    if mail.sender is None:
        return False
    if truncated and registered(root, mail.sender):
        return tell_too_large(root, settings, mail, now, state_dir(root) / "outbox")
    seats = registered(root, mail.sender) if tomoderator.asks_for_token(mail) else []
    if len(seats) > 1:
        if tomoderator.ask_which_game(root, settings, mail, seats, now, state_dir(root) / "outbox"):
            return True
        log(root, {"mail": mail.key, "sender": mail.sender, "event": "which-game notice held back (one a day)"})
        return False
    if not _looks_like_orders(settings, mail):  # a huge mail too: most likely spam
        return False
    named = doc.header.get("game") if doc is not None else None
    lines = ["pbem could not tell which game your mail is for, so nothing was stored.", ""]
    if truncated:
        lines.append(f"Your mail was larger than {settings.max_message_bytes} bytes and was not read.")
    elif mail.text is None:
        lines.append("It held no text pbem could read as orders (send them as plain text or as a .yaml attachment).")
    elif doc is not None and doc.problems:
        lines += ["Your orders could not be read:", *(f"  {p}" for p in doc.problems)]
    elif named is not None:
        lines.append(f"No game named {atom(str(named))!r} is played here: check the 'game:' line against your welcome mail.")
    else:
        lines.append("Begin your orders with the header lines from your welcome mail: game:, seat:, step: and token:.")
    if not may_answer_stranger(root, mail, now):
        return False
    msg = compose.build(
        settings, to=[mail.sender], subject="Your mail to pbem: which game?",
        text=scrub_text(compose.wrap(lines), token_hashes(root), RAW_REDACTED),
        kind="unrouted", message_id=compose.make_id(settings, "unrouted", None, None, mail.key),
        in_reply_to=mail.message_id, now=now,
    )
    compose.queue(state_dir(root) / "outbox", f"unrouted-{mail.key}", msg)
    return True


def tell_too_large(root: Path, settings: Settings, mail: Inbound, now: datetime, outbox: Path) -> bool:
    """Tell a registered address, once a day, that its mail was too large to read (its From may be forged)."""
    seats = registered(root, mail.sender or "")
    with Limits.open(root, now) as limits:
        allowed = limits.registered(mail.sender or "", "too large", mail.key)
    if not allowed:
        log(root, {"mail": mail.key, "sender": mail.sender, "event": "too-large notice held back (one a day)"})
        return False
    names = ", ".join(f"{seat} in game {game}" for game, seat in seats)
    lines = [f"Your mail {mail.subject!r} was larger than {settings.max_message_bytes} bytes, so pbem did not read it "
             "and stored none of it.", "",
             f"Send your orders ({names}) as the text of a mail, or as a .yaml attachment, without other attachments.",
             "(You get this notice at most once a day.)"]
    game = seats[0][0] if len(seats) == 1 else None
    msg = compose.build(
        settings, to=[mail.sender or ""], subject="Your mail to pbem was too large", text=compose.wrap(lines),
        kind="check", message_id=compose.make_id(settings, "too-large", game, None, mail.key),
        in_reply_to=mail.message_id, now=now,
    )
    compose.queue(outbox, f"too-large-{mail.key}", msg)
    return True
