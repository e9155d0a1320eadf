"""Where Wakhan's turns meet the game: after every step her turns run until a human owes a decision, and a turn of
hers paused on a human's answer resumes from the state after her draw."""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from typing import Any

from engine.contract import Event, Order, RejectedOrder, Step
from engine.rng import Rng
from games.pax.turn import Outcome
from games.pax_pamir import orders
from games.pax_pamir.state import GameState, Paused
from games.pax_pamir.wakhan import decide, turn
from games.pax_pamir.wakhan.decide import WakhanContext
from games.pax_pamir.wakhan.deck import draw, is_wakhan
from games.pax_pamir.wakhan.setup import first_turn


def finish(outcome: Outcome, start: GameState, reported: int) -> tuple[GameState, list[Event]]:
    """Her turn's new state and the events not reported before; a paused turn keeps what it needs to resume."""
    ctx = outcome.ctx
    state = ctx.state
    if outcome.question is not None:
        state.paused = Paused(start.encode(), ctx.seat, {}, dict(ctx.answers),
                              orders.question_to_data(outcome.question), len(ctx.events))
    else:
        state.paused = None
    return state, list(ctx.events[reported:])


def take_turn(state: GameState, rng: Rng) -> tuple[GameState, list[Event]]:
    """Draw her AI card (the only chance after setup) and run her turn from the state after the draw."""
    start = state.clone()
    notes = [Event(text, None, {"kind": "wakhan"}) for text in draw(start, rng)]
    new, events = finish(turn.run(start), start, 0)
    return new, notes + events


def resume(state: GameState, answer: Any) -> tuple[GameState, list[Event]]:
    """Run her paused turn again from its start with one more human answer."""
    paused = state.paused
    assert paused is not None and is_wakhan(state, paused.seat)
    answers = dict(paused.answers)
    answers[paused.question["key"]] = answer
    start = GameState.decode(paused.start)
    start.standing = copy.deepcopy(state.standing)
    return finish(turn.run(start, answers), start, paused.reported)


def play_on(state: GameState, rng: Rng) -> tuple[GameState, list[Event]]:
    """Her first turn once loyalty is chosen, then each of her turns while it is her turn and nobody is asked."""
    events = first_turn(state)
    while state.phase == "turns" and state.paused is None and is_wakhan(state, state.current):
        state, more = take_turn(state, rng)
        events += more
    return state, events


#: Resolves one step of the game without Wakhan's part: the game's own apply.
StepRules = Callable[[GameState, Mapping[str, Order], Rng], Step]


def answer_for_her(step_rules: StepRules, state: GameState, rng: Rng) -> tuple[GameState, list[Event]]:
    """A human's turn paused on a question to Wakhan: her rules answer it and the turn goes on at once."""
    events: list[Event] = []
    while state.paused is not None and is_wakhan(state, state.paused.question["seat"]) \
            and not is_wakhan(state, state.paused.seat):
        question = orders.question_from_data(state.paused.question)
        ctx = WakhanContext(state.clone(), state.paused.seat, {})
        reply = decide.answer(ctx, question)
        step = step_rules(state, {question.seat: {"answer": reply}}, rng)
        state = step.state
        events += ctx.events + list(step.events)
    return state, events


def apply(game: Any, state: GameState, orders_by_seat: Mapping[str, Order], rng: Rng,
          step_rules: StepRules | None = None) -> Step:
    """The game's apply with Wakhan: her paused turns resume here, questions put to her in a human's turn are
    answered by her rules, and her turns follow any step that ends on hers.

    `game` gives prompts and check; `step_rules` (default: game.apply) resolves a step without Wakhan's part, so
    the game's own apply can delegate here without recursion.
    """
    step_rules = step_rules or game.apply
    if state.paused is not None and is_wakhan(state, state.paused.seat):
        (prompt,) = game.prompts(state)
        order = dict(orders_by_seat[prompt.seat])
        problems = game.check(state, prompt.seat, order)
        if problems:
            raise RejectedOrder(prompt.seat, problems)
        state = state.clone()
        if isinstance(order.get("standing"), dict):
            state.standing.setdefault(prompt.seat, {}).update(copy.deepcopy(order["standing"]))
        new, events = resume(state, order["answer"])
    else:
        step = step_rules(state, orders_by_seat, rng)
        new, events = step.state, list(step.events)
    new, asked = answer_for_her(step_rules, new, rng)
    new, more = play_on(new, rng)
    return Step(new, events + asked + more)
