"""Press: players' messages to one another, relayed by pbem under the game's name and archived with the game.

A player sends the header lines, the token and `press:` from the seat's registered address:

    game: g1
    seat: anna
    token: Zq3…
    press:
      to: [ben, cleo]        # seat names, or all
      text: |
        Shall we leave Kabul to each other?
      anonymous: no          # yes only where the game allows anonymous press

pbem never shows an address: each recipient gets the text from pbem, signed with the sender's seat (or
"anonymous"). Every message is kept in the game folder as press/NNNN.json, where the moderator reads all
of them (`pbem mail press GAME`). The game's option `press` says what is allowed: `on` (the default:
signed press), `anonymous` (signed or anonymous) or `off`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from engine.quoting import one_line, quoted
from pbem.files import write_atomic
from pbem.mail.policy import choice_of
from pbem.mail.settings import Settings
from pbem.mail.tell import tell
from pbem.store import GameDir

#: The option that says what press a game allows, and its values.
OPTION = "press"
SETTINGS = ("on", "anonymous", "off")
#: A press message is a letter, not a file: longer text is refused.
MAX_TEXT = 5000
KEYS = frozenset({"press"})
_TRUE = ("yes", "true", "on")
_FALSE = ("no", "false", "off")


class PressError(ValueError):
    """A press request that cannot be relayed; the message says what to write instead."""


@dataclass(frozen=True)
class Press:
    """One message between players, as archived."""

    number: int
    step: int
    sender: str
    to: list[str]
    anonymous: bool
    text: str
    at: str
    mail: str | None = None  # the received mail it came from (archives before this have none)

    @property
    def signature(self) -> str:
        """Who the recipients are told wrote it."""
        return "anonymous" if self.anonymous else self.sender


def is_request(body: Mapping[str, Any]) -> bool:
    """True when an order document's body is a press message."""
    return bool(body) and set(body) <= KEYS


def setting(gd: GameDir) -> str:
    """What press the game allows: on, anonymous or off."""
    value = str(gd.meta.options.get(OPTION, "on")).strip().lower()
    return value if value in SETTINGS else "on"


def check_setting(value: Any) -> str | None:
    """A problem with a `press` option given at `pbem new`, or None."""
    if str(value).strip().lower() not in SETTINGS:
        return f"press={value!r}: write one of {', '.join(SETTINGS)}"
    return None


def read_request(gd: GameDir, seat: str, body: Mapping[str, Any]) -> tuple[list[str], str, bool]:
    """The recipients, text and anonymity a press request asks for; PressError says what is wrong."""
    allowed = setting(gd)
    if allowed == "off":
        raise PressError(f"game {gd.name} has no press: the moderator turned it off")
    request = body.get("press")
    if isinstance(request, str):
        raise PressError("press: needs 'to:' (seat names, or all) and 'text:' under it")
    if not isinstance(request, Mapping):
        raise PressError("press: must have 'to:' and 'text:' under it")
    unknown = sorted(set(request) - {"to", "text", "anonymous"})
    if unknown:
        raise PressError(f"press: unknown key {quoted(unknown[0])}; the keys are to, text and anonymous")
    others = [s for s in gd.meta.seat_names if s != seat]
    wanted = request.get("to")
    if wanted is None:
        raise PressError("press: missing 'to:' (seat names, or all)")
    names = [wanted] if isinstance(wanted, str) else wanted
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise PressError("press: 'to:' is a seat name, a list of seat names, or all")
    if [n.strip().lower() for n in names] == ["all"]:
        recipients = others
    else:
        strangers = [n for n in names if n not in others]
        if strangers:
            raise PressError(f"press: {quoted(strangers[0])} is not another seat of this game; "
                             f"write one of {', '.join(others)}, or all")
        recipients = [s for s in others if s in names]
    text = request.get("text")
    if not isinstance(text, str) or not text.strip():
        raise PressError("press: missing 'text:' (the message)")
    if len(text) > MAX_TEXT:
        raise PressError(f"press: the text has {len(text)} characters; the limit is {MAX_TEXT}")
    anonymous = _flag(request.get("anonymous", False))
    if anonymous and allowed != "anonymous":
        raise PressError(f"game {gd.name} allows signed press only: write anonymous: no")
    return recipients, text.strip("\n") + "\n", anonymous


