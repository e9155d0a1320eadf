"""The answer to a seat's mail: where the game stands, what pbem read, the deadline; to the seat and to the sender."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import datetime

from pbem import moderation
from pbem.mail import compose
from pbem.mail.compose import Attachment
from pbem.mail.due import deadline_parts
from pbem.mail.headers import atom
from pbem.mail.mailbox import token_hashes
from pbem.mail.message import Inbound
from pbem.mail.scrub import RAW_REDACTED, scrub_text
from pbem.mail.settings import Settings
from pbem.orders import OrderDoc, dump_body
from pbem.status import all_in_line, resolves_at_once
from pbem.store import GameDir


def status_lines(gd: GameDir, seat: str) -> list[str]:
    """Where the game stands: whose orders are in, whom it waits for."""
    state = gd.state()
    if gd.game.result(state) is not None:
        return ["", f"Game {gd.name} is over."]
    owed = sorted(p.seat for p in gd.game.prompts(state))
    pending = gd.pending()
    waiting = [s for s in owed if s not in pending and not gd.meta.seat(s).robot]  # robots play at the run
    lines = ["", f"Game {gd.name} ({gd.game.title}), {gd.game.label(state)}; orders now are for step {gd.current_step() + 1}."]
    # The last seat's answer and the new report go out together: the answer says the report follows.
    lines.append(f"Still waiting for: {', '.join(waiting)}." if waiting else all_in_line(gd, gd.current_step() + 1))
    return [*lines, *held_lines(gd)]


def complete(gd: GameDir) -> bool:
    """Whether every human seat's orders for the open step are in and the next run resolves it at once."""
    state = gd.state()
    if gd.game.result(state) is not None:
        return False
    pending = gd.pending()
    owed = [p.seat for p in gd.game.prompts(state) if not gd.meta.seat(p.seat).robot]
    return all(s in pending for s in owed) and resolves_at_once(gd)


def held_lines(gd: GameDir) -> list[str]:
    """While the moderator holds the game (pbem.control): say so, since no step is resolved meanwhile."""
    mark = moderation.held(gd)
    if mark is None:
        return []
    return [f"The game is on hold ({mark.get('why', '')}): no step is resolved and no deadline runs until the moderator resumes it."]


def recipients(gd: GameDir, seat: str | None, sender: str | None) -> list[str]:
    """The seat's registered address, plus the sender when it differs: both hear of every answer."""
    registered = gd.meta.seat(seat).address if seat is not None else None
    if registered and sender and registered.lower() == sender.lower():
        return [registered]
    return [a for a in (registered, sender) if a]


#: While a batch of mail is handled (answers_describe_the_end): how to write each queued answer again.
_rewrites: ContextVar[list[Callable[[], None]] | None] = ContextVar("answer_rewrites", default=None)


@contextmanager
def answers_describe_the_end() -> Iterator[None]:
    """Answers queued inside are written again when the block ends, so each says where the game stands then.

    A fetch reads several seats' mail before a tick resolves the step they complete: an answer written at once
    would tell anna "still waiting for cleo" in the same delivery as the report that cleo's orders made. Each
    answer is still queued at once (a crash afterwards loses no answer); on leaving the block every answer that
    has not left is written again from the game as it is then, keeping its place in the queue (before the report
    it speaks of). An inner block leaves the rewriting to the outer one.
    """
    if _rewrites.get() is not None:
        yield
        return
    rewrites: list[Callable[[], None]] = []
    token = _rewrites.set(rewrites)
    try:
        yield
    finally:
        _rewrites.reset(token)
    for rewrite in rewrites:
        rewrite()


