"""The answer to a seat's request by mail: its mail policy, press to other players, help, status, resend, address,
time zone; and to a new address confirming a change."""

from __future__ import annotations

from datetime import datetime

from pbem.mail import address, preferences, press, requests
from pbem.mail.answer_unproven import answer_unproven
from pbem.mail.mailbox import Outcome
from pbem.mail.message import Inbound
from pbem.mail.reply import reply
from pbem.mail.settings import Settings
from pbem.orders import OrderDoc
from pbem.store import GameDir


def change_policy(gd: GameDir, settings: Settings, mail: Inbound, doc: OrderDoc, seat: str, now: datetime) -> Outcome:
    """A player changes their mail policy (see pbem.mail.preferences); the answer says what holds now."""
    what, lines, done = preferences.by_mail(gd, seat, doc.body, mail.sender)
    reply(gd, settings, mail, seat, True, what, lines, now)
    return Outcome(mail.key, "policy" if done else "rejected", gd.name, seat, mail.sender, what)


def relay_press(gd: GameDir, settings: Settings, mail: Inbound, doc: OrderDoc, seat: str, now: datetime) -> Outcome:
    """Relay a player's message to other players under the game's name, and keep it with the game."""
    try:
        to, text, anonymous = press.read_request(gd, seat, doc.body)
    except press.PressError as exc:
        reply(gd, settings, mail, seat, True, "press not sent", [f"Your message was not sent: {exc}."], now)
        return Outcome(mail.key, "rejected", gd.name, seat, mail.sender, str(exc))
    if not to:
        reply(gd, settings, mail, seat, True, "press not sent", ["Your message was not sent: nobody to send it to."], now)
        return Outcome(mail.key, "rejected", gd.name, seat, mail.sender, "no recipient")
    message = press.archive(gd, seat, to, text, anonymous, now, mail=mail.key)
    press.relay(gd, settings, message, now)
    how = " without your name" if anonymous else ""
    reply(gd, settings, mail, seat, True, "press sent", [
        f"Your message went to {', '.join(to)}{how}; it is kept with the game as press no. {message.number}."], now)
    return Outcome(mail.key, "press", gd.name, seat, mail.sender, f"press {message.number} to {', '.join(to)}")


def self_service(gd: GameDir, settings: Settings, mail: Inbound, doc: OrderDoc, seat: str, now: datetime) -> Outcome:
    """Help, status, a report again, a new address, a time zone: answered at once (see pbem.mail.requests)."""
    what, lines, done = requests.answer(gd, settings, seat, doc.body, mail.sender, now)
    reply(gd, settings, mail, seat, True, what, lines, now)
    return Outcome(mail.key, "request" if done else "rejected", gd.name, seat, mail.sender, what)


def confirm_address(gd: GameDir, settings: Settings, mail: Inbound, doc: OrderDoc, claimed: str | None,
                    now: datetime) -> Outcome:
    """A new address sends back its code (see pbem.mail.address): the seat's mail moves there, or nothing changes."""
    done = address.confirm(gd, settings, doc.body, claimed, mail.sender, mail.key, now)
    if not done.known:
        # Not the address a change waits for: answered like any mail that proves no seat, and told nothing.
        # Its subject names the address change: "orders: …" would send a bystander looking for orders never sent.
        answer_unproven(gd, settings, mail, claimed, done.what, done.lines, now, topic="address change")
        return Outcome(mail.key, "rejected", gd.name, claimed, mail.sender, "confirmation from an unexpected address")
    reply(gd, settings, mail, done.seat, False, done.what, done.lines, now, sender_only=True)
    return Outcome(mail.key, "request" if done.moved else "rejected", gd.name, done.seat, mail.sender, done.what)


def answer_request(gd: GameDir, settings: Settings, mail: Inbound, doc: OrderDoc, seat: str, now: datetime) -> Outcome | None:
    """Answer the seat's mail when it is a request rather than orders (None: it is orders)."""
    if preferences.is_request(doc.body):
        return change_policy(gd, settings, mail, doc, seat, now)
    if press.is_request(doc.body):
        return relay_press(gd, settings, mail, doc, seat, now)
    if requests.is_request(doc.body):
        return self_service(gd, settings, mail, doc, seat, now)
    return None
