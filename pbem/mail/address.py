"""A seat's mail moves to a new address only when that address confirms it: a typo must not lose the seat's mail.

`address: anna@new.example` from the seat's registered address (with the token) mails the new address a
one-time code and tells the registered address that a change is pending. The seat's mail keeps going to the
registered address until a mail from the new address carries the code,

    confirm: K7QF-2MZD

in the thread of the confirmation mail or under `game:` and `seat:` lines, within CONFIRM_DAYS days. Only
the code's hash is kept, in the game folder's mail/address-changes.json; the mail that carries the code is
kept without its body once sent (compose.SECRET_KINDS). `pbem replace` moves a seat too, and makes a change
asked before it void.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from engine.quoting import quoted
from engine.words import counted
from pbem import moderation
from pbem.files import write_atomic
from pbem.game_yaml import hash_token, token_matches
from pbem.mail import compose
from pbem.mail.settings import ADDRESS, Settings
from pbem.mail.tell import stamp
from pbem.store import GameDir

#: How long the new address has to confirm.
CONFIRM_DAYS = 3
#: Wrong codes from the new address before the change is dropped (the code has 40 bits; a guesser gets this many).
MAX_TRIES = 5
#: The key of the confirming mail.
KEY = "confirm"
#: Letters and digits nobody misreads (no 0/O, 1/I/L).
ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
FILE = "address-changes.json"


@dataclass
class Pending:
    """A change a seat asked for and its new address has not confirmed yet."""

    address: str
    old: str
    code_hash: str
    asked: str
    expires: str
    tries: int = 0

    def expired(self, now: datetime) -> bool:
        """True once the new address is too late to confirm."""
        return now >= datetime.fromisoformat(self.expires)


def _path(gd: GameDir) -> Path:
    return gd.mail_dir() / FILE


def pending(gd: GameDir) -> dict[str, Pending]:
    """The changes waiting for confirmation, by seat."""
    path = _path(gd)
    if not path.is_file():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    return {seat: Pending(**entry) for seat, entry in data.items()}


def _save(gd: GameDir, changes: Mapping[str, Pending]) -> None:
    data = {seat: asdict(entry) for seat, entry in sorted(changes.items())}
    write_atomic(_path(gd), json.dumps(data, indent=1, sort_keys=True) + "\n")


def new_code() -> str:
    """A one-time code to type back: eight letters and digits, as XXXX-XXXX."""
    chars = "".join(secrets.choice(ALPHABET) for _ in range(8))
    return f"{chars[:4]}-{chars[4:]}"


def _normal(code: Any) -> str:
    """A code as typed, in any case, with or without its dash or spaces."""
    return "".join(str(code).split()).replace("-", "").upper() if isinstance(code, (str, int)) else ""


def is_confirmation(body: Mapping[str, Any]) -> bool:
    """True when an order document's body only confirms an address (`confirm: CODE`)."""
    return len(body) == 1 and KEY in body


def ask(gd: GameDir, settings: Settings, seat: str, value: Any, sender: str | None,
        now: datetime) -> tuple[str, list[str], bool]:
    """`address: NEW` from the seat (the caller holds the lock): mail NEW a code; the answer's subject, lines, done."""
    new = str(value).strip() if isinstance(value, str) else ""
    if not ADDRESS.match(new) or any(c in new for c in "\r\n<>, \t"):
        return "address not changed", [f"address: {quoted(value)} is not a mail address; nothing changed."], False
    old = gd.meta.seat(seat).address
    # The token proves the seat; the registered address proves it is the seat's player who asks, not a thief.
    if not old or not sender or sender.lower() != old.lower():
        return "address not changed", [
            "Only the seat's registered address may move its mail (with the token); nothing changed."], False
    if new.lower() == old.lower():
        return "address not changed", [f"The mail of seat {seat} already goes to {new}; nothing changed."], False
    code = new_code()
    expires = now.astimezone(UTC) + timedelta(days=CONFIRM_DAYS)
    changes = pending(gd)
    changes[seat] = Pending(new, old, hash_token(_normal(code)), now.astimezone(UTC).isoformat(), expires.isoformat())
    _save(gd, changes)  # a change asked before is replaced: only the latest code works
    moderation.log(gd, {"control": "address asked", "seat": seat, "by": "player", "time": now.astimezone(UTC).isoformat()})
    _mail_code(gd, settings, seat, new, code, expires, now)
    return "address change pending", [
        f"pbem has mailed a confirmation code to {new}. The mail of seat {seat} keeps coming to this address "
        f"until a mail from {new} sends the code back, within {counted(CONFIRM_DAYS, 'day')} (by "
        f"{expires:%Y-%m-%d %H:%M} UTC).",
        "If the address was mistyped, nothing is lost: send 'address:' again with the right one, or let the code "
        "expire. If you did not ask for this, tell the moderator: someone knows your token."], True