def _flag(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    raise PressError(f"press: anonymous is yes or no, not {quoted(value)}")


def folder(gd: GameDir) -> Path:
    """Where a game's press is archived."""
    return gd.root / "press"


def archive(gd: GameDir, sender: str, to: list[str], text: str, anonymous: bool, now: datetime, *,
            mail: str | None = None) -> Press:
    """Keep a message in the game folder (the caller holds the game's lock); numbered in order of arrival.

    A mail archived before (by a run killed before it answered) gives back its message, not a second one.
    """
    kept = [m for m in messages(gd) if mail is not None and m.mail == mail]
    if kept:
        return kept[0]
    numbers = [int(p.stem) for p in folder(gd).glob("[0-9]*.json") if p.stem.isdigit()]
    message = Press(max(numbers, default=0) + 1, gd.current_step(), sender, list(to), anonymous, text,
                    now.isoformat(timespec="seconds"), mail)
    record = {key: value for key, value in asdict(message).items() if key != "mail" or value is not None}
    write_atomic(folder(gd) / f"{message.number:04d}.json",
                 json.dumps(record, ensure_ascii=False, indent=1, sort_keys=True) + "\n")
    return message


def messages(gd: GameDir) -> list[Press]:
    """Every archived message, oldest first (a damaged file is skipped, not fatal)."""
    found = []
    for path in sorted(folder(gd).glob("[0-9]*.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            found.append(Press(int(data["number"]), int(data["step"]), str(data["sender"]),
                               [str(s) for s in data["to"]], bool(data["anonymous"]), str(data["text"]),
                               str(data["at"]), str(data["mail"]) if data.get("mail") else None))
        except (OSError, ValueError, KeyError, TypeError):
            continue
    return found


def received(gd: GameDir, seat: str, after: int = 0) -> list[Press]:
    """The messages a seat received, numbered above `after`."""
    return [m for m in messages(gd) if seat in m.to and m.number > after]


def since(gd: GameDir, seat: str, first: int, last: int) -> list[dict[str, Any]]:
    """The press a seat received while steps first..last were the latest, for the digest of its next mail."""
    return [{"number": m.number, "step": m.step, "signature": m.signature, "text": m.text,
             "lines": quoted_lines(m.text)} for m in received(gd, seat) if first <= m.step <= last]


def quoted_lines(text: str) -> list[str]:
    """A player's text as lines of plain text: every kind of line break splits, controls and bidirectional
    marks are escaped, so no line of it can pass for one of pbem's own."""
    return [one_line(line) for line in text.strip("\n").splitlines()]


def lines_for(gd: GameDir, message: Press) -> list[str]:
    """The relayed mail's text: who wrote (a seat, or anonymous), then the message, each line marked as quoted."""
    who = "an anonymous player" if message.anonymous else message.sender
    return [
        f"Press in game {gd.name} ({gd.game.title}), from {who}, to {', '.join(message.to)}:",
        "",
        *(f"| {line}" for line in quoted_lines(message.text)),
        "",
        "pbem relays press between players without showing anyone's address. To answer, send",
        f"'press:' with 'to: [{message.signature if not message.anonymous else 'all'}]' and 'text:' "
        "(send 'help: yes' to see how).",
    ]


def relay(gd: GameDir, settings: Settings, message: Press, now: datetime) -> list[Path]:
    """Queue the message for each recipient whose mail policy takes mail as it comes (digest seats read it
    in their next digest)."""
    now_seats = [s for s in message.to if choice_of(gd.meta.seat(s)).policy != "digest"]
    subject = f"press from {'anonymous' if message.anonymous else message.sender}"
    # Named by the message's number: relayed again after a crash, each mail replaces itself instead of doubling.
    return tell(gd, settings, now_seats, subject, lines_for(gd, message), "press", now, unique=f"{message.number:04d}")
