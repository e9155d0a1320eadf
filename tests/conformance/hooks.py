"""Each game's own checks for the conformance suite, found by convention so the suite keeps no list of games.

A game's test folder (`tests/<package>/`, named after the game's Python package, e.g. `tests/pax_pamir/` for
`games.pax_pamir`), or the game's own package when it lives with the tests, may hold `conformance_<package>.py`
(`conformance_pax_pamir.py`: test folders share one import path, so module names differ) with any of:

- `invariants(game, state) -> None`: asserts what must hold of any state: after setup, after every step of every
  robot game, and after an accepted hostile order is applied. A game's end conditions belong here too (check
  `game.result(state)`);
- `step_invariants(game, turn) -> None`: asserts what must hold between two states, given a
  `conformance.robots.Turn`: `turn.before`, `turn.prompts`, `turn.orders`, `turn.after` (the Step: the new state
  and the events) and `turn.rng()` (the step's random stream afresh). Money conservation between steps, amounts
  recomputed from events, who may see what an event moves;
- `view_invariants(game, state, reader, view) -> None`: asserts what `view` (`game.view(state, reader)`; reader
  None: the public) may and may not show, for every reader after setup and every step of the games the fast
  suite plays (a sweep leaves views out: they are dear);
- `order_invariants(game, state, prompt, order) -> None`: asserts what must hold of each robot or deadline
  default order as soon as it is written, before `check` sees it (e.g. that the turn it built is on file);
- `perturb(state_json, viewer) -> None`: changes in a stored snapshot only what `viewer` (None: the public) may
  not see, for the non-interference checks;
- `HOSTILE_KEYS`, `HOSTILE_VALUES`: keys and values the order fuzzer writes besides those of the robot's own
  orders (the game's words: sides, regions, card numbers at the edges);
- `HOSTILE_SPLICES`: fragments of order text spliced into a mailed order file by the text fuzzer;
- `SWEEP`: how many robot games of each setup the slow sweep plays (default `DEFAULT_SWEEP`).
A game without the module gets no checks of its own, and its leak checks are skipped with the reason.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from engine.contract import Game, Order, Prompt, State

if TYPE_CHECKING:
    from .robots import Turn

TESTS = Path(__file__).resolve().parents[1]
#: Every hook a game's module may define.
KNOWN = frozenset({"invariants", "step_invariants", "view_invariants", "order_invariants", "perturb",
                   "HOSTILE_KEYS", "HOSTILE_VALUES", "HOSTILE_SPLICES", "SWEEP"})
#: Robot games per setup in the slow sweep of a game that names no number.
DEFAULT_SWEEP = 40
Invariants = Callable[[Game, State], None]
StepInvariants = Callable[[Game, "Turn"], None]
OrderInvariants = Callable[[Game, State, Prompt, Order], None]
ViewInvariants = Callable[[Game, State, str | None, dict[str, Any]], None]
Perturb = Callable[[dict[str, Any], str | None], None]


def package(game: Game) -> str:
    """The game's own package: `games.pax_pamir` for `games.pax_pamir.game`, `highest_unique` for
    `highest_unique.game`."""
    parts = type(game).__module__.split(".")
    if parts[0] == "games" and len(parts) > 1:
        return ".".join(parts[:2])
    return ".".join(parts[:-1]) or parts[0]


def package_of(game: Game) -> str:
    """The last part of the game's own package: `pax_pamir` for `games.pax_pamir.game`."""
    return package(game).rpartition(".")[2]


@cache
def _module(dotted: str) -> ModuleType | None:
    """The hook module of the game whose package is `dotted`: in the game's test folder, or a module of the game's
    own package when the game lives with the tests (imported as part of that package, so that no package's folder
    goes on sys.path, where its subpackages, e.g. its `templates`, would shadow pbem's)."""
    short = dotted.rpartition(".")[2]
    name, folder = f"conformance_{short}", TESTS / short
    if (folder / f"{name}.py").is_file():
        if str(folder) not in sys.path:  # its helpers import as pytest's rootdir mode lets them
            sys.path.insert(0, str(folder))
        return importlib.import_module(name)  # the module the game's own tests import, not a second copy
    if importlib.util.find_spec(f"{dotted}.{name}") is not None:
        return importlib.import_module(f"{dotted}.{name}")
    return None


def module(game: Game) -> ModuleType | None:
    """The game's hook module, if it has one."""
    return _module(package(game))


def hook(game: Game, name: str) -> Any:
    """The game's hook `name`, or None."""
    found = module(game)
    return getattr(found, name, None) if found is not None else None


def invariants(game: Game) -> Invariants:
    """The game's invariants, or a check that asks nothing."""
    found: Invariants | None = hook(game, "invariants")
    return found if found is not None else (lambda game, state: None)


def step_invariants(game: Game) -> StepInvariants:
    """The game's checks between two states, or a check that asks nothing."""
    found: StepInvariants | None = hook(game, "step_invariants")
    return found if found is not None else (lambda game, turn: None)


def view_invariants(game: Game) -> ViewInvariants:
    """The game's checks of what a reader's view shows, or a check that asks nothing."""
    found: ViewInvariants | None = hook(game, "view_invariants")
    return found if found is not None else (lambda game, state, reader, view: None)


def order_invariants(game: Game) -> OrderInvariants:
    """The game's checks of an order as it is written, or a check that asks nothing."""
    found: OrderInvariants | None = hook(game, "order_invariants")
    return found if found is not None else (lambda game, state, prompt, order: None)


def perturb(game: Game) -> Perturb | None:
    """How to change what a reader may not see in the game's stored state, if the game says."""
    found: Perturb | None = hook(game, "perturb")
    return found


def hostile(game: Game, name: str) -> list[Any]:
    """The game's extra fuzzing material `name` (HOSTILE_KEYS, HOSTILE_VALUES, HOSTILE_SPLICES), or none."""
    return list(hook(game, name) or [])


def sweep(game: Game) -> int:
    """How many robot games of each of the game's setups the slow sweep plays."""
    found: int | None = hook(game, "SWEEP")
    return found if found is not None else DEFAULT_SWEEP
