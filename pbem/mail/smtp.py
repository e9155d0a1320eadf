"""Deliver every outbox over SMTP, each mail at most once, with the server's answer in a ledger.

Per game folder: `mail/outbox/` holds what waits, `mail/sending/` what is being handed to the server,
`mail/sent/` what the server accepted, `mail/held/` what a crashed run may or may not have sent (never
resent on its own: the moderator decides), `mail/failed/` what failed `max_attempts` times, and
`mail/ledger.jsonl` one line per attempt with the server's answer.
"""

from __future__ import annotations

import email
import email.policy
import email.utils
import hashlib
import html
import json
import os
import re
import smtplib
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime
from email.message import EmailMessage
from pathlib import Path
from typing import Any

from pbem.files import fsync_dir, locked, write_atomic
from pbem.mail import compose
from pbem.mail import queue as mail_queue
from pbem.mail.due import deadline_parts
from pbem.mail.headers import POLICY, message_id, plain_address, verify
from pbem.mail.mailbox import state_dir
from pbem.mail.settings import ADDRESS, Server, Settings, SettingsError
from pbem.store import GameDir, StoreError

_REPORT = re.compile(r"^(\d{4})-")


#: How a mail's failure begins when it is kept back behind an earlier one to the same recipient that failed.
WAITS = "waits behind earlier mail to"


@dataclass
class SendSummary:
    """What one delivery run did, by outbox file."""

    sent: list[str] = field(default_factory=list)
    failed: list[tuple[str, str]] = field(default_factory=list)
    held: list[str] = field(default_factory=list)
    gave_up: list[str] = field(default_factory=list)
    refused: list[tuple[str, str]] = field(default_factory=list)  # sent, but some recipients were refused
    #: Why the server could not be reached (or refused the login) in this run, when it could not; every mail not
    #: handed over after that is among `failed` with this answer (or waiting behind one that is).
    unreachable: str | None = None


def outboxes(root: Path) -> list[Path]:
    """The mail folders under root whose outbox may hold mail: each game's, and pbem's own."""
    root = Path(root)
    folders = [p / "mail" for p in sorted(root.iterdir()) if (p / "game.yaml").is_file()] if root.is_dir() else []
    return [*folders, state_dir(root)]


class Connection:
    """One SMTP session, opened when the first mail needs it."""

    def __init__(self, server: Server):
        self.server = server
        self.smtp: smtplib.SMTP | None = None

    def open(self) -> smtplib.SMTP:
        """The connected, logged-in session."""
        if self.smtp is None:
            server = self.server
            context = server.tls_context()
            if server.security == "ssl":
                smtp: smtplib.SMTP = smtplib.SMTP_SSL(server.host, server.port, timeout=server.timeout, context=context)
            else:
                smtp = smtplib.SMTP(server.host, server.port, timeout=server.timeout)
                if server.security == "starttls":
                    smtp.starttls(context=context)
            if server.user:
                smtp.login(server.user, server.password() or "")
            self.smtp = smtp
        return self.smtp

    def deliver(self, sender: str, recipients: list[str], data: bytes) -> tuple[bool, str, dict[str, str]]:
        """Hand one mail to the server: (accepted, the server's answer, the recipients it refused with why)."""
        smtp = self.open()
        smtp.ehlo_or_helo_if_needed()
        options = ["BODY=8BITMIME"] if any(b > 127 for b in data) and smtp.has_extn("8bitmime") else []
        code, answer = smtp.mail(sender, options)
        if code != 250:
            smtp.rset()
            return False, f"MAIL FROM: {code} {answer.decode(errors='replace')}", {}
        refused: dict[str, str] = {}
        for rcpt in recipients:
            code, answer = smtp.rcpt(rcpt)
            if code not in (250, 251):
                refused[rcpt] = f"{code} {answer.decode(errors='replace')}"
        if len(refused) == len(recipients):
            smtp.rset()
            return False, "; ".join(f"RCPT TO {r}: {a}" for r, a in refused.items()), refused
        try:
            code, answer = smtp.data(data)
        except smtplib.SMTPDataError as exc:
            error = exc.smtp_error
            return False, f"DATA: {exc.smtp_code} {error.decode(errors='replace') if isinstance(error, bytes) else error}", refused
        text = f"{code} {answer.decode(errors='replace')}"
        if code != 250:  # smtplib checks only the 354 before the data, not the answer after it
            return False, f"DATA: {text}", refused
        if refused:
            text += " (refused: " + "; ".join(f"{r}: {a}" for r, a in refused.items()) + ")"
        return True, text, refused

    def close(self) -> None:
        """Say goodbye if a session was opened."""
        if self.smtp is not None:
            try:
                self.smtp.quit()
            except (smtplib.SMTPException, OSError):
                pass
            self.smtp = None


