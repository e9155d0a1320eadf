"""Fetch order mail over IMAP: each message handled exactly once, then moved out of the inbox.

Exactly once: messages are read with BODY.PEEK (the \\Seen flag means nothing to pbem, so a person may read
the mailbox), the UIDVALIDITY and last UID handled are kept in ROOT/.pbem/imap.json, and every handled mail
is recorded by Message-ID before it is moved. A run killed half way reads the unmoved messages again, finds
their records, and only moves them. A mail whose game another process holds is not handled: it stays in the
inbox, and the last UID kept stops before it, so a later fetch reads it again.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from imapclient import IMAPClient

from pbem.files import LOCK_LIMIT_SECONDS, clean_temporaries, describe_holder, locked, overdue, write_atomic
from pbem.mail import notices
from pbem.mail.handle import handle
from pbem.mail.mailbox import DEFERRED, Outcome, log, state_dir, token_hashes
from pbem.mail.message import mail_key
from pbem.mail.ratelimit import Limits
from pbem.mail.reply import answers_describe_the_end
from pbem.mail.scrub import RAW_REDACTED, scrub_mail
from pbem.mail.settings import Server, Settings, SettingsError

#: Messages fetched per round trip: large enough to be fast, small enough to bound memory.
BATCH = 50
#: Bytes of mail downloaded in one fetch at most (a single larger mail is fetched alone).
BUDGET = 16 * 1024 * 1024


@dataclass
class FetchSummary:
    """What one fetch did."""

    outcomes: list[Outcome] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    uidvalidity_reset: bool = False
    stuck: set[str] = field(default_factory=set)  # games locked past the limit: reported in `errors`

    @property
    def deferred(self) -> set[str]:
        """The games whose mail was left in the inbox because another process held them."""
        return {o.game for o in self.outcomes if o.status == DEFERRED and o.game}


def connect(server: Server) -> IMAPClient:
    """A logged-in IMAP connection, secured as the settings say."""
    context = server.tls_context()
    client = IMAPClient(server.host, port=server.port, ssl=server.security == "ssl", ssl_context=context,
                        timeout=server.timeout)
    if server.security == "starttls":
        client.starttls(context)
    if server.user:
        client.login(server.user, server.password() or "")
    return client


def _state_path(root: Path) -> Path:
    return state_dir(root) / "imap.json"


def load_state(root: Path) -> dict[str, Any]:
    """The UIDVALIDITY and the last UID handled, per folder."""
    path = _state_path(root)
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}


def _save_state(root: Path, state: dict[str, Any]) -> None:
    write_atomic(_state_path(root), json.dumps(state, sort_keys=True, indent=1) + "\n")


def _folder(client: IMAPClient, name: str, delimiter: str) -> str:
    """A folder named with '/' in the settings, in the server's own delimiter; created when missing."""
    folder = name.replace("/", delimiter) if delimiter else name
    if not client.folder_exists(folder):
        client.create_folder(folder)
    return folder


def _move(client: IMAPClient, uids: list[int], folder: str) -> None:
    if not uids:
        return
    if client.has_capability("MOVE"):
        client.move(uids, folder)
        return
    client.copy(uids, folder)  # no MOVE: copy, then delete only these UIDs
    client.delete_messages(uids)
    if client.has_capability("UIDPLUS"):
        client.uid_expunge(uids)
    else:
        client.expunge()


def fetch(root: Path, settings: Settings, *, client: IMAPClient | None = None, now: datetime | None = None,
          on_mail: Callable[[Outcome], None] | None = None) -> FetchSummary:
    """Handle every new mail in the inbox; another fetch already running makes this one return at once."""
    if settings.imap is None and client is None:
        raise SettingsError("pbem.yaml has no imap: section")
    with locked(state_dir(root) / "fetch.lock", wait=False):
        clean_temporaries(state_dir(root))  # what a fetch killed inside an atomic write left behind
        own = client is None
        imap = connect(settings.imap) if client is None else client  # type: ignore[arg-type]
        try:
            with answers_describe_the_end():  # each answer says where its game stands after the whole batch
                summary = _fetch(root, settings, imap, now, on_mail)
            alert_moderator(root, settings, now or datetime.now(UTC))
            return summary
        finally:
            if own:
                try:
                    imap.logout()
                except Exception:  # the work is done and saved; a failing goodbye changes nothing
                    pass


