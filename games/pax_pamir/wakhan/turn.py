"""Wakhan's whole turn: reveal the AI card, Blackmail, two actions from the card's list (her ambition first),
bonus actions from her court, then cleanup; every decision is recorded as a public event with its reason."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from games.pax.context import OrderError
from games.pax.turn import Outcome
from games.pax_pamir import names, queries
from games.pax_pamir.actions.battle import limit
from games.pax_pamir.rules import RULES
from games.pax_pamir.state import GameState
from games.pax_pamir.turn import play_turn, take_action, turn_state
from games.pax_pamir.wakhan.actions import Plan, plan_betray, plan_build, plan_gift, plan_move, plan_tax
from games.pax_pamir.wakhan.battle import plan_battle, plan_battle_on_spied_card
from games.pax_pamir.wakhan.decide import WakhanContext
from games.pax_pamir.wakhan.deck import Reading, label, reading, seat_of
from games.pax_pamir.wakhan.loyalty import pragmatic_loyalty
from games.pax_pamir.wakhan.play import radicalize
from games.pax_pamir.wakhan.priority import by_priority, why_best
from games.pax_pamir.wakhan.radicalize import by_code, unmet, weigh_ambition

Planner = Callable[[GameState, str, Reading], Plan | None]

#: Her default behaviour for each card-based action, and the action codes that name one.
DEFAULTS: dict[str, Planner] = {"tax": plan_tax, "gift": plan_gift, "build": plan_build, "betray": plan_betray,
                                "move": plan_move, "battle": plan_battle}
CARD_CODES: dict[str, Planner] = {**DEFAULTS, "battle_on_spied_card": plan_battle_on_spied_card}
#: Why a card-based code cannot be taken, in words, when its planner finds nothing to do.
NOTHING: dict[str, str] = {
    "tax": "no player she may tax has rupees beyond their shelter, and no market card carries rupees",
    "gift": "she cannot afford an empty gift space (or has no cylinder for it)",
    "build": "she rules no region, or holds fewer than two rupees",
    "betray": "no card with a prize carries her spy, or she holds fewer than two rupees",
    "move": "no army of hers stands next to a region where other players' tribes outnumber her armies, or each "
            "one there would lose her a ruler token by leaving",
    "battle": "no region holds her army and another player's pieces, and no card carries her spy and another's",
    "battle_on_spied_card": "no court card carries both her spy and another player's",
}


def run(start: GameState, answers: dict[str, Any] | None = None) -> Outcome:
    """Run Wakhan's turn from `start` (her AI card already drawn); pauses only for questions to the humans."""
    seat = seat_of(start)
    assert seat is not None
    working = turn_state(start, seat)
    ctx = WakhanContext(working, seat, {}, dict(answers or {}))
    now = reading(working)
    ctx.emit(f"Wakhan's turn. {now.describe()} Her pragmatic loyalty is "
             f"{names.coalition(pragmatic_loyalty(working, now, seat))}.", kind="wakhan-card", card=now.card,
             back_columns=list(now.back.column_numbers), back_rows=list(now.back.row_side))
    ctx.where = ("blackmail",)

    def her_actions() -> None:
        action_list(ctx, now)
        bonus_actions(ctx, now)

    return play_turn(ctx, (her_actions,))


def action_list(ctx: WakhanContext, now: Reading) -> None:
    """Work down the card's actions, round again as needed, until two actions count or a full pass does nothing."""
    turn = ctx.state.turn
    assert turn is not None
    codes = now.front.actions
    index = idle = step = 0
    told: set[str] = set()
    while turn.actions < RULES.ACTION_LIMIT and idle < len(codes):
        ctx.where = ("wakhan", step)
        step += 1
        pick, passed = weigh_ambition(ctx.state, ctx.seat)
        for why in passed:
            if why not in told:  # once a turn, unless something changed
                told.add(why)
                ctx.emit(f"Wakhan's ambition passes: {why}.", kind="wakhan", reason="ambition")
        if pick is not None:
            radicalize(ctx, now, pick)
            idle = 0
            continue
        code = codes[index % len(codes)]
        index += 1
        idle = 0 if take_code(ctx, now, code) else idle + 1


