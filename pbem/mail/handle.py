"""One received mail, handled once: stored raw first, then authenticated, checked, kept and answered."""

from __future__ import annotations

import json
import os
import re
from contextlib import ExitStack
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from engine.words import counted
from pbem import moderation
from pbem.files import Busy, write_atomic
from pbem.intake import OrderRejected, submit
from pbem.mail import compose, preferences, press, requests, tomoderator
from pbem.mail.compose import Attachment
from pbem.mail.due import deadline_of, deadline_parts
from pbem.mail.headers import atom
from pbem.mail.message import Inbound, mail_key, parse_mail
from pbem.mail.ratelimit import Limits
from pbem.mail.scrub import scrub_mail, scrub_text
from pbem.mail.settings import Settings
from pbem.orders import OrderDoc, dump_body, parse
from pbem.store import GameDir, token_matches
from pbem.warnings import warning_lines

GAME_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$")
_SUBJECT_GAME = re.compile(r"\[([A-Za-z0-9][A-Za-z0-9._-]{0,99})\]")

#: What replaces a seat's token in the orders pbem keeps (the token was checked before).
REDACTED = "checked-by-pbem"
#: What replaces any token in the copy of a received mail kept in the game folder.
RAW_REDACTED = "removed-by-pbem"

#: Which IMAP folder a handled mail goes to, by outcome.
PROCESSED = ("accepted", "replaced", "withdrawn", "duplicate", "policy", "press", "request", "moderator")


@dataclass(frozen=True)
class Outcome:
    """What became of one mail (never holds a token): for the log, the IMAP folder and the moderator."""

    key: str
    status: str
    game: str | None = None
    seat: str | None = None
    sender: str | None = None
    detail: str = ""
    first: str | None = None  # for a duplicate: what became of the mail the first time
    lock: dict[str, Any] | None = None  # for a deferred mail: who holds its game's lock (pbem.files.probe)

    @property
    def processed(self) -> bool:
        """True when the mail goes to the processed folder (else: rejected); a duplicate goes where its first went."""
        return (self.first or self.status) in PROCESSED


def state_dir(root: Path) -> Path:
    """pbem's own bookkeeping for the mailbox of the games under `root`."""
    return Path(root) / ".pbem"


def _seen_path(root: Path, key: str) -> Path:
    return state_dir(root) / "seen" / key[:2] / f"{key}.json"


def _content_path(root: Path, content: str) -> Path:
    return state_dir(root) / "seen" / "content" / content[:2] / f"{content}.json"


def seen(root: Path, key: str) -> dict[str, Any] | None:
    """The record of a mail handled before (same Message-ID, or same bytes when it has none)."""
    path = _seen_path(root, key)
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None


def seen_content(root: Path, content: str) -> dict[str, Any] | None:
    """The record of a mail handled before that said the same with the same Date, under any Message-ID."""
    path = _content_path(root, content) if content else None
    return json.loads(path.read_text(encoding="utf-8")) if path is not None and path.is_file() else None


def log(root: Path, entry: dict[str, Any]) -> None:
    """Append a line to the mail log the moderator reads (ROOT/.pbem/log.jsonl); never holds a token."""
    path = state_dir(root) / "log.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    line = json.dumps({"time": datetime.now(UTC).isoformat(timespec="seconds"), **entry}, sort_keys=True, ensure_ascii=False)
    with open(path, "a", encoding="utf-8") as handle:
        handle.write(line + "\n")
        handle.flush()
        os.fsync(handle.fileno())


def _finish(root: Path, outcome: Outcome, digest: str, content: str = "") -> Outcome:
    """Remember the mail as handled (last, so a crash before this handles it again) and log it."""
    record = {"status": outcome.status, "game": outcome.game, "seat": outcome.seat, "detail": outcome.detail, "digest": digest}
    if content:
        write_atomic(_content_path(root, content), json.dumps({**record, "mail": outcome.key}, sort_keys=True) + "\n")
    write_atomic(_seen_path(root, outcome.key), json.dumps(record, sort_keys=True) + "\n")
    log(root, {"mail": outcome.key, "sender": outcome.sender, **record})
    return outcome


