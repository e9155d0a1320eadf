"""How a stored step's files spell what they hold: canonical JSON, events, the caretaker's reasons, folder names."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import Any

from engine.contract import Event, Reason

STEP_DIGITS = 4
#: step.json's key for why the caretaker chose the orders it played, by seat (each a list of {text, public}).
CARETAKER_KEY = "caretaker"


def step_name(step: int) -> str:
    """The folder name of a step."""
    return f"{step:0{STEP_DIGITS}d}"


def dump_json(data: Any) -> str:
    """Canonical JSON: sorted keys, one item a line, so snapshots diff well and compare byte for byte."""
    return json.dumps(data, sort_keys=True, indent=1, ensure_ascii=False) + "\n"


def event_to_data(event: Event) -> dict[str, Any]:
    """An event as JSON data."""
    return {"text": event.text, "to": list(event.to) if event.to is not None else None, "data": dict(event.data)}


def event_from_data(data: Mapping[str, Any]) -> Event:
    """The inverse of event_to_data."""
    to = data.get("to")
    return Event(text=data["text"], to=tuple(to) if to is not None else None, data=data.get("data") or {})


def reason_data(reason: Reason) -> dict[str, Any]:
    """One of the caretaker's reasons as JSON data."""
    return {"text": reason.text, "public": reason.public}


def reasons_from_data(lines: Any) -> list[Reason]:
    """Reasons as stored; anything else in their place reads as private, so a damaged file tells others nothing."""
    if not isinstance(lines, list):
        return []
    return [Reason(str(line.get("text", "")), line.get("public") is True) for line in lines if isinstance(line, dict)]


def reasons_info(reasons: Mapping[str, Sequence[Reason]]) -> dict[str, list[dict[str, Any]]]:
    """The caretaker's reasons by seat as step.json keeps them (under CARETAKER_KEY)."""
    return {seat: [reason_data(r) for r in lines] for seat, lines in reasons.items()}


def digest(text: str) -> str:
    """A text's whole SHA-256: what ties kept reasons to their order (a short stamp names files, this proves)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def stamp(text: str) -> str:
    """A text's short stamp, for the names of archived order files."""
    return digest(text)[:12]
