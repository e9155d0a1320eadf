"""Wakhan's card-based actions with her default behaviour: Tax, Gift, Build, Betray and Move (Battle is in
battle.py). Each `plan_*` says whether the action can be taken now and why; the plan's `run` carries it out with
the court card chosen for it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from games.pax.market import occupied as market_cards
from games.pax.pieces import bump
from games.pax_pamir import cards, queries
from games.pax_pamir.context import Context
from games.pax_pamir.court import discard_court_card
from games.pax_pamir.pieces import cylinder_sources, place_army, place_gift
from games.pax_pamir.rules import RULES
from games.pax_pamir.state import GIFT_PRICES, GameState
from games.pax_pamir.wakhan.deck import Reading
from games.pax_pamir.wakhan.loyalty import pragmatic_loyalty, regions_ruled, ruler
from games.pax_pamir.wakhan.priority import by_priority, red_arrow_seats, why_best

#: Rupees per Build unit and for a Betray.
BUILD_PRICE = BETRAY_PRICE = 2
BUILD_UNITS = 3


@dataclass(frozen=True)
class Plan:
    """A card-based action she can take now: its name, its rupee cost, why, and how to carry it out."""

    action: str
    cost: int
    reason: str
    run: Callable[[Context, int], None]
    #: The least she must hold to take the action at all (Build spends what there is; others cost `cost`).
    least: int | None = None

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

    def run(ctx: Context, card: int) -> None:
        for source in tax_take(ctx.state, seat, reading, rank(card)):
            if isinstance(source, str):
                ctx.state.players[source].rupees -= 1
                what = f"from {source} (the richest player she may tax)"
            else:
                row, column = next((r, c) for r, c, n in market_cards(ctx.state) if n == source)
                ctx.state.market_rupees[row][column] -= 1
                what = f"from {cards.title(source)} in the market (no player left to tax; leftmost first)"
            ctx.state.players[seat].rupees += 1
            ctx.emit(f"Wakhan taxes 1 rupee {what}.", kind="tax", seat=seat, source=source, amount=1)

    return Plan("tax", 0, "there are rupees she may tax", run)


# --- Gift -----------------------------------------------------------------------------------------------------


def plan_gift(state: GameState, seat: str, reading: Reading) -> Plan | None:
    """The cheapest empty gift space she can afford, if she has a cylinder for it."""
    player = state.players[seat]
    prices = [p for p in GIFT_PRICES if p not in player.gifts and p <= player.rupees]
    if not prices or (queries.cylinders_in_supply(state, seat) == 0 and not cylinder_sources(state, seat)):
        return None
    price = prices[0]

    def run(ctx: Context, card: int) -> None:
        RULES.pay_action_cost(ctx, seat, price)
        if place_gift(ctx, seat, price):
            ctx.emit(f"Wakhan buys the {price}-rupee gift, the cheapest she can afford; it counts for every "
                     "coalition.", kind="gift", seat=seat, price=price)

    return Plan("gift", price, f"the {price}-rupee gift is the cheapest she can afford", run)


# --- Build ----------------------------------------------------------------------------------------------------


def plan_build(state: GameState, seat: str, reading: Reading) -> Plan | None:
    """Armies in the first region of her region order that she rules, as many as her rupees allow."""
    ruled = regions_ruled(state, seat)
    rupees = state.players[seat].rupees
    if not ruled or rupees < BUILD_PRICE:
        return None
    region = next(r for r in reading.front.region_order if r in ruled)
    units = min(BUILD_UNITS, rupees // BUILD_PRICE)

    def run(ctx: Context, card: int) -> None:
        coalition = pragmatic_loyalty(ctx.state, reading, seat)
        per = 2 if queries.effect(ctx.state, "nation_building", seat) else 1
        RULES.pay_action_cost(ctx, seat, units * BUILD_PRICE)
        armies = f"{units * per} {coalition} arm{'y' if units * per == 1 else 'ies'}"
        ctx.emit(f"Wakhan builds {armies} in {region}, the first region on her card "
                 f"that she rules, spending {units * BUILD_PRICE} rupees.", kind="wakhan", reason="build")
        for _ in range(units * per):
            place_army(ctx, coalition, region, seat)
        if queries.has_ability(ctx.state, seat, "infrastructure"):
            ctx.emit("Infrastructure: Wakhan always takes the free extra army.", kind="wakhan")
            place_army(ctx, coalition, region, seat)

    return Plan("build", units * BUILD_PRICE, f"she rules {region}", run, least=BUILD_PRICE)


# --- Betray ---------------------------------------------------------------------------------------------------


def betray_targets(state: GameState, seat: str) -> list[int]:
    """Court cards with a prize and one of her spies, hers included (Bodyguards protect others' political cards)."""
    found = []
    for number in queries.courts_in_order(state):
        card = queries.court_card(number)
        owner = queries.owner_of(state, number)
        if card.prize is None or not queries.spies_on(state, number).get(seat):
            continue
        if owner != seat and card.suit == "political" and owner and queries.has_ability(state, owner, "bodyguards"):
            continue
        found.append(number)
    return found


def plan_betray(state: GameState, seat: str, reading: Reading) -> Plan | None:
    """Betray the highest-priority card with a prize and her spy, and keep the prize."""
    targets = betray_targets(state, seat)
    if not targets or state.players[seat].rupees < BETRAY_PRICE:
        return None
    target = by_priority(state, seat, targets)[0]
    why = why_best(state, seat, target, targets)

    def run(ctx: Context, card: int) -> None:
        if target not in queries.courts_in_order(ctx.state):
            ctx.emit(f"Wakhan's betrayal target {queries.court_card(target).name} has already left play.")
            return
        owner = queries.owner_of(ctx.state, target)
        assert owner is not None
        RULES.pay_action_cost(ctx, seat, BETRAY_PRICE)
        name = queries.court_card(target).name
        court = "her own court" if owner == seat else f"{owner}'s court"
        ctx.emit(f"Wakhan betrays {name} in {court} ({why}) and keeps it as a prize of the "
                 f"{queries.court_card(target).prize} coalition; she stays loyal to every coalition.", kind="betray",
                 seat=seat, card=target, owner=owner)
        discard_court_card(ctx, owner, target, "betrayed by Wakhan", keep=True)
        ctx.state.players[seat].prizes.append(target)

    return Plan("betray", BETRAY_PRICE, f"{queries.court_card(target).name} carries a prize and her spy", run)


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
                bump(state.armies[origin], coalition, -1)
                keeps = ruler(state, origin) == seat
                bump(state.armies.setdefault(origin, {}), coalition, 1)
                if not keeps:
                    continue
            return origin, destination
    return None


def plan_move(state: GameState, seat: str, reading: Reading) -> Plan | None:
    """Move armies (no roads needed) towards other players' tribes, one army per point of the card's rank."""
    if next_move(state, seat, reading) is None:
        return None

    def run(ctx: Context, card: int) -> None:
        coalition = pragmatic_loyalty(ctx.state, reading, seat)
        for _ in range(rank(card)):
            step = next_move(ctx.state, seat, reading)
            if step is None:
                break
            origin, destination = step
            bump(ctx.state.armies[origin], coalition, -1)
            if not ctx.state.armies[origin]:
                del ctx.state.armies[origin]
            bump(ctx.state.armies.setdefault(destination, {}), coalition, 1)
            ctx.emit(f"Wakhan moves {article(coalition)} {coalition} army from {origin} to {destination}, where "
                     "other players' tribes outnumber her armies (region order on ties; no road needed).", kind="move",
                     seat=seat,
                     origin=origin, destination=destination)

    return Plan("move", 0, "an army can move towards other players' tribes", run)
