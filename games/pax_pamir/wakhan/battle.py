"""Wakhan's Battle: in the first region of her order where she has an army and another player has pieces, or on
the highest-priority court card where she and another player both have spies; and the `battle_on_spied_card`
code, which fights on the card with the most spies among those carrying hers."""

from __future__ import annotations

from games.pax.context import Question
from games.pax.pieces import bump
from games.pax_pamir import cards, queries
from games.pax_pamir.actions.battle import safe_houses
from games.pax_pamir.context import Context
from games.pax_pamir.court import remove_tribe
from games.pax_pamir.pieces import remove_army, remove_road, remove_spy
from games.pax_pamir.state import GameState
from games.pax_pamir.wakhan.actions import Plan, article, rank
from games.pax_pamir.wakhan.deck import Reading
from games.pax_pamir.wakhan.loyalty import pragmatic_loyalty
from games.pax_pamir.wakhan.priority import by_priority, red_arrow_seats, why_best

CITADELS = {"kabul": "citadel_kabul", "transcaspia": "citadel_transcaspia"}


def _borders(region: str) -> list[str]:
    return [b for b, pair in cards.board().border_regions.items() if region in pair]


def region_targets(state: GameState, seat: str, reading: Reading, region: str) -> list[tuple[str, str, str]]:
    """Enemy pieces she may remove in `region`, in her order: tribes, then armies, then roads; within one kind of
    piece, the red arrow's player first.

    Each item is (kind, where, owner): a tribe of another player (Citadels protect theirs), or an army or road of a
    coalition another player is loyal to, never of her pragmatic loyalty.
    """
    coalition = pragmatic_loyalty(state, reading, seat)
    others = red_arrow_seats(state, seat, reading.row_side)
    citadel = CITADELS.get(region)
    found: list[tuple[str, str, str]] = []
    for other in others:
        if not (citadel and queries.has_ability(state, other, citadel)):
            found += [("tribe", region, other)] * state.tribes.get(region, {}).get(other, 0)
    coalitions: list[str] = []
    for other in others:
        loyalty = state.players[other].loyalty
        if loyalty is not None and loyalty != coalition and loyalty not in coalitions:
            coalitions.append(loyalty)
    for loyalty in coalitions:
        found += [("army", region, loyalty)] * state.armies.get(region, {}).get(loyalty, 0)
    for loyalty in coalitions:
        for border in _borders(region):
            found += [("road", border, loyalty)] * state.roads.get(border, {}).get(loyalty, 0)
    return found


def fighters(state: GameState, seat: str, reading: Reading, region: str) -> int:
    """Her pieces that may fight in `region`: armies of her pragmatic loyalty, and her tribes under Nationalism."""
    armies = state.armies.get(region, {}).get(pragmatic_loyalty(state, reading, seat), 0)
    if queries.effect(state, "nationalism", seat):
        armies += state.tribes.get(region, {}).get(seat, 0)
    return armies


def battle_region(state: GameState, seat: str, reading: Reading) -> str | None:
    """The first region of her order where she has an army and another player has pieces."""
    for region in reading.front.region_order:
        if fighters(state, seat, reading, region) and region_targets(state, seat, reading, region):
            return region
    return None


def card_targets(state: GameState, seat: str, number: int) -> list[str]:
    """Seats whose spies on card `number` she may remove (Indispensable Advisors protect its owner's)."""
    owner = queries.owner_of(state, number)
    return [s for s, n in queries.spies_on(state, number).items() if s != seat and n
            and not (s == owner and queries.has_ability(state, s, "indispensable_advisors"))]


def spied_cards(state: GameState, seat: str) -> list[int]:
    """Court cards carrying her spy and a spy she may remove."""
    return [n for n in queries.courts_in_order(state)
            if queries.spies_on(state, n).get(seat) and card_targets(state, seat, n)]


def plan_battle(state: GameState, seat: str, reading: Reading) -> Plan | None:
    """Her default Battle: a region first, else the highest-priority card where she and another player spy."""
    region = battle_region(state, seat, reading)
    if region is not None:
        return Plan("battle", 0, f"{region} is the first region on her card where she has an army and another "
                    "player has pieces", lambda ctx, card: fight_region(ctx, reading, region, card))
    spied = spied_cards(state, seat)
    if not spied:
        return None
    target = by_priority(state, seat, spied)[0]
    why = f"no region qualifies; {queries.court_card(target).name} by {why_best(state, seat, target, spied)}"
    return Plan("battle", 0, why, lambda ctx, card: fight_card(ctx, reading, target, card))


