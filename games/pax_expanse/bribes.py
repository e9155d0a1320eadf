"""Bribes: to a region's controller for playing an asset of it, and to an intimidating player for using an asset.

The receiver may waive any part (their standing `bribe:` order or a prompt). The payer's order may give the most
it will pay; otherwise it is asked whether to pay. A bribe not paid means the play or action is not taken.
"""

from __future__ import annotations

from engine.contract import Path
from games.pax.context import Context, Question
from games.pax_expanse import queries
from games.pax_expanse.state import GameState


def settle_bribe(ctx: Context[GameState], payer: str, receiver: str, amount: int, path: Path, what: str) -> bool:
    """Settle a bribe of up to `amount` influence from `payer` to `receiver`; True when `what` goes ahead."""
    state = ctx.state
    if amount <= 0 or payer == receiver:
        return True
    if queries.in_force(state, "no_bribes"):
        ctx.emit(f"No bribe is owed to {what}: bribes are waived for everyone", kind="bribe", payer=payer,
                 receiver=receiver, paid=0)
        return True
    if queries.in_force(state, "refuse_bribes", payer):
        ctx.emit(f"{payer} leaves the bribe of {receiver} unpaid and goes ahead to {what}", kind="bribe",
                 payer=payer, receiver=receiver, paid=0)
        return True
    demand = ctx.ask(Question(receiver, ctx.key("bribe-asked"), "bribe",
                              f"{payer} wants to {what}: how much of the bribe of up to {amount} influence do you ask",
                              tuple(range(amount + 1)), default=amount))
    if demand == 0:
        ctx.emit(f"{receiver} waives the bribe for {payer} to {what}", kind="bribe", payer=payer, receiver=receiver,
                 paid=0)
        return True
    player = state.players[payer]
    if player.influence < demand:
        ctx.emit(f"{payer} cannot pay the bribe of {demand} asked by {receiver} and does not {what}",
                 kind="bribe-refused", payer=payer, receiver=receiver)
        return False
    limit = ctx.given(path) if payer == ctx.seat else None
    if isinstance(limit, int) and not isinstance(limit, bool):
        pays = demand <= limit
    else:
        pays = ctx.ask(Question(payer, ctx.key("bribe-pay"), "choice",
                                f"{receiver} asks a bribe of {demand} influence for you to {what}: pay or refuse",
                                ("pay", "refuse"), default="refuse")) == "pay"
    if not pays:
        ctx.emit(f"{payer} refuses the bribe of {demand} asked by {receiver} and does not {what}",
                 kind="bribe-refused", payer=payer, receiver=receiver)
        return False
    player.influence -= demand
    state.players[receiver].influence += demand
    ctx.emit(f"{payer} pays {receiver} a bribe of {demand} influence to {what}", kind="bribe", payer=payer,
             receiver=receiver, paid=demand)
    return True
