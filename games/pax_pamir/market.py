"""The market: purchase costs and payment, action costs, and shifting and refilling during cleanup.

Rows and columns are 0-based here; orders and reports number them from 1.
"""

from __future__ import annotations

import functools

from games.pax_pamir import cards, queries
from games.pax_pamir.context import Context
from games.pax_pamir.state import COLUMNS, ROWS, GameState

#: The event that takes no rupees: rupees placed on it leave the game.
PUBLIC_WITHDRAWAL = "public_withdrawal"


def is_public_withdrawal(number: int | None) -> bool:
    """True for the event card that can never be bought."""
    return number is not None and number in _public_withdrawal_cards()


@functools.cache
def _public_withdrawal_cards() -> frozenset[int]:
    """The numbers of the event cards whose purchased effect is Public Withdrawal (asked of every market card)."""
    return frozenset(n for n, e in cards.event_cards().items() if e.purchased.id == PUBLIC_WITHDRAWAL)


def place_rupees(ctx: Context, row: int, column: int, amount: int) -> None:
    """Place `amount` of the acting seat's rupees on a market slot (marks the card as paid this turn)."""
    state = ctx.state
    number = state.market[row][column]
    if is_public_withdrawal(number):
        ctx.emit(f"{amount} rupee(s) placed on Public Withdrawal leave the game.", kind="rupees-removed", amount=amount)
    else:
        state.market_rupees[row][column] += amount
    if number is not None and state.turn is not None and number not in state.turn.paid:
        state.turn.paid.append(number)


def withdraw_rupees(ctx: Context) -> None:
    """Rupees the refill placed on Public Withdrawal (moving in, or drawn onto a slot holding rupees) leave the
    game, like every rupee placed on it."""
    state = ctx.state
    for row, column, number in market_cards(state):
        amount = state.market_rupees[row][column]
        if amount and number in _public_withdrawal_cards():
            state.market_rupees[row][column] = 0
            ctx.emit(f"{amount} rupee(s) placed on Public Withdrawal leave the game.", kind="rupees-removed",
                     amount=amount)


def free_purchase(state: GameState, seat: str, number: int) -> bool:
    """True when an ability lets `seat` buy this card without paying (Herat/Persian/Russian Influence)."""
    if queries.is_event(number):
        return False
    card = queries.court_card(number)
    return (
        (card.region == "herat" and queries.has_ability(state, seat, "herat_influence"))
        or (card.region == "persia" and queries.has_ability(state, seat, "persian_influence"))
        or (card.patriot == "russian" and queries.has_ability(state, seat, "russian_influence"))
    )


def rupees_per_column(state: GameState) -> int:
    """Rupees placed on each card to the left of a purchase: two while military is favored, else one."""
    return 2 if state.favored == "military" else 1


def purchase_cost(state: GameState, seat: str, row: int, column: int) -> int:
    """What `seat` pays to buy the card at (row, column)."""
    number = state.market[row][column]
    if number is not None and free_purchase(state, seat, number):
        return 0
    return column * rupees_per_column(state)


def pay_purchase(ctx: Context, seat: str, row: int, column: int) -> int:
    """Pay for the card at (row, column): rupees on each card to its left, the other row's card over a gap."""
    state = ctx.state
    cost = purchase_cost(state, seat, row, column)
    if cost == 0:
        return 0
    each = rupees_per_column(state)
    state.players[seat].rupees -= cost
    other = 1 - row
    for col in range(column):
        if state.market[row][col] is not None or state.market[other][col] is None:
            place_rupees(ctx, row, col, each)
        else:
            place_rupees(ctx, other, col, each)
    return cost


def pay_action_cost(ctx: Context, seat: str, amount: int) -> None:
    """Pay a card-based action's cost: half to each row, one rupee per card from the right, skipping gaps.

    Costs are always even (2, 4 or 6); an odd amount would give the top row the extra rupee. A row's share that
    finds no card to take it leaves the game.
    """
    state = ctx.state
    player = state.players[seat]
    if amount > player.rupees:
        raise ValueError(f"{seat} cannot pay {amount}")
    player.rupees -= amount
    left = 0
    for row, share in enumerate((amount - amount // 2, amount // 2)):
        for column in reversed(range(COLUMNS)):
            if share and state.market[row][column] is not None:
                place_rupees(ctx, row, column, 1)
                share -= 1
        left += share
    if left:
        ctx.emit(f"{left} rupee(s) of {seat}'s action cost leave the game (too few market cards).",
                 kind="rupees-removed", amount=left)


def market_cards(state: GameState) -> list[tuple[int, int, int]]:
    """(row, column, card) for every occupied market slot, column by column, top row first."""
    market = state.market
    return [(row, column, number) for column in range(COLUMNS) for row in range(ROWS)
            if (number := market[row][column]) is not None]


def take_from_market(state: GameState, row: int, column: int) -> tuple[int, int]:
    """Remove the card at (row, column); returns (card, rupees that were on it)."""
    number = state.market[row][column]
    assert number is not None
    rupees = state.market_rupees[row][column]
    state.market[row][column] = None
    state.market_rupees[row][column] = 0
    return number, rupees


def shift_left(state: GameState) -> None:
    """Slide each row's cards left with their rupees; rupees lying on an empty slot join the card moving in."""
    for row in range(ROWS):
        if None not in state.market[row]:
            continue  # a full row has no gap to close and no rupees lying on an empty slot
        occupied = [(state.market[row][c], state.market_rupees[row][c]) for c in range(COLUMNS)
                    if state.market[row][c] is not None]
        loose = [0 if state.market[row][c] is not None else state.market_rupees[row][c] for c in range(COLUMNS)]
        for column in range(COLUMNS):
            if column < len(occupied):
                number, rupees = occupied[column]
                state.market[row][column] = number
                state.market_rupees[row][column] = rupees + loose[column]
            else:
                state.market[row][column] = None
                state.market_rupees[row][column] = loose[column]


def empty_slots(state: GameState) -> list[tuple[int, int]]:
    """Empty market slots in filling order: leftmost column first, top row first."""
    return [(r, c) for c in range(COLUMNS) for r in range(ROWS) if state.market[r][c] is None]


def dominance_checks_in_market(state: GameState) -> list[tuple[int, int]]:
    """Positions of Dominance Check cards in the market."""
    return [(r, c) for r, c, n in market_cards(state) if queries.is_event(n) and cards.event_cards()[n].dominance_check]


def dominance_checks_left(state: GameState) -> int:
    """Dominance Check cards still in the deck or the market."""
    checks = [n for n in cards.event_cards().values() if n.dominance_check]
    numbers = {c.number for c in checks}
    in_market = sum(1 for _, _, n in market_cards(state) if n in numbers)
    return in_market + sum(1 for n in state.deck if n in numbers)


def cards_before_checks(state: GameState) -> list[int]:
    """For each Dominance Check still in the deck, how many cards lie above it."""
    numbers = {c.number for c in cards.event_cards().values() if c.dominance_check}
    return [i for i, n in enumerate(state.deck) if n in numbers]