def take_code(ctx: WakhanContext, now: Reading, code: str) -> bool:
    """Take one action code of the AI card; False (with the reason recorded) when it cannot be taken."""
    state, seat = ctx.state, ctx.seat
    turn = state.turn
    assert turn is not None
    if code.startswith("radicalize"):
        why_not = unmet(state, seat, code)
        pick = None if why_not else by_code(state, seat, code, now)
        if pick is None:
            _skip(ctx, code, why_not or "no market card she may buy and afford fits")
            return False
        radicalize(ctx, now, replace(pick, reason=f"her card says \"{label(code)}\"; {pick.reason}"))
        return True
    plan = CARD_CODES[code](state, seat, now)
    if plan is None:
        _skip(ctx, code, NOTHING[code])
        return False
    able = usable_cards(state, seat, plan)
    if not able:
        _skip(ctx, code, f"no unused card of her court can {plan.action} now")
        return False
    card = by_priority(state, seat, able)[0]
    ctx.emit(f"Wakhan takes the action \"{label(code)}\" with {queries.court_card(card).name} "
             f"({why_best(state, seat, card, able)}): {plan.reason}.", kind="wakhan", code=code, card=card)
    return use_card(ctx, now, card, CARD_CODES[code])


def _skip(ctx: WakhanContext, code: str, why: str) -> None:
    ctx.emit(f"Wakhan skips \"{label(code)}\": {why}.", kind="wakhan", code=code, skipped=True)


def hostage_cost(state: GameState, seat: str, card: int) -> int:
    """The most a hostage bribe for using `card` could cost her."""
    hostage = RULES.hostage_bribe(state, card)
    # Under her Courtly Manners she always declines the bribe (a "may" she always uses).
    if hostage is None or queries.bribes_waived(state, seat, "hostage") or queries.may_decline_bribes(state, seat):
        return 0
    return hostage[1]


def usable_cards(state: GameState, seat: str, plan: Plan) -> list[int]:
    """Her unused court cards offering the plan's action whose hostage bribe and cost she can pay, and which
    may still act (a favored-suit card always may: its action is a bonus)."""
    rupees = state.players[seat].rupees
    return [n for n in state.players[seat].court
            if RULES.may_act(state, seat, n, plan.action) and hostage_cost(state, seat, n) + plan.minimum <= rupees]


def use_card(ctx: WakhanContext, now: Reading, card: int, planner: Planner) -> bool:
    """Take the planned action with `card` as an order entry, resolved by the rules (turn.take_action): any
    hostage bribe is settled there first, and her details are planned again on what it leaves."""
    state, seat = ctx.state, ctx.seat
    turn = state.turn
    assert turn is not None
    plan = planner(state, seat, now)
    if plan is None:
        return False
    bonus = queries.is_favored(state, seat, card)

    def replan(after: GameState, number: int) -> dict[str, Any] | None:
        again = planner(after, seat, now)
        if again is None or again.minimum > after.players[seat].rupees:
            return None
        return again.entry(number)

    name = queries.court_card(card).name
    entry = plan.entry(card)
    ctx.replan, ctx.note = replan, {**plan.note, "card": card}
    if plan.action == "battle":  # her report names her strength there
        ctx.note["strength"] = limit(state, seat, card, entry["site"])
    try:
        take_action(ctx, entry)
    except OrderError:
        # Only the hostage bribe stands between planning and acting: what it left is not enough.
        ctx.emit(f"After the bribe Wakhan can no longer act with {name}.", kind="wakhan")
        return False
    finally:
        ctx.replan, ctx.note = None, {}
    if card not in turn.used:
        return False  # the hostage bribe was refused
    if bonus:
        ctx.emit(f"{name} is of the favored suit: a bonus action.", kind="wakhan", card=card)
    return True


def bonus_actions(ctx: WakhanContext, now: Reading) -> None:
    """Bonus actions: her leftmost unused favored-suit card first, its leftmost action she can take."""
    state, seat = ctx.state, ctx.seat
    turn = state.turn
    assert turn is not None
    step = 0
    acted = True
    while acted:
        acted = False
        for card in list(state.players[seat].court):
            if card not in state.players[seat].court or not queries.is_favored(state, seat, card):
                continue
            for action in queries.court_card(card).actions:
                if not RULES.may_act(state, seat, card, action):
                    continue
                plan = DEFAULTS[action](state, seat, now)
                if plan is None or hostage_cost(state, seat, card) + plan.minimum > state.players[seat].rupees:
                    continue
                ctx.where = ("bonus", step)
                step += 1
                ctx.emit(f"Wakhan's bonus action: {action} with {queries.court_card(card).name}, her leftmost "
                         f"unused favored-suit card ({plan.reason}).", kind="wakhan", card=card, code=action)
                if use_card(ctx, now, card, DEFAULTS[action]):
                    acted = True
                    break
            if acted:
                break
