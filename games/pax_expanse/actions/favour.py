"""Favour (rulebook "Favour"), one of three effects:

* `effect: favour`: pay 2, 4 or 6 influence (the first, second, third favour) for a favour with your faction, at
  most three;
* `effect: rocinante, region: R`: move the undamaged Rocinante from an adjacent region into the asset's region,
  or from the asset's region to an adjacent one;
* `effect: supporter, region: R`: in the asset's region or a region your faction controls, pay 2 influence per
  supporter you have there to place one more.

Every payment is an action cost, paid to the market.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.contract import Path, Problem
from engine.rng import Rng
from games.pax.actions import Offer
from games.pax.template import named
from games.pax_expanse import cards, queries
from games.pax_expanse.actions.common import Ctx, afford, choose, listed, loyalty, name, pay, region_name
from games.pax_expanse.model import FAVOUR_COSTS, ROCINANTE
from games.pax_expanse.pieces import place_marker
from games.pax_expanse.state import MAX_FAVOURS, GameState

FIELDS: tuple[str, ...] = ("effect", "region")
#: The effect that moves the Rocinante token (`effect: rocinante`).
MOVE = ROCINANTE
EFFECTS = ("favour", MOVE, "supporter")


def favour_cost(state: GameState, seat: str) -> int | None:
    """What the seat's next favour costs (2, 4, 6), or None when it has three already."""
    held = state.players[seat].favours
    return FAVOUR_COSTS[held] if held < MAX_FAVOURS else None


def rocinante_targets(state: GameState, card: int) -> list[str]:
    """Where this asset may move the Rocinante: into its region from an adjacent one, or out of its region to any
    adjacent one; nowhere when the Rocinante is damaged or farther away."""
    rocinante = state.rocinante
    if rocinante.damaged:
        return []
    here = queries.asset_region(state, card)
    around = cards.board().neighbours[here]
    if rocinante.region == here:
        return list(around)
    return [here] if rocinante.region in around else []


def supporter_regions(state: GameState, seat: str, card: int) -> list[str]:
    """The asset's region and the regions the seat's faction controls, in map order."""
    here = queries.asset_region(state, card)
    faction = loyalty(state, seat)
    return [r for r in cards.board().regions if r == here or queries.faction_control(state, r) == faction]


def supporter_cost(state: GameState, seat: str, region: str) -> int:
    """Two influence per supporter the seat already has in the region."""
    return 2 * state.supporters.get(region, {}).get(seat, 0)


def possible(state: GameState, seat: str, card: int) -> list[str]:
    """The effects this asset can take now."""
    cost = favour_cost(state, seat)
    found = ["favour"] if cost is not None and cost <= state.players[seat].influence else []
    found += [MOVE] if rocinante_targets(state, card) else []
    return found + ["supporter"]


def problems(state: GameState, seat: str, card: int, params: dict[str, Any], path: Path) -> list[Problem]:
    """An unknown effect, a fourth favour, a move the Rocinante cannot make, a region not allowed, a cost not met."""
    effect = params.get("effect")
    if effect not in EFFECTS:
        return [Problem((*path, "effect"), f"effect is one of {', '.join(EFFECTS)}, not {effect!r}; possible now: "
                                           f"{listed(possible(state, seat, card))}")]
    found = _PROBLEMS[effect](state, seat, card, params, path)
    if found and found[0].path == (*path, "effect"):
        found = [Problem(found[0].path, f"{found[0].message}; effects possible now: "
                                        f"{listed(possible(state, seat, card))}")]
    return found


def _favour_problems(state: GameState, seat: str, card: int, params: dict[str, Any], path: Path) -> list[Problem]:
    """A favour is gained with the seat's own faction, at most three, for 2, 4 or 6 influence."""
    if "region" in params:
        return [Problem((*path, "region"), "a favour is gained with your faction: give no region")]
    cost = favour_cost(state, seat)
    if cost is None:
        return [Problem((*path, "effect"), f"you have {MAX_FAVOURS} favours already, the most you may have")]
    return afford(state, seat, cost, (*path, "effect"), "your next favour")


def _move_problems(state: GameState, seat: str, card: int, params: dict[str, Any], path: Path) -> list[Problem]:
    """The undamaged Rocinante moves into the asset's region from next to it, or out of it to a neighbour."""
    region = params.get("region")
    targets = rocinante_targets(state, card)
    if not targets:
        why = "it is damaged" if state.rocinante.damaged else \
            f"it is in {region_name(state.rocinante.region)}, neither in nor next to " \
            f"{region_name(queries.asset_region(state, card))}"
        return [Problem((*path, "effect"), f"{name(card)} cannot move the Rocinante: {why}")]
    if region not in targets:
        return [Problem((*path, "region"), f"the Rocinante may move to {listed(targets)}, not {region!r}")]
    return []


