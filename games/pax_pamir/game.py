"""Pax Pamir as an engine Game: prompts, check, apply, and the orders the game writes itself."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from engine.contract import Bench, Demo, Event, Order, Problem, Prompt, Reference, Step
from engine.rng import Rng
from games.pax.context import Chooser, Question
from games.pax.game import PaxGame, record_standing, seat_name, turn_of
from games.pax.paused import resume, resume_option, settle
from games.pax.together import OPTION as QUESTIONS
from games.pax.together import together_option
from games.pax.turn import RESUME, Outcome, Point
from games.pax_pamir import cards, names, orders, robot
from games.pax_pamir.setup import new_game
from games.pax_pamir.state import GameState
from games.pax_pamir.turn import run_turn

if TYPE_CHECKING:  # mypy checks that this package's own modules are the parts the plumbing calls
    from games.pax.parts import Parts
    from games.pax_pamir import board, caretaker, palette, spelling, template, turn, view, warnings

    _PARTS: Parts[GameState] = (turn, orders, caretaker, template, palette, board, warnings, spelling, view)


class PaxPamir(PaxGame[GameState]):
    """Pax Pamir (Second Edition) for 2-5 players."""

    id = "pax-pamir"
    title = "Pax Pamir (Second Edition)"
    #: Two to five players; against Wakhan (option wakhan=true) one or two humans (see seat_counts).
    player_counts = range(2, 6)
    #: Each step is one seat's turn (or one answer to a question): see engine.contract.turn_steps.
    turn_steps = True
    #: Report partials in this package's templates/, the Pax family's macros in games/pax/templates/.
    template_packages = {"pax-pamir": "games.pax_pamir", "pax": "games.pax"}
    #: Robot games worth playing besides the plain seat counts (engine.simulate.robot_setups): against Wakhan.
    robot_variants = {"Wakhan": {"wakhan": True}}
    automata = ("Wakhan",)
    #: A step is one turn, so the demo of a 3-player game renders the final step only, to stay short.
    demo = Demo(folder="pamir", seats=3, every_step_reports=False)
    #: The mail count (pbem.mail.volume) plays this game; the mail bench does when no simultaneous game is there.
    bench = Bench(mail_intake=True, mail_volume=True, prompts=3,
                  reference=Reference("https://github.com/rally-the-troops/pax-pamir",
                                      {2: "2P", 3: "3P", 4: "4P", 5: "5P"}))
    score_attribute = "score"
    state_type = GameState
    package = "games.pax_pamir"

    def seat_counts(self, options: Mapping[str, Any]) -> range:
        """Two to five seats, or one or two humans against Wakhan."""
        return range(1, 3) if _flag(options.get("wakhan", False)) else self.player_counts

    def setup(self, seats: Sequence[str], options: Mapping[str, Any], rng: Rng) -> GameState:
        """Deck, market and rupees; loyalty is then chosen seat by seat from a random one.

        Option `wakhan: true` adds the automated opponent Wakhan for one or two human seats. Options `pbem new`
        records: `questions: together` has a paused turn ask a seat all it can at once; `resume: at-part` has it go
        on from the start of the part it paused in.
        """
        unknown = set(options) - {"wakhan", QUESTIONS, RESUME}
        if unknown:
            raise ValueError(f"unknown Pax Pamir options {sorted(unknown)}; known: wakhan, {QUESTIONS}, {RESUME}")
        together = together_option(options)
        if _flag(options.get("wakhan", False)):
            from games.pax_pamir.wakhan.setup import new_game as against_wakhan

            state = against_wakhan(seats, rng)
        elif not 2 <= len(seats) <= 5 or len(set(seats)) != len(seats):
            raise ValueError(f"Pax Pamir needs 2 to 5 different seats (or 1-2 with the option wakhan=true), "
                             f"got {list(seats)}")
        else:
            state = new_game(seats, rng)
        state.together = together
        state.resumes_at_part = resume_option(options)
        return state

    def prompts(self, state: GameState) -> list[Prompt]:
        """The one seat that owes a decision now (none once the game is over)."""
        seat = state.due_seat()
        if seat is None:
            return []
        if state.phase == "loyalty":
            taken = [f"{s}: {state.players[s].loyalty}" for s in state.loyalty_order if state.players[s].loyalty]
            before = f" (chosen so far: {', '.join(taken)})" if taken else ""
            return [Prompt(seat, "loyalty", f"choose your starting loyalty{before}")]
        if state.paused is not None:
            asked = self.asked(state, seat)
            text = _asking(asked[0]) if len(asked) == 1 else "; ".join(f"{q.key}: {_asking(q)}" for q in asked)
            return [Prompt(seat, asked[0].kind if len(asked) == 1 else "answers", text)]
        return [Prompt(seat, "turn", f"your turn {state.turn_number + 1}")]

    def apply(self, state: GameState, orders_by_seat: Mapping[str, Order], rng: Rng) -> Step:
        """Resolve the step with the prompted seat's accepted order (then Wakhan's part, if she plays)."""
        step = self.seats_step(state, orders_by_seat, rng)
        if any(p.automaton for p in state.players.values()):
            from games.pax_pamir.wakhan import runner

            return runner.follow(step, self.seats_step, partial(settle, self), rng)
        return step

    def seats_step(self, state: GameState, orders_by_seat: Mapping[str, Order], rng: Rng) -> Step:
        """One step of the rules with the prompted seat's order, before any automated seat's part (Wakhan's
        runner follows it with hers)."""
        seat = state.due_seat()
        if seat is None:
            raise ValueError("the game is over: no order is due")
        built = self.built_turn(state, seat, orders_by_seat[seat])
        if built is not None:
            return settle(self, *built, seat, 0, rng)  # resolved once, when the robot built it
        if state.phase != "loyalty" and state.paused is not None:
            return resume(self, state, orders_by_seat, rng)
        order = self.checked_order(state, seat, orders_by_seat[seat])
        if state.phase == "loyalty":
            state = state.clone()
            record_standing(state, seat, order)
            return _choose_loyalty(state, seat, order["loyalty"])
        outcome, start = self.accepted_new_turn(state, seat, order)
        return settle(self, outcome, start, seat, 0, rng)

    def shape_problems(self, state: GameState, seat: str, order: Order) -> list[Problem]:
        """Problems found without running the rules: wrong seat, wrong keys, answers not among the choices."""
        if seat != state.due_seat():  # the one prompted seat (prompts(), without building its text)
            return [Problem((), f"no order is due from {seat} now")]
        odd = orders.value_problems(order)
        if odd:
            return odd
        if state.phase == "loyalty":
            return orders.loyalty_problems(order)
        if state.paused is not None and len(state.paused.questions) > 1:
            return orders.several_answer_problems(order, self.asked(state, seat))
        if state.paused is not None:
            return orders.answer_problems(order, orders.question_from_data(state.paused.questions[0]))
        return orders.turn_problems(order)

    def replay(self, start: GameState, seat: str, order: dict[str, Any], answers: dict[str, Any],
               rng: Rng, point: Point | None = None, until: int | None = None) -> Outcome:
        """A paused turn run again: a person's from the order, leniently (on from `point`, if given); Wakhan's from
        her start by her planner, which decides the same way again from the state after her draw."""
        if start.players[seat].automaton is not None:
            from games.pax_pamir.wakhan import turn as automaton_turn

            return automaton_turn.run(start, answers)
        return run_turn(start, seat, order, answers, lenient=True, point=point, until=until)

    def asked_at_once(self, outcome: Outcome, start: GameState, seat: str, rng: Rng) -> Sequence[Question]:
        """The question the turn stopped at, with those asked together (the kernel's); one at a time where Wakhan
        takes the turn or is asked, since her planner answers one question of a paused turn."""
        asked = outcome.questions[:1]
        if not start.together or any(start.players[s].automaton is not None for s in (seat, asked[0].seat)):
            return asked
        return super().asked_at_once(outcome, start, seat, rng)

    def point_of(self, outcome: Outcome, start: GameState, seat: str, rng: Rng,
                 since: Point | None) -> Point | None:
        """The kernel's point of a person's paused turn; none for Wakhan's, which her planner plays whole."""
        if start.players[seat].automaton is not None:
            return None
        return super().point_of(outcome, start, seat, rng, since)

    def loyalties(self, state: GameState) -> Sequence[str]:
        """The coalitions, as the map lists them."""
        return cards.board().coalitions

    def loyalty_default(self, state: GameState, seat: str) -> str:
        """The coalition fewest seats have chosen so far (robot.py)."""
        return robot.loyalty_default(state)

    def asked(self, state: GameState, seat: str) -> list[Question]:
        """The questions the paused turn waits on: one, or several asked together."""
        assert state.paused is not None
        return [orders.question_from_data(q) for q in state.paused.questions]

    def robot_turn(self, state: GameState, seat: str, chooser: Chooser, rng: Rng | None) -> robot.PamirTurn:
        """A turn built by acting on a copy of the state (robot.py)."""
        return robot.PamirTurn(state, seat, chooser, rng)

    def label(self, state: GameState) -> str:
        """Where the game stands, e.g. "Anna's turn 12"."""
        if state.phase == "over":
            return "game over"
        if state.phase == "loyalty":
            return f"{seat_name(state.current)} chooses loyalty"
        seat, number = turn_of(state)
        label = f"{seat_name(seat)}'s turn {number}"
        if state.paused is not None and state.paused.questions[0]["seat"] != seat:
            label += f", waiting for {seat_name(state.paused.questions[0]['seat'])}"
        return label


def _asking(question: Question) -> str:
    """A question as a prompt states it: its text, its choices and its deadline default."""
    choices = ", ".join(str(o) for o in question.options)
    many = f" (a list of {question.count})" if question.count is not None else ""
    return f"{question.shown}{many}; choices: {choices}; at the deadline: {question.default}"


def _flag(value: Any) -> bool:
    """A yes/no option, as YAML or the command line may spell it."""
    if isinstance(value, bool):
        return value
    if str(value).strip().lower() in ("true", "yes", "1", "on"):
        return True
    if str(value).strip().lower() in ("false", "no", "0", "off", ""):
        return False
    raise ValueError(f"option wakhan must be true or false, got {value!r}")


def _choose_loyalty(state: GameState, seat: str, coalition: str) -> Step:
    state.players[seat].loyalty = coalition
    events = [Event(f"{seat} chooses {names.coalition(coalition)} loyalty.", None, {"kind": "loyalty", "seat": seat})]
    position = state.loyalty_order.index(seat)
    if position + 1 < len(state.loyalty_order):
        state.current = state.loyalty_order[position + 1]
    else:
        # The last to choose takes the first turn.
        state.phase = "turns"
        state.current = seat
        events.append(Event(f"{seat} chose last and takes the first turn.", None, {"kind": "first-turn"}))
    return Step(state, events)

