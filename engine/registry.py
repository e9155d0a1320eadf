"""Installed games, found through the `pbem.games` entry-point group so the engine imports no game.

`get(id)` imports only the game asked for (a command about one game pays for no other); `games()`, `first()` and
`broken()` import every installed game.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from importlib.metadata import EntryPoint, entry_points

from engine.contract import Game


class UnknownGame(LookupError):
    """No installed game has this id."""


@cache
def _points() -> tuple[EntryPoint, ...]:
    return tuple(entry_points(group="pbem.games"))


@cache
def _load() -> tuple[dict[str, Game], dict[str, str]]:
    found: dict[str, Game] = {}
    broken: dict[str, str] = {}
    for point in _points():
        try:
            game = point.load()
        except Exception as exc:  # one broken plug-in must not take the others down
            broken[point.name] = f"{type(exc).__name__}: {exc}"
            continue
        found[game.id] = game
    return dict(sorted(found.items())), broken


@cache
def _load_one(game_id: str) -> Game | None:
    """The game of the entry point named `game_id`, when exactly one is and it loads a game of that id.

    Anything else (no such point, two of them, a point whose game has another id, one that fails to load)
    returns None, and `get` asks `games()`, which loads them all and so reports exactly as it always did.
    """
    named = [point for point in _points() if point.name == game_id]
    if len(named) != 1:
        return None
    try:
        game = named[0].load()
    except Exception:  # any failure: get() then loads them all, which records the reason
        return None
    return game if getattr(game, "id", None) == game_id else None


def games() -> dict[str, Game]:
    """Every installed game that loads, by id, sorted by id."""
    return _load()[0]


def broken() -> dict[str, str]:
    """Installed games that failed to load, with the reason."""
    return _load()[1]


def get(game_id: str) -> Game:
    """The installed game with this id; only its own package is imported when its entry point bears the id."""
    game = _load_one(game_id)
    if game is not None:
        return game
    found = games()
    if game_id in found:
        return found[game_id]
    if game_id in broken():
        raise UnknownGame(f"game {game_id!r} is installed but fails to load: {broken()[game_id]}")
    known = ", ".join(found) or "none"
    raise UnknownGame(f"unknown game {game_id!r}; installed games: {known}")


def first(wanted: Callable[[Game], bool]) -> Game:
    """The first installed game by id that `wanted` picks, else the first installed game: the one a figure or an
    example is taken on. UnknownGame when no game is installed."""
    found = games()
    if not found:
        raise UnknownGame("no game is installed")
    return next((game for game in found.values() if wanted(game)), next(iter(found.values())))