def _ledger(folder: Path, entry: dict[str, Any]) -> None:
    path = folder / "ledger.jsonl"
    line = json.dumps({"time": datetime.now(UTC).isoformat(timespec="seconds"), **entry}, sort_keys=True, ensure_ascii=False)
    with open(path, "a", encoding="utf-8") as handle:
        handle.write(line + "\n")
        handle.flush()
        os.fsync(handle.fileno())


def read_ledger(folder: Path) -> list[dict[str, Any]]:
    """Every line of a mail folder's ledger."""
    path = Path(folder) / "ledger.jsonl"
    if not path.is_file():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _rename(source: Path, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    os.replace(source, target)
    fsync_dir(target.parent)
    fsync_dir(source.parent)


def _game(folder: Path) -> GameDir | None:
    try:
        return GameDir(folder.parent) if (folder.parent / "game.yaml").is_file() else None
    except StoreError:
        return None


def prepare(path: Path, settings: Settings, gd: GameDir | None, now: datetime) -> tuple[EmailMessage, bytes, list[str]]:
    """A queued mail made ready to send: our From, a Message-ID, threading, the deadline .ics on reports.

    The result is written back to the outbox, so a retry sends the very same bytes.
    """
    original = path.read_bytes()
    msg = email.message_from_bytes(original, policy=POLICY)
    assert isinstance(msg, EmailMessage)
    game = gd.name if gd is not None else None
    seat = _seat_of(msg, gd)
    if msg["From"] is None or plain_address(str(msg["From"])) != settings.sender:
        del msg["From"]
        msg["From"] = email.utils.formataddr((settings.sender_name, settings.sender))
    if message_id(str(msg.get("Message-ID", ""))) is None:
        del msg["Message-ID"]
        msg["Message-ID"] = compose.make_id(settings, "mail", game, seat, path.stem)
    if msg["Date"] is None:
        msg["Date"] = email.utils.format_datetime(now)
    root = compose.thread_root(settings, game, seat) if game and seat else None
    if root is not None and msg["References"] is None and root != msg["Message-ID"]:
        msg["References"] = root
        msg["In-Reply-To"] = root
    if msg["Auto-Submitted"] is None:
        msg["Auto-Submitted"] = "auto-generated"
    if msg["X-Loop"] is None:
        msg["X-Loop"] = settings.sender
    report = _REPORT.match(path.name)
    if gd is not None and seat and report and int(report[1]) == gd.current_step() and not _has_calendar(msg):
        # Reports name the deadline rule (they must render the same whenever rendered); the mail that
        # carries one adds the exact moment in the reader's own zone, and the calendar file.
        lines, files = deadline_parts(gd, settings, seat, now)
        if lines:
            _stamp_deadline(msg, lines[0])
        for item in files:
            if not msg.is_multipart():
                msg.make_mixed()
            msg.add_attachment(item.data, maintype="text", subtype="calendar", filename=item.filename, params={"method": "PUBLISH"})
    data = verify(msg)
    if data != original:
        write_atomic(path, data)
    recipients = [a for a in (plain_address(x) for x in _addresses(msg)) if a and ADDRESS.match(a)]
    return msg, data, recipients


def _stamp_deadline(msg: EmailMessage, line: str) -> None:
    """Put the deadline line at the top of a mail's text and HTML bodies."""
    done: set[str] = set()
    for part in msg.walk():
        kind = part.get_content_type()
        if kind not in ("text/plain", "text/html") or kind in done or part.get_filename() or part.is_attachment():
            continue
        done.add(kind)
        content = str(part.get_content())
        if kind == "text/plain":
            part.set_content(f"{line}\n\n{content}", subtype="plain", charset="utf-8", cte="quoted-printable")
            continue
        stamp = f'<p class="deadline"><strong>{html.escape(line)}</strong></p>'
        body = re.search(r"<body[^>]*>", content, re.I)
        content = content[: body.end()] + stamp + content[body.end():] if body else stamp + content
        part.set_content(content, subtype="html", charset="utf-8", cte="quoted-printable")


def _addresses(msg: EmailMessage) -> list[str]:
    found: list[str] = []
    for name in ("To", "Cc"):
        for value in msg.get_all(name, []):
            found.extend(str(a) for a in getattr(value, "addresses", ()) if a.addr_spec)
    return found


def _seat_of(msg: EmailMessage, gd: GameDir | None) -> str | None:
    """The seat a mail goes to: named in X-Pbem-Seat, else the seat whose address it is sent to."""
    if gd is None:
        return None
    named = str(msg.get("X-Pbem-Seat", ""))
    if named in gd.meta.seat_names:
        return named
    to = {a.lower() for a in (plain_address(x) for x in _addresses(msg)) if a}
    for seat in gd.meta.seats:
        if seat.address and seat.address.lower() in to:
            return seat.name
    return None


def _has_calendar(msg: EmailMessage) -> bool:
    return any(part.get_content_type() == "text/calendar" for part in msg.walk())


def _redacted(msg: EmailMessage) -> bytes:
    """The copy kept of a mail that carried a secret: its headers and a note, not the secret."""
    copy = EmailMessage()
    for name, value in msg.items():
        if name.lower() not in ("content-type", "content-transfer-encoding", "mime-version"):
            copy[name] = value
    # Name the secret it carried (a welcome carries a seat's token, a confirmation mail its code) so the copy reads true.
    secret = "an address change's confirmation code" if str(msg.get(compose.KIND_HEADER, "")) == "confirm" else "a secret token"
    copy.set_content(f"(The body of this mail carried {secret};\npbem keeps no copy of it.)\n")
    return copy.as_bytes(policy=email.policy.SMTP)


def _sent_path(folder: Path, name: str) -> Path:
    """Where a sent mail is kept: its own name, or `name.2.eml` … when that is taken (sent copies are never replaced)."""
    target = folder / "sent" / name
    stem = target.name.removesuffix(".eml")
    number = 1
    while target.exists():
        number += 1
        target = target.with_name(f"{stem}.{number}.eml")
    return target


def _set_aside(path: Path, folder: Path, msg: EmailMessage) -> None:
    """Move a mail given up on to failed/; one that carried a token keeps only its headers there."""
    target = folder / "failed" / path.name
    if str(msg.get(compose.KIND_HEADER, "")) not in compose.SECRET_KINDS:
        _rename(path, target)
        return
    # The token never reached its seat: it must not linger in the game folder. `pbem mail welcome` issues a new one.
    write_atomic(target, _redacted(msg))
    path.unlink()
    fsync_dir(path.parent)


def send(root: Path, settings: Settings, *, connection: Connection | None = None, now: datetime | None = None) -> SendSummary:
    """Deliver every outbox under root; another delivery already running makes this one return at once."""
    if settings.smtp is None and connection is None:
        raise SettingsError("pbem.yaml has no smtp: section")
    now = now or datetime.now(UTC)
    summary = SendSummary()
    with locked(state_dir(root) / "send.lock", wait=False):
        conn = connection or Connection(settings.smtp)  # type: ignore[arg-type]
        broken: str | None = None
        try:
            for folder in outboxes(root):
                broken = _send_folder(folder, settings, conn, now, summary, broken)
        finally:
            conn.close()
        summary.unreachable = broken
        _tell_moderator(root, settings, summary, now)
    return summary


def _tell_moderator(root: Path, settings: Settings, summary: SendSummary, now: datetime) -> None:
    """Mail the moderator about mail given up on or held (sent with the next run); never about their own notes."""
    from pbem.mail.notices import queue_moderator

    paths = [p for p in [*summary.gave_up, *summary.held] if not Path(p).name.startswith("moderator-")]
    refused = [f"  {p}: refused for {why}" for p, why in summary.refused if not Path(p).name.startswith("moderator-")]
    if not paths and not refused:
        return
    lines = ["pbem could not deliver these mails; see each folder's ledger.jsonl for the server's answers:", "",
             *(f"  {p}" for p in paths), *refused, "",
             "A refused address (in game.yaml?) gets none of pbem's mail until it is fixed.",
             "Mail in held/ may have gone out when a run was interrupted: move it back to outbox/ to send it again.",
             "A welcome mail in failed/ keeps no token: give the seat a new one with `pbem mail welcome GAME --seat SEAT`."]
    name = "delivery-" + hashlib.sha256("\n".join([*paths, *refused]).encode()).hexdigest()[:16]
    queue_moderator(root, settings, name, "mail not delivered", lines, now)


def _send_folder(folder: Path, settings: Settings, conn: Connection, now: datetime, summary: SendSummary,
                 broken: str | None) -> str | None:
    """Deliver one outbox; returns why the server cannot be reached, so later folders do not retry in vain."""
    for stray in sorted((folder / "sending").glob("*.eml")) if (folder / "sending").is_dir() else []:
        # A run died while handing this mail over: it may have gone out. Resending could send it twice.
        _rename(stray, folder / "held" / stray.name)
        _ledger(folder, {"file": stray.name, "status": "held", "answer": "the run sending it was interrupted; "
                         "move it back to outbox/ to send it again"})
        summary.held.append(str(folder / "held" / stray.name))
    files = mail_queue.ordered(folder / "outbox")  # the order the mail was made in
    if not files:
        return broken
    ledger = read_ledger(folder)
    sent_ids = {e.get("message_id") for e in ledger if e.get("status") == "sent"}
    failures = Counter(e["file"] for e in ledger if e.get("status") == "failed")
    gd = _game(folder)
    behind: set[str] = set()  # recipients whose earlier mail is still waiting: theirs must not overtake it
    for path in files:
        name = path.name
        try:
            msg, data, recipients = prepare(path, settings, gd, now)
        except Exception as exc:  # a queued file that is not a mail is set aside, the rest go on
            _rename(path, folder / "failed" / name)
            _ledger(folder, {"file": name, "status": "gave up", "answer": f"unreadable mail: {exc}"})
            summary.gave_up.append(str(folder / "failed" / name))
            continue
        mid = str(msg["Message-ID"])
        if mid in sent_ids:
            # Sent before (a rerun after a crash between sending and filing it): file it, never resend.
            _rename(path, _sent_path(folder, name))
            continue
        waiting = behind.intersection(a.lower() for a in recipients)
        if waiting:
            summary.failed.append((str(path), f"{WAITS} {', '.join(sorted(waiting))}"))
            behind.update(a.lower() for a in recipients)
            continue
        if not recipients:
            _set_aside(path, folder, msg)
            _ledger(folder, {"file": name, "message_id": mid, "status": "gave up", "answer": "no recipient address"})
            summary.gave_up.append(str(folder / "failed" / name))
            continue
        if broken is None:
            try:
                conn.open()
            except (smtplib.SMTPException, OSError, SettingsError) as exc:
                broken = f"{type(exc).__name__}: {exc}"  # unreachable, or the login failed: no mail's fault
                conn.close()
        tried = broken is None  # only a mail handed to the server counts towards max_attempts
        if broken is not None:
            ok, answer = False, broken
        else:
            sending = folder / "sending" / name
            _rename(path, sending)
            refused: dict[str, str] = {}
            try:
                ok, answer, refused = conn.deliver(settings.sender, recipients, data)
            except (smtplib.SMTPException, OSError, SettingsError) as exc:
                ok, answer = False, f"{type(exc).__name__}: {exc}"
                conn.close()
                if not isinstance(exc, smtplib.SMTPRecipientsRefused):
                    broken = answer  # the connection or login failed: the rest of this run would fail alike
            if ok:
                kept = _redacted(msg) if str(msg.get(compose.KIND_HEADER, "")) in compose.SECRET_KINDS else data
                kept_as = _sent_path(folder, name)
                write_atomic(kept_as, kept)
                sending.unlink()
                fsync_dir(sending.parent)
            else:
                _rename(sending, path)
        status = "sent" if ok else "failed" if tried else "not sent"
        _ledger(folder, {"file": name, "message_id": mid, "to": recipients, "status": status, "answer": answer})
        if ok:
            summary.sent.append(str(kept_as))
            sent_ids.add(mid)
            if refused:  # the others have it: never resent, but the moderator must hear of the address
                summary.refused.append((str(kept_as), "; ".join(f"{r}: {a}" for r, a in refused.items())))
            continue
        failures[name] += 1 if tried else 0
        if failures[name] >= settings.max_attempts:
            _set_aside(path, folder, msg)
            _ledger(folder, {"file": name, "message_id": mid, "status": "gave up", "answer": f"failed {failures[name]} times"})
            summary.gave_up.append(str(folder / "failed" / name))
        else:
            summary.failed.append((str(path), answer))
            behind.update(a.lower() for a in recipients)  # retried next run, still before their later mail
    return broken
