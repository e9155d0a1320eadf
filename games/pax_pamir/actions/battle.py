"""Battle: in one region or on one court card, remove enemy pieces up to the acting card's rank.

Order entry: `{action: battle, card: 59, site: kabul, remove: ["army:russian", "road:kabul-punjab:russian"]}` --
`site` is a region or a court card number; `remove` lists one piece per item:

* in a region: `army:<coalition>` (an army there), `road:<border>:<coalition>` (a road on one of the region's
  borders), `tribe:<seat>` (that seat's tribe there);
* on a court card: `spy:<seat>`.

You may remove no more pieces than the card's rank, and no more than you have there yourself: loyal armies in a
region (your tribes count too under your Nationalism), your spies on a card. Never armies or roads of your own
coalition, never tribes of a seat loyal to your coalition (yours included); any other seat's spies may go.
Citadel: its owner's tribes in Kabul (or Transcaspia) cannot be removed. Indispensable Advisors: its owner's spies
cannot be removed. Safe House: a spy of its owner removed here may go onto the Safe House card instead; the owner
decides (standing order `safe_house: true|false`, else a prompt whose deadline default is yes). Losing a last tribe
triggers the overthrow rule. Robots: `random_params` picks a site and pieces; `offer` lists the sites.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.contract import Path, Problem
from engine.rng import Rng
from engine.words import counted, plural
from games.pax.actions import Offer
from games.pax.context import Question
from games.pax.pieces import bump
from games.pax.template import named
from games.pax_pamir import cards, court, names, pieces, queries
from games.pax_pamir.actions._common import borders_of, card_name, is_int, listing, loyalty, problem, rank
from games.pax_pamir.context import Context
from games.pax_pamir.seats import report, seat_rules
from games.pax_pamir.state import GameState

FIELDS: tuple[str, ...] = ("site", "remove")

#: Abilities that keep their owner's tribes in one region from being removed in battle.
CITADELS = {"kabul": "citadel_kabul", "transcaspia": "citadel_transcaspia"}

Site = str | int


def strength(state: GameState, seat: str, site: Site) -> int:
    """How many pieces `seat` may remove at `site`: its loyal armies (and Nationalism tribes), or its spies."""
    if not isinstance(site, str):
        return queries.spies_on(state, site).get(seat, 0)
    armies = state.armies.get(site, {}).get(loyalty(state, seat), 0)
    if queries.effect(state, "nationalism", seat):
        armies += state.tribes.get(site, {}).get(seat, 0)
    return armies


def sites(state: GameState, seat: str) -> list[Site]:
    """Where `seat` can fight: regions with its loyal armies, then court cards with its spies (track order)."""
    regions: list[Site] = [r for r in cards.board().regions if strength(state, seat, r)]
    return regions + [n for n in queries.courts_in_order(state) if strength(state, seat, n)]


def removable(state: GameState, seat: str, site: Site) -> dict[str, int]:
    """Each kind of piece `seat` may remove at `site`, with how many of it there are."""
    own = loyalty(state, seat)
    found: dict[str, int] = {}
    if not isinstance(site, str):
        for other, count in sorted(queries.spies_on(state, site).items()):
            if other != seat and not queries.has_ability(state, other, "indispensable_advisors"):
                found[f"spy:{other}"] = count
        return found
    for coalition, count in sorted(state.armies.get(site, {}).items()):
        if coalition != own:
            found[f"army:{coalition}"] = count
    for border in borders_of(site):
        for coalition, count in sorted(state.roads.get(border, {}).items()):
            if coalition != own:
                found[f"road:{border}:{coalition}"] = count
    citadel = CITADELS.get(site)
    for other, count in sorted(state.tribes.get(site, {}).items()):
        if state.players[other].loyalty == own:
            continue  # shared loyalty: never your friends' tribes (nor your own)
        if citadel is not None and queries.has_ability(state, other, citadel):
            continue
        found[f"tribe:{other}"] = count
    return found


def limit(state: GameState, seat: str, card: int, site: Site) -> int:
    """The most pieces this battle may remove: the card's rank, capped by `seat`'s strength at the site."""
    return min(rank(card), strength(state, seat, site))


def _piece_words(item: str) -> str:
    """A piece to remove as players read it: "Russian army", "British road on the border of Herat and Kabul",
    "tribe of anna"."""
    kind, _, rest = item.partition(":")
    if kind == "army":
        return f"{names.coalition(rest)} army"
    if kind == "road":
        border, _, coalition = rest.partition(":")
        return f"{names.coalition(coalition)} road on {names.border(border)}"
    return f"{kind} of {rest}"


def _site_name(site: Site) -> str:
    return names.region(site) if isinstance(site, str) else card_name(site)


def _why_cannot_remove(state: GameState, seat: str, site: Site, item: Any) -> str:
    """Why `item` is not a piece `seat` may remove at `site` (called only when it is not)."""
    if not isinstance(item, str) or item.count(":") not in (1, 2):
        return f"{item!r} does not name a piece: write army:<coalition>, road:<border>:<coalition>, tribe:<seat> " \
               f"or spy:<seat>"
    kind, _, rest = item.partition(":")
    own = loyalty(state, seat)
    if kind in ("army", "road") and rest.rsplit(":", 1)[-1] == own:
        return f"you cannot remove {names.coalition(own)} {plural(kind)}: they are of your own coalition"
    if kind in ("tribe", "spy") and rest == seat:
        return f"you cannot remove your own {kind}"
    if kind == "tribe" and rest in state.players and state.players[rest].loyalty == own:
        return f"you cannot remove the tribes of {rest}, who shares your {own} loyalty"
    if kind == "tribe" and site in CITADELS and rest in state.players \
            and queries.has_ability(state, rest, CITADELS[str(site)]):
        return f"{rest}'s Citadel keeps their tribes in {site} from being removed in battle"
    if kind == "spy" and rest in state.players and queries.has_ability(state, rest, "indispensable_advisors"):
        return f"{rest}'s Indispensable Advisors keep their spies from being removed in battle"
    if kind == "road" and not is_int(site) and rest.split(":")[0] not in borders_of(str(site)):
        return f"{rest.split(':')[0]!r} is not a border of {site}"
    return f"there is no {item} to remove at {_site_name(site)}"


def problems(state: GameState, seat: str, card: int, params: dict[str, Any], path: Path) -> list[Problem]:
    """Everything wrong with battling with `card` and these params."""
    legal_sites = sites(state, seat)
    site = params.get("site")
    if not (is_int(site) or isinstance(site, str)) or site not in legal_sites:
        if isinstance(site, str) and site in cards.board().regions:
            why = f"you have no {names.coalition(loyalty(state, seat))} army in {names.region(site)}"
        elif is_int(site) and queries.owner_of(state, site) is not None:
            why = f"you have no spy on {card_name(site)}"
        else:
            why = "say where to battle" if site is None else f"{site!r} is neither a region nor a court card"
        return [problem(path, "site", message=f"{why}; you can battle at: {listing(legal_sites)}")]
    pieces_there = removable(state, seat, site)
    legal = f"you may remove: {listing(f'{k} (x{n})' for k, n in pieces_there.items())}"
    remove = params.get("remove")
    if not isinstance(remove, list):
        return [problem(path, "remove", message=f"remove must be a list of pieces, one item per piece; {legal}")]
    found = []
    most = limit(state, seat, card, site)
    if len(remove) > most:
        found.append(problem(path, "remove", message=f"this battle removes at most {counted(most, 'piece')} (rank "
                                                     f"{rank(card)}, your strength {strength(state, seat, site)} "
                                                     f"at {_site_name(site)}), not {len(remove)}"))
    tally: Counter[str] = Counter()
    for index, item in enumerate(remove):
        if not isinstance(item, str) or item not in pieces_there:
            found.append(problem(path, "remove", index,
                                 message=f"{_why_cannot_remove(state, seat, site, item)}; {legal}"))
            continue
        tally[item] += 1
        if tally[item] == pieces_there[item] + 1:
            found.append(problem(path, "remove", index, message=f"there are only {pieces_there[item]} {item} "
                                                                f"at {_site_name(site)}; {legal}"))
    return found


def perform(ctx: Context, seat: str, card: int, params: dict[str, Any]) -> None:
    """Remove each piece in turn; tribes may overthrow, spies may take refuge in a Safe House."""
    state = ctx.state
    site: Site = params["site"]
    report(ctx, f"{seat} battles at {_site_name(site)} with {card_name(card)}.", kind="battle", seat=seat, site=site)
    for index, item in enumerate(params.get("remove") or []):
        kind, _, rest = item.partition(":")
        if item not in removable(state, seat, site):
            # An overthrow set off by an earlier removal can take pieces off the map before their turn comes.
            ctx.emit(f"The {_piece_words(item)} {seat} meant to remove at {_site_name(site)} is already gone.")
            continue
        if kind == "army":
            pieces.remove_army(ctx, rest, str(site))
            report(ctx, f"{seat} removes {names.a_coalition(rest)} army from {_site_name(site)}.", kind="removed",
                   piece="army", coalition=rest)
        elif kind == "road":
            border, coalition = rest.split(":")
            pieces.remove_road(ctx, coalition, border)
            report(ctx, f"{seat} removes {names.a_coalition(coalition)} road from {names.border(border)}.", kind="removed",
                   piece="road", coalition=coalition)
        elif kind == "tribe":
            report(ctx, f"{seat} removes a tribe of {rest} from {_site_name(site)}.", kind="removed", piece="tribe",
                   owner=rest)
            court.remove_tribe(ctx, rest, str(site))
        else:
            _remove_spy(ctx, seat, rest, int(site), index)


def safe_houses(state: GameState, owner: str, site: int) -> list[int]:
    """`owner`'s Safe House cards a spy removed from `site` may go to (not the battle's own card)."""
    return [n for n in state.players[owner].court
            if queries.court_card(n).ability == "safe_house" and n != site]


def _remove_spy(ctx: Context, seat: str, owner: str, site: int, index: int) -> None:
    """Remove `owner`'s spy from `site`, or let its owner shelter it in their Safe House."""
    state = ctx.state
    refuges = safe_houses(state, owner, site)
    pieces.remove_spy(ctx, owner, site)
    seat_rules(state, seat).announce(ctx, "spy-removed", {"owner": owner, "site": site})
    if refuges:
        key, text = seat_rules(state, seat).safe_house_question(ctx, owner, site, index, (
            ctx.key(f"safe-house-{index}"),
            f"{seat} removes a spy of {owner} from {card_name(site)} in battle: it may go onto {owner}'s Safe House "
            f"{listing(card_name(n) for n in refuges)} or back to {owner}'s supply"))
        standing = state.standing.get(owner, {}).get("safe_house")
        if key not in ctx.answers and isinstance(standing, bool):
            ctx.answers[key] = refuges[0] if standing else "supply"  # kept for a replay after a pause
        where = ctx.ask(Question(owner, key, "choice", text, (*refuges, "supply"), default=refuges[0]))
        if where != "supply":
            bump(state.spies.setdefault(str(where), {}), owner, 1)
            report(ctx, f"{seat} removes a spy of {owner} from {card_name(site)}; it escapes to their Safe House "
                   f"{card_name(where)}.", kind="removed", piece="spy", owner=owner, refuge=where)
            return
    report(ctx, f"{seat} removes a spy of {owner} from {card_name(site)}.", kind="removed", piece="spy", owner=owner)


