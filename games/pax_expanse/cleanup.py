"""Cleanup (rulebook "Cleanup"): Network and hand limits, events in the leftmost column, the refill, and
instability when a second Dominance Check is revealed."""

from __future__ import annotations

from games.pax import market
from games.pax.context import Context, Question
from games.pax_expanse import cards, dominance, events, queries
from games.pax_expanse.network import discard_asset
from games.pax_expanse.rules import RULES
from games.pax_expanse.state import ROWS, GameState

Ctx = Context[GameState]


def cleanup(ctx: Ctx) -> None:
    """The four cleanup steps of the acting seat's turn."""
    ctx.where = ("cleanup",)
    network_limit(ctx)
    hand_limit(ctx)
    discard_left_events(ctx)
    refill(ctx)


def network_limit(ctx: Ctx) -> None:
    """Discard assets of the seat's choice from its Network until it holds no more than three plus its political
    stars (discarding political assets lowers the limit, so this may ask again)."""
    seat, player = ctx.seat, ctx.state.players[ctx.seat]
    rounds = 0
    while len(player.network) > queries.network_limit(ctx.state, seat):
        limit = queries.network_limit(ctx.state, seat)
        excess = len(player.network) - limit
        chosen = ctx.ask(Question(seat, ctx.key(f"network-{rounds}"), "discard",
                                  f"your Network is over its limit of {limit}: discard {excess} asset(s)",
                                  tuple(player.network), path=("cleanup", "network") if rounds == 0 else None,
                                  count=excess, default=list(player.network[-excess:])))
        for number in chosen:
            discard_asset(ctx, number, "Network limit")
        rounds += 1


def hand_limit(ctx: Ctx) -> None:
    """Discard cards of the seat's choice from its hand down to two plus its subterfuge stars."""
    seat, player = ctx.seat, ctx.state.players[ctx.seat]
    limit = queries.hand_limit(ctx.state, seat)
    excess = len(player.hand) - limit
    if excess <= 0:
        return
    chosen = ctx.ask(Question(seat, ctx.key("hand"), "discard",
                              f"your hand is over its limit of {limit}: discard {excess} card(s)", tuple(player.hand),
                              path=("cleanup", "hand"), count=excess, default=list(player.hand[-excess:])))
    for number in chosen:
        player.hand.remove(number)
        ctx.state.discard.append(number)
        ctx.emit(f"{seat} discards {cards.assets()[number].name} from their hand (hand limit)", kind="discard-hand",
                 seat=seat, card=number)


def discard_left_events(ctx: Ctx) -> None:
    """Discard the events in the leftmost market column, top row first, resolving their bottom effects; the
    influence on them stays on the slot."""
    state = ctx.state
    for row in range(ROWS):
        number = state.market[row][0]
        if number is None or number not in cards.events():
            continue
        state.market[row][0] = None
        events.resolve_discarded(ctx, number)


def dominance_checks_in_market(state: GameState) -> list[tuple[int, int, int]]:
    """(check number, row, column) of every Dominance Check in the market, lowest check first."""
    found = [(check, r, c) for r, c, n in market.occupied(state) if (check := dominance.check_of(n)) is not None]
    return sorted(found)


def refill(ctx: Ctx) -> None:
    """Slide each row left with its influence and draw into the empty slots, leftmost column first, top row first.
    A Dominance Check revealed while another lies in the market is instability: the lower one scores, the higher
    one places the objective, both are discarded, and the refill goes on."""
    state = ctx.state
    market.shift_left(state)
    RULES.drop_untaken_money(ctx)
    while True:
        slots = market.empty_slots(state)
        if not slots or not state.deck:
            return
        row, column = slots[0]
        number = state.deck.pop(0)
        state.market[row][column] = number
        ctx.emit(f"{RULES.card_title(number)} enters the market at row {row + 1} column {column + 1}",
                 kind="market-draw", card=number, row=row + 1, column=column + 1)
        RULES.drop_untaken_money(ctx)
        checks = dominance_checks_in_market(state)
        if len(checks) >= 2:
            low, high = checks[0][0], checks[-1][0]
            ctx.emit(f"Dominance Check {high} is revealed while Dominance Check {low} lies in the market: instability",
                     kind="instability", checks=[low, high])
            for _, r, c in (checks[0], checks[-1]):
                card = state.market[r][c]
                assert card is not None
                state.market[r][c] = None  # the influence on it stays on the slot
                state.discard.append(card)
            dominance.resolve(state, ctx, low, objective_by=high)
            market.shift_left(state)
            RULES.drop_untaken_money(ctx)
