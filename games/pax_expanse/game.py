"""Pax Expanse as an engine Game: prompts, check, apply, defaults, and the Rocinante's turn after each round."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.contract import Bench, Demo, Event, Order, Problem, Prompt, Step
from engine.rng import Rng
from games.pax.context import Chooser, Question
from games.pax.game import PaxGame, record_standing, turn_of
from games.pax.paused import resume, resume_option, settle
from games.pax.robot import RobotTurn
from games.pax.together import OPTION as QUESTIONS
from games.pax.together import together_option
from games.pax.turn import RESUME, Outcome, Point
from games.pax_expanse import cards, orders
from games.pax_expanse.model import FACTIONS
from games.pax_expanse.seats import seat_rules
from games.pax_expanse.setup import new_game
from games.pax_expanse.state import ROCINANTE, GameState

if TYPE_CHECKING:  # mypy checks that this package's own modules are the parts the plumbing calls
    from games.pax.parts import Parts
    from games.pax_expanse import board, caretaker, palette, spelling, template, turn, view, warnings

    _PARTS: Parts[GameState] = (turn, orders, caretaker, template, palette, board, warnings, spelling, view)

#: The starting loyalty a seat gets when it misses the deadline for its secret choice.
DEFAULT_LOYALTY = "un"


class PaxExpanse(PaxGame[GameState]):
    """Pax Expanse for 3-4 players, with the Rocinante acting after every round."""

    id = "pax-expanse"
    title = "Pax Expanse"
    player_counts = range(3, 5)
    #: Each step is one seat's turn (or answers to questions, or the secret loyalty choice of every seat at once).
    turn_steps = True
    #: Report partials in this package's templates/, the Pax family's macros in games/pax/templates/.
    template_packages = {"pax-expanse": "games.pax_expanse", "pax": "games.pax"}
    automata = ("Rocinante",)
    #: A step is one turn, so the demo of a 4-player game renders the final step only, to stay short.
    demo = Demo(folder="expanse", seats=4, every_step_reports=False)
    #: `make bench` counts the prompts per turn of 4-player games.
    bench = Bench(prompts=4)
    score_attribute = "vp"
    state_type = GameState
    package = "games.pax_expanse"

    def seat_counts(self, options: Mapping[str, Any]) -> range:
        """Three or four seats."""
        return self.player_counts

    def setup(self, seats: Sequence[str], options: Mapping[str, Any], rng: Rng) -> GameState:
        """Deck, market, turn order, influence, objective and Rocinante; then every seat chooses loyalty in secret.

        Options (which `pbem new` records): `questions: together` has a paused turn ask a seat all it can at once;
        `resume: at-part` has it go on from the start of the part it paused in.
        """
        unknown = set(options) - {QUESTIONS, RESUME}
        if unknown:
            raise ValueError(f"unknown Pax Expanse options {sorted(unknown)}; known: {QUESTIONS}, {RESUME}")
        if any(seat_rules(seat).played_by_the_game for seat in seats):
            raise ValueError(f"no seat may be named {ROCINANTE}: the Rocinante takes its own turns")
        state = new_game(seats, rng)
        state.together = together_option(options)
        state.resumes_at_part = resume_option(options)
        return state

    def prompts(self, state: GameState) -> list[Prompt]:
        """The seats owing a decision now: all of them for the secret loyalty, those a paused turn asks, or the
        seat whose turn it is."""
        if state.phase == "over":
            return []
        if state.phase == "loyalty":
            return [Prompt(s, "loyalty", "choose your starting loyalty in secret: un, mcr or opa")
                    for s in state.due_seats()]
        if state.paused is not None:
            found = []
            for seat in state.paused.seats():
                asked = [orders.question_from_data(q) for q in state.paused.questions if q["seat"] == seat]
                # A combined prompt names each question's key, which its answer uses; older games word theirs as
                # they always have.
                text = "; ".join(f"{f'{q.key}: ' if state.together and len(asked) > 1 else ''}{q.shown} (choices: "
                                 f"{', '.join(str(o) for o in q.options)}; at the deadline: {q.default})" for q in asked)
                found.append(Prompt(seat, asked[0].kind if len(asked) == 1 else "answers", text))
            return found
        return [Prompt(state.current, "turn", f"your turn {state.turn_number + 1}")]

    def apply(self, state: GameState, orders_by_seat: Mapping[str, Order], rng: Rng) -> Step:
        """Resolve the step with an accepted order from every prompted seat."""
        if state.phase == "turns" and state.paused is None and state.current in orders_by_seat:
            built = self.built_turn(state, state.current, orders_by_seat[state.current])
            if built is not None:
                return settle(self, *built, state.current, 0, rng)  # resolved once, when the robot built it
        if state.phase not in ("loyalty", "over") and state.paused is not None:
            return resume(self, state, orders_by_seat, rng)
        prompted = [p.seat for p in self.prompts(state)]
        given = {s: self.checked_order(state, s, orders_by_seat[s]) for s in prompted}
        state = state.clone()
        for seat, order in given.items():
            record_standing(state, seat, order)
        if state.phase == "loyalty":
            return _reveal_loyalties(state, {s: o["loyalty"] for s, o in given.items()})
        (seat,) = prompted
        outcome, start = self.accepted_new_turn(state, seat, given[seat])
        return settle(self, outcome, start, seat, 0, rng)

    def shape_problems(self, state: GameState, seat: str, order: Order) -> list[Problem]:
        """Problems found without running the rules: a seat not prompted, wrong keys, answers not among choices."""
        if seat not in [p.seat for p in self.prompts(state)]:
            return [Problem((), f"no order is due from {seat} now")]
        if orders.key_problems(order):
            return orders.key_problems(order)
        if state.phase == "loyalty":
            return orders.loyalty_problems(order)
        if state.paused is not None:
            asked = [orders.question_from_data(q) for q in state.paused.questions if q["seat"] == seat]
            return orders.answer_problems(order, asked, partial=state.together)
        return orders.turn_problems(order)

    def replay(self, start: GameState, seat: str, order: dict[str, Any], answers: dict[str, Any],
               rng: Rng, point: Point | None = None, until: int | None = None) -> Outcome:
        """A paused turn run again: a seat's from its order, leniently (on from `point`, if given); the
        Rocinante's on its start itself (seats.py)."""
        return seat_rules(seat).replay(start, seat, order, answers, rng, point, until)

    def replays_in_place(self, seat: str) -> bool:
        """The Rocinante's turn runs on its start, which a pause again keeps as it was stored (seats.py)."""
        return seat_rules(seat).replays_in_place()

    def asked_at_once(self, outcome: Outcome, start: GameState, seat: str, rng: Rng) -> Sequence[Question]:
        """The questions a seat's turn stopped at, with those asked together (the kernel's); the Rocinante's turn
        asks only those it stopped at (seats.py)."""
        if not seat_rules(seat).asks_ahead():
            return outcome.questions
        return super().asked_at_once(outcome, start, seat, rng)

    def turn_over(self, state: GameState, seat: str, rng: Rng) -> list[Event]:
        """A seat's turn that ends the round is followed by the Rocinante's turn; once that is over, the next
        round begins (seats.py)."""
        return seat_rules(seat).turn_over(state, seat, rng)

    def loyalties(self, state: GameState) -> Sequence[str]:
        """The factions."""
        return FACTIONS

    def loyalty_default(self, state: GameState, seat: str) -> str:
        """Loyalty to the UN."""
        return DEFAULT_LOYALTY

    def asked(self, state: GameState, seat: str) -> list[Question]:
        """The questions the paused turn puts to `seat`."""
        assert state.paused is not None
        return [orders.question_from_data(q) for q in state.paused.questions if q["seat"] == seat]

    def robot_turn(self, state: GameState, seat: str, chooser: Chooser, rng: Rng | None) -> RobotTurn[GameState]:
        """A turn built by trying each entry on a whole run of the turn (robot.py)."""
        from games.pax_expanse.robot import ExpanseTurn

        return ExpanseTurn(state, seat, chooser, rng)

    def label(self, state: GameState) -> str:
        """Where the game stands, e.g. "round 2, Anna's turn 7"."""
        if state.phase == "over":
            return "game over"
        if state.phase == "loyalty":
            return "secret starting loyalty"
        seat, number = turn_of(state)
        return seat_rules(seat).label(state, seat, number)


def _reveal_loyalties(state: GameState, chosen: Mapping[str, str]) -> Step:
    """Every seat's secret choice revealed at once; the first player then takes the first turn."""
    for seat, faction in chosen.items():
        state.players[seat].loyalty = faction
    names = ", ".join(f"{s}: {cards.board().faction(chosen[s]).short}" for s in state.order)
    happened = [Event(f"The starting loyalties are revealed ({names})", None,
                      {"kind": "loyalty-revealed", "loyalty": {s: chosen[s] for s in state.order}})]
    state.phase = "turns"
    state.round = 1
    state.current = state.order[0]
    happened.append(Event(f"{state.current} takes the first turn", None, {"kind": "first-turn"}))
    return Step(state, happened)


#: The game as the `pbem.games` entry point names it (importing the package alone loads only the card data).
GAME = PaxExpanse()
