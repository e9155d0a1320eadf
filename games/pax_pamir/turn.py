"""One seat's turn, run from its start: Blackmail, up to two actions plus bonus actions, then cleanup.

A turn runs on a copy of the state inside a Context, as parts: Blackmail, each action of the order, cleanup. It
ends in one of three ways: completed (the next seat is up), paused (a decision is owed; once answered the turn runs
again from its start, or from the start of the part it paused in: games/pax/paused.py), or the game ends.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.contract import Path
from games.pax.context import Chooser, OrderError, Question
from games.pax.noted import copied
from games.pax.turn import Outcome, Point, TurnActions, entry_parts, raise_first, run_parts, turn_context
from games.pax.turnstate import TurnState
from games.pax_pamir import actions, core, queries
from games.pax_pamir.context import Context
from games.pax_pamir.pieces import place_spy
from games.pax_pamir.rules import RULES
from games.pax_pamir.seats import seat_rules
from games.pax_pamir.state import GameState

#: The class of this game's turns in progress (a stored point is decoded into one).
CONTEXT = Context
#: Blackmail abilities and the region whose cards they reach.
BLACKMAIL = {"blackmail_herat": "herat", "blackmail_kandahar": "kandahar"}
NO_SPY = "none"


def turn_state(state: GameState, seat: str) -> GameState:
    """A copy of `state` (the state before the turn) with `seat`'s turn begun."""
    working = state.clone()
    working.turn_number += 1
    working.turn = TurnState(seat, working.turn_number)
    working.current = seat
    return working


def begin_turn(state: GameState, seat: str, order: dict[str, Any], answers: dict[str, Any],
               chooser: Chooser | None = None, lenient: bool = False) -> Context:
    """A Context for `seat`'s turn on a copy of `state` (the state before the turn)."""
    return Context(turn_state(state, seat), seat, order, copied(answers), chooser=chooser, lenient=lenient)


def play_turn(ctx: Context, actions_of_turn: Sequence[Callable[[], None]], since: Point | None = None,
              until: int | None = None) -> Outcome:
    """Blackmail, the turn's actions, then cleanup; a pause or the game's end stops the turn where it stands (the
    kernel's run_parts, from the start or from the point `since`)."""
    def game_over() -> None:
        ctx.state.turn = None

    return run_parts(ctx, (lambda: blackmail(ctx), *actions_of_turn, lambda: RULES.cleanup(ctx),
                           lambda: end_turn(ctx.state)), game_over, since, until)


def run_turn(state: GameState, seat: str, order: dict[str, Any], answers: dict[str, Any] | None = None,
             chooser: Chooser | None = None, lenient: bool = False, *, point: Point | None = None,
             until: int | None = None) -> Outcome:
    """Run `seat`'s whole turn from `state`, or on from `point` where an earlier run of it from `state` stood,
    to its end or to the start of part `until`; raises OrderError when the order breaks the rules. Each action of
    the order is a part of the turn.

    With `lenient` (a replay after a pause) an action that has become illegal is skipped with an event instead.
    """
    ctx = turn_context(begin_turn, state, seat, order, answers, chooser, lenient, point)
    return play_turn(ctx, entry_parts(ctx, take_action, _skipped), point, until)


def _skipped(seat: str, index: int, entry: Any, error: OrderError) -> str:
    """The event of an action a replay after a pause does not take."""
    return f"{seat}'s action {index + 1} ({entry.get('action')}) is not taken: {error.message}"


def end_turn(state: GameState) -> None:
    """Pass the turn clockwise."""
    seat = state.turn.seat if state.turn else state.current
    state.turn = None
    state.current = RULES.next_seat(state, seat)


