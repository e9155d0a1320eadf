"""Tokens a seat no longer takes, kept by their hashes, so that a mail carrying one is told so plainly."""

from __future__ import annotations

import json
from pathlib import Path

from pbem.files import write_atomic
from pbem.game_yaml import hash_token
from pbem.store import GameDir


def _path(gd: GameDir) -> Path:
    return gd.mail_dir() / "retired-tokens.json"


def _load(gd: GameDir) -> dict[str, str]:
    path = _path(gd)
    try:
        data = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    except (OSError, ValueError):
        return {}  # a damaged list only costs the plain word: such mail is still refused
    return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}


def retire(gd: GameDir, seat: str, token_hash: str | None) -> None:
    """Remember that the token with this hash no longer opens `seat` (its holder got a new one, or was replaced)."""
    if not token_hash:
        return
    known = _load(gd)
    known[token_hash] = seat
    write_atomic(_path(gd), json.dumps(known, sort_keys=True, indent=1) + "\n")


def retired_seat(gd: GameDir, token: object) -> str | None:
    """The seat a retired token used to open, or None when the token was never one of this game's."""
    if not isinstance(token, (str, int)) or isinstance(token, bool):
        return None
    seat = _load(gd).get(hash_token(str(token)))
    return seat if seat in gd.meta.seat_names else None