def random_params(state: GameState, seat: str, card: int, rng: Rng) -> dict[str, Any] | None:
    """A random site with something to remove and random pieces there, or None when there is none."""
    worth = [s for s in sites(state, seat) if removable(state, seat, s)]
    if not worth:
        return None
    site = rng.choice(worth)
    pool = [kind for kind, count in removable(state, seat, site).items() for _ in range(count)]
    rng.shuffle(pool)
    return {"site": site, "remove": pool[:rng.randint(1, min(limit(state, seat, card, site), len(pool)))]}


def offer(state: GameState, seat: str, card: int) -> Offer:
    """Each site `seat` can battle at, how many pieces it may remove there and which, for the template."""
    fronts = sites(state, seat)
    if not fronts:
        return Offer("you have no loyal army in any region and no spy on any card")
    worth = {site: removable(state, seat, site) for site in fronts}
    worth = {site: there for site, there in worth.items() if there}
    if not worth:
        return Offer("nothing you may remove where you have armies or spies")
    where = named([f"at {site} up to {limit(state, seat, card, site)} of "
                   f"{', '.join(f'{k} (x{n})' if n > 1 else k for k, n in there.items())}"
                   for site, there in worth.items()])
    return Offer(f"one remove: item per piece: {where}",
                 tuple({"site": site, "remove": [next(iter(there))]} for site, there in worth.items()))
