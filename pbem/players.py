"""The moderator and the players: resend a report, broadcast, replace a seat's person, robots, confirm orders.

Each is logged in the game's log.jsonl and mails the players it touches (pbem.mail.tell), when the game
is played by mail. A token is only ever mailed to the address of the seat it opens.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pbem import moderation, robots
from pbem.control import ControlError, settings_of
from pbem.mail import compose, notices
from pbem.mail.retired import retire
from pbem.mail.settings import ADDRESS, Settings
from pbem.mail.tell import mailed_seats, stamp, tell
from pbem.orders import dump_body, parse
from pbem.store import GameDir


def _seat(gd: GameDir, seat: str) -> None:
    if seat not in gd.meta.seat_names:
        raise ControlError(f"unknown seat {seat!r}; the seats are {', '.join(gd.meta.seat_names)}")


def _require_mail(gd: GameDir) -> Settings:
    settings = settings_of(gd)
    if settings is None:
        raise ControlError(f"{gd.name} is not played by mail (no pbem.yaml in {gd.root.resolve().parent})")
    return settings


def resend(gd: GameDir, seat: str, step: int | None, now: datetime) -> Path:
    """Queue a seat's report of a step (default: the current one) again, as a new mail."""
    _seat(gd, seat)
    settings = _require_mail(gd)
    from pbem.mail.report import ResendError
    from pbem.mail.report import resend as resend_report  # Jinja and the drawing code: only a resend needs them

    try:
        return resend_report(gd, settings.report_config(), seat, step, now, stamp(now))
    except ResendError as exc:
        raise ControlError(str(exc)) from None


def broadcast(gd: GameDir, subject: str, text: str, now: datetime) -> list[Path]:
    """A message from the moderator to every player of the game."""
    settings = _require_mail(gd)
    body = text.strip("\n")
    if not body.strip():
        raise ControlError("the message is empty")
    if len(body) > 20_000:
        raise ControlError("the message is longer than 20,000 characters")
    subject = " ".join(subject.split()) or "a message from the moderator"
    lines = [f"A message from the moderator of game {gd.name} ({gd.game.title}), to every player:", "",
             *body.split("\n")]
    queued = tell(gd, settings, mailed_seats(gd), subject, lines, "broadcast", now)
    moderation.log(gd, {"control": "broadcast", "subject": subject, "text": body, "time": now.astimezone(UTC).isoformat()})
    return queued


def replace(gd: GameDir, seat: str, address: str, now: datetime) -> list[Path]:
    """A new person takes a seat: new address, token and private site address, mailed to the new address only."""
    _seat(gd, seat)
    if not ADDRESS.match(address) or any(c in address for c in "\r\n<>, \t"):
        raise ControlError(f"{address!r} is not a mail address")
    settings = _require_mail(gd)
    member = gd.meta.seat(seat)
    old = member.address
    member.address = address
    member.robot = False
    member.robot_style = None
    member.holder += 1  # a new private site address: the departing player's stops working at the next build
    tokens = notices.issue_tokens(gd, [seat])  # saves game.yaml with the new address, holder and token's hash
    moderation.log(gd, {"control": "replace", "seat": seat, "time": now.astimezone(UTC).isoformat()})
    queued = notices.queue_welcome(gd, settings, tokens, now=now)
    leaving = old if old and old.lower() != address.lower() else None
    return queued + _tell_replaced(gd, settings, seat, leaving, "another player", f"a new player for {seat}",
                                   "a new player (chosen by the moderator)", now)


def replace_by_robot(gd: GameDir, seat: str, style: str, now: datetime) -> list[Path]:
    """The seat's person leaves and a robot of `style` takes the seat for good: the token stops working, the private
    site address changes, orders the person left pending are withdrawn, and the old address hears it; all are told."""
    _seat(gd, seat)
    if (problem := robots.style_problem(gd.game, style)) is not None:
        raise ControlError(problem)
    settings = settings_of(gd)
    member = gd.meta.seat(seat)
    old = member.address
    retire(gd, seat, member.token_hash)  # a mail with the old token is told it no longer works
    member.token_hash = None  # no token opens the seat until a person takes it again (`replace --address`)
    member.address = None  # a robot reads no mail: nobody is sent the seat's reports
    member.robot = True
    member.robot_style = robots.stored_style(style)
    member.holder += 1  # a new private site address: the departing player's stops working at the next build
    gd.save_meta()
    withdrawn = gd.withdraw_pending(seat)  # the robot plays this step, not what the person left
    entry: dict[str, Any] = {"control": "replace", "seat": seat, "robot": style, "withdrawn": withdrawn}
    moderation.log(gd, {**entry, "time": now.astimezone(UTC).isoformat()})
    who = "the caretaker (orders meant to win, decided from what the seat may see)" if style == robots.CARETAKER \
        else "a robot (seeded random legal orders)"
    subject = f"{seat} is now played by {'the caretaker' if style == robots.CARETAKER else 'a robot'}"
    return _tell_replaced(gd, settings, seat, old, who, subject, f"{who}: its player has left the game", now)