def _mail_code(gd: GameDir, settings: Settings, seat: str, new: str, code: str, expires: datetime, now: datetime) -> None:
    """The confirmation to the new address: the code and how to send it back, nothing of the game's secrets."""
    lines = [f"Someone asked pbem to send the mail of seat {seat} in game {gd.name} ({gd.game.title}) to this "
             "address. To confirm, answer this mail with this line at the top:", "",
             f"  {KEY}: {code}", "",
             "or send pbem a new mail with these three lines:", "",
             f"  game: {gd.name}", f"  seat: {seat}", f"  {KEY}: {code}", "",
             f"The code works once, from this address only, until {expires:%Y-%m-%d %H:%M} UTC. If you did not "
             "expect this mail, ignore it: nothing changes, and pbem sends this address nothing more."]
    unique = stamp(now)
    msg = compose.build(settings, to=[new], subject=f"[{gd.name}] {seat}: confirm this address", text=compose.wrap(lines),
                        kind=KEY, message_id=compose.make_id(settings, KEY, gd.name, seat, unique), game=gd.name,
                        seat=seat, now=now)
    compose.queue(gd.outbox_dir(), f"{KEY}-{seat}", msg)  # replaces an unsent one: its code no longer works


@dataclass(frozen=True)
class Confirmed:
    """What a confirming mail did: the seat it names (None: none), whether it moved, and the answer's lines."""

    seat: str | None
    moved: bool
    what: str
    lines: list[str]
    #: Whether the sender may be told anything of the game (False: a third address, answered as a stranger).
    known: bool


def confirm(gd: GameDir, settings: Settings, body: Mapping[str, Any], claimed: str | None, sender: str | None,
            key: str, now: datetime) -> Confirmed:
    """`confirm: CODE` from a new address (the caller holds the lock): move the seat's mail if the code is its."""
    address = (sender or "").lower()
    changes = pending(gd)
    seat = claimed if claimed in changes else next(
        (s for s, entry in changes.items() if entry.address.lower() == address), None)
    entry = changes.get(seat) if seat is not None else None
    if entry is None or not address or entry.address.lower() != address:
        if claimed is not None and (gd.meta.seat(claimed).address or "").lower() == address and address:
            # Confirmed before (a run that stopped before recording this mail handles it again): nothing to do.
            return Confirmed(claimed, False, "address confirmed", [f"This address already receives seat {claimed}'s mail."], True)
        return Confirmed(claimed, False, "address not confirmed",
                         ["Nothing changed: no address change waits for a confirmation from this address."], False)
    assert seat is not None
    member = gd.meta.seat(seat)
    if (member.address or "").lower() != entry.old.lower():
        # The moderator gave the seat to someone else (`pbem replace`) after the change was asked: it is void.
        del changes[seat]
        _save(gd, changes)
        return Confirmed(seat, False, "address not confirmed", [
            f"Nothing changed: seat {seat} changed hands since the change was asked; ask the moderator."], True)
    if entry.expired(now):
        del changes[seat]
        _save(gd, changes)
        return Confirmed(seat, False, "address not confirmed", [
            f"Nothing changed: the code expired at {datetime.fromisoformat(entry.expires):%Y-%m-%d %H:%M} UTC.",
            "Ask again with 'address:' from the seat's registered address for a new code."], True)
    if not token_matches(_normal(body.get(KEY)), entry.code_hash):
        entry.tries += 1
        left = MAX_TRIES - entry.tries
        if left <= 0:
            del changes[seat]
        _save(gd, changes)
        tail = (f"You may try {counted(left, 'more time')}." if left > 0 else
                "That was the last try: the change is dropped; ask again from the seat's registered address.")
        return Confirmed(seat, False, "address not confirmed",
                         [f"Nothing changed: {KEY}: {quoted(body.get(KEY))} is not the code pbem mailed here.", tail], True)
    _move(gd, settings, seat, entry, key, now)
    del changes[seat]
    _save(gd, changes)
    return Confirmed(seat, True, "address confirmed", [
        f"This address now receives the mail of seat {seat}; the previous address gets no more of it.",
        "Your token is unchanged. Send 'help: yes' with your header lines to see what you can send."], True)


def _move(gd: GameDir, settings: Settings, seat: str, entry: Pending, key: str, now: datetime) -> None:
    """Move the seat's mail and tell the address it leaves (named by the confirming mail: a rerun replaces it).

    The new address hears in the answer to its own mail.
    """
    member = gd.meta.seat(seat)
    member.address = entry.address
    gd.save_meta()
    moderation.log(gd, {"control": "address", "seat": seat, "by": "player", "time": now.astimezone(UTC).isoformat()})
    lines = [f"The mail of seat {seat} in game {gd.name} ({gd.game.title}) now goes to {entry.address}, which "
             "confirmed the change asked from this address; this is the last mail of the seat here.",
             "If you did not ask for this, tell the moderator at once: they can put it back."]
    msg = compose.build(settings, to=[entry.old], subject=f"[{gd.name}] {seat}: the seat's mail has moved",
                        text=compose.wrap(lines), kind="address",
                        message_id=compose.make_id(settings, "address", gd.name, seat, key + "-old"), game=gd.name,
                        seat=seat, now=now)
    compose.queue(gd.outbox_dir(), f"address-{key}-{seat}-old", msg)
