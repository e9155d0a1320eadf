"""Combat (rulebook "Combat", "Attacking the Rocinante", "Political Climate"): at one site, a region or an asset,
remove up to as many units as the acting asset's rank (orders.md reads "equal to" as the most), and no more than
your own fleets (in a region) or agents (on an asset) there; never fleets or transports of your loyalty, never
supporters of a player sharing your loyalty. Under War the removals may be split across sites. The Rocinante in
the region may be attacked like a fleet: it is damaged, never removed. Except at Peace, each supporter killed lets
you exhaust an asset of its owner of the same region (destabilisation).

Entry: `{action: combat, card: N, site: belt, remove: [fleet:mcr, transport:mcr:belt-tycho, supporter:ben,
rocinante]}` or on an asset `{site: 40, remove: [agent:ben]}`; under War `sites: [{site: belt, remove: [...]},
...]`. `exhaust: [ASSET or none, ...]` answers destabilisation, one item per supporter killed.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable
from typing import Any

from engine.contract import Path, Problem
from engine.rng import Rng
from engine.words import counted
from games.pax.actions import Offer
from games.pax.context import Question
from games.pax.template import named
from games.pax_expanse import abilities, cards, queries
from games.pax_expanse.actions.common import Ctx, borders, choose, listed, loyalty, name, rank, region_name
from games.pax_expanse.model import ROCINANTE
from games.pax_expanse.pieces import remove_piece
from games.pax_expanse.state import GameState, nested_bump

FIELDS: tuple[str, ...] = ("site", "remove", "sites", "exhaust")
#: The ability keeping an owner's supporters in a region safe from Combat.
HARDENED = {"belt": "hardened_habitats_belt", "jupiter": "hardened_habitats_jupiter"}


def is_site(state: GameState, site: Any) -> bool:
    """True for a region, or an asset in a Network."""
    if isinstance(site, bool):
        return False
    return site in cards.board().regions or (isinstance(site, int) and site in queries.ring(state))


def strength(state: GameState, seat: str, site: Any) -> int:
    """The seat's fleets of its loyalty in a region site (and its supporters under Belter Pride), or its agents on
    an asset site: the most it may remove there."""
    if isinstance(site, int):
        return state.agents.get(str(site), {}).get(seat, 0)
    count = state.fleets.get(site, {}).get(loyalty(state, seat), 0)
    if queries.in_force(state, "supporters_count_as_fleets", seat):
        count += state.supporters.get(site, {}).get(seat, 0)
    return count


def targets(state: GameState, seat: str, site: Any) -> list[str]:
    """The kinds of unit the seat may remove at the site now, one item per kind (see the module docstring)."""
    faction = loyalty(state, seat)
    if isinstance(site, int):
        here = state.agents.get(str(site), {})
        return [f"agent:{s}" for s in state.order if s != seat and here.get(s, 0)
                and not abilities.holds(state, s, "loyal_informants")]
    found = [f"fleet:{f}" for f, n in sorted(state.fleets.get(site, {}).items()) if n and f != faction]
    found += [f"transport:{f}:{b}" for b in borders(site) for f, n in sorted(state.transports.get(b, {}).items())
              if n and f != faction]
    found += [f"supporter:{s}" for s in state.order if state.supporters.get(site, {}).get(s, 0)
              and state.players[s].loyalty != faction
              and not (site in HARDENED and abilities.holds(state, s, HARDENED[site]))]
    if state.rocinante.region == site and not state.rocinante.damaged:
        found.append(ROCINANTE)
    return found


def _plan(params: dict[str, Any]) -> list[tuple[Any, Any]]:
    """The (site, removals) pairs of an entry."""
    if "sites" in params:
        return [(s.get("site"), s.get("remove")) if isinstance(s, dict) else (None, None) for s in params["sites"]]
    return [(params.get("site"), params.get("remove"))]


def problems(state: GameState, seat: str, card: int, params: dict[str, Any], path: Path) -> list[Problem]:
    """Sites that are not sites, split sites outside War, removals beyond the rank or the seat's strength."""
    if "sites" in params:
        if state.climate != "war":
            return [Problem((*path, "sites"), "only at War may Combat be split across sites; give site and remove")]
        if "site" in params or "remove" in params or not isinstance(params["sites"], list) or not params["sites"]:
            return [Problem((*path, "sites"), "sites is a list of {site: S, remove: [...]}, given instead of site "
                                              "and remove")]
    total = 0
    seen: list[Any] = []
    for index, (site, remove) in enumerate(_plan(params)):
        where = (*path, "sites", index) if "sites" in params else path
        if not is_site(state, site) or site in seen:
            return [Problem((*where, "site"), f"site is a region ({', '.join(cards.board().regions)}) or an asset in "
                                              f"a Network ({listed(queries.ring(state))}), each once; not {site!r}")]
        seen.append(site)
        most = strength(state, seat, site)
        if most == 0:
            what = "agents on" if isinstance(site, int) else "fleets of your loyalty in"
            place = name(site) if isinstance(site, int) else region_name(site)
            return [Problem((*where, "site"), f"you have no {what} {place}, so you cannot fight there; sites where "
                                              f"you can: {listed(fighting_sites(state, seat))}")]
        if not targets(state, seat, site):
            return [Problem((*where, "site"), f"there is nothing you may remove at {site}; sites where you can "
                                              f"fight: {listed(fighting_sites(state, seat))}")]
        if not isinstance(remove, list) or not 1 <= len(remove) <= most:
            return [Problem((*where, "remove"), f"remove is a list of 1 to {min(most, rank(card))} units; units "
                                                f"there now: {listed(targets(state, seat, site))}")]
        total += len(remove)
    if total > rank(card):
        return [Problem((*path, "sites" if "sites" in params else "remove"),
                        f"{name(card)} removes at most {counted(rank(card), 'unit')} (its rank), not {total}")]
    return []