def reply(gd: GameDir, settings: Settings, mail: Inbound, seat: str | None, authenticated: bool, what: str,
          lines: list[str], now: datetime, *, doc: OrderDoc | None = None, sender_only: bool = False,
          status: bool = False, step: int | None = None) -> None:
    """Queue the immediate answer to an order mail.

    With `status`, where the game stands (status_lines) follows `lines`, as of when the answer is written;
    `step` is the step the mail's orders were kept for, so that an answer written after that step was resolved
    says so.
    """
    def write(again: bool) -> None:
        resolved = status and step is not None and gd.current_step() >= step
        _queue_reply(gd, settings, mail, seat, authenticated, what, [*lines, *_standing(gd, seat, status, resolved, step)],
                     now, doc=doc, sender_only=sender_only, resolved=resolved, again=again)

    write(False)
    rewrites = _rewrites.get()
    if rewrites is not None and status:  # only where the game stands can have changed by the end
        rewrites.append(lambda: write(True))


def _standing(gd: GameDir, seat: str | None, status: bool, resolved: bool, step: int | None) -> list[str]:
    """The status part of an answer: that the step of its orders is resolved by now, if it is, else where the game is."""
    if not status or seat is None:
        return []
    if resolved:  # the report that follows says where the game stands now, and what the next step asks
        return ["", f"Step {step} is resolved with these orders; its report, with what step {gd.current_step() + 1} "
                    f"asks, follows in its own mail." if gd.game.result(gd.state()) is None else
                f"Step {step} is resolved with these orders and the game is over; the last report follows in its own mail."]
    return status_lines(gd, seat)


def _queue_reply(gd: GameDir, settings: Settings, mail: Inbound, seat: str | None, authenticated: bool, what: str,
                 lines: list[str], now: datetime, *, doc: OrderDoc | None, sender_only: bool, resolved: bool,
                 again: bool) -> None:
    """Compose the answer and put it in the outbox (under a name of its mail: written again, it replaces it where
    it waits, so it still leaves before the report it speaks of)."""
    to = [mail.sender] if sender_only and mail.sender else recipients(gd, seat, mail.sender)
    if not to:
        return
    body = [f"Game {gd.name}" + (f", seat {seat}" if seat else "") + f": {what}.", "", *lines]
    if authenticated and doc is not None and doc.body:
        understood = dump_body(doc.body).rstrip() if doc.body else "(empty)"
        body += ["", "Your orders as pbem read them:", *("  " + line for line in understood.split("\n"))]
    if mail.notes:
        body += ["", "Notes:", *(f"  {note}" for note in mail.notes)]
    attachments: list[Attachment] = []
    # Once the step of its orders is resolved, the report that follows tells the next deadline and what it asks;
    # before, a step about to be resolved takes no more orders: saying so would contradict the report.
    if authenticated and seat is not None and not resolved:
        lines_, attachments = deadline_parts(gd, settings, seat, now)
        body += ["", *lines_] if lines_ else []
        if not complete(gd):
            body += ["", "You may send new orders until the deadline: the last valid mail counts.",
                     "To withdraw your orders, send your header lines (game, seat, step, token) and 'withdraw: true'."]
    copies = [(to, body, "")]  # mail that proves no seat is answered by answer_unproven instead
    if len(to) == 2:
        # The token came from another address: each address hears alone, and neither is shown the other.
        copies = [([to[0]], [*body, "", "This mail was not from this seat's registered address, but it carried "
                             "the seat's token, so it counts; pbem answers the address it came from too.",
                             "If you did not send it, someone knows your token: ask the moderator for a new one."], ""),
                  ([to[1]], [*body, "", "This address is not the seat's registered address: a copy goes to the "
                             "seat's registered address."], "-sender")]
    hashes = token_hashes(gd.root.parent)
    for addresses, text, suffix in copies:
        msg = compose.build(
            settings, to=addresses, subject=f"[{gd.name}] {seat or 'orders'}: {what}",
            text=scrub_text(compose.wrap(text), hashes, RAW_REDACTED),
            kind="check", message_id=compose.make_id(settings, "check", gd.name, seat, mail.key + suffix),
            game=gd.name, seat=seat, in_reply_to=mail.message_id, attachments=attachments, now=now,
        )
        name = f"check-{mail.key}{suffix}"
        if again and not (gd.outbox_dir() / f"{atom(name)}.eml").is_file():
            continue  # this copy has left already (a delivery ran meanwhile): a mail sent is not sent again
        compose.queue(gd.outbox_dir(), name, msg, in_place=again)
