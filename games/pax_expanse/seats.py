"""The rules as they apply to each kind of seat a turn belongs to: a player's, or the Rocinante's crew, whose turn
the game itself plays after every round (rulebook "The Rocinante"; ROCINANTE.md).

Pax Expanse's rules code never asks whether a seat is the Rocinante: it asks `seat_rules(seat)` one of these named
hooks, as Pax Pamir asks its seats.py about Wakhan. The crew's genuine differences are the overrides of
`CrewSeat`: its paused turn runs again on its start itself, asks only the questions it stopped at, and its end
begins the next round. Its decisions are its planner's (rocinante/), which the same rules carry out.
"""

from __future__ import annotations

from typing import Any

from engine.contract import Event
from engine.rng import Rng
from games.pax.game import seat_name
from games.pax.turn import Outcome, Point
from games.pax_expanse import rocinante
from games.pax_expanse.round import end_round, next_round
from games.pax_expanse.state import ROCINANTE, GameState
from games.pax_expanse.turn import round_ends, run_turn


class SeatRules:
    """A player's seat: its turn is its order, run by the rules."""

    #: True for a seat whose turns the game plays itself (no player may take its name).
    played_by_the_game = False

    def replay(self, start: GameState, seat: str, order: dict[str, Any], answers: dict[str, Any],
               rng: Rng, point: Point | None = None, until: int | None = None) -> Outcome:
        """The paused turn run again from a copy of its start (or on from `point`), leniently: an action the
        answers made illegal is skipped."""
        return run_turn(start, seat, order, answers, lenient=True, point=point, until=until)

    def replays_in_place(self) -> bool:
        """False: the start is stored anew when the turn pauses again, with the standing orders now in force."""
        return False

    def asks_ahead(self) -> bool:
        """True: in a game that asks questions together, the turn's later questions are asked with the first."""
        return True

    def turn_over(self, state: GameState, seat: str, rng: Rng) -> list[Event]:
        """The last seat in turn order ends the round: the Rocinante takes its turn at once."""
        if state.phase != "over" and round_ends(state, seat):
            return end_round(state, rng)
        return []

    def label(self, state: GameState, seat: str, number: int) -> str:
        """Where the game stands during `seat`'s turn `number`, and whom else it waits for."""
        label = f"round {state.round}, {seat_name(seat)}'s turn {number}"
        waiting = [s for s in state.due_seats() if s != seat]
        if waiting:
            label += f", waiting for {', '.join(seat_name(s) for s in waiting)}"
        return label


class CrewSeat(SeatRules):
    """The Rocinante's crew: a turn the game plays from its AI deck, asking players only where their agents go."""

    played_by_the_game = True

    def replay(self, start: GameState, seat: str, order: dict[str, Any], answers: dict[str, Any],
               rng: Rng, point: Point | None = None, until: int | None = None) -> Outcome:
        """The crew's paused turn run again on its start itself, its planner deciding as before (it keeps no
        points: its turn is not a list of the order's actions)."""
        return rocinante.replay(start, answers, rng)

    def replays_in_place(self) -> bool:
        """True: the crew's turn runs on its start, which pausing again keeps as it was stored."""
        return True

    def asks_ahead(self) -> bool:
        """False: the crew's turn asks only the questions it stopped at."""
        return False

    def turn_over(self, state: GameState, seat: str, rng: Rng) -> list[Event]:
        """The crew's turn ends the round: the next one begins."""
        next_round(state)
        return []

    def label(self, state: GameState, seat: str, number: int) -> str:
        """The crew's turn, waiting for the players it asked."""
        waiting_for = ", ".join(seat_name(s) for s in state.due_seats())
        return f"round {state.round}, the Rocinante's turn, waiting for {waiting_for}"


PLAYER = SeatRules()
CREW = CrewSeat()


def seat_rules(seat: str) -> SeatRules:
    """The rules object for the seat named `seat` (the crew's turn is stored under the Rocinante's name)."""
    return CREW if seat.lower() == ROCINANTE else PLAYER
