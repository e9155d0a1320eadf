"""Where Wakhan's turns meet the game: after every step, questions put to her are answered by her rules and her
turns are played until a human owes a decision.

Pausing and resuming is the Pax kernel's (games/pax/paused.py): a turn of hers that waits for a human's answer is
stored like anyone's paused turn and resumed by the same code, her planner deciding the same way again from the
state after her draw.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from engine.contract import Event, Order, Step
from engine.rng import Rng
from games.pax.turn import Outcome
from games.pax_pamir import orders
from games.pax_pamir.state import GameState
from games.pax_pamir.wakhan import decide, turn
from games.pax_pamir.wakhan.decide import WakhanContext
from games.pax_pamir.wakhan.deck import draw, is_wakhan
from games.pax_pamir.wakhan.setup import first_turn

#: Resolves one step of the game without Wakhan's part: the game's own resolution of an order or an answer.
StepRules = Callable[[GameState, Mapping[str, Order], Rng], Step]
#: Ends a run of a turn as the game ends anyone's (outcome, start, seat, events reported before, random stream):
#: paused on a question, or over.
TurnEnd = Callable[[Outcome, GameState, str, int, Rng], Step]


def take_turn(state: GameState, turn_end: TurnEnd, rng: Rng) -> tuple[GameState, list[Event]]:
    """Draw her AI card (the only chance after setup) and run her turn from the state after the draw."""
    start = state.clone()
    notes = [Event(text, None, {"kind": "wakhan"}) for text in draw(start, rng)]
    seat = start.current
    step = turn_end(turn.run(start), start, seat, 0, rng)
    return step.state, notes + list(step.events)


def play_on(state: GameState, turn_end: TurnEnd, rng: Rng) -> tuple[GameState, list[Event]]:
    """Her first turn once loyalty is chosen, then each of her turns while it is her turn and nobody is asked."""
    events = first_turn(state)
    while state.phase == "turns" and state.paused is None and is_wakhan(state, state.current):
        state, more = take_turn(state, turn_end, rng)
        events += more
    return state, events


def answer_for_her(step_rules: StepRules, state: GameState, rng: Rng) -> tuple[GameState, list[Event]]:
    """A human's turn paused on a question to Wakhan: her rules give the answer, which resumes the turn the way a
    person's answer would."""
    events: list[Event] = []
    while state.paused is not None and is_wakhan(state, state.paused.questions[0]["seat"]) \
            and not is_wakhan(state, state.paused.seat):
        question = orders.question_from_data(state.paused.questions[0])
        ctx = WakhanContext(state.clone(), state.paused.seat, {})
        reply = decide.answer(ctx, question)
        step = step_rules(state, {question.seat: {"answer": reply}}, rng)
        state = step.state
        events += ctx.events + list(step.events)
    return state, events


def follow(step: Step, step_rules: StepRules, turn_end: TurnEnd, rng: Rng) -> Step:
    """Wakhan's part after a step of the rules: the questions put to her, then her turns."""
    new, asked = answer_for_her(step_rules, step.state, rng)
    new, more = play_on(new, turn_end, rng)
    return Step(new, list(step.events) + asked + more)
