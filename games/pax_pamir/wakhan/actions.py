"""Wakhan's card-based actions with her default behaviour: Tax, Gift, Build, Betray and Move (Battle is in
battle.py). Each `plan_*` says whether the action can be taken now and why; the plan's `entry` is the order entry a
person would write for it with the court card chosen, which the rules (turn.card_action) then resolve."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from games.pax_pamir import cards, queries
from games.pax_pamir.actions import betray as betray_action
from games.pax_pamir.actions import move as move_action
from games.pax_pamir.context import Context
from games.pax_pamir.market import market_cards
from games.pax_pamir.pieces import cylinder_sources
from games.pax_pamir.state import GIFT_PRICES, GameState, bump
from games.pax_pamir.wakhan.deck import Reading
from games.pax_pamir.wakhan.loyalty import pragmatic_loyalty, regions_ruled, ruler
from games.pax_pamir.wakhan.priority import by_priority, red_arrow_seats, why_best

#: Rupees per Build unit and for a Betray.
BUILD_PRICE = BETRAY_PRICE = 2
BUILD_UNITS = 3


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


def article(word: str) -> str:
    """ "an" before a vowel ("an afghan army"), else "a"."""
    return "an" if word[:1] in "aeiou" else "a"


def rank(number: int) -> int:
    """A court card's rank: the strength of Tax, Move and Battle."""
    return queries.court_card(number).rank


# --- Tax ------------------------------------------------------------------------------------------------------


def taxable_players(state: GameState, seat: str) -> list[str]:
    """Other seats with a court card of a region she rules (any region with Claim of Ancient Lineage) and rupees
    beyond their tax shelter."""
    regions = (set(cards.board().regions) if queries.has_ability(state, seat, "claim_of_ancient_lineage")
               else set(regions_ruled(state, seat)))
    return [s for s in state.seats if s != seat
            and any(queries.court_card(n).region in regions for n in state.players[s].court)
            and state.players[s].rupees > queries.tax_shelter(state, s)]


def tax_take(state: GameState, seat: str, reading: Reading, amount: int) -> list[str | int]:
    """Her `amount` rupees' sources: players first, the richest each time (red arrow on ties), then market cards
    from the left (the red arrow's row first within a column)."""
    rupees = {s: state.players[s].rupees for s in state.seats}
    shelter = {s: queries.tax_shelter(state, s) for s in state.seats}
    arrow = red_arrow_seats(state, seat, reading.row_side)
    players = taxable_players(state, seat)
    on_market = {n: state.market_rupees[r][c] for r, c, n in market_cards(state)}
    rows = (reading.row, 1 - reading.row)
    market_order = [state.market[r][c] for c in range(len(state.market[0])) for r in rows
                    if state.market[r][c] is not None and state.market_rupees[r][c]]
    take: list[str | int] = []
    for _ in range(amount):
        able = [s for s in players if rupees[s] > shelter[s]]
        if able:
            richest = max(able, key=lambda s: (rupees[s], -arrow.index(s)))
            rupees[richest] -= 1
            take.append(richest)
            continue
        source = next((n for n in market_order if on_market[n]), None)  # type: ignore[index]
        if source is None:
            break
        on_market[source] -= 1
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
    """The cheapest empty gift space she can afford, if she has a cylinder for it."""
    player = state.players[seat]
    prices = [p for p in GIFT_PRICES if p not in player.gifts and p <= player.rupees]
    if not prices or (queries.cylinders_in_supply(state, seat) == 0 and not cylinder_sources(state, seat)):
        return None
    price = prices[0]
    return Plan("gift", price, f"the {price}-rupee gift is the cheapest she can afford", lambda card: {"price": price})


# --- Build ----------------------------------------------------------------------------------------------------


def plan_build(state: GameState, seat: str, reading: Reading) -> Plan | None:
    """Armies in the first region of her region order that she rules, as many as her rupees allow."""
    ruled = regions_ruled(state, seat)
    rupees = state.players[seat].rupees
    if not ruled or rupees < BUILD_PRICE:
        return None
    region = next(r for r in reading.front.region_order if r in ruled)
    units = min(BUILD_UNITS, rupees // BUILD_PRICE)
    blocks = units * (2 if queries.effect(state, "nation_building", seat) else 1)
    details: Entry = {"place": [region] * blocks}
    if queries.has_ability(state, seat, "infrastructure"):
        details["extra"] = region  # Infrastructure: she always takes the free extra army, in the same region

    return Plan("build", units * BUILD_PRICE, f"she rules {region}", lambda card: dict(details), least=BUILD_PRICE)


# --- Betray ---------------------------------------------------------------------------------------------------


def betray_targets(state: GameState, seat: str) -> list[int]:
    """Court cards she may betray (the rules' Betray: her spy on it, and no Bodyguards protecting it, hers included)
    that carry a prize."""
    return [n for n in betray_action.targets(state, seat) if queries.court_card(n).prize is not None]


def plan_betray(state: GameState, seat: str, reading: Reading) -> Plan | None:
    """Betray the highest-priority card with a prize and her spy, and keep the prize."""
    targets = betray_targets(state, seat)
    if not targets or state.players[seat].rupees < BETRAY_PRICE:
        return None
    target = by_priority(state, seat, targets)[0]
    why = why_best(state, seat, target, targets)

    return Plan("betray", BETRAY_PRICE, f"{queries.court_card(target).name} carries a prize and her spy",
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