def plan_battle_on_spied_card(state: GameState, seat: str, reading: Reading) -> Plan | None:
    """Battle on the card with the most spies among those carrying hers and another player's; priority on ties."""
    spied = spied_cards(state, seat)
    if not spied:
        return None
    most = max(sum(queries.spies_on(state, n).values()) for n in spied)
    tied = [n for n in spied if sum(queries.spies_on(state, n).values()) == most]
    target = by_priority(state, seat, tied)[0]
    why = f"{queries.court_card(target).name} carries the most spies ({most})"
    if len(tied) > 1:
        why += f"; {why_best(state, seat, target, tied)}"
    return Plan("battle", 0, why, lambda ctx, card: fight_card(ctx, reading, target, card))


def fight_region(ctx: Context, reading: Reading, region: str, card: int) -> None:
    """Remove up to the card's rank, and no more than her armies there, of the enemy pieces in `region`."""
    state, seat = ctx.state, ctx.seat
    coalition = pragmatic_loyalty(state, reading, seat)
    strength = min(rank(card), fighters(state, seat, reading, region))
    ctx.emit(f"Wakhan battles in {region} with {coalition} armies (strength {strength}): tribes first, then armies, "
             "then roads, the red arrow choosing between players.", kind="battle", seat=seat, region=region)
    for _ in range(strength):
        targets = region_targets(state, seat, reading, region)
        if not targets:
            break
        kind, where, owner = targets[0]
        if kind == "tribe":
            ctx.emit(f"Wakhan's battle removes a tribe of {owner} from {where}.", kind="removed", piece="tribe")
            remove_tribe(ctx, owner, where)
        elif kind == "army":
            ctx.emit(f"Wakhan's battle removes {article(owner)} {owner} army from {where}.", kind="removed",
                     piece="army")
            remove_army(ctx, owner, where)
        else:
            ctx.emit(f"Wakhan's battle removes {article(owner)} {owner} road from {where}.", kind="removed",
                     piece="road")
            remove_road(ctx, owner, where)


def fight_card(ctx: Context, reading: Reading, number: int, card: int) -> None:
    """Remove up to the card's rank, and no more than her spies there, of other players' spies on `number`."""
    state, seat = ctx.state, ctx.seat
    strength = min(rank(card), queries.spies_on(state, number).get(seat, 0))
    ctx.emit(f"Wakhan battles on {queries.court_card(number).name} with {strength} spy strength.", kind="battle",
             seat=seat, card=number)
    for _ in range(strength):
        order = red_arrow_seats(state, seat, reading.row_side)
        targets = sorted(card_targets(state, seat, number), key=order.index)
        if not targets:
            break
        victim = targets[0]
        remove_spy(ctx, victim, number)
        ctx.emit(f"Wakhan's battle removes a spy of {victim} from {queries.court_card(number).name}.",
                 kind="removed", piece="spy", seat=victim)
        _safe_house(ctx, victim, number)


def _safe_house(ctx: Context, victim: str, number: int) -> None:
    """Safe House: the victim may shelter the removed spy on a Safe House card (asked as in a human's battle)."""
    refuges = safe_houses(ctx.state, victim, number)
    if not refuges:
        return
    key = ctx.key(f"safe-house-{len(ctx.events)}")
    standing = ctx.state.standing.get(victim, {}).get("safe_house")
    if key not in ctx.answers and isinstance(standing, bool):
        ctx.answers[key] = refuges[0] if standing else "supply"
    where = ctx.ask(Question(victim, key, "choice",
                             f"Wakhan removes {victim}'s spy from {queries.court_card(number).name} in battle: it may "
                             f"go onto {victim}'s Safe House or back to {victim}'s supply", (*refuges, "supply"),
                             default=refuges[0]))
    if where != "supply":
        bump(ctx.state.spies.setdefault(str(where), {}), victim, 1)
        ctx.emit(f"{victim}'s spy escapes to their Safe House {queries.court_card(where).name}.", kind="removed",
                 piece="spy", owner=victim, refuge=where)
