"""Highest Unique, the fourth game: it lives with the tests and is registered by their setup, never shipped.

It proves that a game is a plug-in: everything it needs is in this package (rules, report partials in
`templates/`, the order reference `orders.md`, its conformance hooks), and nothing outside names it.

"Highest unique": for three rounds every seat secretly picks 1–3; the highest number nobody else
picked scores that many points. Each seat also holds a secret word only it may see.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from engine.contract import Bench, Event, GameBase, Order, Problem, Prompt, Result, Step
from engine.rng import Rng

ROUNDS = 3
WORDS = ["amber", "basalt", "cobalt", "dune", "ember", "fjord"]


class HighestUnique(GameBase):
    """The game: three rounds of secret picks."""

    id = "highest-unique"
    title = "Highest Unique"
    player_counts = range(2, 5)
    #: Every round is each seat's turn: the bench counts its turns by the pick prompts.
    bench = Bench(turn_kinds=frozenset({"pick"}))

    def seat_counts(self, options: Mapping[str, Any]) -> range:
        """Options change nothing here: always player_counts."""
        return self.player_counts

    def setup(self, seats: Sequence[str], options: Mapping[str, Any], rng: Rng) -> dict[str, Any]:
        words = rng.sample(WORDS, len(seats))
        secrets = dict(zip(seats, words, strict=True))
        return {"seats": list(seats), "round": 1, "score": {s: 0 for s in seats}, "secret": secrets}

    def prompts(self, state: dict[str, Any]) -> list[Prompt]:
        if state["round"] > ROUNDS:
            return []
        return [Prompt(seat, "pick", "pick 1, 2 or 3") for seat in state["seats"]]

    def check(self, state: dict[str, Any], seat: str, order: Order) -> list[Problem]:
        pick = order.get("pick")
        if not isinstance(pick, int) or isinstance(pick, bool) or pick not in (1, 2, 3):
            return [Problem(("pick",), f"pick must be 1, 2 or 3, not {pick!r}")]
        extra = sorted(set(order) - {"pick"})
        return [Problem((key,), f"unknown key {key!r}; the only key is 'pick'") for key in extra]

    def apply(self, state: dict[str, Any], orders: Mapping[str, Order], rng: Rng) -> Step:
        new = copy.deepcopy(state)
        picks = {seat: orders[seat]["pick"] for seat in state["seats"]}
        counts = {v: list(picks.values()).count(v) for v in picks.values()}
        unique = [v for v, n in counts.items() if n == 1]
        events = [Event(f"You picked {picks[s]}.", to=(s,)) for s in state["seats"]]
        if unique:
            best = max(unique)
            winner = next(s for s in state["seats"] if picks[s] == best)
            new["score"][winner] += best
            events.append(Event(f"{winner} scores {best} in round {state['round']}.", data={"winner": winner}))
        else:
            events.append(Event(f"Nobody scores in round {state['round']}."))
        new["round"] += 1
        return Step(new, events)

    def default_order(self, state: dict[str, Any], seat: str) -> Order:
        return {"pick": 1}

    def random_order(self, state: dict[str, Any], seat: str, rng: Rng) -> Order:
        return {"pick": rng.randint(1, 3)}

    def template(self, state: dict[str, Any], seat: str) -> str:
        return "pick: 1   # 1, 2 or 3\n"

    def view(self, state: dict[str, Any], seat: str | None) -> dict[str, Any]:
        secret = state["secret"].get(seat) if seat else None
        return {"round": state["round"], "score": dict(state["score"]), "secret": secret}

    def label(self, state: dict[str, Any]) -> str:
        return f"round {min(state['round'], ROUNDS)}" if state["round"] <= ROUNDS else "game over"

    def scores(self, state: dict[str, Any]) -> dict[str, int]:
        return dict(state["score"])

    def result(self, state: dict[str, Any]) -> Result | None:
        if state["round"] <= ROUNDS:
            return None
        top = max(state["score"].values())
        return Result(dict(state["score"]), tuple(s for s in state["seats"] if state["score"][s] == top))

    def encode(self, state: dict[str, Any]) -> dict[str, Any]:
        return copy.deepcopy(state)

    def decode(self, data: Mapping[str, Any]) -> dict[str, Any]:
        return copy.deepcopy(dict(data))


GAME = HighestUnique()
