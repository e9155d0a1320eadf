"""Installed games, found through the `pbem.games` entry-point group so the engine imports no game."""

from __future__ import annotations

from functools import cache
from importlib.metadata import entry_points

from engine.contract import Game


class UnknownGame(LookupError):
    """No installed game has this id."""


@cache
def games() -> dict[str, Game]:
    """Every installed game by id, sorted by id."""
    found: dict[str, Game] = {}
    for point in entry_points(group="pbem.games"):
        game = point.load()
        found[game.id] = game
    return dict(sorted(found.items()))


def get(game_id: str) -> Game:
    """The installed game with this id."""
    try:
        return games()[game_id]
    except KeyError:
        known = ", ".join(games()) or "none"
        raise UnknownGame(f"unknown game {game_id!r}; installed games: {known}") from None
