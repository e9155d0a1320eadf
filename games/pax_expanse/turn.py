"""One seat's turn (rulebook "Sequence of Play"): up to two actions plus bonus actions, then cleanup.

A turn runs on a copy of the state inside a Context, through the kernel's turn frame. It ends completed (the next
seat is up), paused (answers are owed; the turn replays from its start once they arrive: a seat's turn draws no
randomness), or with the game's end.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable
from typing import Any

from games.pax.bribes import HOSTAGE
from games.pax.context import Chooser, Context, OrderError
from games.pax.turn import Outcome, run_parts
from games.pax_expanse import abilities, actions, cards, context, core
from games.pax_expanse.rules import RULES
from games.pax_expanse.state import GameState, TurnState

Ctx = Context[GameState]
#: Order entry kinds: the core actions and the card-based ones.
CORE = ("purchase", "play")
#: Fields a purchase or play entry may hold besides `action`.
CORE_FIELDS = {"purchase": ("row", "column", "target", "climate", "region"),
               "play": ("card", "side", "bribe", "transports", "agents")}
KINDS = CORE + actions.NAMES
#: Fields every card-based action entry may hold besides its module's own.
CARD_FIELDS = ("card", "bribe")


def begin_turn(state: GameState, seat: str, order: dict[str, Any], answers: dict[str, Any],
               chooser: Chooser | None = None, lenient: bool = False) -> Ctx:
    """A Context for `seat`'s turn on a copy of `state` (the state before the turn)."""
    working = state.clone()
    working.turn_number += 1
    working.turn = TurnState(seat, working.turn_number)
    working.current = seat
    return context.Context(working, seat, order, dict(answers), chooser=chooser, lenient=lenient)


def run_turn(state: GameState, seat: str, order: dict[str, Any], answers: dict[str, Any] | None = None,
             chooser: Chooser | None = None, lenient: bool = False) -> Outcome:
    """Run `seat`'s whole turn from `state`; raises OrderError when the order breaks the rules.

    With `lenient` (a replay after a pause) an action that has become illegal is skipped with an event instead.
    """
    ctx = begin_turn(state, seat, order, answers or {}, chooser, lenient)

    def game_over() -> None:
        ctx.state.turn = None

    parts = [*action_parts(ctx), lambda: RULES.cleanup(ctx), lambda: end_turn(ctx.state)]
    return run_parts(ctx, parts, game_over)


def action_parts(ctx: Ctx) -> list[Callable[[], None]]:
    """The parts of a turn before cleanup: abilities at the start of the turn, then the order's actions."""
    seat, order = ctx.seat, ctx.order

    def the_actions() -> None:
        entries = order.get("actions") or []
        for index, entry in enumerate(entries):
            ctx.where = ("actions", index)
            try:
                take_action(ctx, entry)
            except OrderError as error:
                if not ctx.lenient or error.path[:2] != ctx.where:
                    raise
                ctx.emit(f"{seat}'s action {index + 1} is not taken: {error.message}", kind="action-skipped",
                         seat=seat)

    return [lambda: abilities.start_of_turn(ctx), the_actions]


def end_turn(state: GameState) -> None:
    """Refresh the seat's assets, and pass the turn to the next seat in turn order.

    Only the acting seat's assets are refreshed: an asset another player exhausted by destabilisation stays
    exhausted through its owner's next turn ("Exhausting an Asset"); refreshing every Network would make
    destabilisation do nothing.
    """
    seat = state.turn.seat if state.turn else state.current
    state.players[seat].exhausted.clear()
    state.turn = None
    state.current = state.order[(state.order.index(seat) + 1) % len(state.order)]


def round_ends(state: GameState, seat: str) -> bool:
    """True when `seat` is last in turn order: after its turn, the Rocinante takes its turn."""
    return seat == state.order[-1]


