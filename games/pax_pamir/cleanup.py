"""Cleanup after a turn: court and hand limits, events in the leftmost column, the market refill, instability."""

from __future__ import annotations

from games.pax.context import Question
from games.pax.market import empty_slots, shift_left
from games.pax_pamir import cards, market, queries
from games.pax_pamir.context import Context
from games.pax_pamir.court import discard_court_card, discard_hand_card
from games.pax_pamir.dominance import resolve_dominance_check
from games.pax_pamir.events import resolve_event
from games.pax_pamir.rules import RULES
from games.pax_pamir.state import ROWS


def cleanup(ctx: Context) -> None:
    """Run the four cleanup steps for the acting seat (then instability, if a second check is revealed)."""
    ctx.where = ("cleanup",)
    enforce_court_limit(ctx)
    enforce_hand_limit(ctx)
    discard_left_events(ctx)
    refill(ctx)


def enforce_court_limit(ctx: Context) -> None:
    """Discard court cards of the seat's choice until it holds no more than three plus its political stars."""
    seat, player = ctx.seat, ctx.state.players[ctx.seat]
    rounds = 0
    while len(player.court) > queries.court_limit(ctx.state, seat):
        excess = len(player.court) - queries.court_limit(ctx.state, seat)
        # Later rounds happen only when discarding lowered the limit; the order answers the first one.
        path = ("cleanup", "court") if rounds == 0 else None
        chosen = ctx.ask(Question(seat, ctx.key(f"court-{rounds}"), "discard",
                                  f"{seat}'s court is over its limit of {queries.court_limit(ctx.state, seat)}: "
                                  f"discard {excess} court card(s)", tuple(player.court), path=path, count=excess,
                                  default=list(player.court[-excess:])))
        for number in chosen:
            discard_court_card(ctx, seat, number, "court limit")
        rounds += 1


def enforce_hand_limit(ctx: Context) -> None:
    """Discard hand cards of the seat's choice down to two plus its intelligence stars."""
    seat, player = ctx.seat, ctx.state.players[ctx.seat]
    excess = len(player.hand) - queries.hand_limit(ctx.state, seat)
    if excess <= 0:
        return
    chosen = ctx.ask(Question(seat, ctx.key("hand"), "discard",
                              f"{seat}'s hand is over its limit of {queries.hand_limit(ctx.state, seat)}: "
                              f"discard {excess} hand card(s)", tuple(player.hand), path=("cleanup", "hand"),
                              count=excess, default=list(player.hand[-excess:])))
    for number in chosen:
        discard_hand_card(ctx, seat, number, "hand limit")


def discard_left_events(ctx: Context) -> None:
    """Discard event cards in the leftmost market column, top row first; everyone suffers their upper effect."""
    state = ctx.state
    for row in range(ROWS):
        number = state.market[row][0]
        if number is None or not queries.is_event(number):
            continue
        # The rupees on it stay on the empty slot for the card that moves in.
        state.market[row][0] = None
        if cards.event_cards()[number].dominance_check:
            state.discard.append(number)
            ctx.emit(f"Cleanup discards {cards.event_cards()[number].title}.", kind="event", card=number)
            resolve_dominance_check(ctx)
        else:
            resolve_event(ctx, number, None)


def refill(ctx: Context) -> None:
    """Shift each row left with its rupees, then draw into the empty slots; a second Dominance Check in the
    market makes the region unstable: resolve a check at once and discard both cards, then fill again."""
    state = ctx.state
    shift_left(state)
    RULES.drop_untaken_money(ctx)
    while True:
        slots = empty_slots(state)
        if not slots or not state.deck:
            return
        row, column = slots[0]
        number = state.deck.pop(0)
        state.market[row][column] = number
        RULES.drop_untaken_money(ctx)
        checks = market.dominance_checks_in_market(state)
        if len(checks) >= 2:
            ctx.emit("A second Dominance Check is revealed in the market: instability!", kind="instability")
            for r, c in checks:
                check = state.market[r][c]
                assert check is not None
                state.discard.append(check)
                state.market[r][c] = None  # rupees on it stay on the slot, as with any discarded event
            resolve_dominance_check(ctx)
            shift_left(state)
            RULES.drop_untaken_money(ctx)
