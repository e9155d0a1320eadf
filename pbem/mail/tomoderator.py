"""Mail for the moderator, not for the rules: a player's question, or a seat that lost its token.

A mail from a seat's registered address that holds no order document is passed on to the moderator
instead of being answered "orders rejected"; one whose subject says "lost token" asks the moderator for a
new token (without [game] in the subject: for the game where the address has its only seat; an address
with seats in several games is asked which). The From address can be forged, so the player is told at
most once a day of each (at the registered address, never at another), the moderator gets at most
FORWARDS_PER_DAY mails a day from one address, and no token is ever passed on.
"""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path

from engine.quoting import one_line
from pbem.mail import compose
from pbem.mail.message import Inbound
from pbem.mail.ratelimit import Limits
from pbem.mail.scrub import scrub_text
from pbem.mail.settings import Settings
from pbem.mail.text import holds_orders
from pbem.store import GameDir

#: Mails passed on to the moderator from one registered address per UTC day.
FORWARDS_PER_DAY = 10
_LOST = re.compile(r"\b(lost|forgot|forgotten|missing|new)\b.{0,20}\btoken\b", re.I)
#: A line that starts like an order ("bid: 3", "game:"): such a mail is orders gone wrong, not a question.
_ORDER_LINE = re.compile(r"^\s*-?\s*[A-Za-z_][\w-]*\s*:(\s|$)", re.M)
REMOVED = "removed-by-pbem"


def own_seat(gd: GameDir, sender: str | None) -> str | None:
    """The seat of this game whose registered address sent the mail, or None."""
    if not sender:
        return None
    return next((s.name for s in gd.meta.seats if s.address and s.address.lower() == sender.lower()), None)


def asks_for_token(mail: Inbound) -> bool:
    """Whether the mail's subject asks for a new token ("lost token", "forgot my token" …)."""
    return bool(_LOST.search(mail.subject or ""))


def for_moderator(gd: GameDir, mail: Inbound) -> str | None:
    """Why a mail without a valid token goes to the moderator ('lost token', 'question'), or None."""
    if own_seat(gd, mail.sender) is None:
        return None
    if asks_for_token(mail):
        return "lost token"
    if mail.text is not None and not holds_orders(mail.text) and not _ORDER_LINE.search(mail.text):
        return "question"
    return None


def pass_on(gd: GameDir, settings: Settings, mail: Inbound, why: str, hashes: frozenset[str], now: datetime) -> str:
    """Tell the moderator (and the player, once a day); what was done, for the log."""
    seat = own_seat(gd, mail.sender)
    assert seat is not None and mail.sender is not None
    root = gd.root.parent
    with Limits.open(root, now) as limits:
        forwards = limits.day.setdefault("forwarded", {})
        count = int(forwards.get(mail.sender.lower(), 0)) + 1
        forwards[mail.sender.lower()] = count
        may_forward = count <= FORWARDS_PER_DAY
        may_answer = limits.registered(mail.sender, f"to moderator: {why}", mail.key)
    done = []
    if settings.moderator and may_forward:
        text = scrub_text(mail.text or "", hashes, REMOVED).strip("\n")
        lines = ([f"{seat} (game {gd.name}) lost the token of the seat and asks for a new one.",
                  f"Send it with: pbem mail welcome {gd.root} --seat {seat}", ""] if why == "lost token" else
                 [f"{seat} (game {gd.name}) wrote a mail that holds no orders; pbem passes it on to you.",
                  "Answer the player directly.", ""])
        lines += [f"From: {mail.sender}", f"Subject: {one_line(mail.subject)}", "",
                  *(f"| {one_line(line)}" for line in text.splitlines())]
        msg = compose.build(
            settings, to=[settings.moderator], subject=f"[{gd.name}] {seat}: {why}", text=compose.wrap(lines),
            kind="moderator", message_id=compose.make_id(settings, "moderator", gd.name, seat, mail.key), game=gd.name,
            seat=seat, now=now,
        )
        compose.queue(gd.outbox_dir(), f"moderator-{mail.key}", msg)
        done.append("passed on to the moderator")
    if may_answer:
        said = ("The moderator is asked to send you a new token; it will come in a new welcome mail."
                if why == "lost token" else
                "Your mail holds no orders, so pbem passed it on to the moderator, who will answer you.")
        if not settings.moderator:
            said = "This game has no moderator address in pbem's settings: please write to your moderator directly."
        msg = compose.build(
            settings, to=[mail.sender], subject=f"[{gd.name}] {seat}: your mail went to the moderator",
            text=compose.wrap([f"Game {gd.name}, seat {seat}.", "", said, "",
                               "Send 'help: yes' with your header lines and token to see what pbem understands."]),
            kind="forwarded", message_id=compose.make_id(settings, "forwarded", gd.name, seat, mail.key),
            game=gd.name, seat=seat, in_reply_to=mail.message_id, now=now,
        )
        compose.queue(gd.outbox_dir(), f"forwarded-{mail.key}", msg)
        done.append("player told")
    return f"{why}: " + (", ".join(done) or "held back by the daily limits")


def ask_which_game(root: Path, settings: Settings, mail: Inbound, seats: list[tuple[str, str]], now: datetime,
                   outbox: Path) -> bool:
    """A lost token from an address with seats in several games: ask it, once a day, to name the game."""
    assert mail.sender is not None
    with Limits.open(root, now) as limits:
        if not limits.registered(mail.sender, "lost token: which game", mail.key):
            return False
    # Only the seats of this very address, and only to it: its From may be forged, its mailbox is not.
    lines = ["pbem could not tell for which game you lost your token: this address has a seat in several.",
             "Send the mail again with the game's name in brackets in its subject, for example:", "",
             *(f"  [{game}] lost token   (seat {seat})" for game, seat in seats), "",
             "The moderator is then asked to send you a new token. (You get this notice at most once a day.)"]
    msg = compose.build(
        settings, to=[mail.sender], subject="Your mail to pbem: which game?", text=compose.wrap(lines),
        kind="unrouted", message_id=compose.make_id(settings, "unrouted", None, None, mail.key),
        in_reply_to=mail.message_id, now=now,
    )
    compose.queue(outbox, f"unrouted-{mail.key}", msg)
    return True
