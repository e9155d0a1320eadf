"""The answer to a mail that proves no seat: to the sender (limited, told nothing of the game) and to the seat it names."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from engine.words import counted
from pbem.mail import compose
from pbem.mail.mailbox import log, token_hashes
from pbem.mail.message import Inbound
from pbem.mail.ratelimit import Limits
from pbem.mail.scrub import RAW_REDACTED, scrub_text
from pbem.mail.settings import Settings
from pbem.orders import OrderDoc
from pbem.store import GameDir


def may_answer_stranger(root: Path, mail: Inbound, now: datetime) -> bool:
    """Whether the sender of a mail that proves no seat may be answered now (see ratelimit); counted."""
    with Limits.open(root, now) as limits:
        allowed = bool(mail.sender) and limits.stranger(mail.sender or "", mail.key)
    if not allowed:
        log(root, {"mail": mail.key, "sender": mail.sender, "event": "answer held back by the limits"})
    return allowed


def unproven_problems(doc: OrderDoc) -> list[str]:
    """What was wrong with a mail that proves no seat, the same whether the seat it names exists or not."""
    if doc.problems:
        return [str(p) for p in doc.problems]
    hints = {"game": "the game's name", "seat": "your seat's name", "step": "the step your orders are for",
             "token": "the token"}
    missing = [f"{doc.source}: missing '{key}:'; copy {hint} from your welcome mail"
               for key, hint in hints.items() if doc.header.get(key) is None]
    return missing or [f"{doc.source}: the seat and token do not match; copy both from your welcome mail "
                       "(the token is case-sensitive)"]


def answer_unproven(gd: GameDir, settings: Settings, mail: Inbound, claimed: str | None, what: str,
                     lines: list[str], now: datetime, topic: str = "orders") -> None:
    """Answer a mail that proves no seat: the sender (limited, and never told whether the seat exists), and the
    seat it names (one notice a day, with the count of such mails); `topic` heads the subject."""
    root = gd.root.parent
    registered = gd.meta.seat(claimed).address if claimed is not None else None
    own = bool(registered and mail.sender and registered.lower() == mail.sender.lower())
    hashes = token_hashes(root)
    if mail.sender and not own and may_answer_stranger(root, mail, now):
        body = [f"Game {gd.name}: {what}.", "", *lines]
        if mail.notes:
            body += ["", "Notes:", *(f"  {note}" for note in mail.notes)]
        msg = compose.build(
            settings, to=[mail.sender], subject=f"[{gd.name}] {topic}: {what}", text=scrub_text(compose.wrap(body), hashes, RAW_REDACTED),
            kind="check", message_id=compose.make_id(settings, "check", gd.name, None, mail.key),
            game=gd.name, in_reply_to=mail.message_id, now=now,
        )
        compose.queue(gd.outbox_dir(), f"check-{mail.key}", msg)
    if claimed is not None:
        notify_seat(gd, settings, mail, claimed, what, lines, now)


def notify_seat(gd: GameDir, settings: Settings, mail: Inbound, claimed: str, what: str, lines: list[str],
                now: datetime) -> None:
    """Tell the seat a mail named it without its token (one notice a day, with the count of such mails)."""
    root = gd.root.parent
    registered = gd.meta.seat(claimed).address
    if not registered:
        return
    own = bool(mail.sender and registered.lower() == mail.sender.lower())
    hashes = token_hashes(root)
    with Limits.open(root, now) as limits:
        count = limits.seat_tried(gd.name, claimed, mail.key)
    if count is None:
        log(root, {"mail": mail.key, "sender": mail.sender, "game": gd.name, "seat": claimed,
                   "event": "seat notice held back (one a day)"})
        return
    # Never the sender's address: after a seat changed hands it is the former player's (or anyone's, forged).
    where = ("from your registered address" if own else "not from your registered address")
    body = [f"Game {gd.name}, seat {claimed}: pbem received {counted(count, 'mail')} naming your seat without its token since "
            f"the last such notice; the latest, received {now.astimezone(UTC):%Y-%m-%d %H:%M} UTC, came {where}. "
            "Nothing was stored.", "",
            "If you sent it: copy the header lines, token included, from your welcome mail (a lost token is replaced "
            "by the moderator). If you did not, nothing needs doing: without your token nobody can send orders for "
            "your seat. You get at most one such notice a day.", "", "What was wrong with the latest one:",
            *(f"  {line}" for line in lines if line)]
    subject = f"[{gd.name}] {claimed}: {what}" if own else f"[{gd.name}] {claimed}: someone tried your seat"
    msg = compose.build(
        settings, to=[registered], subject=subject, text=scrub_text(compose.wrap(body), hashes, RAW_REDACTED),
        kind="check", message_id=compose.make_id(settings, "check", gd.name, claimed, mail.key + "-seat"),
        game=gd.name, seat=claimed, in_reply_to=mail.message_id if own else None, now=now,
    )
    compose.queue(gd.outbox_dir(), f"check-{mail.key}-seat", msg)


def answer_retired(gd: GameDir, settings: Settings, mail: Inbound, seat: str, now: datetime) -> None:
    """Answer a mail carrying a token the seat had once: say plainly that it no longer works (its sender held it,
    so naming the seat tells them nothing new); a stranger's address is answered within the limits."""
    root = gd.root.parent
    registered = gd.meta.seat(seat).address
    own = bool(registered and mail.sender and registered.lower() == mail.sender.lower())
    if not mail.sender or (not own and not may_answer_stranger(root, mail, now)):
        return
    body = [f"Game {gd.name}: this token no longer works for seat {seat}; nothing was stored.", "",
            "The moderator has given the seat a new token, sent in a new welcome mail to the seat's registered "
            "address."]
    if own:
        body += ["", "Send your mail again with the token from that welcome mail. If you cannot find it, send a mail "
                 "with \"lost token\" in the subject from this address: the moderator is asked for a new one."]
    else:
        body += ["", "If the seat was given to another player, nothing needs doing. If you still play it, ask the "
                 "moderator: mail from this address is not the seat's any more."]
    if mail.notes:
        body += ["", "Notes:", *(f"  {note}" for note in mail.notes)]
    msg = compose.build(
        settings, to=[mail.sender], subject=f"[{gd.name}] {seat}: this token no longer works",
        text=scrub_text(compose.wrap(body), token_hashes(root), RAW_REDACTED),
        kind="check", message_id=compose.make_id(settings, "check", gd.name, None, mail.key),
        game=gd.name, in_reply_to=mail.message_id, now=now,
    )
    compose.queue(gd.outbox_dir(), f"check-{mail.key}", msg)
