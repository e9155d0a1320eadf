"""One received mail, handled once: stored raw first, then authenticated, checked, kept and answered."""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pbem.files import write_atomic
from pbem.intake import OrderRejected, check, submit
from pbem.mail import compose
from pbem.mail.compose import Attachment
from pbem.mail.due import deadline_of, deadline_parts
from pbem.mail.headers import atom
from pbem.mail.message import Inbound, mail_key, parse_mail, redact
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
PROCESSED = ("accepted", "replaced", "withdrawn", "duplicate")


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

    @property
    def processed(self) -> bool:
        """True when the mail goes to the processed folder (else: rejected); a duplicate goes where its first went."""
        return (self.first or self.status) in PROCESSED


def state_dir(root: Path) -> Path:
    """pbem's own bookkeeping for the mailbox of the games under `root`."""
    return Path(root) / ".pbem"


def _seen_path(root: Path, key: str) -> Path:
    return state_dir(root) / "seen" / key[:2] / f"{key}.json"


def seen(root: Path, key: str) -> dict[str, Any] | None:
    """The record of a mail handled before (same Message-ID, or same bytes when it has none)."""
    path = _seen_path(root, key)
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None


def log(root: Path, entry: dict[str, Any]) -> None:
    """Append a line to the mail log the moderator reads (ROOT/.pbem/log.jsonl); never holds a token."""
    path = state_dir(root) / "log.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    line = json.dumps({"time": datetime.now(UTC).isoformat(timespec="seconds"), **entry}, sort_keys=True, ensure_ascii=False)
    with open(path, "a", encoding="utf-8") as handle:
        handle.write(line + "\n")
        handle.flush()
        os.fsync(handle.fileno())


def _finish(root: Path, outcome: Outcome, digest: str) -> Outcome:
    """Remember the mail as handled (last, so a crash before this handles it again) and log it."""
    record = {"status": outcome.status, "game": outcome.game, "seat": outcome.seat, "detail": outcome.detail, "digest": digest}
    write_atomic(_seen_path(root, outcome.key), json.dumps(record, sort_keys=True) + "\n")
    log(root, {"mail": outcome.key, "sender": outcome.sender, **record})
    return outcome


def handle(root: Path, settings: Settings, raw: bytes, *, truncated: bool = False, now: datetime | None = None,
           received: datetime | None = None) -> Outcome:
    """Handle one raw mail for the games under `root`; safe to call again with the same mail.

    `received` is when the mail server got the mail (default: now): orders that arrived after the deadline
    and its grace period do not count, however soon after it pbem reads them.
    """
    now = now or datetime.now(UTC)
    arrived = min(received, now) if received is not None else now
    mail = parse_mail(raw, own=(settings.sender,))
    previous = seen(root, mail.key)
    if previous is not None and previous.get("digest", mail.digest) != mail.digest and mail.message_id is not None:
        # The same Message-ID on another body: a client that reuses ids, or a forger. It is a mail of its own.
        log(root, {"mail": mail.key, "sender": mail.sender, "event": "Message-ID reused for other content"})
        mail.key = mail_key(f"{mail.message_id}#{mail.digest}", raw)
        previous = seen(root, mail.key)
    if previous is not None:
        return Outcome(mail.key, "duplicate", previous.get("game"), previous.get("seat"), mail.sender, "handled before",
                       first=str(previous.get("status") or "duplicate"))
    if mail.automatic is not None:
        write_atomic(state_dir(root) / "ignored" / f"{mail.key}.eml", raw)
        return _finish(root, Outcome(mail.key, "ignored", sender=mail.sender, detail=f"not answered: {mail.automatic}"), mail.digest)
    doc = parse(mail.text, mail.source) if mail.text is not None else None
    name = _route(root, settings, mail, doc)
    if name is None:
        write_atomic(state_dir(root) / "unrouted" / f"{mail.key}.eml", redact(raw, _claimed_token(doc, mail.text), RAW_REDACTED))
        answered = _reply_unrouted(root, settings, mail, doc, truncated, now)
        detail = "no known game named in the mail" + ("" if answered else "; not answered (nothing order-like in it)")
        return _finish(root, Outcome(mail.key, "unroutable", sender=mail.sender, detail=detail), mail.digest)
    gd = open_cached(root / name)
    # Nothing is acted on before the mail is stored; the game folder is an archive, so without the token in it.
    write_atomic(gd.mail_dir() / "in" / f"{mail.key}.eml", redact(raw, _claimed_token(doc, mail.text), RAW_REDACTED))
    with gd.lock():
        outcome = _handle_in_game(gd, settings, mail, doc, truncated, now, arrived)
    return _finish(root, outcome, mail.digest)


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
    """The game a mail is for: its order header, else the thread it answers, else a [game] in the subject."""
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
    return None


