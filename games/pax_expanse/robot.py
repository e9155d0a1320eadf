"""Random legal orders, for robots and tests: a random loyalty, random answers, or a turn of random actions.

A turn is built by trying random entries one at a time on the rules themselves and keeping each one the rules
accept; every decision a kept entry raises for the acting seat is answered at random and written into the order.
"""

from __future__ import annotations

import copy
from typing import Any

from engine.rng import Rng
from games.pax.context import OrderError, Pause, Question
from games.pax.dominance import GameOver
from games.pax_expanse import actions, orders
from games.pax_expanse.model import FACTIONS
from games.pax_expanse.rules import RULES
from games.pax_expanse.state import GameState
from games.pax_expanse.turn import action_parts, begin_turn, may_act, run_turn

#: Entries a random turn tries before it settles for what it has.
TRIES = 12
#: One entry in BRIBE_LIMIT_ONE_IN (a play or an asset's action) states the most its seat will pay as a bribe, so
#: robot games also settle bribes from the order and not only from the payer's answer.
BRIBE_LIMIT_ONE_IN = 4
#: One turn order in STANDING_ONE_IN also gives standing orders, so robot games answer others' questions from them.
STANDING_ONE_IN = 10


def random_choice(rng: Rng) -> Any:
    """A chooser answering any question at random among its options."""
    def choose(question: Question) -> Any:
        if question.count is None:
            return rng.choice(question.options)
        return rng.sample(question.options, question.count)
    return choose


def candidate_entries(state: GameState, seat: str, rng: Rng) -> list[dict[str, Any]]:
    """Entries worth trying now: each purchasable slot, each card in hand, each card action a module can fill."""
    found: list[dict[str, Any]] = []
    if state.turn is None or RULES.core_action_left(state):
        found += [{"action": "purchase", "row": r + 1, "column": c + 1} for r, c in RULES.purchasable(state, seat)]
        found += [{"action": "play", "card": n} for n in state.players[seat].hand]
    for number in state.players[seat].network:
        for kind in RULES.card_actions(number):
            module = actions.module(kind)
            if module is None or state.turn is None or not may_act(state, seat, number, kind):
                continue
            params = module.random_params(state, seat, number, rng)
            if params is not None:
                found.append({"action": kind, "card": number, **params})
    for entry in found:
        if entry["action"] != "purchase" and rng.below(BRIBE_LIMIT_ONE_IN) == 0:
            entry["bribe"] = rng.below(4)
    return found


def random_standing(state: GameState, seat: str, rng: Rng) -> dict[str, Any]:
    """Random standing orders: how to answer bribes asked of the seat, or which cards it discards first."""
    if rng.below(2) == 0 or not state.players[seat].hand:
        return {"bribe": rng.choice(("full", "waive", 0, 1, 2))}
    hand = state.players[seat].hand
    return {"discard": rng.sample(hand, 1 + rng.below(len(hand)))}


def random_turn(state: GameState, seat: str, rng: Rng) -> dict[str, Any]:
    """A random turn order the rules accept (possibly with no actions), with its answers written in."""
    order: dict[str, Any] = {"actions": []}
    if rng.below(STANDING_ONE_IN) == 0:
        # New standing orders are in force for the whole turn they come with (they may answer its own questions),
        # so the turn is built with them recorded, as the game records them before running it.
        order["standing"] = random_standing(state, seat, rng)
        state = state.clone()
        state.standing.setdefault(seat, {}).update(copy.deepcopy(order["standing"]))
    for _ in range(TRIES):
        probe = _state_after_actions(state, seat, order, rng)
        entries = candidate_entries(probe, seat, rng) if probe is not None else []
        if not entries:
            break
        attempt = copy.deepcopy(order)
        attempt["actions"].append(rng.choice(entries))
        try:
            run_turn(state, seat, attempt, chooser=random_choice(rng))
        except OrderError:
            continue
        order = attempt
    run_turn(state, seat, order, chooser=random_choice(rng))  # answers cleanup's questions into the order
    return order


def _state_after_actions(state: GameState, seat: str, order: dict[str, Any], rng: Rng) -> GameState | None:
    """The working state once the order's actions are done, before cleanup (None if the turn pauses or the game
    ends first: no further entry is worth trying)."""
    ctx = begin_turn(state, seat, copy.deepcopy(order), {}, chooser=random_choice(rng))
    try:
        for part in action_parts(ctx):
            part()
    except (Pause, GameOver):
        return None
    return ctx.state


def random_order(state: GameState, seat: str, rng: Rng) -> dict[str, Any]:
    """A random legal order for a prompted seat."""
    if state.phase == "loyalty":
        return {"loyalty": rng.choice(FACTIONS)}
    if state.paused is not None:
        asked = [orders.question_from_data(q) for q in state.paused.questions if q["seat"] == seat]
        chosen = [random_choice(rng)(q) for q in asked]
        if len(asked) == 1:
            return {"answer": chosen[0]}
        return {"answers": {q.key: a for q, a in zip(asked, chosen, strict=True)}}
    return random_turn(state, seat, rng)