def _fetch(root: Path, settings: Settings, client: IMAPClient, now: datetime | None,
           on_mail: Callable[[Outcome], None] | None) -> FetchSummary:
    summary = FetchSummary()
    listed = client.list_folders(pattern=settings.folders.inbox)
    delimiter = listed[0][1].decode() if listed and isinstance(listed[0][1], bytes) else (listed[0][1] if listed else "/")
    processed = _folder(client, settings.folders.processed, delimiter or "/")
    rejected = _folder(client, settings.folders.rejected, delimiter or "/")
    selected = client.select_folder(settings.folders.inbox)
    validity = int(selected[b"UIDVALIDITY"])
    state = load_state(root)
    mine = state.get(settings.folders.inbox, {})
    last = int(mine.get("last_uid", 0))
    if mine.get("uidvalidity") not in (None, validity):
        # The server renumbered the folder: start over; the Message-ID records keep each mail handled once.
        summary.uidvalidity_reset = True
        log(root, {"event": "uidvalidity changed", "folder": settings.folders.inbox, "old": mine.get("uidvalidity"), "new": validity})
        last = 0
    uids = sorted(uid for uid in client.search(["UID", f"{last + 1}:*"]) if uid > last)
    busy: set[str] = set()
    kept: int | None = None  # the first UID left in the inbox: the next fetch reads again from there
    for start in range(0, len(uids), BATCH):
        chunk = uids[start : start + BATCH]
        sizes = client.fetch(chunk, ["RFC822.SIZE"])
        size = {u: int(sizes.get(u, {}).get(b"RFC822.SIZE", 0)) for u in chunk}
        moves: dict[str, list[int]] = {processed: [], rejected: []}
        for group in groups(chunk, size, settings.max_message_bytes, BUDGET):
            small = [u for u in group if size[u] <= settings.max_message_bytes]
            big = [u for u in group if u not in small]
            bodies = client.fetch(small, ["BODY.PEEK[]", "INTERNALDATE"]) if small else {}
            heads = client.fetch(big, ["BODY.PEEK[HEADER]", "INTERNALDATE"]) if big else {}
            for uid in group:
                if uid in bodies:
                    raw, truncated = bodies[uid].get(b"BODY[]") or b"", False
                else:
                    raw, truncated = (heads.get(uid, {}).get(b"BODY[HEADER]") or b""), True
                received = _arrival((bodies.get(uid) or heads.get(uid) or {}).get(b"INTERNALDATE"))
                outcome = _handle_one(root, settings, raw, truncated, now, received, summary, busy)
                summary.outcomes.append(outcome)
                if on_mail is not None:
                    on_mail(outcome)
                if outcome.status == DEFERRED:
                    kept = uid if kept is None else kept
                    _report_stuck(outcome, summary)
                    continue
                moves[processed if outcome.processed else rejected].append(uid)
        for folder, moved in moves.items():
            _move(client, moved, folder)
        mine = {"uidvalidity": validity, "last_uid": chunk[-1] if kept is None else kept - 1}
        state[settings.folders.inbox] = mine
        _save_state(root, state)
    if not uids and mine.get("uidvalidity") != validity:
        state[settings.folders.inbox] = {"uidvalidity": validity, "last_uid": last}
        _save_state(root, state)
    return summary


def alert_moderator(root: Path, settings: Settings, now: datetime) -> None:
    """Once a day, when answers to mail without a valid token were held back: the day's figures to the moderator."""
    with Limits.open(root, now) as limits:
        due = limits.alert_due()
        figures = limits.figures()
    if due:
        queued = notices.queue_moderator(root, settings, f"limits-{now:%Y-%m-%d}",
                                         "mail without valid tokens: answers held back", figures, now)
        log(root, {"event": "answers held back by the limits", "moderator told": queued is not None})


def groups(uids: list[int], size: dict[int, int], limit: int, budget: int = BUDGET) -> list[list[int]]:
    """UIDs in order, cut so that no fetch downloads more than `budget` bytes of mail (one mail may exceed it).

    Fifty mails just under the size limit would otherwise be held in memory at once.
    """
    found: list[list[int]] = []
    total = 0
    for uid in uids:
        cost = size.get(uid, 0) if size.get(uid, 0) <= limit else 0  # too large: only its header is read
        if not found or (total + cost > budget and total > 0):
            found.append([])
            total = 0
        found[-1].append(uid)
        total += cost
    return found


def _arrival(value: object) -> datetime | None:
    """When the server received a mail (its INTERNALDATE; imapclient gives local time without a zone)."""
    if not isinstance(value, datetime):
        return None
    return value.astimezone(UTC)  # a naive time is taken as local, as imapclient normalised it


def _report_stuck(outcome: Outcome, summary: FetchSummary) -> None:
    """A game locked past the documented limit is an error (exit 1, so cron mails the moderator), once a fetch."""
    if not overdue(outcome.lock) or outcome.game is None or outcome.game in summary.stuck:
        return
    summary.stuck.add(outcome.game)
    summary.errors.append(f"{outcome.game}: locked for more than {LOCK_LIMIT_SECONDS // 60} min by "
                          f"{describe_holder(outcome.lock or {})}; its mail stays in the inbox until the lock is free")


def _handle_one(root: Path, settings: Settings, raw: bytes, truncated: bool, now: datetime | None,
                received: datetime | None, summary: FetchSummary, busy: set[str]) -> Outcome:
    """Handle a mail; a failure keeps the raw mail for the moderator and sends it to the rejected folder."""
    try:
        return handle(root, settings, raw, truncated=truncated, now=now, received=received, busy=busy)
    except Exception as exc:  # one bad mail must not stop the run or be lost
        key = mail_key(None, raw)
        try:
            kept = scrub_mail(raw, token_hashes(root), RAW_REDACTED)
        except Exception:  # what broke the handler may break this too: keep nothing rather than a token
            kept = b""
        write_atomic(state_dir(root) / "failed" / f"{key}.eml", kept)
        detail = f"could not be handled ({type(exc).__name__}: {exc}); kept in .pbem/failed/{key}.eml"
        summary.errors.append(detail)
        log(root, {"mail": key, "status": "failed", "detail": detail, "at": datetime.now(UTC).isoformat(timespec="seconds")})
        return Outcome(key, "failed", detail=detail)
