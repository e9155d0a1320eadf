"""Eliminate (rulebook "Eliminate"): for two influence (an action cost), discard an asset in any Network where you
have an agent; one of your agents on it goes home, the other agents move to adjacent assets, their owners choosing
in player order. Then, except at Peace, you may remove one supporter of the asset's owner from the asset's region;
and you may take a reward the asset prints (changing loyalty if it is another faction's).

Entry: `{action: eliminate, card: N, target: M, supporter: true|false, reward: true|false}`.
"""

from __future__ import annotations

from typing import Any

from engine.contract import Path, Problem
from engine.rng import Rng
from games.pax.actions import Offer
from games.pax.template import named
from games.pax_expanse import abilities, cards, queries
from games.pax_expanse.actions.common import Ctx, afford, choose, listed, loyalty, name, pay, region_name
from games.pax_expanse.network import change_loyalty, discard_asset
from games.pax_expanse.pieces import remove_piece
from games.pax_expanse.state import GameState, nested_bump

FIELDS: tuple[str, ...] = ("target", "supporter", "reward")
COST = 2
YES_NO = (True, False)


def protected(state: GameState, number: int) -> bool:
    """True when Close Protection shields this asset: a political asset whose owner holds the ability."""
    holder = queries.owner(state, number)
    return (holder is not None and cards.assets()[number].suit == "political"
            and abilities.holds(state, holder, "close_protection"))


def targets(state: GameState, seat: str) -> list[int]:
    """The assets the seat may eliminate: in any Network, carrying an agent of the seat, not protected; in ring
    order."""
    return [n for n in queries.ring(state) if state.agents.get(str(n), {}).get(seat, 0) and not protected(state, n)]


def problems(state: GameState, seat: str, card: int, params: dict[str, Any], path: Path) -> list[Problem]:
    """No asset carrying an agent of the seat, a target not allowed, or the cost not met."""
    allowed = targets(state, seat)
    if not allowed:
        return [Problem((*path, "card"), "you have no agent on an asset that may be eliminated")]
    target = params.get("target")
    if target is not None and target not in allowed:
        why = f" ({abilities.title('close_protection')} protects it)" if isinstance(target, int) \
            and target in cards.assets() and protected(state, target) else ""
        return [Problem((*path, "target"), f"you may eliminate an asset carrying your agent: {listed(allowed)}; "
                                           f"not {target!r}{why}")]
    for field in ("supporter", "reward"):
        if field in params and not isinstance(params[field], bool):
            return [Problem((*path, field), f"{field} is true or false, not {params[field]!r}")]
    return afford(state, seat, COST, (*path, "card"), "Eliminate")


def perform(ctx: Ctx, seat: str, card: int, params: dict[str, Any]) -> None:
    """Pay, take an agent home, discard the asset, then the supporter and the reward."""
    state = ctx.state
    target = choose(ctx, seat, ("target",), "the asset to eliminate", targets(state, seat))
    owner = queries.owner(state, target)
    assert owner is not None
    region = queries.asset_region(state, target)
    pay(ctx, seat, COST, f"Eliminate with {name(card)}")
    nested_bump(state.agents, str(target), seat, -1)
    ctx.emit(f"{seat}'s agent on {name(target)} returns home", kind="agent-home", seat=seat, card=target)
    discard_asset(ctx, target, f"eliminated by {seat}")
    if state.climate != "peace" and state.supporters.get(region, {}).get(owner, 0):
        if choose(ctx, seat, ("supporter",), f"remove a supporter of {owner} from {region_name(region)}", YES_NO):
            remove_piece(ctx, "supporter", region, owner, why=f"{name(target)} eliminated")
    reward = cards.assets()[target].reward
    if reward is not None and choose(ctx, seat, ("reward",), f"take {name(target)} as a reward of the "
                                     f"{cards.board().faction(reward).name}", YES_NO):
        if reward != loyalty(state, seat):
            change_loyalty(ctx, seat, reward)
        state.discard.remove(target)
        state.players[seat].rewards.append(target)
        ctx.emit(f"{seat} takes {name(target)} as a reward", kind="reward", seat=seat, card=target, faction=reward)


def random_params(state: GameState, seat: str, card: int, rng: Rng) -> dict[str, Any] | None:
    """A random target; None when there is none or the cost cannot be met."""
    allowed = targets(state, seat)
    if not allowed or state.players[seat].influence < COST:
        return None
    return {"target": rng.choice(allowed)}


def offer(state: GameState, seat: str, card: int) -> Offer:
    """The assets this Eliminate may target, for the template."""
    allowed = targets(state, seat)
    if not allowed:
        return Offer("you have no agent on an asset that may be eliminated")
    if state.players[seat].influence < COST:
        return Offer(f"Eliminate costs {COST} influence and you have {state.players[seat].influence}")
    return Offer(f"costs {COST} influence; target: {named([f'{n} ({name(n)})' for n in allowed])}",
                 tuple({"target": n} for n in allowed))