def perform(ctx: Ctx, seat: str, card: int, params: dict[str, Any]) -> None:
    """Remove the units in order, then destabilise for the supporters killed."""
    state = ctx.state
    killed: list[tuple[str, str]] = []  # (owner, region) of each supporter killed
    for index, (site, remove) in enumerate(_plan(params)):
        where = ("sites", index, "remove") if "sites" in params else ("remove",)
        place = name(site) if isinstance(site, int) else region_name(site)
        ctx.emit(f"{seat} fights at {place} with {name(card)}", kind="combat", seat=seat, site=site, card=card)
        for number in range(len(remove)):
            unit = choose(ctx, seat, (*where, number), f"a unit to remove at {place}", targets(state, seat, site))
            _remove(ctx, seat, site, unit, killed)
    for number, (victim, region) in enumerate(killed):
        if state.climate == "peace":
            break
        exhaustible = [n for n in state.players[victim].network
                       if queries.asset_region(state, n) == region and n not in state.players[victim].exhausted]
        if not exhaustible:
            continue
        chosen = choose(ctx, seat, ("exhaust", number), f"destabilisation: exhaust an asset of {victim} in "
                        f"{region_name(region)}, or none", (*exhaustible, "none"), default=exhaustible[0])
        if chosen != "none":
            bisect.insort(state.players[victim].exhausted, chosen)  # kept ascending, as the state encodes it
            ctx.emit(f"{seat} destabilises {victim}: {name(chosen)} is exhausted", kind="exhaust", seat=seat,
                     victim=victim, card=chosen)


def _remove(ctx: Ctx, seat: str, site: Any, unit: str, killed: list[tuple[str, str]]) -> None:
    """Remove one unit the seat chose at the site (one of `targets`), by its kind."""
    kind, _, rest = unit.partition(":")
    _REMOVE[kind](ctx, seat, site, rest, killed)


def _damage_rocinante(ctx: Ctx, seat: str, site: Any, rest: str, killed: list[tuple[str, str]]) -> None:
    """Attacking the Rocinante damages it."""
    ctx.state.rocinante.damaged = True
    ctx.emit(f"{seat} attacks the Rocinante: it is damaged", kind="rocinante-damaged", seat=seat)


def _kill_agent(ctx: Ctx, seat: str, site: Any, rest: str, killed: list[tuple[str, str]]) -> None:
    """A killed agent goes home, or to its owner's Safehouse."""
    remove_piece(ctx, "agent", str(site), rest, why=f"killed by {seat}")
    _hide(ctx, seat, rest, site)