#: How long an order mail waits for its game's lock before it is left, unhandled, for the next run.
LOCK_WAIT_SECONDS = 5.0
#: The status of a mail whose game another process holds: not handled, not recorded, to be read again.
DEFERRED = "deferred"


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
    name = _route(root, settings, mail, doc)
    if name is None:
        write_atomic(state_dir(root) / "unrouted" / f"{mail.key}.eml",
                     scrub_mail(raw, hashes, RAW_REDACTED, also=_claimed(doc, mail.text)))
        answered = _reply_unrouted(root, settings, mail, doc, truncated, now)
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


def token_hashes(root: Path) -> frozenset[str]:
    """The token hashes of every seat of every game under `root`: none of those tokens is ever stored."""
    found: set[str] = set()
    for folder in sorted(Path(root).iterdir()) if Path(root).is_dir() else []:
        if (folder / "game.yaml").is_file():
            try:
                found.update(s.token_hash for s in open_cached(folder).meta.seats if s.token_hash)
            except Exception:  # a broken game.yaml is that game's problem, reported by its run
                continue
    return frozenset(found)


def _claimed(doc: OrderDoc | None, text: str | None) -> list[str]:
    token = _claimed_token(doc, text)
    return [token] if token else []


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


_opened: dict[Path, tuple[tuple[int, int, int], GameDir]] = {}


def open_cached(folder: Path) -> GameDir:
    """A game folder, read again only when its game.yaml changed (reading it costs more than checking a mail)."""
    info = (folder / "game.yaml").stat()
    key = (info.st_ino, info.st_mtime_ns, info.st_size)
    cached = _opened.get(folder)
    if cached is not None and cached[0] == key:
        return cached[1]
    gd = GameDir(folder)
    _opened[folder] = (key, gd)
    return gd


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
        candidates.extend(_SUBJECT_GAME.findall(mail.subject))
    for name in candidates:
        if GAME_NAME.match(name) and (root / name / "game.yaml").is_file():
            return name
    if (doc is None or doc.header.get("game") is None) and mail.sender and tomoderator.asks_for_token(mail):
        # Who lost the token rarely knows the game's name; the registered address decides it, if it can.
        seats = _registered(root, mail.sender)
        if len(seats) == 1:
            return seats[0][0]
    return None


def _looks_like_orders(settings: Settings, mail: Inbound) -> bool:
    """Whether a mail for no known game was meant for pbem: an order header, one of our threads, a [game] tag."""
    text = mail.text or ""
    return (bool(re.search(r"^[ \t]*(game|seat|token)[ \t]*:", text, re.M)) or compose.routed_by(settings, mail.references) is not None
            or bool(_SUBJECT_GAME.search(mail.subject)))


def _reply_unrouted(root: Path, settings: Settings, mail: Inbound, doc: OrderDoc | None, truncated: bool, now: datetime) -> bool:
    """Answer a mail for no known game; spam (nothing order-like, so its From is likely forged) gets no answer."""
    if mail.sender is None:
        return False
    if truncated and _registered(root, mail.sender):
        return _tell_too_large(root, settings, mail, now, state_dir(root) / "outbox")
    seats = _registered(root, mail.sender) if tomoderator.asks_for_token(mail) else []
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
    if not _may_answer_stranger(root, mail, now):
        return False
    msg = compose.build(
        settings, to=[mail.sender], subject="Your mail to pbem: which game?",
        text=scrub_text(compose.wrap(lines), token_hashes(root), RAW_REDACTED),
        kind="unrouted", message_id=compose.make_id(settings, "unrouted", None, None, mail.key),
        in_reply_to=mail.message_id, now=now,
    )
    compose.queue(state_dir(root) / "outbox", f"unrouted-{mail.key}", msg)
    return True


