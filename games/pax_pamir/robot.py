"""Orders the game writes itself: random legal orders (robots, fuzzing) and the deadline defaults."""

from __future__ import annotations

import copy
from typing import Any

from engine.rng import Rng
from games.pax_pamir import actions, cards, core, queries
from games.pax_pamir.cleanup import cleanup
from games.pax_pamir.context import Chooser, Context, OrderError, Pause, Question
from games.pax_pamir.dominance import GameOver
from games.pax_pamir.state import GameState
from games.pax_pamir.turn import ACTION_LIMIT, begin_turn, blackmail, end_turn, may_act, take_action

#: How many candidate actions a robot tries per turn before it settles for what it has.
ATTEMPTS = 8
#: Chance that a robot stops early when it still could act.
STOP_CHANCE = 0.08


def random_choice(rng: Rng) -> Chooser:
    """A chooser answering any question uniformly at random."""
    def choose(question: Question) -> Any:
        if question.count is None:
            return rng.choice(question.options)
        return rng.sample(question.options, question.count)

    return choose


def default_choice(question: Question) -> Any:
    """The documented default answer of a question."""
    return copy.deepcopy(question.default)


def loyalty_default(state: GameState) -> str:
    """The deadline default for a loyalty choice: the coalition fewest seats have chosen so far (first on ties)."""
    coalitions = cards.board().coalitions
    chosen = [p.loyalty for p in state.players.values()]
    return min(coalitions, key=lambda c: (chosen.count(c), coalitions.index(c)))


def play_turn(state: GameState, seat: str, chooser: Chooser, rng: Rng | None) -> dict[str, Any]:
    """Build a whole turn order by acting on a copy of the state: random actions with `rng`, none without it.

    Every decision the turn raises for `seat` is answered by `chooser` and written into the order, so the order
    passes check and replays to the same turn. Decisions owed by others stop the building (they become prompts).
    """
    order: dict[str, Any] = {"actions": []}
    ctx = begin_turn(state, seat, order, {}, chooser)
    try:
        blackmail(ctx)
        if rng is not None:
            _random_actions(ctx, order, rng)
        cleanup(ctx)
        end_turn(ctx.state)
    except (Pause, GameOver):
        pass
    if not order["actions"]:
        del order["actions"]
    return order


def _random_actions(ctx: Context, order: dict[str, Any], rng: Rng) -> None:
    for _ in range(ATTEMPTS):
        if rng.below(1000) < STOP_CHANCE * 1000:
            return
        entry = random_entry(ctx.state, ctx.seat, rng)
        if entry is None:
            return
        saved_state, saved_events = ctx.state.clone(), len(ctx.events)
        saved_order, saved_answers, saved_counters = copy.deepcopy(order), dict(ctx.answers), dict(ctx.counters)
        order["actions"].append(entry)
        ctx.where = ("actions", len(order["actions"]) - 1)
        try:
            take_action(ctx, entry)
        except OrderError:
            # Not legal after all (e.g. the bribe left too few rupees): forget it and try something else.
            ctx.state = saved_state
            del ctx.events[saved_events:]
            order.clear()
            order.update(saved_order)
            ctx.answers = saved_answers
            ctx.counters = saved_counters


def random_entry(state: GameState, seat: str, rng: Rng) -> dict[str, Any] | None:
    """A random action entry that is plausibly legal now, or None when nothing can be done.

    A kind of action is drawn first and its details only then, because working out an action's legal
    parameters is the costly part.
    """
    turn = state.turn
    assert turn is not None
    player = state.players[seat]
    kinds: list[tuple[str, int]] = []
    if turn.actions < ACTION_LIMIT:
        kinds += [("purchase", 0), ("play", 0)]
    for number in player.court:
        kinds += [(name, number) for name in queries.court_card(number).actions if may_act(state, seat, number, name)]
    while kinds:
        kind, number = kinds.pop(rng.below(len(kinds)))
        entry = _details(state, seat, kind, number, rng)
        if entry is not None:
            return entry
    return None


def _details(state: GameState, seat: str, kind: str, number: int, rng: Rng) -> dict[str, Any] | None:
    player = state.players[seat]
    if kind == "purchase":
        buyable = core.purchasable(state, seat)
        if not buyable:
            return None
        row, column = rng.choice(buyable)
        return {"action": "purchase", "row": row + 1, "column": column + 1}
    if kind == "play":
        if not player.hand:
            return None
        return {"action": "play", "card": rng.choice(player.hand), "side": rng.choice(("left", "right"))}
    module = actions.module(kind)
    if module is None:
        return None
    params = module.random_params(state, seat, number, rng)
    return None if params is None else {"action": kind, "card": number, **params}