def _supporter_problems(state: GameState, seat: str, card: int, params: dict[str, Any],
                        path: Path) -> list[Problem]:
    """A supporter goes to the asset's region or one the seat's faction controls, for 2 per supporter there."""
    region = params.get("region")
    allowed = supporter_regions(state, seat, card)
    if region not in allowed:
        return [Problem((*path, "region"), f"a supporter goes to the asset's region or one your faction controls: "
                                           f"{listed(allowed)}; not {region!r}")]
    return afford(state, seat, supporter_cost(state, seat, region), (*path, "region"),
                  f"a supporter in {region_name(region)}")


def perform(ctx: Ctx, seat: str, card: int, params: dict[str, Any]) -> None:
    """Gain the favour, move the Rocinante or place the supporter."""
    _PERFORM[params["effect"]](ctx, seat, card, params.get("region"))


def _gain_favour(ctx: Ctx, seat: str, card: int, region: Any) -> None:
    """Pay for the next favour and take its marker."""
    cost = favour_cost(ctx.state, seat)
    assert cost is not None
    pay(ctx, seat, cost, f"a favour with {name(card)}")
    place_marker(ctx, seat, "favour", "")


def _move_rocinante(ctx: Ctx, seat: str, card: int, region: Any) -> None:
    """Move the Rocinante token to the region the entry names (or the seat answers)."""
    state = ctx.state
    region = choose(ctx, seat, ("region",), "the region the Rocinante moves to", rocinante_targets(state, card))
    state.rocinante.region = region
    ctx.emit(f"{seat} moves the Rocinante to {region_name(region)} with {name(card)}", kind="rocinante-moves",
             seat=seat, region=region)


def _place_supporter(ctx: Ctx, seat: str, card: int, region: Any) -> None:
    """Pay for one more supporter in `region` and place it."""
    assert isinstance(region, str)
    pay(ctx, seat, supporter_cost(ctx.state, seat, region), f"a supporter in {region_name(region)}")
    place_marker(ctx, seat, "supporter", region)


#: What is wrong with each effect's params, and carrying it out, by the effect's word in the order.
_PROBLEMS: dict[str, Callable[[GameState, str, int, dict[str, Any], Path], list[Problem]]] = {
    "favour": _favour_problems, MOVE: _move_problems, "supporter": _supporter_problems}
_PERFORM: dict[str, Callable[[Ctx, str, int, Any], None]] = {
    "favour": _gain_favour, MOVE: _move_rocinante, "supporter": _place_supporter}


def random_params(state: GameState, seat: str, card: int, rng: Rng) -> dict[str, Any] | None:
    """A random effect among those the seat can take now."""
    options: list[dict[str, Any]] = []
    cost = favour_cost(state, seat)
    if cost is not None and cost <= state.players[seat].influence:
        options.append({"effect": "favour"})
    options += [{"effect": MOVE, "region": r} for r in rocinante_targets(state, card)]
    options += [{"effect": "supporter", "region": r} for r in supporter_regions(state, seat, card)
                if supporter_cost(state, seat, r) <= state.players[seat].influence]
    return rng.choice(options) if options else None


def offer(state: GameState, seat: str, card: int) -> Offer:
    """The effects that may be taken now, with their places and costs, for the template."""
    influence = state.players[seat].influence
    cost = favour_cost(state, seat)
    parts, examples = [], []
    if cost is not None and cost <= influence:
        parts.append(f"effect favour costs {cost}")
        examples.append({"effect": "favour"})
    moves = rocinante_targets(state, card)
    if moves:
        parts.append(f"effect rocinante moves it to {named(moves)}")
        examples.append({"effect": MOVE, "region": moves[0]})
    regions = [r for r in supporter_regions(state, seat, card) if supporter_cost(state, seat, r) <= influence]
    if regions:
        parts.append("effect supporter places one in "
                     f"{named([f'{r} (cost {supporter_cost(state, seat, r)})' for r in regions])}")
        examples += [{"effect": "supporter", "region": r} for r in regions]
    if not parts:
        return Offer("no favour, Rocinante move or supporter you can pay for now")
    return Offer("; ".join(parts), tuple(examples))
