"""Seeded robot games use every card-based action, through the same rules as a person's orders. (That they keep
the invariants at every step is the conformance suite's, with this game's hook conformance_pax_expanse.py.)"""

from __future__ import annotations

from collections import Counter

from conformance.robots import setup, turns

from games.pax_expanse.game import GAME
from games.pax_expanse.model import ACTIONS


def test_robots_take_every_card_based_action_and_games_end() -> None:
    taken: Counter[str] = Counter()
    for seats, seed in ((["a", "b", "c"], "actions-3"), (["a", "b", "c", "d"], "actions-4")):
        for turn in turns(GAME, setup(GAME, seats, {}, seed), seed):
            taken.update(entry["action"] for order in turn.orders.values() for entry in order.get("actions", []))
        assert GAME.result(turn.state) is not None and turn.number <= 300
    assert {a for a in ACTIONS if taken[a] == 0} == set()
