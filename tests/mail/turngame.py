"""A small turn-by-turn game for the mail-policy tests: each step one seat, in turn, adds 1-3 to its score."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.contract import Event, GameBase, Order, Problem, Prompt, Result, State, Step
from engine.rng import Rng

TURNS = 6


class TurnGame(GameBase):
    """Six turns in seating order; each turn is one step, and the mover secretly notes a word."""

    id = "turn-test"
    title = "Turn Test"
    player_counts = range(2, 6)
    turn_steps = True  # engine.contract.turn_steps: new seats default to the `due` mail policy

    def seat_counts(self, options: Mapping[str, Any]) -> range:
        """Options change nothing."""
        return self.player_counts

    def setup(self, seats: Sequence[str], options: Mapping[str, Any], rng: Rng) -> State:
        """Turn 0, no points."""
        return {"turn": 0, "seats": list(seats), "score": {s: 0 for s in seats}}

    def _mover(self, state: State) -> str:
        return str(state["seats"][state["turn"] % len(state["seats"])])

    def prompts(self, state: State) -> list[Prompt]:
        """The seat whose turn it is."""
        return [] if state["turn"] >= TURNS else [Prompt(self._mover(state), "move", "Add 1 to 3")]

    def check(self, state: State, seat: str, order: Order) -> list[Problem]:
        """add: a whole number from 1 to 3."""
        add = order.get("add")
        if set(order) != {"add"} or not isinstance(add, int) or isinstance(add, bool) or not 1 <= add <= 3:
            return [Problem(("add",), "write add: 1, 2 or 3")]
        return []

    def apply(self, state: State, orders: Mapping[str, Order], rng: Rng) -> Step:
        """The mover scores; only the mover sees the secret of the turn."""
        seat = self._mover(state)
        add = orders[seat]["add"]
        score = {**state["score"], seat: state["score"][seat] + add}
        events = [Event(f"turn {state['turn'] + 1}: {seat} adds {add}"),
                  Event(f"SECRET-{seat}-turn-{state['turn'] + 1}", to=(seat,))]
        return Step({**state, "turn": state["turn"] + 1, "score": score}, events)

    def default_order(self, state: State, seat: str) -> Order:
        """Add 1."""
        return {"add": 1}

    def random_order(self, state: State, seat: str, rng: Rng) -> Order:
        """Any of 1-3."""
        return {"add": rng.randint(1, 3)}

    def template(self, state: State, seat: str) -> str:
        """Add 2, with the choices."""
        return "# add 1, 2 or 3\nadd: 2\n"

    def view(self, state: State, seat: str | None) -> dict[str, Any]:
        """Scores are public."""
        return {"turn": state["turn"], "score": dict(state["score"])}

    def label(self, state: State) -> str:
        """Whose turn."""
        return f"turn {state['turn'] + 1} ({self._mover(state)})" if state["turn"] < TURNS else "game over"

    def scores(self, state: State) -> dict[str, int]:
        """Points so far."""
        return dict(state["score"])

    def result(self, state: State) -> Result | None:
        """After the last turn, the most points win."""
        if state["turn"] < TURNS:
            return None
        top = max(state["score"].values())
        return Result(dict(state["score"]), tuple(s for s in state["seats"] if state["score"][s] == top))

    def encode(self, state: State) -> dict[str, Any]:
        """Already plain data."""
        return state

    def decode(self, data: Mapping[str, Any]) -> State:
        """Already plain data."""
        return dict(data)


TURN_GAME = TurnGame()