def _looks_like_orders(settings: Settings, mail: Inbound) -> bool:
    """Whether a mail for no known game was meant for pbem: an order header, one of our threads, a [game] tag."""
    text = mail.text or ""
    return (bool(re.search(r"^[ \t]*(game|seat|token)[ \t]*:", text, re.M)) or compose.routed_by(settings, mail.references) is not None
            or bool(_SUBJECT_GAME.search(mail.subject)))


def _reply_unrouted(root: Path, settings: Settings, mail: Inbound, doc: OrderDoc | None, truncated: bool, now: datetime) -> bool:
    """Answer a mail for no known game; spam (nothing order-like, so its From is likely forged) gets no answer."""
    if mail.sender is None or not _looks_like_orders(settings, mail):  # a huge mail too: most likely spam
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
    msg = compose.build(
        settings, to=[mail.sender], subject="Your mail to pbem: which game?", text=compose.wrap(lines),
        kind="unrouted", message_id=compose.make_id(settings, "unrouted", None, None, mail.key),
        in_reply_to=mail.message_id, now=now,
    )
    compose.queue(state_dir(root) / "outbox", f"unrouted-{mail.key}", msg)
    return True


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
        _reply(gd, settings, mail, claimed, seat is not None, f"not read: {why}", [f"Nothing was stored: {why}."], now)
        return Outcome(**{**out.__dict__, "detail": why})
    if seat is None:
        # Without the seat's token, say nothing about the game: only what was wrong, to the seat and the sender.
        found = doc.problems or check(gd, doc.text, mail.source, require_token=True).problems
        # check() names no seats before the token is shown, so these lines are safe to send to anyone.
        problems = [str(p) for p in found] or ["missing or wrong token"]
        _reply(gd, settings, mail, claimed, False, "orders rejected", ["Your orders were rejected; nothing was stored.", "", *problems], now)
        return Outcome(**{**out.__dict__, "detail": "not authenticated" if not doc.problems else f"{len(doc.problems)} problem(s)"})
    # A mail written before the seat's last accepted orders or withdrawal (a replay, a slow server) changes nothing.
    written = _written(mail, arrived)
    stale = _older_than_standing(gd, seat, written)
    if stale is not None:
        _reply(gd, settings, mail, seat, True, "orders rejected (older mail)", [stale, *_status_lines(gd, seat)], now, doc=doc)
        return Outcome(**{**out.__dict__, "seat": seat, "detail": "older than the seat's last mail"})
    late = _too_late(gd, arrived, now)
    if late is not None:
        _reply(gd, settings, mail, seat, True, "orders too late", [late, *_status_lines(gd, seat)], now, doc=doc)
        return Outcome(**{**out.__dict__, "seat": seat, "detail": "after the deadline"})
    if set(doc.body) == {"withdraw"} and doc.body["withdraw"] is True:
        return _withdraw(gd, settings, mail, doc, seat, out, now, written)
    # The token is checked above; the stored orders say so instead of keeping the secret in the archive.
    kept = doc.text.replace(str(doc.header["token"]), REDACTED)
    try:
        accepted = submit(gd, kept, mail.source, require_token=False, origin="mail")
    except OrderRejected as exc:
        lines = ["Your orders were REJECTED; nothing was stored. Orders you sent before still stand.", "",
                 "Problems (source:line:column):", *(f"  {p}" for p in exc.doc.problems)]
        _reply(gd, settings, mail, seat, True, "orders rejected", [*lines, *_status_lines(gd, seat)], now, doc=exc.doc)
        return Outcome(**{**out.__dict__, "seat": seat, "detail": f"{len(exc.doc.problems)} problem(s)"})
    _remember_date(gd, seat, accepted.step, written)
    verb = "replaced" if accepted.replaced else "accepted"
    head = "Your orders were ACCEPTED" + (" and replace the orders you sent before." if accepted.replaced else ".")
    _reply(gd, settings, mail, seat, True, f"orders {verb}", [head, *warning_lines(gd, accepted), *_status_lines(gd, seat)], now, doc=accepted.doc)
    return Outcome(mail.key, verb, gd.name, seat, mail.sender, f"step {accepted.step}")