def _registered(root: Path, address: str) -> list[tuple[str, str]]:
    """The (game, seat) pairs whose registered address this is, in every game under `root`."""
    found: list[tuple[str, str]] = []
    for folder in sorted(Path(root).iterdir()) if Path(root).is_dir() else []:
        if (folder / "game.yaml").is_file():
            try:
                seats = open_cached(folder).meta.seats
            except Exception:  # a broken game.yaml is that game's problem
                continue
            found += [(folder.name, s.name) for s in seats if s.address and s.address.lower() == address.lower()]
    return found


def _may_answer_stranger(root: Path, mail: Inbound, now: datetime) -> bool:
    """Whether the sender of a mail that proves no seat may be answered now (see ratelimit); counted."""
    with Limits.open(root, now) as limits:
        allowed = bool(mail.sender) and limits.stranger(mail.sender or "", mail.key)
    if not allowed:
        log(root, {"mail": mail.key, "sender": mail.sender, "event": "answer held back by the limits"})
    return allowed


def _tell_too_large(root: Path, settings: Settings, mail: Inbound, now: datetime, outbox: Path) -> bool:
    """Tell a registered address, once a day, that its mail was too large to read (its From may be forged)."""
    seats = _registered(root, mail.sender or "")
    with Limits.open(root, now) as limits:
        allowed = limits.registered(mail.sender or "", "too large", mail.key)
    if not allowed:
        log(root, {"mail": mail.key, "sender": mail.sender, "event": "too-large notice held back (one a day)"})
        return False
    names = ", ".join(f"{seat} in game {game}" for game, seat in seats)
    lines = [f"Your mail {mail.subject!r} was larger than {settings.max_message_bytes} bytes, so pbem did not read it",
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


def _unproven_problems(doc: OrderDoc) -> list[str]:
    """What was wrong with a mail that proves no seat, the same whether the seat it names exists or not."""
    if doc.problems:
        return [str(p) for p in doc.problems]
    hints = {"game": "the game's name", "seat": "your seat's name", "step": "the step your orders are for",
             "token": "the token"}
    missing = [f"{doc.source}: missing '{key}:'; copy {hint} from your welcome mail"
               for key, hint in hints.items() if doc.header.get(key) is None]
    return missing or [f"{doc.source}: the seat and token do not match; copy both from your welcome mail "
                       "(the token is case-sensitive)"]


def _answer_unproven(gd: GameDir, settings: Settings, mail: Inbound, claimed: str | None, what: str,
                     lines: list[str], now: datetime) -> None:
    """Answer a mail that proves no seat: the sender (limited, and never told whether the seat exists), and the
    seat it names (one notice a day, with the count of such mails)."""
    root = gd.root.parent
    registered = gd.meta.seat(claimed).address if claimed is not None else None
    own = bool(registered and mail.sender and registered.lower() == mail.sender.lower())
    hashes = token_hashes(root)
    if mail.sender and not own and _may_answer_stranger(root, mail, now):
        body = [f"Game {gd.name}: {what}.", "", *lines]
        if mail.notes:
            body += ["", "Notes:", *(f"  {note}" for note in mail.notes)]
        msg = compose.build(
            settings, to=[mail.sender], subject=f"[{gd.name}] orders: {what}", text=scrub_text(compose.wrap(body), hashes, RAW_REDACTED),
            kind="check", message_id=compose.make_id(settings, "check", gd.name, None, mail.key),
            game=gd.name, in_reply_to=mail.message_id, now=now,
        )
        compose.queue(gd.outbox_dir(), f"check-{mail.key}", msg)
    if claimed is None or not registered:
        return
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
        if truncated and mail.sender and _registered(gd.root.parent, mail.sender):
            _tell_too_large(gd.root.parent, settings, mail, now, gd.outbox_dir())  # a seat's own address: once a day
        else:
            _answer_unproven(gd, settings, mail, None, f"not read: {why}", [f"Nothing was stored: {why}."], now)
        return Outcome(**{**out.__dict__, "detail": why})
    reason = tomoderator.for_moderator(gd, mail) if seat is None else None
    if reason is not None:  # a question, or a lost token, from a seat's own address: for the moderator
        done = tomoderator.pass_on(gd, settings, mail, reason, token_hashes(gd.root.parent), now)
        return Outcome(mail.key, "moderator", gd.name, tomoderator.own_seat(gd, mail.sender), mail.sender, done)
    if seat is None:
        # Without the seat's token, say nothing about the game, nor whether the seat named exists.
        problems = _unproven_problems(doc)
        _answer_unproven(gd, settings, mail, claimed, "orders rejected",
                         ["Your orders were rejected; nothing was stored.", "", *problems], now)
        return Outcome(**{**out.__dict__, "detail": "not authenticated" if not doc.problems else counted(len(doc.problems), "problem")})
    if preferences.is_request(doc.body):
        return _change_policy(gd, settings, mail, doc, seat, now)
    if press.is_request(doc.body):
        return _press(gd, settings, mail, doc, seat, now)
    if requests.is_request(doc.body):
        return _self_service(gd, settings, mail, doc, seat, now)
    # A mail written before the seat's last accepted orders or withdrawal (a replay, a slow server) changes nothing.
    written = _written(mail, arrived)
    stale = _older_than_standing(gd, seat, written)
    if stale is not None:
        # An undated mail is not known to be older: say what it is, to the player and in the log.
        what, why = (("orders rejected (no date)", "no usable Date, and the seat's last mail of the step stands")
                     if written is None else ("orders rejected (older mail)", "older than the seat's last mail"))
        _reply(gd, settings, mail, seat, True, what, [stale, *_status_lines(gd, seat)], now, doc=doc)
        return Outcome(**{**out.__dict__, "seat": seat, "detail": why})
    late = _too_late(gd, arrived, now)
    if late is not None:
        _reply(gd, settings, mail, seat, True, "orders too late", [late, *_status_lines(gd, seat)], now, doc=doc)
        return Outcome(**{**out.__dict__, "seat": seat, "detail": "after the deadline"})
    if set(doc.body) == {"withdraw"} and doc.body["withdraw"] is True:
        return _withdraw(gd, settings, mail, doc, seat, out, now, written)
    # The token is checked above; the stored orders say so instead of keeping the secret in the archive.
    kept = scrub_text(doc.text.replace(str(doc.header["token"]), REDACTED), token_hashes(gd.root.parent), REDACTED)
    try:
        accepted = submit(gd, kept, mail.source, require_token=False, origin="mail", mail=mail.key)
    except OrderRejected as exc:
        lines = ["Your orders were REJECTED; nothing was stored. Orders you sent before still stand.", "",
                 "Problems (source:line:column):", *(f"  {p}" for p in exc.doc.problems)]
        _reply(gd, settings, mail, seat, True, "orders rejected", [*lines, *_status_lines(gd, seat)], now, doc=exc.doc)
        return Outcome(**{**out.__dict__, "seat": seat, "detail": counted(len(exc.doc.problems), "problem")})
    _remember_date(gd, seat, accepted.step, written)
    verb = "replaced" if accepted.replaced else "accepted"
    head = "Your orders were ACCEPTED" + (" and replace the orders you sent before." if accepted.replaced else ".")
    _reply(gd, settings, mail, seat, True, f"orders {verb}", [head, *warning_lines(gd, accepted), *_status_lines(gd, seat)], now, doc=accepted.doc)
    return Outcome(mail.key, verb, gd.name, seat, mail.sender, f"step {accepted.step}")


def _change_policy(gd: GameDir, settings: Settings, mail: Inbound, doc: OrderDoc, seat: str, now: datetime) -> Outcome:
    """A player changes their mail policy (see pbem.mail.preferences); the answer says what holds now."""
    what, lines, done = preferences.by_mail(gd, seat, doc.body, mail.sender)
    _reply(gd, settings, mail, seat, True, what, lines, now)
    return Outcome(mail.key, "policy" if done else "rejected", gd.name, seat, mail.sender, what)


def _press(gd: GameDir, settings: Settings, mail: Inbound, doc: OrderDoc, seat: str, now: datetime) -> Outcome:
    """Relay a player's message to other players under the game's name, and keep it with the game."""
    try:
        to, text, anonymous = press.read_request(gd, seat, doc.body)
    except press.PressError as exc:
        _reply(gd, settings, mail, seat, True, "press not sent", [f"Your message was not sent: {exc}."], now)
        return Outcome(mail.key, "rejected", gd.name, seat, mail.sender, str(exc))
    if not to:
        _reply(gd, settings, mail, seat, True, "press not sent", ["Your message was not sent: nobody to send it to."], now)
        return Outcome(mail.key, "rejected", gd.name, seat, mail.sender, "no recipient")
    message = press.archive(gd, seat, to, text, anonymous, now, mail=mail.key)
    press.relay(gd, settings, message, now)
    how = " without your name" if anonymous else ""
    _reply(gd, settings, mail, seat, True, "press sent", [
        f"Your message went to {', '.join(to)}{how}; it is kept with the game as press no. {message.number}."], now)
    return Outcome(mail.key, "press", gd.name, seat, mail.sender, f"press {message.number} to {', '.join(to)}")


def _self_service(gd: GameDir, settings: Settings, mail: Inbound, doc: OrderDoc, seat: str, now: datetime) -> Outcome:
    """Help, status, a report again, a new address: answered at once (see pbem.mail.requests)."""
    before = gd.meta.seat(seat).address
    what, lines, done = requests.answer(gd, settings, seat, doc.body, mail.sender, now)
    # A seat that moved its mail: the new address has its own notice, this answer is for the address that asked.
    _reply(gd, settings, mail, seat, True, what, lines, now, sender_only=gd.meta.seat(seat).address != before)
    return Outcome(mail.key, "request" if done else "rejected", gd.name, seat, mail.sender, what)


def _withdraw(gd: GameDir, settings: Settings, mail: Inbound, doc: OrderDoc, seat: str, out: Outcome, now: datetime,
              written: float | None) -> Outcome:
    expected = gd.current_step() + 1
    step = doc.header.get("step")
    if gd.game.result(gd.state()) is not None or step != expected:
        why = "the game is over" if gd.game.result(gd.state()) is not None else f"orders now are for step {expected}, not {step}"
        _reply(gd, settings, mail, seat, True, "withdrawal rejected", [f"Nothing was withdrawn: {why}.", *_status_lines(gd, seat)], now)
        return Outcome(**{**out.__dict__, "seat": seat, "detail": why})
    before = gd.kept_from_mail(seat, mail.key)  # withdrawn already, by a run killed before it answered
    had = gd.withdraw_pending(seat, mail=mail.key) or (before is not None and bool(before[0].get("withdrawn")))
    _remember_date(gd, seat, expected, written)
    text = "Your orders were WITHDRAWN." if had else "You had no orders waiting; nothing to withdraw."
    _reply(gd, settings, mail, seat, True, "orders withdrawn", [text, *_status_lines(gd, seat)], now)
    return Outcome(mail.key, "withdrawn", gd.name, seat, mail.sender, f"step {expected}")


def _too_late(gd: GameDir, arrived: datetime, now: datetime) -> str | None:
    """Why a mail that arrived after the deadline and its grace does not count (None when it is in time).

    Under `missed: wait` the game waits for the moderator, so late orders are still welcome.
    """
    found = deadline_of(gd, now)
    if found is None:
        return None
    policy, track = found
    if policy.missed == "wait" or not track.due(policy, arrived):
        return None
    return (f"Your mail arrived at {arrived:%Y-%m-%d %H:%M} UTC, after the deadline of step {track.step + 1} "
            f"({track.deadline:%Y-%m-%d %H:%M} UTC) and its grace period: it does not count, and nothing was changed. "
            f"Step {track.step + 1} is resolved by the game's missed-orders policy ({policy.missed}); "
            "send orders for the next step once its report arrives.")


def _dates_path(gd: GameDir) -> Path:
    return gd.mail_dir() / "latest.json"


def _written(mail: Inbound, arrived: datetime) -> float | None:
    """When a mail was written: its Date, but never later than it arrived (a client whose clock runs ahead
    must not make the player's next, correctly dated mail look older)."""
    return min(mail.date, arrived.timestamp()) if mail.date is not None else None


def _older_than_standing(gd: GameDir, seat: str, written: float | None) -> str | None:
    """A mail written before the seat's last accepted orders or withdrawal for this step does not override them.

    A mail without a usable Date may have been written at any time: it never overrides them either.
    """
    path = _dates_path(gd)
    known = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    standing = known.get(seat)
    if not standing or standing.get("step") != gd.current_step() + 1 or (written is not None and written >= standing["date"]):
        return None
    when = datetime.fromtimestamp(standing["date"], UTC).strftime("%Y-%m-%d %H:%M UTC")
    if written is None:
        return (f"This mail has no date pbem can read, so it may be older than the mail you sent at {when}, which "
                "still stands. Nothing was changed: send it again from a mail client that dates its mail.")
    return (f"This mail was written before the mail you sent at {when}, which still stands (a mail client or server "
            "delivered it late, or it was sent again). Nothing was changed.")


def _remember_date(gd: GameDir, seat: str, step: int, written: float | None) -> None:
    """Keep when the seat's last accepted mail of this step was written (a mail without a Date keeps the last known)."""
    if written is None:
        return
    path = _dates_path(gd)
    known = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    known[seat] = {"step": step, "date": written}
    write_atomic(path, json.dumps(known, sort_keys=True, indent=1) + "\n")


def _status_lines(gd: GameDir, seat: str) -> list[str]:
    """Where the game stands: whose orders are in, whom it waits for."""
    state = gd.state()
    if gd.game.result(state) is not None:
        return ["", f"Game {gd.name} is over."]
    owed = sorted(p.seat for p in gd.game.prompts(state))
    pending = gd.pending()
    waiting = [s for s in owed if s not in pending and not gd.meta.seat(s).robot]  # robots play at the run
    lines = ["", f"Game {gd.name} ({gd.game.title}), {gd.game.label(state)}; orders now are for step {gd.current_step() + 1}."]
    lines.append(f"Still waiting for: {', '.join(waiting)}." if waiting else "All orders are in; the step is resolved at the next run.")
    return [*lines, *_held_lines(gd)]


def _held_lines(gd: GameDir) -> list[str]:
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


def _reply(gd: GameDir, settings: Settings, mail: Inbound, seat: str | None, authenticated: bool, what: str,
           lines: list[str], now: datetime, *, doc: OrderDoc | None = None, sender_only: bool = False) -> None:
    """Queue the immediate answer to an order mail."""
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
    if authenticated and seat is not None:
        lines_, attachments = deadline_parts(gd, settings, seat, now)
        body += ["", *lines_] if lines_ else []
        body += ["", "You may send new orders until the deadline: the last valid mail counts.",
                 "To withdraw your orders, send your header lines (game, seat, step, token) and 'withdraw: true'."]
    copies = [(to, body, "")]  # mail that proves no seat is answered by _answer_unproven instead
    if len(to) == 2:
        # The token came from another address: each address hears alone, and neither is shown the other.
        copies = [([to[0]], [*body, "", "This mail was not from this seat's registered address, but it carried",
                             "the seat's token, so it counts; pbem answers the address it came from too.",
                             "If you did not send it, someone knows your token: ask the moderator for a new one."], ""),
                  ([to[1]], [*body, "", "This address is not the seat's registered address: a copy goes to the",
                             "seat's registered address."], "-sender")]
    hashes = token_hashes(gd.root.parent)
    for addresses, text, suffix in copies:
        msg = compose.build(
            settings, to=addresses, subject=f"[{gd.name}] {seat or 'orders'}: {what}",
            text=scrub_text(compose.wrap(text), hashes, RAW_REDACTED),
            kind="check", message_id=compose.make_id(settings, "check", gd.name, seat, mail.key + suffix),
            game=gd.name, seat=seat, in_reply_to=mail.message_id, attachments=attachments, now=now,
        )
        compose.queue(gd.outbox_dir(), f"check-{mail.key}{suffix}", msg)

