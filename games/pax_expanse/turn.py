"""One seat's turn (rulebook "Sequence of Play"): up to two actions plus bonus actions, then cleanup.

A turn runs on a copy of the state inside a Context, through the kernel's turn frame: abilities at the start of the
turn, each action of the order, cleanup. It ends completed (the next seat is up), paused (answers are owed; once
they arrive the turn runs again from its start, or from the start of the part it paused in: a seat's turn draws no
randomness), or with the game's end.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Sequence
from typing import Any

from games.pax.context import Chooser, Context, OrderError
from games.pax.noted import copied
from games.pax.turn import Outcome, Point, TurnActions, entry_parts, run_parts, turn_context
from games.pax_expanse import abilities, actions, cards, context, core
from games.pax_expanse.rules import RULES
from games.pax_expanse.state import GameState, TurnState

Ctx = Context[GameState]
#: The class of this game's turns in progress (a stored point is decoded into one).
CONTEXT = context.Context


def begin_turn(state: GameState, seat: str, order: dict[str, Any], answers: dict[str, Any],
               chooser: Chooser | None = None, lenient: bool = False) -> Ctx:
    """A Context for `seat`'s turn on a copy of `state` (the state before the turn)."""
    working = state.clone()
    working.turn_number += 1
    working.turn = TurnState(seat, working.turn_number)
    working.current = seat
    return context.Context(working, seat, order, copied(answers), chooser=chooser, lenient=lenient)


def run_turn(state: GameState, seat: str, order: dict[str, Any], answers: dict[str, Any] | None = None,
             chooser: Chooser | None = None, lenient: bool = False, *, point: Point | None = None,
             until: int | None = None) -> Outcome:
    """Run `seat`'s whole turn from `state`, or on from `point` where an earlier run of it from `state` stood,
    to its end or to the start of part `until`; raises OrderError when the order breaks the rules. Each action of
    the order is a part of the turn.

    With `lenient` (a replay after a pause) an action that has become illegal is skipped with an event instead.
    """
    ctx = turn_context(begin_turn, state, seat, order, answers, chooser, lenient, point)
    return finish_turn(ctx, action_parts(ctx), since=point, until=until)


def finish_turn(ctx: Ctx, parts: Sequence[Callable[[], None]],
                actions_done: Callable[[Ctx], None] | None = None, since: Point | None = None,
                until: int | None = None) -> Outcome:
    """The turn frame around `parts` (the turn's actions, or what is left of them): then `actions_done` sees the
    turn with its actions taken, then cleanup and the next seat; a pause or the game's end stops it there (the
    kernel's run_parts, from the start or from the point `since`)."""
    def game_over() -> None:
        ctx.state.turn = None

    done = [] if actions_done is None else [lambda: actions_done(ctx)]
    return run_parts(ctx, [*parts, *done, lambda: RULES.cleanup(ctx), lambda: end_turn(ctx.state)], game_over,
                     since, until)


def action_parts(ctx: Ctx) -> list[Callable[[], None]]:
    """The parts of a turn before cleanup: abilities at the start of the turn, then each of the order's actions."""
    return [lambda: abilities.start_of_turn(ctx), *entry_parts(ctx, take_action, _skipped)]


def _skipped(seat: str, index: int, entry: Any, error: OrderError) -> str:
    """The event of an action a replay after a pause does not take."""
    return f"{seat}'s action {index + 1} is not taken: {error.message}"


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


class ExpanseActions(TurnActions):
    """The order's action entries in Pax Expanse's words: influence, transports and agents, exhausted assets."""

    CORE_FIELDS = {"purchase": ("row", "column", "target", "climate", "region"),
                   "play": ("card", "side", "bribe", "transports", "agents")}
    MONEY = "influence"
    LIST_EXAMPLES = {"transports": "belt-earth", "agents": "12"}
    ICON_ORDER = "from top to bottom"

    def card_name(self, number: int) -> str:
        """The asset's name."""
        return cards.assets()[number].name

    def purchase(self, ctx: Ctx, entry: dict[str, Any]) -> None:
        """Purchase (core.purchase)."""
        core.purchase(ctx, entry)

    def play(self, ctx: Ctx, entry: dict[str, Any]) -> bool:
        """Play (core.play)."""
        return core.play(ctx, entry)

    def card_problem(self, state: GameState, seat: str, number: Any, kind: str) -> tuple[str, str] | None:
        """Only a whole number names an asset, and an exhausted asset cannot act (card_problem)."""
        return card_problem(state, seat, number, kind)

    def card_acted(self, state: GameState, seat: str, number: int) -> None:
        """An asset of the Network that acted is exhausted."""
        if number in state.players[seat].network and number not in state.players[seat].exhausted:
            bisect.insort(state.players[seat].exhausted, number)  # kept ascending, as the state encodes it


ACTIONS = ExpanseActions(RULES, actions.REGISTRY)
#: Order entry kinds: the core actions and the card-based ones.
KINDS = ACTIONS.kinds


def take_action(ctx: Ctx, entry: Any) -> None:
    """Resolve one entry of the order's action list (ctx.where is its path)."""
    ACTIONS.take_action(ctx, entry)