def _withdraw(gd: GameDir, settings: Settings, mail: Inbound, doc: OrderDoc, seat: str, out: Outcome, now: datetime,
              written: float | None) -> Outcome:
    expected = gd.current_step() + 1
    step = doc.header.get("step")
    if gd.game.result(gd.state()) is not None or step != expected:
        why = "the game is over" if gd.game.result(gd.state()) is not None else f"orders now are for step {expected}, not {step}"
        _reply(gd, settings, mail, seat, True, "withdrawal rejected", [f"Nothing was withdrawn: {why}.", *_status_lines(gd, seat)], now)
        return Outcome(**{**out.__dict__, "seat": seat, "detail": why})
    had = gd.withdraw_pending(seat)
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
    """A mail written before the seat's last accepted orders or withdrawal for this step does not override them."""
    if written is None:
        return None
    path = _dates_path(gd)
    known = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    standing = known.get(seat)
    if not standing or standing.get("step") != gd.current_step() + 1 or written >= standing["date"]:
        return None
    when = datetime.fromtimestamp(standing["date"], UTC).strftime("%Y-%m-%d %H:%M UTC")
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
    return lines


def recipients(gd: GameDir, seat: str | None, sender: str | None) -> list[str]:
    """The seat's registered address, plus the sender when it differs: both hear of every answer."""
    registered = gd.meta.seat(seat).address if seat is not None else None
    found = [a for a in (registered, sender) if a]
    return sorted(set(found), key=found.index)


def _reply(gd: GameDir, settings: Settings, mail: Inbound, seat: str | None, authenticated: bool, what: str,
           lines: list[str], now: datetime, *, doc: OrderDoc | None = None) -> None:
    """Queue the immediate answer to an order mail."""
    to = recipients(gd, seat, mail.sender)
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
    registered = gd.meta.seat(seat).address if seat is not None else None
    elsewhere = bool(mail.sender and registered and mail.sender.lower() != registered.lower())
    if elsewhere:
        body += ["", f"This answer goes to the seat's registered address and to {mail.sender}, who sent the mail."]
    copies = [(to, body, "")]
    if elsewhere and not authenticated:
        # Without the token the sender must not learn the seat's address from our To header: a copy each.
        told = [*body[:-1], "A copy of this answer goes to the seat's registered address."]
        copies = [([mail.sender or ""], told, ""), ([registered or ""], body, "-seat")]
    for addresses, text, suffix in copies:
        msg = compose.build(
            settings, to=addresses, subject=f"[{gd.name}] {seat or 'orders'}: {what}", text=compose.wrap(text),
            kind="check", message_id=compose.make_id(settings, "check", gd.name, seat, mail.key + suffix),
            game=gd.name, seat=seat, in_reply_to=mail.message_id, attachments=attachments, now=now,
        )
        compose.queue(gd.outbox_dir(), f"check-{mail.key}{suffix}", msg)

