"""Orders the game writes itself: random legal orders (robots, fuzzing) and the deadline defaults."""

from __future__ import annotations

import copy
from typing import Any

from engine.memo import ResolvedTurns
from engine.rng import Rng
from games.pax.context import Chooser, OrderError, Question
from games.pax.turn import Outcome
from games.pax_pamir import actions, cards, queries
from games.pax_pamir.context import Context
from games.pax_pamir.rules import RULES
from games.pax_pamir.state import GameState
from games.pax_pamir.turn import begin_turn, blackmail, take_action
from games.pax_pamir.turn import play_turn as turn_frame

#: How many candidate actions a robot tries per turn before it settles for what it has.
ATTEMPTS = 8
#: Chance that a robot stops early when it still could act.
STOP_CHANCE = 0.08
#: The turns robots built, with the state each started from: check and apply reuse them instead of replaying.
RESOLVED: ResolvedTurns[tuple[Outcome, GameState]] = ResolvedTurns()


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
    The turn so built runs in the same turn frame as a replay of the order, so its outcome is filed in RESOLVED.
    """
    order: dict[str, Any] = {"actions": []}
    ctx = begin_turn(state, seat, order, {}, chooser)
    outcome = turn_frame(ctx, lambda: _random_actions(state, ctx, order, rng) if rng is not None else None)
    if not order["actions"]:
        del order["actions"]
    if state.phase == "turns" and state.paused is None and state.current == seat:
        # A replay works on its own deep copy of the order (a paused turn keeps it), never on the caller's.
        ctx.order = plain_copy(order)
        RESOLVED.put(state, seat, order, (outcome, state))
    return order


def _random_actions(start: GameState, ctx: Context, order: dict[str, Any], rng: Rng) -> None:
    """Up to ATTEMPTS random actions, each resolved as it is drawn; a refused one is forgotten.

    Refusals are rare (a bribe may leave too few rupees for the action itself), so instead of copying the state
    before every attempt, a refused attempt rebuilds the turn from its start with the entries accepted so far.
    """
    for _ in range(ATTEMPTS):
        if rng.below(1000) < STOP_CHANCE * 1000:
            return
        entry = random_entry(ctx.state, ctx.seat, rng)
        if entry is None:
            return
        saved_order = plain_copy(order)
        order["actions"].append(entry)
        ctx.where = ("actions", len(order["actions"]) - 1)
        try:
            take_action(ctx, entry)
        except OrderError:
            # Not legal after all: forget it (and any answer the chooser wrote for it) and try something else.
            order.clear()
            order.update(saved_order)
            _rebuild(start, ctx)


def _rebuild(start: GameState, ctx: Context) -> None:
    """Put `ctx` back where it stood after the accepted entries of its order, by running them again from `start`."""
    fresh = begin_turn(start, ctx.seat, ctx.order, {}, ctx.chooser)
    blackmail(fresh)
    for index, entry in enumerate(ctx.order["actions"]):
        fresh.where = ("actions", index)
        take_action(fresh, entry)
    ctx.state, ctx.events, ctx.answers, ctx.counters = fresh.state, fresh.events, fresh.answers, fresh.counters


def plain_copy(value: Any) -> Any:
    """A deep copy of plain order data (dicts, lists, scalars): copy.deepcopy's result at a fraction of its cost."""
    if isinstance(value, dict):
        return {key: plain_copy(item) for key, item in value.items()}
    if isinstance(value, list):
        return [plain_copy(item) for item in value]
    if isinstance(value, tuple):
        return tuple(plain_copy(item) for item in value)
    return value


def random_entry(state: GameState, seat: str, rng: Rng) -> dict[str, Any] | None:
    """A random action entry that is plausibly legal now, or None when nothing can be done.

    A kind of action is drawn first and its details only then, because working out an action's legal
    parameters is the costly part.
    """
    turn = state.turn
    assert turn is not None
    player = state.players[seat]
    kinds: list[tuple[str, int]] = []
    if turn.actions < RULES.ACTION_LIMIT:
        kinds += [("purchase", 0), ("play", 0)]
    for number in player.court:
        kinds += [(name, number) for name in queries.court_card(number).actions if RULES.may_act(state, seat, number, name)]
    while kinds:
        kind, number = kinds.pop(rng.below(len(kinds)))
        entry = _details(state, seat, kind, number, rng)
        if entry is not None:
            return entry
    return None


def _details(state: GameState, seat: str, kind: str, number: int, rng: Rng) -> dict[str, Any] | None:
    player = state.players[seat]
    if kind == "purchase":
        buyable = RULES.purchasable(state, seat)
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