def blackmail(ctx: Context) -> None:
    """Blackmail: at the start of the turn, a spy may go on a card of the ability's region that has no spies."""
    ctx.where = ("blackmail",)
    given = ctx.order.get("blackmail") or {}
    for region in given:
        ability = next((a for a, r in BLACKMAIL.items() if r == region), "")
        if not queries.has_ability(ctx.state, ctx.seat, ability):
            ctx.fail(("blackmail", region), f"you have no Blackmail card for {region} in your court")
    for ability, region in BLACKMAIL.items():
        if not queries.has_ability(ctx.state, ctx.seat, ability):
            continue
        targets = blackmail_targets(ctx.state, region)
        if not targets:
            continue
        choice = ctx.ask(Question(ctx.seat, ctx.key(region), "choice",
                                  f"Blackmail: place a spy on a {region} court card without spies, or none",
                                  (*targets, NO_SPY), path=("blackmail", region), default=NO_SPY))
        if choice != NO_SPY:
            place_spy(ctx, ctx.seat, choice)


def blackmail_targets(state: GameState, region: str) -> tuple[int, ...]:
    """Court cards of `region`, in any court, that carry no spies."""
    return tuple(n for n in queries.courts_in_order(state)
                 if queries.court_card(n).region == region and not queries.spies_on(state, n))


class PamirActions(TurnActions):
    """The order's action entries in Pax Pamir's words: rupees, roads and spies, hostage bribes; a seat the game
    plays (Wakhan) counts its actions and decides its details by its own rules (seat_rules)."""

    #: The slot and an event's choice; the card, its side, the most bribe paid and the answers to its impact icons.
    CORE_FIELDS = {"purchase": ("row", "column", "target", "suit", "region"),
                   "play": ("card", "side", "bribe", "roads", "spies")}
    BRIBE_FIELD = "hostage_bribe"
    MONEY = "rupees"
    LIST_EXAMPLES = {"roads": "kabul-punjab", "spies": "25"}
    NOT_FAVOURED = "is not of the favored suit"

    def card_name(self, number: int) -> str:
        """The court card's name."""
        return queries.court_card(number).name

    def purchase(self, ctx: Context, entry: dict[str, Any]) -> None:
        """Purchase (core.purchase)."""
        core.purchase(ctx, entry)

    def play(self, ctx: Context, entry: dict[str, Any]) -> bool:
        """Play (core.play)."""
        return core.play(ctx, entry)

    def counts_as_action(self, state: GameState, seat: str, kind: str) -> bool:
        """The seat's own rules say (Wakhan's purchase and play may be free)."""
        return seat_rules(state, seat).counts_as_action(state, seat, kind)

    def before_hostage_bribe(self, state: GameState, seat: str, holder: str, amount: int, module: actions.Action,
                             number: int, params: dict[str, Any], where: Path) -> None:
        """Details no bribe the holder may ask could make legal are refused before anyone is asked."""
        if not _legal_after_some_bribe(state, seat, holder, amount, module, number, params, where):
            raise_first(module.problems(state, seat, number, params, where))

    def fill(self, ctx: Context, kind: str, number: int, params: dict[str, Any]) -> dict[str, Any]:
        """A seat the game plays decides its details on what the hostage bribe left (seat_rules.fill)."""
        return seat_rules(ctx.state, ctx.seat).fill(ctx, kind, number, params)


ACTIONS = PamirActions(RULES, actions.REGISTRY)
#: Order entry kinds: the core actions and the card-based ones.
KINDS = ACTIONS.kinds


def take_action(ctx: Context, entry: Any) -> None:
    """Resolve one entry of the order's action list (ctx.where is its path)."""
    ACTIONS.take_action(ctx, entry)


def _legal_after_some_bribe(state: GameState, seat: str, holder: str, amount: int, module: actions.Action,
                            number: int, params: dict[str, Any], where: Path) -> bool:
    """True when some hostage bribe the holder may ask (0 to `amount`, as far as `seat` can pay) makes the
    action's details legal."""
    for paid in range(min(amount, state.players[seat].rupees) + 1):
        trial = state
        if paid:
            trial = state.clone()
            trial.players[seat].rupees -= paid
            trial.players[holder].rupees += paid
        if not module.problems(trial, seat, number, params, where):
            return True
    return False
