"""One received mail, handled once: stored raw first, then routed to its game, authenticated, and answered.

What a mail meant is answered by the answer modules: orders (pbem.mail.answer_orders), requests
(answer_requests), mail that proves no seat (answer_unproven), mail for no known game (answer_unrouted), and
mail for the moderator (tomoderator); this module only routes.
"""

from __future__ import annotations

import json
import re
from contextlib import ExitStack
from datetime import UTC, datetime
from pathlib import Path

from engine.words import counted
from pbem.files import Busy, write_atomic
from pbem.game_yaml import token_matches
from pbem.mail import address, compose, tomoderator
from pbem.mail.answer_orders import answer_orders
from pbem.mail.answer_requests import answer_request, confirm_address
from pbem.mail.answer_unproven import answer_retired, answer_unproven, notify_seat, unproven_problems
from pbem.mail.answer_unrouted import reply_unrouted, tell_too_large
from pbem.mail.mailbox import (
    DEFERRED,
    GAME_NAME,
    SUBJECT_GAME,
    Outcome,
    content_path,
    log,
    open_cached,
    registered,
    seen,
    seen_content,
    seen_path,
    state_dir,
    token_hashes,
)
from pbem.mail.message import Inbound, mail_key, parse_mail
from pbem.mail.retired import retired_seat
from pbem.mail.scrub import RAW_REDACTED, scrub_mail
from pbem.mail.settings import Settings
from pbem.orders import OrderDoc, parse
from pbem.store import GameDir


def _finish(root: Path, outcome: Outcome, digest: str, content: str = "") -> Outcome:
    """Remember the mail as handled (last, so a crash before this handles it again) and log it."""
    record = {"status": outcome.status, "game": outcome.game, "seat": outcome.seat, "detail": outcome.detail, "digest": digest}
    if content:
        write_atomic(content_path(root, content), json.dumps({**record, "mail": outcome.key}, sort_keys=True) + "\n")
    write_atomic(seen_path(root, outcome.key), json.dumps(record, sort_keys=True) + "\n")
    log(root, {"mail": outcome.key, "sender": outcome.sender, **record})
    return outcome


#: How long an order mail waits for its game's lock before it is left, unhandled, for the next run.
LOCK_WAIT_SECONDS = 5.0


