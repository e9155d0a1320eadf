"""Each game's own checks for the conformance suite, found by convention so the suite keeps no list of games.

A game's test folder (`tests/<package>/`, named after the game's Python package, e.g. `tests/pax_pamir/` for
`games.pax_pamir`), or the game's own package when it lives with the tests, may hold `conformance_<package>.py`
(`conformance_pax_pamir.py`: test folders share one import path, so module names differ) with any of:

- `invariants(game, state) -> None`: asserts what must hold after every step of a robot game;
- `perturb(state_json, viewer) -> None`: changes in a stored snapshot only what `viewer` (None: the public) may
  not see, for the non-interference check.
A game without the module gets no invariants, and its leak check is skipped with the reason.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

from engine.contract import Game, State

TESTS = Path(__file__).resolve().parents[1]
Invariants = Callable[[Game, State], None]
Perturb = Callable[[dict[str, Any], str | None], None]


def package_of(game: Game) -> str:
    """The last part of the game's own package: `pax_pamir` for `games.pax_pamir.game`."""
    parts = type(game).__module__.split(".")
    return parts[1] if parts[0] == "games" and len(parts) > 1 else parts[-2] if len(parts) > 1 else parts[0]


def _places(game: Game) -> tuple[Path, ...]:
    """Where a game's hooks may be: its test folder, or its own package when the game lives with the tests."""
    own = Path(sys.modules[type(game).__module__].__file__ or "").parent
    name = f"conformance_{package_of(game)}.py"
    return (TESTS / package_of(game) / name, own / name)


@cache
def _module(places: tuple[Path, ...]) -> ModuleType | None:
    for path in places:
        if path.is_file():
            if str(path.parent) not in sys.path:  # its helpers import as pytest's rootdir mode lets them
                sys.path.insert(0, str(path.parent))
            spec = importlib.util.spec_from_file_location(path.stem, path)
            assert spec is not None and spec.loader is not None
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            return module
    return None


def hook(game: Game, name: str) -> Any:
    """The game's hook `name`, or None."""
    module = _module(_places(game))
    return getattr(module, name, None) if module is not None else None


def invariants(game: Game) -> Invariants:
    """The game's invariants, or a check that asks nothing."""
    found: Invariants | None = hook(game, "invariants")
    return found if found is not None else (lambda game, state: None)


def perturb(game: Game) -> Perturb | None:
    """How to change what a reader may not see in the game's stored state, if the game says."""
    found: Perturb | None = hook(game, "perturb")
    return found