def _destroy_transport(ctx: Ctx, seat: str, site: Any, rest: str, killed: list[tuple[str, str]]) -> None:
    """A transport on a border of the site is destroyed."""
    faction, border = rest.split(":")
    remove_piece(ctx, "transport", border, faction, why=f"destroyed by {seat}")


def _destroy_fleet(ctx: Ctx, seat: str, site: Any, rest: str, killed: list[tuple[str, str]]) -> None:
    """A fleet in the region is destroyed."""
    remove_piece(ctx, "fleet", site, rest, why=f"destroyed by {seat}")


def _kill_supporter(ctx: Ctx, seat: str, site: Any, rest: str, killed: list[tuple[str, str]]) -> None:
    """A killed supporter is remembered for destabilisation."""
    remove_piece(ctx, "supporter", site, rest, why=f"killed by {seat}")
    killed.append((rest, site))


#: How each kind of unit `targets` names is removed.
_REMOVE: dict[str, Callable[[Ctx, str, Any, str, list[tuple[str, str]]], None]] = {
    ROCINANTE: _damage_rocinante, "agent": _kill_agent, "transport": _destroy_transport, "fleet": _destroy_fleet,
    "supporter": _kill_supporter}


def _hide(ctx: Ctx, seat: str, victim: str, site: int) -> None:
    """Safehouse: the killed agent's owner may put it on their Safehouse asset instead of sending it home."""
    state = ctx.state
    houses = [n for n in abilities.sources(state, victim, "safehouse") if n != site]
    if not houses:
        return
    chosen = ctx.ask(Question(victim, ctx.serial("safehouse"), "choice",
                              f"{abilities.title('safehouse')}: your agent killed by {seat} may hide on your asset "
                              "instead of going home", (*houses, "home"), default=houses[0]))
    if chosen != "home":
        nested_bump(state.agents, str(chosen), victim, 1)
        ctx.emit(f"{victim}'s agent goes into hiding on {name(chosen)} ({abilities.title('safehouse')})",
                 kind="ability", seat=victim, ability="safehouse", card=chosen)


def units(state: GameState, seat: str, site: Any) -> list[str]:
    """Each removable unit at the site once (a kind repeated by its count), for random orders."""
    found: list[str] = []
    for unit in targets(state, seat, site):
        kind, _, rest = unit.partition(":")
        if kind == "agent":
            count = state.agents[str(site)][rest]
        elif kind == "fleet":
            count = state.fleets[site][rest]
        elif kind == "transport":
            faction, border = rest.split(":")
            count = state.transports[border][faction]
        elif kind == "supporter":
            count = state.supporters[site][rest]
        else:
            count = 1
        found += [unit] * count
    return found


def fighting_sites(state: GameState, seat: str) -> list[Any]:
    """The regions, then the assets, where the seat has fleets (agents) and something it may remove."""
    return [s for s in (*cards.board().regions, *queries.ring(state))
            if strength(state, seat, s) and targets(state, seat, s)]


def random_params(state: GameState, seat: str, card: int, rng: Rng) -> dict[str, Any] | None:
    """Random removals at one random site where the seat can fight; None when there is none."""
    sites = fighting_sites(state, seat)
    if not sites:
        return None
    site = rng.choice(sites)
    pool = units(state, seat, site)
    count = rng.randint(1, min(rank(card), strength(state, seat, site), len(pool)))
    return {"site": site, "remove": rng.sample(pool, count)}


def offer(state: GameState, seat: str, card: int) -> Offer:
    """The sites where the seat can fight now, with their units, for the template."""
    sites = fighting_sites(state, seat)
    if not sites:
        return Offer("you have no fleets or agents where there is a unit you may remove")
    where = named([f"at {site} up to {min(strength(state, seat, site), rank(card))} of "
                   f"{', '.join(targets(state, seat, site))}" for site in sites])
    return Offer(f"one remove: item per unit: {where}",
                 tuple({"site": site, "remove": [targets(state, seat, site)[0]]} for site in sites))
