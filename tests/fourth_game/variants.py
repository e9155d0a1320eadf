"""Variants of the fourth game for the tests that need what Highest Unique lacks, kept in this one module: a game of
one seat's turn a step (turn_steps, for the mail policies), and a card game where one seat sits out each round,
every seat draws in private and the words carry HTML (for the reports' escaping). Each keeps Highest Unique's
plumbing (seat counts, scores, encoding; the card game its result and labels too) and is known to the registry
only where a test puts it there."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from highest_unique.game import ROUNDS, HighestUnique

from engine.contract import Event, Order, Problem, Prompt, Result, State, Step
from engine.rng import Rng

#: Turns of the turn-by-turn game.
TURNS = 6


class TurnGame(HighestUnique):
    """Six turns in seating order; each turn is one step, the mover adds 1-3 to its score and secretly notes a word."""

    id = "turn-test"
    title = "Turn Test"
    player_counts = range(2, 6)
    turn_steps = True  # engine.contract.turn_steps: new seats default to the `due` mail policy

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

    def result(self, state: State) -> Result | None:
        """After the last turn, the most points win."""
        if state["turn"] < TURNS:
            return None
        top = max(state["score"].values())
        return Result(dict(state["score"]), tuple(s for s in state["seats"] if state["score"][s] == top))


class TinyGame(HighestUnique):
    """Each round every seat but one plays a card from a private hand; the highest card scores, then every seat draws
    a card in private. Three rounds, as Highest Unique."""

    id = "tiny-test"
    title = "Tiny & <Test> Game"
    player_counts = range(2, 7)

    def setup(self, seats: Sequence[str], options: Mapping[str, Any], rng: Rng) -> State:
        """Deal three cards to each seat."""
        deck = list(range(1, 20))
        rng.shuffle(deck)
        hands = {seat: sorted(deck[3 * i : 3 * i + 3]) for i, seat in enumerate(seats)}
        return {"round": 1, "seats": list(seats), "hands": hands, "score": {s: 0 for s in seats}}

    def _sitting_out(self, state: State) -> str:
        return str(state["seats"][state["round"] % len(state["seats"])])

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


TURN_GAME = TurnGame()
TINY_GAME = TinyGame()