def take_action(ctx: Ctx, entry: Any) -> None:
    """Resolve one entry of the order's action list (ctx.where is its path)."""
    where = ctx.where
    if not isinstance(entry, dict):
        ctx.fail(where, "each action is a mapping such as {action: purchase, row: 1, column: 3}")
    kind = entry.get("action")
    if kind not in KINDS:
        ctx.fail((*where, "action"), f"unknown action {kind!r}; choose one of {', '.join(KINDS)}")
    turn = ctx.state.turn
    assert turn is not None
    if kind not in CORE:
        card_action(ctx, kind, entry)
        return
    unknown = sorted(set(entry) - {"action", *CORE_FIELDS[kind]})
    if unknown:
        ctx.fail((*where, unknown[0]), f"unknown field {unknown[0]!r} for {kind}; fields: "
                 f"{', '.join(CORE_FIELDS[kind])}")
    if not RULES.core_action_left(ctx.state):
        ctx.fail((*where, "action"), f"no actions left for {kind} (purchase and play always count)")
    _check_bribe_limit(ctx, entry)
    for field in ("transports", "agents"):
        if field in entry and not isinstance(entry[field], list):
            ctx.fail((*where, field), f"{field} is a list, one item per {field[:-1]} icon from top to bottom, "
                     f"e.g. {field}: [{'belt-earth' if field == 'transports' else 12}]")
    if kind == "purchase":
        core.purchase(ctx, entry)
    elif not core.play(ctx, entry):
        return  # a bribe not paid: play goes on as if the action had never been taken
    turn.actions += 1


def card_problem(state: GameState, seat: str, number: Any, kind: str) -> tuple[str, str] | None:
    """Why asset `number` cannot take action `kind` now whatever the actions left, as (order field, message)."""
    if not isinstance(number, int) or isinstance(number, bool):  # 12.0 == 12 and True == 1: not card numbers
        able = ", ".join(str(n) for n in state.players[seat].network if kind in RULES.card_actions(n)) or "none"
        return "card", f"card is the number of an asset in your Network, not {number!r}; assets that can {kind}: {able}"
    found = RULES.card_problem(state, seat, number, kind)
    if found is None and number in state.players[seat].exhausted:
        return "card", f"{cards.assets()[number].name} is exhausted and cannot act this turn"
    return found


def may_act(state: GameState, seat: str, number: int, kind: str) -> bool:
    """May `seat`'s asset `number` take action `kind` now? The one answer for orders, robots and the template."""
    return card_problem(state, seat, number, kind) is None and RULES.action_left(state, seat, number)


def card_action(ctx: Ctx, kind: str, entry: dict[str, Any]) -> None:
    """A card-based action: the asset, its one action this turn, the action limit, intimidation, the action."""
    state, seat, where = ctx.state, ctx.seat, ctx.where
    turn = state.turn
    assert turn is not None
    number = entry.get("card")
    found = card_problem(state, seat, number, kind)
    if found is not None:
        ctx.fail((*where, found[0]), found[1])
    assert isinstance(number, int)
    asset = cards.assets()[number]
    module = actions.module(kind)
    if module is None:
        ctx.fail((*where, "action"), f"the {kind} action is not implemented yet")
    unknown = sorted(set(entry) - {"action", *CARD_FIELDS, *module.FIELDS})
    if unknown:
        ctx.fail((*where, unknown[0]), f"unknown field {unknown[0]!r} for {kind}; fields: "
                 f"{', '.join((*CARD_FIELDS, *module.FIELDS))}")
    bonus = RULES.is_favoured(state, seat, number)
    if not RULES.action_left(state, seat, number):
        ctx.fail((*where, "action"), f"no actions left, and {asset.name} is not favoured "
                 f"({RULES.favoured_name(state)})")
    _check_bribe_limit(ctx, entry)
    params = {k: v for k, v in entry.items() if k not in ("action", *CARD_FIELDS)}
    owed = RULES.hostage_bribe(state, number)
    if owed is not None and not RULES.settle_bribe(ctx, seat, owed[0], owed[1], HOSTAGE, (*where, "bribe"),
                                                   f"use {asset.name}"):
        return
    problems = module.problems(state, seat, number, params, where)
    if problems:
        raise OrderError(problems[0].path, problems[0].message)
    module.perform(ctx, seat, number, params)
    turn.used.append(number)
    if number in state.players[seat].network and number not in state.players[seat].exhausted:
        bisect.insort(state.players[seat].exhausted, number)  # kept ascending, as the state encodes it
    if not bonus:
        turn.actions += 1


def _check_bribe_limit(ctx: Ctx, entry: dict[str, Any]) -> None:
    """A bribe limit, when given, is the most influence the seat will pay: a whole number, zero or more."""
    limit = entry.get("bribe")
    if limit is not None and (not isinstance(limit, int) or isinstance(limit, bool) or limit < 0):
        ctx.fail((*ctx.where, "bribe"), f"bribe is the most influence you will pay (0 or more), not {limit!r}")
