"""The record of the turn in progress that every Pax game's state holds: what the rules remember during one seat's
turn, cleared when the next turn starts."""

from __future__ import annotations

from dataclasses import field

from engine.record import Record, kept
from games.pax.pieces import Counts


class TurnState(Record):
    """What the rules remember during one seat's turn; a game adds its own fields in a subclass."""

    seat: str
    number: int
    actions: int = 0  # actions that counted against the limit of two
    used: list[int] = field(default_factory=list)  # cards of the seat's court or Network already used this turn
    paid: list[int] = field(default_factory=list)  # market cards the seat placed money on this turn
    #: Pieces placed this turn, "kind:where:owner" -> count; the component-limits rule may not take these.
    placed: Counts = kept(default_factory=dict, sort=1)
