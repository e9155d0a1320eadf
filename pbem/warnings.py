"""Warnings for an accepted order: what the game says the order sets in motion (a loyalty change, a question)."""

from __future__ import annotations

import textwrap
from typing import Any

from engine.contract import GameBase
from pbem.intake import Accepted
from pbem.store import GameDir

#: Answers are read in mail clients: lines no longer than this.
WIDTH = 72
#: The line before the warnings in an answer to an accepted order.
HEADING = "Please note what these orders set in motion:"


def warnings_for(gd: GameDir, seat: str, body: dict[str, Any]) -> list[str]:
    """The game's warnings for a valid order of `seat` at the current step (none when the game gives none)."""
    game = gd.game
    if not isinstance(game, GameBase):
        return []
    return [str(line) for line in game.warnings(gd.state(), seat, body)]


def order_warnings(gd: GameDir, accepted: Accepted) -> list[str]:
    """The game's warnings for an order just accepted; call before the next run."""
    return warnings_for(gd, accepted.seat, accepted.doc.body)


def warning_lines(gd: GameDir, accepted: Accepted) -> list[str]:
    """The warnings as lines of an answer: a blank line, the heading, then each warning as a "- " item wrapped at
    WIDTH; empty when there are none."""
    return lines_of(order_warnings(gd, accepted))


def lines_of(found: list[str]) -> list[str]:
    """Warnings as answer lines (see warning_lines)."""
    if not found:
        return []
    items = [textwrap.wrap(line, WIDTH, initial_indent="- ", subsequent_indent="  ", break_on_hyphens=False)
             for line in found]
    return ["", HEADING, *(part for item in items for part in item)]
