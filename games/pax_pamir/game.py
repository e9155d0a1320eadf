"""Pax Pamir as an engine Game: prompts, check, apply, and the orders the game writes itself."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from engine.contract import Event, Order, Problem, Prompt, RejectedOrder, Result, Step
from engine.rng import Rng
from games.pax.context import OrderError
from games.pax.turn import Outcome
from games.pax_pamir import orders, robot
from games.pax_pamir.setup import new_game
from games.pax_pamir.state import GameState
from games.pax_pamir.template import order_template
from games.pax_pamir.turn import finish, run_turn


class PaxPamir:
    """Pax Pamir (Second Edition) for 2-5 players."""

    id = "pax-pamir"
    title = "Pax Pamir (Second Edition)"
    #: Two to five players; against Wakhan (option wakhan=true) one or two humans (see seat_counts).
    player_counts = range(2, 6)
    #: Each step is one seat's turn (or one answer to a question): see engine.contract.turn_steps.
    turn_steps = True

    def seat_counts(self, options: Mapping[str, Any]) -> range:
        """Two to five seats, or one or two humans against Wakhan."""
        return range(1, 3) if _flag(options.get("wakhan", False)) else self.player_counts

    def setup(self, seats: Sequence[str], options: Mapping[str, Any], rng: Rng) -> GameState:
        """Deck, market and rupees; loyalty is then chosen seat by seat from a random one.

        Option `wakhan: true` adds the automated opponent Wakhan for one or two human seats.
        """
        unknown = set(options) - {"wakhan"}
        if unknown:
            raise ValueError(f"unknown Pax Pamir options {sorted(unknown)}; known: wakhan")
        if _flag(options.get("wakhan", False)):
            from games.pax_pamir.wakhan.setup import new_game as against_wakhan

            return against_wakhan(seats, rng)
        if not 2 <= len(seats) <= 5 or len(set(seats)) != len(seats):
            raise ValueError(f"Pax Pamir needs 2 to 5 different seats (or 1-2 with the option wakhan=true), "
                             f"got {list(seats)}")
        return new_game(seats, rng)

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
            question = orders.question_from_data(state.paused.question)
            choices = ", ".join(str(o) for o in question.options)
            many = f" (a list of {question.count})" if question.count is not None else ""
            return [Prompt(seat, question.kind,
                           f"{question.text}{many}; choices: {choices}; at the deadline: {question.default}")]
        return [Prompt(seat, "turn", f"your turn {state.turn_number + 1}")]

    def check(self, state: GameState, seat: str, order: Order) -> list[Problem]:
        """Every problem found with `seat`'s order (a turn is tried out on a copy of the state)."""
        if robot.RESOLVED.holds(state, seat, order):
            return []  # the robot built this very turn of the prompted seat from this very state: it is legal
        order = _plain(order)
        found = self._shape_problems(state, seat, order)
        if found or state.phase == "loyalty" or state.paused is not None:
            return found
        try:
            self._run_new_turn(state, seat, order)
        except OrderError as error:
            return [Problem(error.path, error.message)]
        return []

    def apply(self, state: GameState, orders_by_seat: Mapping[str, Order], rng: Rng) -> Step:
        """Resolve the step with the prompted seat's accepted order (then Wakhan's part, if she plays)."""
        step = self._resolve(state, orders_by_seat, rng)
        if any(p.automaton for p in state.players.values()):
            from games.pax_pamir.wakhan import runner

            return runner.follow(step, self._resolve, rng)
        return step

    def _resolve(self, state: GameState, orders_by_seat: Mapping[str, Order], rng: Rng) -> Step:
        """One step of the rules, with no automated seat's part."""
        (prompt,) = self.prompts(state)
        seat = prompt.seat
        built = robot.RESOLVED.take(state, seat, orders_by_seat[seat])
        if built is not None:
            return finish(*built, seat, 0)  # resolved once, when the robot built it
        order = _plain(orders_by_seat[seat])
        problems = self._shape_problems(state, seat, order)
        if problems:
            raise RejectedOrder(seat, problems)
        if state.phase == "loyalty":
            state = state.clone()
            _record_standing(state, seat, order)
            return _choose_loyalty(state, seat, order["loyalty"])
        if state.paused is not None:
            state = state.clone()
            _record_standing(state, seat, order)
            paused = state.paused
            assert paused is not None  # cloned from a paused state
            answers = dict(paused.answers)
            answers[paused.question["key"]] = order["answer"]
            start = GameState.decode(paused.start)
            start.standing = copy.deepcopy(state.standing)
            outcome = _resume_turn(start, paused.seat, copy.deepcopy(paused.order), answers)
            return finish(outcome, start, paused.seat, paused.reported)
        try:
            outcome, start = self._run_new_turn(state, seat, order)
        except OrderError as error:
            raise RejectedOrder(seat, [Problem(error.path, error.message)]) from None
        return finish(outcome, start, seat, 0)

    def _shape_problems(self, state: GameState, seat: str, order: Order) -> list[Problem]:
        """Problems found without running the rules: wrong seat, wrong keys, answers not among the choices."""
        if seat not in [p.seat for p in self.prompts(state)]:
            return [Problem((), f"no order is due from {seat} now")]
        odd = orders.value_problems(order)
        if odd:
            return odd
        if state.phase == "loyalty":
            return orders.loyalty_problems(order)
        if state.paused is not None:
            return orders.answer_problems(order, orders.question_from_data(state.paused.question))
        return orders.turn_problems(order)

    def _run_new_turn(self, state: GameState, seat: str, order: Order) -> tuple[Outcome, GameState]:
        """Run a new turn from a copy of `state` with the order's standing orders in force."""
        start = state.clone()
        _record_standing(start, seat, order)
        return run_turn(start, seat, copy.deepcopy(dict(order))), start

    def default_order(self, state: GameState, seat: str) -> Order:
        """Deadline defaults: the least chosen loyalty; a question's stated default; a turn with no actions."""
        if state.phase == "loyalty":
            return {"loyalty": robot.loyalty_default(state)}
        if state.paused is not None:
            return {"answer": copy.deepcopy(state.paused.question["default"])}
        return robot.play_turn(state, seat, robot.default_choice, None)

    def random_order(self, state: GameState, seat: str, rng: Rng) -> Order:
        """A random legal order: what robots play."""
        if state.phase == "loyalty":
            return {"loyalty": rng.choice(("afghan", "british", "russian"))}
        if state.paused is not None:
            question = orders.question_from_data(state.paused.question)
            return {"answer": robot.random_choice(rng)(question)}
        return robot.play_turn(state, seat, robot.random_choice(rng), rng)

    def template(self, state: GameState, seat: str) -> str:
        """A YAML order body for `seat`, with the legal choices as comments."""
        return order_template(state, seat)

    def warnings(self, state: GameState, seat: str, order: Order) -> list[str]:
        """What `seat`'s accepted order sets in motion: a loyalty change, a bribe owed, a question (warnings.py)."""
        from games.pax_pamir.warnings import warnings

        return warnings(state, seat, _plain(order))

    def view(self, state: GameState, seat: str | None) -> dict[str, Any]:
        """What `seat` may see: everything public, its own hand; other hands only as counts."""
        from games.pax_pamir.view import view

        return view(state, seat)

    def label(self, state: GameState) -> str:
        """Where the game stands, e.g. "Anna's turn 12"."""
        if state.phase == "over":
            return "game over"
        if state.phase == "loyalty":
            return f"{_name(state.current)} chooses loyalty"
        number = state.turn_number + (0 if state.paused else 1)
        turn_of = state.paused.seat if state.paused else state.current
        label = f"{_name(turn_of)}'s turn {number}"
        if state.paused is not None and state.paused.question["seat"] != turn_of:
            label += f", waiting for {_name(state.paused.question['seat'])}"
        return label

    def scores(self, state: GameState) -> dict[str, int]:
        """Victory points so far."""
        return {seat: state.players[seat].score for seat in state.seats}

    def result(self, state: GameState) -> Result | None:
        """The winners once the game is over."""
        if state.phase != "over":
            return None
        return Result(self.scores(state), tuple(state.winners), {"reason": state.end_reason})

    def encode(self, state: GameState) -> dict[str, Any]:
        """Canonical plain data."""
        return state.encode()

    def decode(self, data: Mapping[str, Any]) -> GameState:
        """The inverse of encode."""
        return GameState.decode(data)