def _tell_replaced(gd: GameDir, settings: Settings | None, seat: str, leaving: str | None, successor: str,
                   subject: str, played_by: str, now: datetime) -> list[Path]:
    """The departing player's address (`leaving`, if any) hears that the seat went to `successor`, and the other
    seats that it is now played by `played_by`."""
    queued: list[Path] = []
    if settings is not None and leaving:
        queued += _tell_address(gd, settings, leaving, seat, [
            f"The moderator has given seat {seat} of game {gd.name} ({gd.game.title}) to {successor}.",
            "Your token no longer works and you get no more mail for this seat. Thank you for playing!"], now)
    others = [s for s in mailed_seats(gd) if s != seat]
    return queued + tell(gd, settings, others, subject, [f"Seat {seat} of game {gd.name} is now played by {played_by}."],
                         "replace", now)


def _tell_address(gd: GameDir, settings: Settings, address: str, seat: str, lines: list[str], now: datetime) -> list[Path]:
    """One mail to an address that is no longer a seat's (a player who was replaced)."""
    unique = stamp(now)
    msg = compose.build(settings, to=[address], subject=f"[{gd.name}] {seat}: you were replaced", text=compose.wrap(lines),
                        kind="replaced", message_id=compose.make_id(settings, "replaced", gd.name, None, unique), now=now)
    return [compose.queue(gd.outbox_dir(), f"replaced-{unique}-{seat}", msg)]


def set_robot(gd: GameDir, seats: list[str], robot: bool, now: datetime, style: str | None = None) -> list[Path]:
    """Hand seats to robots of `style` (None: random) or back to their people; the caller holds the lock; every
    player is told."""
    for seat in seats:
        _seat(gd, seat)
    settings = settings_of(gd)
    if robot and style is not None and (problem := robots.style_problem(gd.game, style)) is not None:
        raise ControlError(problem)
    kept = robots.stored_style(style) if robot else None
    changed = [s for s in seats if gd.meta.seat(s).robot != robot or (robot and gd.meta.seat(s).robot_style != kept)]
    for seat in changed:
        gd.meta.seat(seat).robot = robot
        gd.meta.seat(seat).robot_style = kept
    gd.save_meta()
    if not changed:
        return []
    entry: dict[str, Any] = {"control": "robot" if robot else "person", "seats": changed}
    if kept is not None:
        entry["style"] = kept
    moderation.log(gd, {**entry, "time": now.astimezone(UTC).isoformat()})
    names = ", ".join(changed)
    if robot and kept == robots.CARETAKER:
        what = (f"the caretaker now plays {names} (orders meant to win, decided from what the seat may see); the "
                "reports still go to the seat's address")
    elif robot:
        what = f"a robot now plays {names} (seeded random legal orders); the reports still go to the seat's address"
    else:
        what = f"{names} is played by its player again" if len(changed) == 1 else f"{names} are played by their players again"
    lines = [f"In game {gd.name} ({gd.game.title}) {what}."]
    return tell(gd, settings, mailed_seats(gd), "robot" if robot else "back to its player", lines, "robot", now)


def confirm_submitted(gd: GameDir, seat: str, step: int, text: str, replaced: bool, now: datetime | None = None) -> list[Path]:
    """Orders the moderator entered for a seat (`pbem submit`) are confirmed to that seat by mail."""
    now = now or datetime.now(UTC)
    settings = settings_of(gd)
    if settings is None:
        return []
    doc = parse(text, f"{seat}.yaml")
    understood = dump_body(doc.body).rstrip() if doc.body else "(empty)"
    lines = [f"The moderator entered orders for you, seat {seat}, for step {step} of game {gd.name}"
             + (" (they replace the orders you had sent)." if replaced else "."), "",
             "The orders as pbem read them:", *("  " + line for line in understood.split("\n")), "",
             "You may still send your own orders before the deadline: the last valid orders count."]
    return tell(gd, settings, [seat], f"{seat}: orders entered by the moderator for step {step}", lines, "submitted", now)
