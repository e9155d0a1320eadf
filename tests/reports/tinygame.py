"""A tiny card game used only by the report tests: private draws, seats sitting out, escaping traps."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.contract import Event, GameBase, Order, Problem, Prompt, Result, State, Step
from engine.rng import Rng

ROUNDS = 3


class TinyGame(GameBase):
    """Each round every seat but one plays a card from a private hand; the highest card scores."""

    id = "tiny-test"
    title = "Tiny & <Test> Game"
    player_counts = range(2, 7)

    def seat_counts(self, options: Mapping[str, Any]) -> range:
        """Options change nothing here: always player_counts."""
        return self.player_counts

    def setup(self, seats: Sequence[str], options: Mapping[str, Any], rng: Rng) -> State:
        """Deal three cards to each seat."""
        deck = list(range(1, 20))
        rng.shuffle(deck)
        hands = {seat: sorted(deck[3 * i : 3 * i + 3]) for i, seat in enumerate(seats)}
        return {"round": 1, "seats": list(seats), "hands": hands, "score": {s: 0 for s in seats}}

    def _sitting_out(self, state: State) -> str:
        return state["seats"][state["round"] % len(state["seats"])]

    def prompts(self, state: State) -> list[Prompt]:
        """Every seat except the one sitting out this round."""
        if state["round"] > ROUNDS:
            return []
        out = self._sitting_out(state)
        return [
            Prompt(seat, "play", f"Play one of your cards: {', '.join(map(str, state['hands'][seat]))}")
            for seat in state["seats"]
            if seat != out
        ]

    def check(self, state: State, seat: str, order: Order) -> list[Problem]:
        """The card must be in the seat's hand."""
        if order.get("play") not in state["hands"][seat]:
            return [Problem(("play",), "not a card in your hand")]
        return []

    def apply(self, state: State, orders: Mapping[str, Order], rng: Rng) -> Step:
        """Remove the played cards; the highest scores a point; each player privately draws a card."""
        hands = {s: list(h) for s, h in state["hands"].items()}
        events = [Event(f"Round {state['round']}: Tom & Jerry <b>bold</b> watch")]
        for seat, order in orders.items():
            hands[seat].remove(order["play"])
            events.append(Event(f"{seat} plays {order['play']}"))
        best = max(orders, key=lambda s: orders[s]["play"])
        score = dict(state["score"])
        score[best] += 1
        for seat in state["seats"]:
            card = 100 + rng.below(100)
            hands[seat].append(card)
            events.append(Event(f"SECRET-{seat}-draws-{card}", to=(seat,), data={"card": card}))
        new = {**state, "round": state["round"] + 1, "hands": hands, "score": score}
        return Step(new, events)

    def default_order(self, state: State, seat: str) -> Order:
        """The lowest card."""
        return {"play": min(state["hands"][seat])}

    def random_order(self, state: State, seat: str, rng: Rng) -> Order:
        """Any card."""
        return {"play": rng.choice(state["hands"][seat])}

    def template(self, state: State, seat: str) -> str:
        """The lowest card, with the hand as a comment."""
        hand = state["hands"][seat]
        return f"# your hand: {', '.join(map(str, hand))}\nplay: {min(hand)}\n"

    def view(self, state: State, seat: str | None) -> dict[str, Any]:
        """Your own hand, everyone's hand size and score."""
        view: dict[str, Any] = {
            "round": state["round"],
            "hand_sizes": {s: len(h) for s, h in state["hands"].items()},
        }
        if seat is not None:
            view["hand"] = list(state["hands"][seat])
        return view

    def label(self, state: State) -> str:
        """The round."""
        return f"round {state['round']}" if state["round"] <= ROUNDS else "game over"

    def scores(self, state: State) -> dict[str, int]:
        """Points so far."""
        return dict(state["score"])

    def result(self, state: State) -> Result | None:
        """After the last round, the most points wins."""
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


GAME = TinyGame()
