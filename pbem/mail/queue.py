"""The order of an outbox: every queued mail gets the next sequence number, and mail leaves in that order.

File names say what a mail is (`0003-anna.eml`, `check-….eml`), not when it was made, so the names alone
would send a "withdrawn" answer before the "accepted" one it follows. The index `queue.json` beside the
outbox maps each waiting file to its number. A file the index does not know (moved back from held/ by
hand, or queued before the index existed) is older than anything numbered and goes first, by name.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from pbem.files import locked, write_atomic

INDEX = "queue.json"


def _index_path(outbox: Path) -> Path:
    return Path(outbox).parent / INDEX


def _load(outbox: Path) -> dict[str, Any]:
    path = _index_path(outbox)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {"next": 1, "files": {}}  # no index yet, or a damaged one: every waiting file counts as old
    files = data.get("files") if isinstance(data, dict) else None
    if not isinstance(files, dict) or not isinstance(data.get("next"), int):
        return {"next": 1, "files": {}}
    return {"next": data["next"], "files": {str(k): int(v) for k, v in files.items() if isinstance(v, int)}}


def record(outbox: Path, names: Iterable[str]) -> None:
    """Number these outbox files (names with .eml) after everything queued so far, in the order given.

    A name queued again (a rerun rewriting the same mail) moves to the end: it was made again now.
    """
    outbox = Path(outbox)
    names = list(names)
    if not names:
        return
    outbox.parent.mkdir(parents=True, exist_ok=True)
    with locked(outbox.parent / "queue.lock"):
        data = _load(outbox)
        # Forget what has left the outbox (sent, failed, held): the index stays as small as the outbox.
        files = {n: s for n, s in data["files"].items() if (outbox / n).exists()}
        number = data["next"]
        for name in names:
            files[name] = number
            number += 1
        write_atomic(_index_path(outbox), json.dumps({"next": number, "files": files}, sort_keys=True, indent=1) + "\n")


def ordered(outbox: Path) -> list[Path]:
    """The mail in an outbox in the order it must leave: unknown (older) files by name, then by number."""
    outbox = Path(outbox)
    if not outbox.is_dir():
        return []
    numbers = _load(outbox)["files"]
    return sorted(outbox.glob("*.eml"), key=lambda p: (numbers.get(p.name, 0), p.name))


def requeue_step(outbox: Path, step: int) -> None:
    """Move the report mails of one step (`NNNN-*.eml`) to the end of the queue, in name order.

    Steps are rendered in parallel, so their mail is queued in whatever order the workers finish; the
    batch calls this for each step in step order once it is rendered, so reports leave in step order.
    """
    outbox = Path(outbox)
    if outbox.is_dir():
        record(outbox, sorted(p.name for p in outbox.glob(f"{step:04d}-*.eml")))
