"""Seeded robot games use every card-based action through the same rules as a person's orders, and keep the
invariants (component limits, no negative influence) and an exact encoding at every step."""

from __future__ import annotations

import json
from collections import Counter

from engine.rng import Rng
from games.pax_expanse import queries
from games.pax_expanse.game import PaxExpanse
from games.pax_expanse.model import ACTIONS, FACTIONS
from games.pax_expanse.state import MARKERS, TOKENS

GAME = PaxExpanse()


def play(seats: list[str], seed: str, taken: Counter[str]) -> bool:
    """A robot game from setup; True when it ended within the step limit."""
    state = GAME.setup(seats, {}, Rng(seed))
    rng = Rng(f"{seed}-robots")
    for _ in range(300):
        if GAME.result(state) is not None:
            return True
        orders = {}
        for prompt in GAME.prompts(state):
            order = GAME.random_order(state, prompt.seat, rng)
            assert GAME.check(state, prompt.seat, order) == [], order
            orders[prompt.seat] = order
            taken.update(e["action"] for e in order.get("actions", []))
        state = GAME.apply(state, orders, rng).state
        assert GAME.decode(json.loads(json.dumps(GAME.encode(state)))) == state
        for faction in FACTIONS:
            assert 0 <= queries.tokens_in_play(state, faction) <= TOKENS
        for seat in seats:
            assert 0 <= queries.markers_in_play(state, seat) <= MARKERS
            assert state.players[seat].influence >= 0
    return False


def test_robots_take_every_card_based_action_and_games_end() -> None:
    taken: Counter[str] = Counter()
    assert play(["a", "b", "c"], "actions-3", taken)
    assert play(["a", "b", "c", "d"], "actions-4", taken)
    assert {a for a in ACTIONS if taken[a] == 0} == set()
