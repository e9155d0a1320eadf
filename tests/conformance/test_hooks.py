"""The suite's hooks can fail a game, and a game's hook module names no hook the suite would not call."""

from __future__ import annotations

import difflib
from typing import Any

import pytest

from . import hooks
from .cases import Case, cases, params
from .robots import play


@pytest.mark.parametrize("name", ["invariants", "step_invariants", "view_invariants", "order_invariants"])
def test_a_hook_that_does_not_hold_fails_the_game(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    def planted(*args: Any) -> None:
        raise AssertionError("planted")

    case = cases()[0]
    monkeypatch.setattr(hooks, "hook", lambda game, asked: planted if asked == name else None)
    with pytest.raises(AssertionError, match="planted"):
        play(case.game, case.seats, case.options, "conf-planted")


@pytest.mark.parametrize("case", params())
def test_a_hook_module_names_no_near_miss_of_a_hook(case: Case) -> None:
    found = hooks.module(case.game)
    if found is None:
        pytest.skip(f"{case.game_id} has no hook module")
    names = [name for name in vars(found) if not name.startswith("_") and name not in hooks.KNOWN]
    near = {name: difflib.get_close_matches(name, hooks.KNOWN, cutoff=0.85) for name in names}
    assert {name: close for name, close in near.items() if close} == {}, "a misspelt hook is never called"