def handle(root: Path, settings: Settings, raw: bytes, *, truncated: bool = False, now: datetime | None = None,
           received: datetime | None = None, busy: set[str] | None = None) -> Outcome:
    """Handle one raw mail for the games under `root`; safe to call again with the same mail.

    `received` is when the mail server got the mail (default: now): orders that arrived after the deadline
    and its grace period do not count, however soon after it pbem reads them. A mail whose game another
    process holds longer than LOCK_WAIT_SECONDS is not handled (status DEFERRED); its game goes into `busy`,
    and later mail for a game in `busy` is deferred at once, so a fetch waits once per busy game.
    """
    now = now or datetime.now(UTC)
    arrived = min(received, now) if received is not None else now
    mail = parse_mail(raw, own=(settings.sender,))
    if truncated:
        mail.content = ""  # only its header was read: nothing to compare with other mails by
    previous = seen(root, mail.key)
    if previous is not None and previous.get("digest", mail.digest) != mail.digest and mail.message_id is not None:
        # The same Message-ID on another body: a client that reuses ids, or a forger. It is a mail of its own.
        log(root, {"mail": mail.key, "sender": mail.sender, "event": "Message-ID reused for other content"})
        mail.key = mail_key(f"{mail.message_id}#{mail.digest}", raw)
        previous = seen(root, mail.key)
    if previous is not None:
        return Outcome(mail.key, "duplicate", previous.get("game"), previous.get("seat"), mail.sender, "handled before",
                       first=str(previous.get("status") or "duplicate"))
    again = seen_content(root, mail.content)
    if again is not None:
        # The same orders with the same Date under a new Message-ID: resent by a client, or replayed. Once is enough.
        log(root, {"mail": mail.key, "sender": mail.sender, "event": f"repeat of mail {again.get('mail')}",
                   "status": "duplicate"})
        return Outcome(mail.key, "duplicate", again.get("game"), again.get("seat"), mail.sender,
                       "the same mail as one handled before, under a new Message-ID",
                       first=str(again.get("status") or "duplicate"))
    hashes = token_hashes(root)
    if mail.automatic is not None:
        write_atomic(state_dir(root) / "ignored" / f"{mail.key}.eml", scrub_mail(raw, hashes, RAW_REDACTED))
        return _finish(root, Outcome(mail.key, "ignored", sender=mail.sender, detail=f"not answered: {mail.automatic}"), mail.digest,
                       mail.content)
    doc = parse(mail.text, mail.source) if mail.text is not None else None
    mail.notes.extend(doc.notes if doc is not None else [])  # how pbem read the orders, said in the answer
    name = _route(root, settings, mail, doc)
    if name is None:
        write_atomic(state_dir(root) / "unrouted" / f"{mail.key}.eml",
                     scrub_mail(raw, hashes, RAW_REDACTED, also=_claimed(doc, mail.text)))
        answered = reply_unrouted(root, settings, mail, doc, truncated, now)
        detail = "no known game named in the mail" + ("" if answered else "; not answered (nothing order-like in it)")
        return _finish(root, Outcome(mail.key, "unroutable", sender=mail.sender, detail=detail), mail.digest, mail.content)
    gd = open_cached(root / name)
    gd.check_whole()  # a damaged game takes no orders: the mail is kept for the moderator (pbem.mail.imap)
    # Nothing is acted on before the mail is stored; the game folder is an archive, so without the token in it.
    write_atomic(gd.mail_dir() / "in" / f"{mail.key}.eml", scrub_mail(raw, hashes, RAW_REDACTED, also=_claimed(doc, mail.text)))
    busy = set() if busy is None else busy
    with ExitStack() as held:
        try:
            held.enter_context(gd.lock(timeout=0 if name in busy else LOCK_WAIT_SECONDS))
        except Busy as exc:
            # Waiting without limit would stop the mail of every game behind this one (a hung run, an operator's
            # flock): the mail stays where it came from, unrecorded, and is handled by a later run.
            busy.add(name)
            log(root, {"mail": mail.key, "game": name, "event": "game busy: mail left for the next run",
                       "holder": exc.holder.get("pid"), "held_seconds": exc.holder.get("seconds")})
            return Outcome(mail.key, DEFERRED, name, None, mail.sender, f"left for the next run: {exc}", lock=exc.holder)
        outcome = _handle_in_game(gd, settings, mail, doc, truncated, now, arrived)
    return _finish(root, outcome, mail.digest, mail.content)


def _claimed(doc: OrderDoc | None, text: str | None) -> list[str]:
    token = _claimed_token(doc, text)
    code = doc.body.get(address.KEY) if doc is not None and isinstance(doc.body.get(address.KEY), str) else None
    codes = [code, code.upper()] if code else []  # an address's one-time code is a secret too, typed in any case
    return [secret for secret in (token, *codes) if secret]


_TOKEN_LINE = re.compile(r"""^[ \t]*token[ \t]*:[ \t]*["']?([A-Za-z0-9_-]{8,})""", re.M)


def _claimed_token(doc: OrderDoc | None, text: str | None) -> str | None:
    """The token a mail carries, right or wrong (a wrong one may be the player's token of another game).

    Orders the YAML parser rejected have no header, so their token line is found by hand.
    """
    token = doc.header.get("token") if doc is not None else None
    if isinstance(token, (str, int)) and not isinstance(token, bool):
        return str(token)
    found = _TOKEN_LINE.search(text or "")
    return found.group(1) if found else None


