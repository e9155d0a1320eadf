"""Bribes: to the ruler when playing a card of their region, and to the holder of a hostage card."""

from __future__ import annotations

from engine.contract import Path
from games.pax.context import Question
from games.pax_pamir import queries
from games.pax_pamir.context import Context
from games.pax_pamir.ruling import ruler
from games.pax_pamir.state import GameState

#: The answer to Courtly Manners that keeps the rupees (the default, as a standing order `courtly_manners:`).
DECLINE = "decline"


def play_bribe(state: GameState, seat: str, number: int) -> tuple[str, int] | None:
    """Who may ask `seat` a bribe to play court card `number`, and the most they may ask: the ruler of its region
    (when not `seat`), up to their tribes there. None when `seat` plays freely. (Waivers are settle_bribe's.)"""
    region = queries.court_card(number).region
    holder = ruler(state, region)
    if holder is None or holder == seat:
        return None
    return holder, state.tribes.get(region, {}).get(holder, 0)


def hostage_bribe(state: GameState, number: int) -> tuple[str, int] | None:
    """Who holds court card `number` hostage, and the most they may ask to let its owner use its actions: their
    spies on it. None when it is not held hostage. (Waivers are settle_bribe's.)"""
    holder = queries.hostage_holder(state, number)
    if holder is None:
        return None
    return holder, queries.spies_on(state, number)[holder]


def settle_bribe(ctx: Context, payer: str, receiver: str, amount: int, kind: str, path: Path, what: str) -> bool:
    """Settle a bribe of up to `amount` from `payer` to `receiver`; True when the action may go ahead.

    `kind` is "play" (the ruler's bribe) or "hostage". A payer under Courtly Manners first chooses (standing
    `courtly_manners:`, default decline) whether to decline it and act all the same. The receiver asks for any part
    of `amount` (their standing `bribe:` order or a prompt); the payer's order may say at `path` the most it will
    pay, otherwise the payer is asked. A bribe not paid means the action is not taken.
    """
    state = ctx.state
    if amount <= 0 or payer == receiver:
        return True
    if queries.bribes_waived(state, payer, kind):
        ctx.emit(f"{payer} owes {receiver} no bribe to {what}.", kind="bribe", payer=payer, receiver=receiver, paid=0)
        return True
    if queries.may_decline_bribes(state, payer) and ctx.ask(Question(
        payer, ctx.key(f"bribe-{kind}-courtly"), "courtly",
        f"Courtly Manners: {payer} may decline the bribe {receiver} may ask to {what}, and {what} as if it were "
        "paid: decline or pay", ("decline", "pay"), default=DECLINE,
    )) == DECLINE:
        ctx.emit(f"{payer} declines to pay {receiver} a bribe to {what} (Courtly Manners).", kind="bribe",
                 payer=payer, receiver=receiver, paid=0)
        return True
    demand = ctx.ask(Question(
        receiver, ctx.key(f"bribe-{kind}"), "bribe",
        f"{payer} wants to {what}; {receiver} may ask a bribe of up to {amount} rupee(s): how many are asked",
        tuple(range(amount + 1)), default=amount,
    ))
    if demand == 0:
        ctx.emit(f"{receiver} waives the bribe for {payer} to {what}.", kind="bribe", payer=payer,
                 receiver=receiver, paid=0)
        return True
    player = state.players[payer]
    if player.rupees < demand:
        ctx.emit(f"{payer} cannot pay the bribe of {demand} asked by {receiver} and does not {what}.",
                 kind="bribe-refused", payer=payer, receiver=receiver)
        return False
    limit = ctx.given(path) if payer == ctx.seat else None
    if isinstance(limit, int) and not isinstance(limit, bool):
        pays = demand <= limit
    else:
        pays = ctx.ask(Question(
            payer, ctx.key(f"bribe-{kind}-pay"), "choice",
            f"{receiver} asks {payer} a bribe of {demand} rupee(s) to {what}: pay or refuse",
            ("pay", "refuse"), default="refuse",
        )) == "pay"
    if not pays:
        ctx.emit(f"{payer} refuses the bribe of {demand} asked by {receiver} and does not {what}.",
                 kind="bribe-refused", payer=payer, receiver=receiver)
        return False
    player.rupees -= demand
    state.players[receiver].rupees += demand
    ctx.emit(f"{payer} pays {receiver} a bribe of {demand} rupee(s) to {what}.", kind="bribe", payer=payer,
             receiver=receiver, paid=demand)
    return True
