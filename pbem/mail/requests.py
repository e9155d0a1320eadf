"""Players help themselves by mail: help, status, a report sent again, a new address, a time zone, press.

Each request is an order document with the header lines and the seat's token, sent from the seat's
registered address, whose body holds only the request's key:

    help: yes                       what a player can send
    status: yes                     where the game stands, whom it waits for, the deadline
    resend: 12                      the report of step 12 again (resend: now for the current one)
    address: anna@new.example       mail for the seat goes there once that address confirms (pbem.mail.address)
    timezone: America/New_York      deadlines in the seat's mail on that clock (pbem.mail.timezone)
    press: {to: [ben], text: …}     a message to other players (pbem.mail.press)

A seat that lost its token cannot prove who it is, so `lost token` in the subject of a mail from the
registered address asks the moderator for a new one (pbem.mail.tomoderator).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from engine.quoting import quoted
from pbem.mail import address, press, timezone
from pbem.mail.due import deadline_text
from pbem.mail.settings import Settings
from pbem.mail.tell import stamp
from pbem.status import player_lines
from pbem.store import GameDir

KEYS = frozenset({"help", "status", "resend", "address", "timezone"})

HELP = """\
What you can send to pbem for game {game}, seat {seat}: a mail with these header lines

  game: {game}
  seat: {seat}
  token: (the token from your welcome mail)

followed by one of:

  (your orders)       as in the order template of your last report
  withdraw: true      take back the orders you sent for this step
  status: yes         where the game stands, whom it waits for, your deadline
  resend: 12          the report of step 12 again (resend: now for the latest)
  mail: due           the mail you get: every (each step), due (when your
                      orders are due, with what happened since), digest
                      (at most one a day); pdf: yes or no for the PDF
  attach: [pdf, map]  what mail that asks nothing of you carries all the
                      same: pdf, map, [pdf, map] or none (the default)
  address: you@new.example    move this seat's mail to a new address, once
                      that address sends back the code pbem mails it
  timezone: Europe/Berlin     your time zone, for deadlines in pbem's mail
  press:              a message to other players, relayed by pbem
    to: [{others}]    (or all)
    text: |
      Your message.

Lost your token? Send a mail with "lost token" in the subject from your
registered address: the moderator is asked to send you a new one. A mail
that holds no orders is passed on to the moderator."""


def is_request(body: Mapping[str, Any]) -> bool:
    """True when an order document's body is one self-service request."""
    return len(body) == 1 and next(iter(body)) in KEYS


def answer(gd: GameDir, settings: Settings, seat: str, body: Mapping[str, Any], sender: str | None,
           now: datetime) -> tuple[str, list[str], bool]:
    """Carry out a request (the caller holds the game's lock): the answer's subject, its lines, whether done."""
    key, value = next(iter(body.items()))
    if key == "help":
        others = ", ".join(s for s in gd.meta.seat_names if s != seat)
        return "help", HELP.format(game=gd.name, seat=seat, others=others).split("\n"), True
    if key == "status":
        return "status", _status(gd, seat, now), True
    if key == "resend":
        return _resend(gd, settings, seat, value, now)
    if key == "timezone":
        return timezone.by_mail(gd, seat, value, sender, now)
    return _address(gd, settings, seat, value, sender, now)


def _status(gd: GameDir, seat: str, now: datetime) -> list[str]:
    # For a player: their own turn, step and deadline; no process id (the game's lock is the moderator's).
    return player_lines(gd, seat, deadline_text(gd, seat, now))


def _resend(gd: GameDir, settings: Settings, seat: str, value: Any, now: datetime) -> tuple[str, list[str], bool]:
    from pbem.mail.report import ResendError, resend  # Jinja and the drawing code: only a resend needs them

    if isinstance(value, str) and value.strip().lower() in ("now", "latest", "last"):
        step: int | None = None
    elif isinstance(value, int) and not isinstance(value, bool):
        step = value
    else:
        return "report not sent", [f"resend: write a step number or now, not {quoted(value)}."], False
    try:
        resend(gd, settings.report_config(), seat, step, now, stamp(now))
    except ResendError as exc:
        return "report not sent", [f"The report was not sent again: {exc}."], False
    which = f"step {step}" if step is not None else f"step {gd.current_step()} (the latest)"
    return "report sent again", [f"Your report of {which} is on its way in a separate mail."], True


def _address(gd: GameDir, settings: Settings, seat: str, value: Any, sender: str | None,
             now: datetime) -> tuple[str, list[str], bool]:
    # Two steps: the new address must send back the code it is mailed (pbem.mail.address) before mail goes there.
    return address.ask(gd, settings, seat, value, sender, now)


__all__ = ["HELP", "KEYS", "answer", "is_request", "press"]
