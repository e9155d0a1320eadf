"""Installed games, found through the `pbem.games` entry-point group so the engine imports no game."""

from __future__ import annotations

from functools import cache
from importlib.metadata import entry_points

from engine.contract import Game


class UnknownGame(LookupError):
    """No installed game has this id."""


@cache
def _load() -> tuple[dict[str, Game], dict[str, str]]:
    found: dict[str, Game] = {}
    broken: dict[str, str] = {}
    for point in entry_points(group="pbem.games"):
        try:
            game = point.load()
        except Exception as exc:  # noqa: BLE001 - one broken plug-in must not take the others down
            broken[point.name] = f"{type(exc).__name__}: {exc}"
            continue
        found[game.id] = game
    return dict(sorted(found.items())), broken


def games() -> dict[str, Game]:
    """Every installed game that loads, by id, sorted by id."""
    return _load()[0]


def broken() -> dict[str, str]:
    """Installed games that failed to load, with the reason."""
    return _load()[1]


def get(game_id: str) -> Game:
    """The installed game with this id."""
    found = games()
    if game_id in found:
        return found[game_id]
    if game_id in broken():
        raise UnknownGame(f"game {game_id!r} is installed but fails to load: {broken()[game_id]}")
    known = ", ".join(found) or "none"
    raise UnknownGame(f"unknown game {game_id!r}; installed games: {known}")
