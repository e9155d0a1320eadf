"""Helpers for the Pax Expanse rules tests: hand-made positions and a recorder of what happened."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from games.pax_expanse.state import GameState, Player, nested_bump

SEATS = ("anna", "ben", "cleo")


def position(
    *,
    seats: Sequence[str] = SEATS,
    loyalty: Mapping[str, str] | None = None,
    influence: Mapping[str, int] | None = None,
    networks: Mapping[str, Sequence[int]] | None = None,
    hands: Mapping[str, Sequence[int]] | None = None,
    current: str | None = None,
) -> GameState:
    """A game in its turns phase, in turn order `seats`, before `current`'s turn, with exactly these cards."""
    players = {s: Player(s, loyalty=(loyalty or {}).get(s), influence=(influence or {}).get(s, 0),
                         hand=list((hands or {}).get(s, ())), network=list((networks or {}).get(s, ())))
               for s in seats}
    return GameState(seats=list(seats), players=players, order=list(seats), phase="turns",
                     current=current or seats[0])


def put(state: GameState, kind: str, where: str, who: str, count: int = 1) -> None:
    """Place `count` pieces: kind is supporters, fleets, transports or agents (where: region, border, asset)."""
    nested_bump(getattr(state, kind), where, who, count)


@dataclass
class Log:
    """Records emitted events like a step's context does."""

    events: list[tuple[str, dict[str, Any]]] = field(default_factory=list)

    def emit(self, text: str, to: Sequence[str] | None = None, **data: Any) -> None:
        """Record one event."""
        self.events.append((text, dict(data)))

    def kinds(self) -> list[str]:
        """The kinds of the events so far, in order."""
        return [str(d.get("kind")) for _, d in self.events]
