"""Radicalize planned: Wakhan buys the picked card and, for a court card, plays it at once to the end of her court
the red arrow names. Both are ordinary order entries (purchase, then play) resolved by the rules (turn.take_action,
core.py); her ways there are her seat's rules (seats.WakhanSeat), and her impact icons' places are her answers to
the rules' questions (icons.py, through decide.py)."""

from __future__ import annotations

from games.pax_pamir import queries
from games.pax_pamir.turn import take_action
from games.pax_pamir.wakhan.decide import WakhanContext
from games.pax_pamir.wakhan.deck import Reading
from games.pax_pamir.wakhan.radicalize import Pick


def radicalize(ctx: WakhanContext, reading: Reading, pick: Pick) -> None:
    """Buy the picked card and, for a court card, play it at once (one action between them)."""
    number = pick.card
    ctx.note = {"reason": pick.reason, "row": pick.row, "column": pick.column}
    try:
        take_action(ctx, {"action": "purchase", "row": pick.row + 1, "column": pick.column + 1})
    finally:
        ctx.note = {}
    if queries.is_event(number) or number not in ctx.state.players[ctx.seat].hand:
        return
    take_action(ctx, {"action": "play", "card": number, "side": reading.side})
