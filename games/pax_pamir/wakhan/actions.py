"""Wakhan's card-based actions with her default behaviour: Tax, Gift, Build, Betray and Move (Battle is in
battle.py). Each `plan_*` says whether the action can be taken now and why; the plan's `entry` is the order entry a
person would write for it with the court card chosen, which the rules (turn.take_action) then resolve."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from games.pax.pieces import bump
from games.pax_pamir import cards, names, queries
from games.pax_pamir.actions import betray as betray_action
from games.pax_pamir.actions import build as build_action
from games.pax_pamir.actions import gift as gift_action
from games.pax_pamir.actions import move as move_action
from games.pax_pamir.actions import tax as tax_action
from games.pax_pamir.actions._common import rank
from games.pax_pamir.context import Context
from games.pax_pamir.state import GameState
from games.pax_pamir.wakhan.deck import Reading
from games.pax_pamir.wakhan.loyalty import pragmatic_loyalty, regions_ruled, ruler
from games.pax_pamir.wakhan.priority import by_priority, red_arrow_seats, why_best

Entry = dict[str, Any]


@dataclass(frozen=True)
class Plan:
    """A card-based action she can take now: its name, its rupee cost, why, and the order entry for a card."""

    action: str
    cost: int
    reason: str
    details: Callable[[int], Entry]
    #: The least she must hold to take the action at all (Build spends what there is; others cost `cost`).
    least: int | None = None
    #: Her reasons, for the wording of the rules' lines about this action (WakhanContext.note).
    note: dict[str, Any] = field(default_factory=dict)

    def entry(self, card: int) -> Entry:
        """The order entry taking this action with court card `card`."""
        return {"action": self.action, "card": card, **self.details(card)}

    @property
    def minimum(self) -> int:
        """Rupees she needs to take the action at all."""
        return self.cost if self.least is None else self.least


# --- Tax ------------------------------------------------------------------------------------------------------


def tax_take(state: GameState, seat: str, reading: Reading, amount: int) -> list[str | int]:
    """Her `amount` rupees' sources among those the rules let her tax: players first, the richest each time (red
    arrow on ties), then market cards from the left (the red arrow's row first within a column)."""
    left = tax_action.available(state, seat)
    arrow = red_arrow_seats(state, seat, reading.row_side)
    players = [s for s in left if isinstance(s, str)]
    rows = (reading.row, 1 - reading.row)
    market_order = [state.market[r][c] for c in range(len(state.market[0])) for r in rows
                    if state.market[r][c] in left]
    take: list[str | int] = []
    for _ in range(amount):
        able = [s for s in players if left[s]]
        source: str | int | None
        if able:
            source = max(able, key=lambda s: (state.players[s].rupees - take.count(s), -arrow.index(s)))
        else:
            source = next((n for n in market_order if n is not None and left[n]), None)
        if source is None:
            break
        left[source] -= 1
        take.append(source)
    return take


def plan_tax(state: GameState, seat: str, reading: Reading) -> Plan | None:
    """Tax when at least one rupee can be taken."""
    if not tax_take(state, seat, reading, 1):
        return None
    return Plan("tax", 0, "there are rupees she may tax",
                lambda card: {"take": tax_take(state, seat, reading, rank(card))})


# --- Gift -----------------------------------------------------------------------------------------------------


def plan_gift(state: GameState, seat: str, reading: Reading) -> Plan | None:
    """The cheapest empty gift space she can afford, if the rules let her give it (a cylinder for it)."""
    prices = [p for p in gift_action.affordable(state, seat)
              if not gift_action.problems(state, seat, 0, {"price": p}, ())]
    if not prices:
        return None
    price = prices[0]
    return Plan("gift", price, f"the {price}-rupee gift is the cheapest she can afford", lambda card: {"price": price})


# --- Build ----------------------------------------------------------------------------------------------------


def plan_build(state: GameState, seat: str, reading: Reading) -> Plan | None:
    """Armies in the first region of her region order that she rules, as many as her rupees allow."""
    ruled = regions_ruled(state, seat)
    blocks = build_action.most_blocks(state, seat)
    if not ruled or not blocks:
        return None
    region = next(r for r in reading.front.region_order if r in ruled)
    cost = build_action.cost(state, seat, blocks)
    details: Entry = {"place": [region] * blocks}
    if queries.has_ability(state, seat, "infrastructure"):
        details["extra"] = region  # Infrastructure: she always takes the free extra army, in the same region

    return Plan("build", cost, f"she rules {names.region(region)}", lambda card: dict(details), least=build_action.PRICE)


# --- Betray ---------------------------------------------------------------------------------------------------


def betray_targets(state: GameState, seat: str) -> list[int]:
    """Court cards she may betray (the rules' Betray: her spy on it, and no Bodyguards protecting it, hers included)
    that carry a prize."""
    return [n for n in betray_action.targets(state, seat) if queries.court_card(n).prize is not None]


def plan_betray(state: GameState, seat: str, reading: Reading) -> Plan | None:
    """Betray the highest-priority card with a prize and her spy, and keep the prize."""
    targets = betray_targets(state, seat)
    if not targets or state.players[seat].rupees < betray_action.COST:
        return None
    target = by_priority(state, seat, targets)[0]
    why = why_best(state, seat, target, targets)

    return Plan("betray", betray_action.COST, f"{queries.court_card(target).name} carries a prize and her spy",
                lambda card: {"target": target}, note={"why": why})


# --- Move -----------------------------------------------------------------------------------------------------


def _other_tribes(state: GameState, seat: str, region: str) -> int:
    return sum(n for s, n in state.tribes.get(region, {}).items() if s != seat)


def next_move(state: GameState, seat: str, reading: Reading) -> tuple[str, str] | None:
    """One army move (origin, destination): into a neighbouring region where other players have more tribes than
    she has armies, from any region holding her army unless it would lose her its ruler token; region order on
    ties."""
    coalition = pragmatic_loyalty(state, reading, seat)
    order = reading.front.region_order
    for destination in order:
        if state.armies.get(destination, {}).get(coalition, 0) >= _other_tribes(state, seat, destination):
            continue
        for origin in order:
            if origin not in cards.board().neighbours[destination]:
                continue
            armies = state.armies.get(origin, {}).get(coalition, 0)
            if armies == 0:
                continue
            if ruler(state, origin) == seat:
                trial = state.clone()  # would she still rule it with one army fewer?
                bump(trial.armies[origin], coalition, -1)
                if ruler(trial, origin) != seat:
                    continue
            return origin, destination
    return None


def planned_moves(state: GameState, seat: str, reading: Reading, count: int) -> list[Entry]:
    """Up to `count` army moves, each chosen on the state the moves before it leave (tried on a copy by the rules'
    own Move)."""
    scratch = Context(state.clone(), seat, {})
    moves: list[Entry] = []
    for _ in range(count):
        step = next_move(scratch.state, seat, reading)
        if step is None:
            break
        moves.append({"army": step[0], "to": step[1]})
        move_action.perform(scratch, seat, 0, {"moves": moves[-1:]})
    return moves


def plan_move(state: GameState, seat: str, reading: Reading) -> Plan | None:
    """Move armies (no roads needed) towards other players' tribes, one army per point of the card's rank."""
    if next_move(state, seat, reading) is None:
        return None
    return Plan("move", 0, "an army can move towards other players' tribes",
                lambda card: {"moves": planned_moves(state, seat, reading, rank(card))})
