"""Rally (rulebook "Rally"): fleets and/or transports of your faction in the asset's region or any region you
control, two influence each (an action cost), up to three units.

Entry: `{action: rally, card: N, units: [belt, belt-tycho]}`, one item per unit: a region id places a fleet there,
a border id a transport on it. Shipyard Capacity adds a free unit (`extra: PLACE`); under Shipyard Boom every
unit paid for arrives as a pair.
"""

from __future__ import annotations

from typing import Any

from engine.contract import Path, Problem
from engine.rng import Rng
from engine.words import counted
from games.pax.actions import Offer
from games.pax.template import named
from games.pax_expanse import abilities, cards, queries
from games.pax_expanse.actions.common import Ctx, afford, borders, choose, list_problem, listed, loyalty, name, pay
from games.pax_expanse.pieces import place_token
from games.pax_expanse.state import GameState

FIELDS: tuple[str, ...] = ("units", "extra")
#: The most units one Rally pays for, and what each costs.
MOST, EACH = 3, 2


def regions(state: GameState, seat: str, card: int) -> list[str]:
    """The regions this Rally may build in: the asset's and those the seat controls, in map order."""
    here = queries.asset_region(state, card)
    mine = set(queries.regions_of_player(state, seat))
    return [r for r in cards.board().regions if r == here or r in mine]


def places(state: GameState, seat: str, card: int) -> list[str]:
    """Every place a unit may go: those regions (a fleet), then their borders (a transport)."""
    where = regions(state, seat, card)
    lines = [b for b in cards.board().borders if any(b in borders(r) for r in where)]
    return where + lines


def problems(state: GameState, seat: str, card: int, params: dict[str, Any], path: Path) -> list[Problem]:
    """A units list of the wrong size or with a place not allowed, or one the seat cannot pay for."""
    found = list_problem(params, "units", path, MOST, "[belt, belt-tycho]")
    if found:
        return found
    allowed = places(state, seat, card)
    for index, unit in enumerate(params["units"]):
        if unit not in allowed:
            return [Problem((*path, "units", index), f"a unit goes in {name(card)}'s region or one you control "
                                                     f"(a region for a fleet, a border for a transport): "
                                                     f"{listed(allowed)}; not {unit!r}")]
    return afford(state, seat, EACH * len(params["units"]), (*path, "units"), counted(len(params["units"]), "unit"))


def _place(ctx: Ctx, seat: str, where: str) -> None:
    kind = "fleet" if where in cards.board().regions else "transport"
    place_token(ctx, seat, loyalty(ctx.state, seat), kind, where)


def perform(ctx: Ctx, seat: str, card: int, params: dict[str, Any]) -> None:
    """Pay two influence per unit, then place each (twice under Shipyard Boom), then Shipyard Capacity's unit."""
    state = ctx.state
    allowed = places(state, seat, card)
    units = params["units"]
    pay(ctx, seat, EACH * len(units), f"{counted(len(units), 'unit')} rallied with {name(card)}")
    pairs = queries.in_force(state, "rally_doubles", seat)
    for unit in units:
        for _ in range(2 if pairs else 1):
            _place(ctx, seat, unit)
    if abilities.holds(state, seat, "shipyard_capacity"):
        extra = choose(ctx, seat, ("extra",), f"{abilities.title('shipyard_capacity')}: the place of a free unit",
                       allowed)
        ctx.emit(f"{seat} rallies a free unit ({abilities.title('shipyard_capacity')})", kind="ability", seat=seat,
                 ability="shipyard_capacity")
        _place(ctx, seat, extra)


def random_params(state: GameState, seat: str, card: int, rng: Rng) -> dict[str, Any] | None:
    """One to three affordable units in random places; None when not even one is affordable."""
    most = min(MOST, state.players[seat].influence // EACH)
    if most < 1:
        return None
    allowed = places(state, seat, card)
    return {"units": [rng.choice(allowed) for _ in range(rng.randint(1, most))]}


def offer(state: GameState, seat: str, card: int) -> Offer:
    """Where this Rally may place units, and what they cost, for the template."""
    most = min(MOST, state.players[seat].influence // EACH)
    if most < 1:
        return Offer(f"a unit costs {EACH} influence and you have {state.players[seat].influence}")
    allowed = places(state, seat, card)
    return Offer(f"up to {counted(most, 'unit')}, {EACH} influence each, one units: item each: a region places a fleet, a "
                 f"border a transport, in {named(allowed)}", ({"units": [allowed[0]]},))
