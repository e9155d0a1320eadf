"""One seat's turn, run from its start: Blackmail, up to two actions plus bonus actions, then cleanup.

A turn runs on a copy of the state inside a Context. It ends in one of three ways: completed (the next seat is
up), paused (a decision is owed; the turn replays from its start once answered), or the game ends.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.contract import Path
from games.pax.bribes import HOSTAGE
from games.pax.context import Chooser, OrderError, Question
from games.pax.turn import Outcome, run_parts
from games.pax_pamir import actions, core, queries
from games.pax_pamir.context import Context
from games.pax_pamir.pieces import place_spy
from games.pax_pamir.rules import RULES
from games.pax_pamir.state import GameState, TurnState

#: Order entry kinds: the core actions and the card-based ones.
CORE = ("purchase", "play")
#: Fields a purchase or play entry may hold besides `action`: the slot and an event's choice; the card, its side,
#: the most bribe paid and the answers to its impact icons.
CORE_FIELDS = {"purchase": ("row", "column", "target", "suit", "region"),
               "play": ("card", "side", "bribe", "roads", "spies")}
KINDS = CORE + actions.NAMES
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
    return Context(turn_state(state, seat), seat, order, dict(answers), chooser=chooser, lenient=lenient)


def play_turn(ctx: Context, actions_of_turn: Callable[[], None]) -> Outcome:
    """Blackmail, the turn's actions, then cleanup; a pause or the game's end stops the turn where it stands."""
    def game_over() -> None:
        ctx.state.turn = None

    return run_parts(ctx, (lambda: blackmail(ctx), actions_of_turn, lambda: RULES.cleanup(ctx), lambda: end_turn(ctx.state)),
                     game_over)


def run_turn(state: GameState, seat: str, order: dict[str, Any], answers: dict[str, Any] | None = None,
             chooser: Chooser | None = None, lenient: bool = False) -> Outcome:
    """Run `seat`'s whole turn from `state`; raises OrderError when the order breaks the rules.

    With `lenient` (a replay after a pause) an action that has become illegal is skipped with an event instead.
    """
    ctx = begin_turn(state, seat, order, answers or {}, chooser, lenient)

    def the_orders() -> None:
        for index, entry in enumerate(order.get("actions") or []):
            ctx.where = ("actions", index)
            try:
                take_action(ctx, entry)
            except OrderError as error:
                if not lenient or error.path[:2] != ctx.where:
                    raise
                ctx.emit(f"{seat}'s action {index + 1} ({entry.get('action')}) is not taken: {error.message}",
                         kind="action-skipped", seat=seat)

    return play_turn(ctx, the_orders)


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


def take_action(ctx: Context, entry: Any) -> None:
    """Resolve one entry of the order's action list (ctx.where is its path)."""
    where = ctx.where
    if not isinstance(entry, dict):
        ctx.fail(where, "each action is a mapping such as {action: purchase, row: 1, column: 3}")
    kind = entry.get("action")
    if kind not in KINDS:
        ctx.fail((*where, "action"), f"unknown action {kind!r}; choose one of {', '.join(KINDS)}")
    turn = ctx.state.turn
    assert turn is not None
    if kind in CORE:
        unknown = sorted(set(entry) - {"action", *CORE_FIELDS[kind]})
        if unknown:
            ctx.fail((*where, unknown[0]), f"unknown field {unknown[0]!r} for {kind}; fields: "
                     f"{', '.join(CORE_FIELDS[kind])}")
        if not RULES.core_action_left(ctx.state):
            ctx.fail((*where, "action"), f"no actions left for {kind} (purchase and play always count)")
        _check_bribe_limit(ctx, entry, "bribe")
        for field in ("roads", "spies"):
            if field in entry and not isinstance(entry[field], list):
                ctx.fail((*where, field), f"{field} is a list, one item per {field[:-1]} icon in printed order, "
                         f"e.g. {field}: [{'kabul-punjab' if field == 'roads' else 25}]")
        if kind == "purchase":
            core.purchase(ctx, entry)
        elif not core.play(ctx, entry):
            return  # a refused bribe: play goes on as if the action had never been taken
        turn.actions += 1
        return
    card_action(ctx, kind, entry)


def card_action(ctx: Context, kind: str, entry: dict[str, Any]) -> None:
    """A card-based action: the card, its use this turn, the action limit, a hostage bribe, then the action."""
    state, seat, where = ctx.state, ctx.seat, ctx.where
    turn = state.turn
    assert turn is not None
    number = entry.get("card")
    found = RULES.card_problem(state, seat, number, kind)
    if found is not None:
        ctx.fail((*where, found[0]), found[1])
    assert number is not None  # in the court
    card = queries.court_card(number)
    module = actions.module(kind)
    if module is None:
        ctx.fail((*where, "action"), f"the {kind} action is not implemented yet")
    unknown = sorted(set(entry) - {"action", "card", "hostage_bribe", *module.FIELDS})
    if unknown:
        ctx.fail((*where, unknown[0]), f"unknown field {unknown[0]!r} for {kind}; fields: "
                 f"{', '.join(('card', 'hostage_bribe', *module.FIELDS))}")
    bonus = queries.is_favored(state, seat, number)
    if not RULES.action_left(state, seat, number):
        ctx.fail((*where, "action"), f"no actions left, and {card.name} is not of the favored suit ({state.favored})")
    _check_bribe_limit(ctx, entry, "hostage_bribe")
    params = {k: v for k, v in entry.items() if k not in ("action", "card", "hostage_bribe")}
    hostage = RULES.hostage_bribe(state, number)
    if hostage is not None:
        holder, amount = hostage
        if not _legal_after_some_bribe(state, seat, holder, amount, module, number, params, where):
            # Whatever the holder asks, these details stay illegal: refuse them before anyone is asked.
            _raise_first(module.problems(state, seat, number, params, where))
        if not RULES.settle_bribe(ctx, seat, holder, amount, HOSTAGE, (*where, "hostage_bribe"), f"use {card.name}"):
            return
    # The hostage bribe is paid before the details are judged (it may fund the tax of its own receiver, or leave
    # too few rupees for the action's cost).
    _raise_first(module.problems(state, seat, number, params, where))
    module.perform(ctx, seat, number, params)
    turn.used.append(number)
    if not bonus:
        turn.actions += 1


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


def _check_bribe_limit(ctx: Context, entry: dict[str, Any], field: str) -> None:
    """A bribe limit, when given, is the most rupees the seat will pay: a whole number, zero or more."""
    limit = entry.get(field)
    if limit is not None and (not isinstance(limit, int) or isinstance(limit, bool) or limit < 0):
        ctx.fail((*ctx.where, field), f"{field} is the most rupees you will pay (0 or more), not {limit!r}")


def _raise_first(problems: list[Any]) -> None:
    if problems:
        raise OrderError(problems[0].path, problems[0].message)
