"""What the Pax games' caretakers share: candidate turns from the random robot's own turn builder, each resolved by
the game as a whole step on one sample of the hidden information, and the best resulting position played.

A game's caretaker (a `Caretaker` subclass) says how it samples what its seat may not see, which features of a
position it weighs and how much, and which standing orders it gives; the search and the reasons are here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from engine.contract import Reason
from engine.memo import ResolvedTurns
from engine.plain import plain_copy
from engine.rng import Rng
from games.pax.robot import build_turn, random_choice

S = TypeVar("S")


@dataclass(frozen=True)
class Choice:
    """A turn the caretaker chose: the order, and one line per decision saying why."""

    order: dict[str, Any]
    reasons: tuple[Reason, ...]


#: The reasons of the caretakers' latest orders, by the state they were chosen from (pbem asks right after).
REASONS: ResolvedTurns[tuple[Reason, ...]] = ResolvedTurns()


class Caretaker(Generic[S]):
    """A Pax game's caretaker: its hooks (sample, features, the weights, its standing orders) come first."""

    #: Candidate turns tried per turn.
    CANDIDATES: ClassVar[int]
    #: The weight of each feature `features` returns.
    WEIGHTS: ClassVar[dict[str, float]]
    #: The standing orders the caretaker sets once, so that other seats' turns seldom wait on it.
    STANDING: ClassVar[dict[str, Any]]
    #: The reason given for STANDING.
    STANDING_REASON: ClassVar[str]

    # --- hooks ---------------------------------------------------------------------------------------------------

    def sample(self, state: S, seat: str, rng: Rng) -> S:
        """A copy of `state` with what `seat` may not see dealt again at random, consistently with what it sees."""
        raise NotImplementedError(f"{type(self).__name__} must sample the hidden information")

    def features(self, state: S, seat: str) -> dict[str, float]:
        """What the caretaker weighs in a position, for `seat` (the keys of WEIGHTS)."""
        raise NotImplementedError(f"{type(self).__name__} must say what it weighs")

    def entry_text(self, entry: dict[str, Any]) -> str:
        """An action entry in a few words."""
        kind = str(entry.get("action"))
        if kind == "purchase":
            return f"purchase the card in row {entry.get('row')}, column {entry.get('column')} of the market"
        if kind == "play":
            return f"play card {entry.get('card')}" + (f" on the {entry['side']} side" if entry.get("side") else "")
        return f"{kind} with card {entry.get('card')}"

    # --- the search ----------------------------------------------------------------------------------------------

    def value(self, state: Any, seat: str) -> float:
        """How good the position is for `seat`: a won game above all, a lost one below all, else the weighed
        features."""
        if state.phase == "over":
            return 1000.0 if seat in state.winners else -1000.0
        found = self.features(state, seat)
        return sum(self.WEIGHTS[k] * v for k, v in found.items())

    def choose_turn(self, game: Any, state: S, seat: str, rng: Rng) -> Choice:
        """The best of CANDIDATES turns built on one sample of the hidden information, checked on the real state.

        Each candidate is resolved by the game as a step of its own, so what follows in the same step is weighed
        too (a Dominance Check the turn sets off, an automaton's turn after it).
        """
        sampled = self.sample(state, seat, rng)
        before = self.features(sampled, seat)
        scored: list[tuple[float, int, dict[str, Any], Any]] = []
        for index in range(self.CANDIDATES):
            order, after = self.candidate(game, sampled, seat, rng)
            scored.append((self.value(after, seat), index, order, after))
        # Best first; among equals the earlier candidate, so the choice depends on nothing but the stream.
        scored.sort(key=lambda item: (-item[0], item[1]))
        for score, _, order, after in scored:
            order = self.with_standing(state, seat, order)
            if not game.check(state, seat, order):
                return Choice(order, tuple(self.reasons(order, before, self.features(after, seat), score)))
        order = self.with_standing(state, seat, {})
        return Choice(order, (Reason("no candidate turn passed the rules on the real board: no actions this turn",
                                     public=True),))

    def candidate(self, game: Any, start: S, seat: str, rng: Rng) -> tuple[dict[str, Any], Any]:
        """A random turn of `seat` from `start` and the state after the step it makes (with what follows in it)."""
        robot = game.robot_turn(start, seat, random_choice(rng), rng)
        order = build_turn(robot, start)  # filed for the apply just below, which takes the turn so resolved
        after = game.apply(start, {seat: order}, Rng(f"caretaker/{rng.below(1 << 30)}")).state
        return plain_copy(order), after

    def with_standing(self, state: Any, seat: str, order: dict[str, Any]) -> dict[str, Any]:
        """The order with the caretaker's standing orders, given once (while they stand, not again); random ones
        the robot's builder drew for a candidate are left out, since they would replace the caretaker's."""
        order = {key: value for key, value in order.items() if key != "standing"}
        standing = state.standing.get(seat, {})
        if all(standing.get(key) == value for key, value in self.STANDING.items()):
            return order
        return {**order, "standing": plain_copy(self.STANDING)}

    def reasons(self, order: dict[str, Any], before: dict[str, float], after: dict[str, float],
                score: float) -> list[Reason]:
        """One line per action of the chosen turn, then one for what the turn was weighed on: public, since the
        actions are played in the open and the weights count what the board shows; then its standing orders, which
        are secret."""
        lines = [Reason(f"action {n}: {self.entry_text(entry)}, part of the best of {self.CANDIDATES} turns tried "
                        "on a sample of the hidden cards", public=True)
                 for n, entry in enumerate(order.get("actions") or [], 1) if isinstance(entry, dict)]
        if not lines:
            lines.append(Reason(f"no actions: none of {self.CANDIDATES} turns tried left a better position than "
                                "doing nothing", public=True))
        changes = [f"{k} {after[k] - before[k]:+g}" for k in self.WEIGHTS if after[k] != before[k]]
        lines.append(Reason(f"position weighed {score:.1f} ({', '.join(changes) or 'unchanged'})", public=True))
        if "standing" in order:
            lines.append(Reason(self.STANDING_REASON))
        return lines


def remember(state: Any, seat: str, order: dict[str, Any], reasons: Sequence[Reason]) -> dict[str, Any]:
    """File why the caretaker chose `order` from `state`, for `reasons_of`; the order itself back."""
    REASONS.put(state, seat, order, tuple(reasons))
    return order


def reasons_of(state: Any, seat: str, order: dict[str, Any]) -> list[Reason]:
    """Why the caretaker chose `order` from `state` (empty for an order it did not choose)."""
    found = REASONS.take(state, seat, order)
    return list(found) if found is not None else []
