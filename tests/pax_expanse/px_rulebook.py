"""Helpers for the rulebook scenario tests: build a position with the state model, then drive it only through
the game's public contract (check, apply, prompts, view), as a player's orders would."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from px_helpers import market, position, put

from engine.contract import Problem, Step
from engine.rng import Rng
from games.pax_expanse.game import GAME
from games.pax_expanse.state import GameState

__all__ = ["GAME", "market", "put", "table", "problems", "turn", "answer", "kinds", "data", "view", "seen", "player",
           "region", "numbers"]

LOYAL = {"anna": "un", "ben": "mcr", "cleo": "opa"}


def table(**kwargs: Any) -> GameState:
    """A position in its turns phase, anna UN, ben MCR, cleo OPA (unless given), anna to act, nobody owing
    anything; the market is empty unless laid out, and the Rocinante sits in the Outer Planets."""
    kwargs.setdefault("loyalty", LOYAL)
    state = position(**kwargs)
    state.round = 1
    return state


def problems(state: GameState, body: Mapping[str, Any], seat: str | None = None) -> list[Problem]:
    """What Game.check finds wrong with `seat`'s order body (the seat due by default)."""
    return GAME.check(state, seat or state.due_seats()[0], dict(body))


def turn(state: GameState, body: Mapping[str, Any], seat: str | None = None, seed: str = "rulebook",
         pauses: bool = False) -> Step:
    """Check and apply `seat`'s order body as the next step; the order must be accepted, and the turn must end
    without waiting on a question unless `pauses`."""
    seat = seat or state.due_seats()[0]
    found = GAME.check(state, seat, dict(body))
    assert found == [], found
    step = GAME.apply(state, {seat: dict(body)}, Rng(seed))
    assert pauses or step.state.paused is None, step.state.paused and step.state.paused.questions
    return step


def answer(state: GameState, seat: str, value: Any) -> Step:
    """Answer the one question a paused turn asks `seat`."""
    return turn(state, {"answer": value}, seat, pauses=True)


def kinds(step: Step) -> list[str]:
    """The kind of every event of the step, in order."""
    return [str(e.data.get("kind")) for e in step.events]


def data(step: Step, kind: str) -> list[Mapping[str, Any]]:
    """The data of the step's events of one kind."""
    return [e.data for e in step.events if e.data.get("kind") == kind]


def view(state: GameState, seat: str | None = None) -> dict[str, Any]:
    """What `seat` (or the public) sees."""
    return GAME.view(state, seat)


def player(seen_view: Mapping[str, Any], seat: str) -> dict[str, Any]:
    """One seat's entry in a view's players list (the list runs in turn order)."""
    found = [p for p in seen_view["players"] if p["seat"] == seat]
    assert len(found) == 1, [p["seat"] for p in seen_view["players"]]
    return dict(found[0])


def region(seen_view: Mapping[str, Any], region_id: str) -> dict[str, Any]:
    """One region's entry in a view's regions list."""
    found = [r for r in seen_view["regions"] if r["id"] == region_id]
    assert len(found) == 1, [r["id"] for r in seen_view["regions"]]
    return dict(found[0])


def numbers(shown: Sequence[Mapping[str, Any]] | None) -> list[int] | None:
    """The card numbers of a list of cards as the view shows them (None stays None: a hidden hand)."""
    return None if shown is None else [int(c["number"]) for c in shown]


def seen(step: Step, seat: str) -> list[str]:
    """The texts of the events `seat` may see."""
    return [e.text for e in step.events if e.to is None or seat in e.to]


def questions(state: GameState, seat: str) -> Sequence[Mapping[str, Any]]:
    """The questions a paused turn asks `seat` now, as the game holds them (key, kind, options, default); the view
    shows each seat only who is asked what kind of thing, and the words of its own questions."""
    return [q for q in state.paused.questions if q["seat"] == seat] if state.paused is not None else []
