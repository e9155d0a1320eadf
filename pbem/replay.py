"""Replay: rebuild every snapshot from setup and the archived orders, and compare byte for byte."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.rng import Rng
from pbem.orders import parse
from pbem.store import GameDir, dump_json, event_to_data


@dataclass(frozen=True)
class Difference:
    """The first place where the replay disagrees with the archive."""

    step: int
    what: str

    def __str__(self) -> str:
        return f"step {self.step}: {self.what}"


def replay(gd: GameDir, on_step: Callable[[int], None] | None = None) -> Difference | None:
    """Rebuild the game from its archive; the first difference, or None when every byte matches."""
    game = gd.game
    names = gd.meta.seat_names
    state = game.setup(names, gd.meta.game_options, Rng.for_step(gd.meta.seed, 0))
    if dump_json(game.encode(state)) != _stored(gd, 0, "state.json"):
        return Difference(0, "the setup snapshot differs from state.json")
    for step in gd.steps()[1:]:
        orders = {}
        for seat, text in gd.step_orders(step).items():
            doc = parse(text, str(gd.step_dir(step) / "orders" / f"{seat}.yaml"))
            if doc.problems:
                return Difference(step, f"archived orders of {seat} no longer parse: {doc.problems[0]}")
            # Checked as at intake: apply() is only defined for orders that pass, and an archive may be edited.
            problems = game.check(state, seat, doc.body)
            if problems:
                return Difference(step, f"archived orders of {seat} no longer pass the rules: {problems[0].message}")
            orders[seat] = doc.body
        outcome = game.apply(state, orders, Rng.for_step(gd.meta.seed, step))
        state = outcome.state
        if dump_json(game.encode(state)) != _stored(gd, step, "state.json"):
            return Difference(step, "the rebuilt snapshot differs from state.json")
        if dump_json([event_to_data(e) for e in outcome.events]) != _stored(gd, step, "events.json"):
            return Difference(step, "the rebuilt events differ from events.json")
        if on_step is not None:
            on_step(step)
    return None


def _stored(gd: GameDir, step: int, name: str) -> str:
    path = gd.step_dir(step) / name
    return path.read_text(encoding="utf-8") if path.is_file() else ""
