"""Water moving between screens and the supply, each move told in an event that carries its amounts."""

from __future__ import annotations

from engine.contract import Event
from games.expedition_5x.state import State


def change(state: State, events: list[Event], deltas: dict[str, int], text: str, kind: str,
           to: tuple[str, ...] | None = None, **extra: object) -> None:
    """Apply water changes and record them; `to` keeps amounts that would reveal a screen private."""
    for seat, delta in deltas.items():
        state.players[seat].water += delta
        if state.players[seat].water < 0:
            raise AssertionError(f"{seat}'s water went below zero")  # a rules bug, never a player's doing
    events.append(Event(text, to, {"kind": kind, "water": {s: d for s, d in deltas.items() if d}, **extra}))


def note(events: list[Event], text: str, kind: str, to: tuple[str, ...] | None = None, **data: object) -> None:
    """Record something that moves no water."""
    events.append(Event(text, to, {"kind": kind, **data}))
