"""A small simultaneous game for the mail tests: each round every seat bids 1-5; the highest unique bid scores."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.contract import Event, GameBase, Order, Problem, Prompt, Result, State, Step
from engine.rng import Rng

ROUNDS = 3


class BidGame(GameBase):
    """Three rounds of secret bids; ties score nothing."""

    id = "bid-test"
    title = "Bid Test"
    player_counts = range(2, 6)

    def seat_counts(self, options: Mapping[str, Any]) -> range:
        """Options change nothing here: always player_counts."""
        return self.player_counts

    def setup(self, seats: Sequence[str], options: Mapping[str, Any], rng: Rng) -> State:
        """Round 1, no points."""
        return {"round": 1, "seats": list(seats), "score": {s: 0 for s in seats}}

    def prompts(self, state: State) -> list[Prompt]:
        """Every seat bids each round."""
        if state["round"] > ROUNDS:
            return []
        return [Prompt(seat, "bid", "Bid 1 to 5") for seat in state["seats"]]

    def check(self, state: State, seat: str, order: Order) -> list[Problem]:
        """A whole number from 1 to 5, and nothing else."""
        problems = [Problem((key,), f"unknown order {key!r}; the only order is 'bid'") for key in order if key != "bid"]
        bid = order.get("bid")
        if "bid" not in order:
            problems.append(Problem((), "missing 'bid:' (a whole number from 1 to 5)"))
        elif not isinstance(bid, int) or isinstance(bid, bool) or not 1 <= bid <= 5:
            problems.append(Problem(("bid",), f"bid must be a whole number from 1 to 5, not {bid!r}"))
        return problems

    def apply(self, state: State, orders: Mapping[str, Order], rng: Rng) -> Step:
        """The highest bid nobody else made scores a point."""
        bids = {seat: order["bid"] for seat, order in orders.items()}
        counts = {b: list(bids.values()).count(b) for b in bids.values()}
        unique = [b for b, n in counts.items() if n == 1]
        score = dict(state["score"])
        events = [Event(f"{seat} bid {bid}") for seat, bid in sorted(bids.items())]
        if unique:
            winner = next(s for s, b in bids.items() if b == max(unique))
            score[winner] += 1
            events.append(Event(f"{winner} scores"))
        return Step({**state, "round": state["round"] + 1, "score": score}, events)

    def default_order(self, state: State, seat: str) -> Order:
        """Bid 1."""
        return {"bid": 1}

    def random_order(self, state: State, seat: str, rng: Rng) -> Order:
        """Any bid."""
        return {"bid": rng.randint(1, 5)}

    def template(self, state: State, seat: str) -> str:
        """Bid 3, with the choices as a comment."""
        return "# bid a whole number from 1 to 5\nbid: 3\n"

    def view(self, state: State, seat: str | None) -> dict[str, Any]:
        """Everything is public between rounds."""
        return {"round": state["round"], "score": dict(state["score"])}

    def label(self, state: State) -> str:
        """The round."""
        return f"round {state['round']}" if state["round"] <= ROUNDS else "game over"

    def scores(self, state: State) -> dict[str, int]:
        """Points so far."""
        return dict(state["score"])

    def result(self, state: State) -> Result | None:
        """After the last round, the most points win."""
        if state["round"] <= ROUNDS:
            return None
        top = max(state["score"].values())
        return Result(dict(state["score"]), tuple(s for s in state["seats"] if state["score"][s] == top))

    def encode(self, state: State) -> dict[str, Any]:
        """Already plain data."""
        return state

    def decode(self, data: Mapping[str, Any]) -> State:
        """Already plain data."""
        return dict(data)


GAME = BidGame()