def _flag(value: Any) -> bool:
    """A yes/no option, as YAML or the command line may spell it."""
    if isinstance(value, bool):
        return value
    if str(value).strip().lower() in ("true", "yes", "1", "on"):
        return True
    if str(value).strip().lower() in ("false", "no", "0", "off", ""):
        return False
    raise ValueError(f"option wakhan must be true or false, got {value!r}")


def _plain(value: Any) -> Any:
    """Orders as plain dicts and lists (YAML round-trip types carry comments we must not store)."""
    if isinstance(value, Mapping):
        return {str(k) if not isinstance(k, (str, int)) else k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def _name(seat: str) -> str:
    return seat[:1].upper() + seat[1:]


def _record_standing(state: GameState, seat: str, order: Mapping[str, Any]) -> None:
    """Standing orders in an order replace the seat's earlier ones key by key, until changed again."""
    if isinstance(order.get("standing"), dict):
        state.standing.setdefault(seat, {}).update(copy.deepcopy(order["standing"]))


def _choose_loyalty(state: GameState, seat: str, coalition: str) -> Step:
    state.players[seat].loyalty = coalition
    events = [Event(f"{seat} chooses {coalition} loyalty.", None, {"kind": "loyalty", "seat": seat})]
    position = state.loyalty_order.index(seat)
    if position + 1 < len(state.loyalty_order):
        state.current = state.loyalty_order[position + 1]
    else:
        # The last to choose takes the first turn.
        state.phase = "turns"
        state.current = seat
        events.append(Event(f"{seat} chose last and takes the first turn.", None, {"kind": "first-turn"}))
    return Step(state, events)


def _resume_turn(start: GameState, seat: str, order: dict[str, Any], answers: dict[str, Any]) -> Outcome:
    """A paused turn run again from its start with the answers so far: a person's from the order, one the game
    plays itself (Wakhan) from her planner, which decides the same way again."""
    if start.players[seat].automaton is not None:
        from games.pax_pamir.wakhan import turn as automaton_turn

        return automaton_turn.run(start, answers)
    return run_turn(start, seat, order, answers, lenient=True)