def _route(root: Path, settings: Settings, mail: Inbound, doc: OrderDoc | None) -> str | None:
    """The game a mail is for: its order header, else the thread it answers, else a [game] in the subject,
    else, for a lost token, the one game where the sender's address has a seat."""
    candidates: list[str] = []
    if doc is not None and doc.header.get("game") is not None:
        candidates.append(str(doc.header["game"]))
    else:
        routed = compose.routed_by(settings, mail.references)
        if routed is not None:
            candidates.append(routed[0])
        candidates.extend(SUBJECT_GAME.findall(mail.subject))
    for name in candidates:
        if GAME_NAME.match(name) and (root / name / "game.yaml").is_file():
            return name
    if (doc is None or doc.header.get("game") is None) and mail.sender and tomoderator.asks_for_token(mail):
        # Who lost the token rarely knows the game's name; the registered address decides it, if it can.
        seats = registered(root, mail.sender)
        if len(seats) == 1:
            return seats[0][0]
    return None


def _authenticated(gd: GameDir, doc: OrderDoc | None) -> str | None:
    """The seat whose token the mail carries, or None."""
    if doc is None or doc.problems:
        return None
    seat, token = doc.header.get("seat"), doc.header.get("token")
    if seat is None or token is None or str(seat) not in gd.meta.seat_names:
        return None
    return str(seat) if token_matches(str(token), gd.meta.seat(str(seat)).token_hash) else None


def _handle_in_game(gd: GameDir, settings: Settings, mail: Inbound, doc: OrderDoc | None, truncated: bool, now: datetime,
                    arrived: datetime) -> Outcome:
    claimed = str(doc.header["seat"]) if doc is not None and str(doc.header.get("seat")) in gd.meta.seat_names else None
    seat = _authenticated(gd, doc)
    out = Outcome(mail.key, "rejected", gd.name, claimed, mail.sender)
    if truncated or mail.text is None or doc is None:
        why = (f"your mail was larger than {settings.max_message_bytes} bytes and was not read" if truncated
               else "it held no text pbem could read as orders (send plain text or a .yaml attachment)")
        if truncated and mail.sender and registered(gd.root.parent, mail.sender):
            tell_too_large(gd.root.parent, settings, mail, now, gd.outbox_dir())  # a seat's own address: once a day
        else:
            answer_unproven(gd, settings, mail, None, f"not read: {why}", [f"Nothing was stored: {why}."], now)
        return Outcome(**{**out.__dict__, "detail": why})
    if not doc.problems and address.is_confirmation(doc.body):
        # A new address needs no token: its code proves it (with a token, it is still a confirmation, not orders).
        return confirm_address(gd, settings, mail, doc, seat or claimed, now)
    reason = tomoderator.for_moderator(gd, mail) if seat is None else None
    if reason is not None:  # a question, or a lost token, from a seat's own address: for the moderator
        done = tomoderator.pass_on(gd, settings, mail, reason, token_hashes(gd.root.parent), now)
        return Outcome(mail.key, "moderator", gd.name, tomoderator.own_seat(gd, mail.sender), mail.sender, done)
    retired = retired_seat(gd, _claimed_token(doc, mail.text)) if seat is None else None
    if retired is not None:  # a token the seat had once: its sender is told so, not what else the mail lacks
        answer_retired(gd, settings, mail, retired, now)
        if tomoderator.own_seat(gd, mail.sender) != retired:  # the seat's holder now hears of it, as of any try
            notify_seat(gd, settings, mail, retired, "orders rejected", ["it carried an old token of this seat, which no longer works"], now)
        return Outcome(**{**out.__dict__, "seat": retired, "detail": "a token that no longer works"})
    if seat is None:
        # Without the seat's token, say nothing about the game, nor whether the seat named exists.
        problems = unproven_problems(doc)
        answer_unproven(gd, settings, mail, claimed, "orders rejected",
                         ["Your orders were rejected; nothing was stored.", "", *problems], now)
        return Outcome(**{**out.__dict__, "detail": "not authenticated" if not doc.problems else counted(len(doc.problems), "problem")})
    answered = answer_request(gd, settings, mail, doc, seat, now)
    if answered is not None:
        return answered
    return answer_orders(gd, settings, mail, doc, seat, out, now, arrived)
