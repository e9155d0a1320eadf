"""The market of a Pax game: two rows of six cards, what a card costs, paying for purchases and actions, and
shifting and refilling the rows.

Rows and columns are 0-based here; orders and reports number them from 1. The state holds `market[row][column]`
(a card number or None) and `market_money[row][column]` (money lying on the slot: it stays on an empty slot until
a card moves in). What differs between games is a hook of `MarketRules`, overridden by the game's rules object.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar

#: Market shape: two rows of six columns.
ROWS, COLUMNS = 2, 6

Slot = tuple[int, int]


class Wallet(Protocol):
    """A seat's money, as the market takes it."""

    @property
    def money(self) -> int:
        """The seat's money."""

    @money.setter
    def money(self, value: int) -> None:
        """Set the seat's money."""


class TurnPaid(Protocol):
    """The part of the turn in progress the market needs: cards the acting seat placed money on."""

    @property
    def paid(self) -> list[int]:
        """Market cards the acting seat placed money on this turn."""


class MarketState(Protocol):
    """What the market needs of a game's state."""

    market: list[list[int | None]]

    @property
    def market_money(self) -> list[list[int]]:
        """Money on each market slot."""

    @property
    def players(self) -> Mapping[str, Wallet]:
        """The seats' money."""

    @property
    def turn(self) -> TurnPaid | None:
        """The turn in progress, if any."""


class Emitter(Protocol):
    """What the market needs of a Context: its state and a way to record events."""

    @property
    def state(self) -> Any:
        """The working state."""

    def emit(self, text: str, to: Sequence[str] | None = None, **data: Any) -> None:
        """Record an event."""


S = TypeVar("S", bound=MarketState)


class Grid(Protocol):
    """The market's cards and the money on its slots."""

    market: list[list[int | None]]

    @property
    def market_money(self) -> list[list[int]]:
        """Money on each market slot."""


def occupied(state: Grid) -> list[tuple[int, int, int]]:
    """(row, column, card) for every occupied slot, column by column, top row first."""
    market = state.market
    return [(row, column, number) for row, column in _SLOT_ORDER if (number := market[row][column]) is not None]


def empty_slots(state: Grid) -> list[Slot]:
    """Empty slots in filling order: leftmost column first, top row first."""
    market = state.market
    return [(r, c) for r, c in _SLOT_ORDER if market[r][c] is None]


#: Every slot column by column, top row first: the order the market is read and filled in.
_SLOT_ORDER = tuple((row, column) for column in range(COLUMNS) for row in range(ROWS))


def take(state: Grid, row: int, column: int) -> tuple[int, int]:
    """Remove the card at (row, column); returns (card, money that was on it)."""
    number = state.market[row][column]
    assert number is not None
    money = state.market_money[row][column]
    state.market[row][column] = None
    state.market_money[row][column] = 0
    return number, money


def shift_left(state: Grid) -> None:
    """Slide each row's cards left with their money; money lying on an empty slot joins the card moving in."""
    market, money = state.market, state.market_money
    for row in range(ROWS):
        if None not in market[row]:
            continue  # a full row has no gap to close and no money lying on an empty slot
        in_row = [(market[row][c], money[row][c]) for c in range(COLUMNS) if market[row][c] is not None]
        loose = [0 if market[row][c] is not None else money[row][c] for c in range(COLUMNS)]
        for column in range(COLUMNS):
            if column < len(in_row):
                number, amount = in_row[column]
                market[row][column] = number
                money[row][column] = amount + loose[column]
            else:
                market[row][column] = None
                money[row][column] = loose[column]


class MarketRules(Generic[S]):
    """The market's rules; hooks (the methods a game overrides) come first."""

    # --- hooks ---------------------------------------------------------------------------------------------------

    def money_per_column(self, state: S) -> int:
        """Money placed on each card to the left of a purchase (one; a game may raise it)."""
        return 1

    def free_purchase(self, state: S, seat: str, card: int) -> bool:
        """True when an ability lets `seat` buy `card` without paying."""
        return False

    def never_purchasable(self, card: int) -> bool:
        """True for a card that can never be bought."""
        return False

    def takes_money(self, card: int) -> bool:
        """False for a card on which placed money leaves the game instead of staying."""
        return True

    def money_lost_on(self, ctx: Emitter, card: int, amount: int) -> None:
        """Report money that left the game because `card` takes none."""
        ctx.emit(f"{amount} placed on card {card} leave the game.", kind="money-removed", amount=amount)

    def cost_left_over(self, ctx: Emitter, seat: str, amount: int) -> None:
        """Report the part of an action cost that found no market card to take it (it leaves the game)."""
        ctx.emit(f"{amount} of {seat}'s action cost leave the game (too few market cards).", kind="money-removed",
                 amount=amount)

    def odd_share_row(self, ctx: Emitter, seat: str) -> int:
        """The row that takes the odd unit of an odd action cost (the top row; a game may let the payer choose)."""
        return 0

    # --- costs and payments --------------------------------------------------------------------------------------

    def purchase_cost(self, state: S, seat: str, row: int, column: int) -> int:
        """What `seat` pays to buy the card at (row, column): the money per column for each column to its left."""
        number = state.market[row][column]
        if number is not None and self.free_purchase(state, seat, number):
            return 0
        return column * self.money_per_column(state)

    def paid_this_turn(self, state: S, card: int) -> bool:
        """True when the acting seat placed money on `card` this turn: it may not buy it."""
        return state.turn is not None and card in state.turn.paid

    def purchasable(self, state: S, seat: str) -> list[Slot]:
        """Slots whose card `seat` may buy now."""
        means = state.players[seat].money // self.money_per_column(state)  # the columns paid for in full
        paid = state.turn.paid if state.turn is not None else ()  # what paid_this_turn reads, read once for all
        never, free = self.never_purchasable, self.free_purchase
        # A card within the seat's means at full price is bought whatever its cost; one beyond them only as a free
        # purchase (purchase_cost: nothing, or the full price), the costlier question, asked of those alone.
        return [(r, c) for r, c, n in occupied(state)
                if n not in paid and not never(n) and (c <= means or free(state, seat, n))]

    def place_money(self, ctx: Emitter, row: int, column: int, amount: int) -> None:
        """Place `amount` on a market slot and mark its card as paid this turn."""
        state: S = ctx.state
        number = state.market[row][column]
        if number is not None and not self.takes_money(number):
            self.money_lost_on(ctx, number, amount)
        else:
            state.market_money[row][column] += amount
        if number is not None and state.turn is not None and number not in state.turn.paid:
            state.turn.paid.append(number)

    def pay_purchase(self, ctx: Emitter, seat: str, row: int, column: int) -> int:
        """Pay for the card at (row, column): money on each card to its left, the other row's card over a gap."""
        state: S = ctx.state
        cost = self.purchase_cost(state, seat, row, column)
        if cost == 0:
            return 0
        each = self.money_per_column(state)
        state.players[seat].money -= cost
        other = 1 - row
        for col in range(column):
            if state.market[row][col] is not None or state.market[other][col] is None:
                self.place_money(ctx, row, col, each)
            else:
                self.place_money(ctx, other, col, each)
        return cost

    def pay_action_cost(self, ctx: Emitter, seat: str, amount: int) -> None:
        """Pay a card-based action's cost: half to each row, one unit per card from the right, skipping gaps.

        An odd amount gives its extra unit to `odd_share_row`. A row's share that finds no card to take it leaves
        the game.
        """
        state: S = ctx.state
        player = state.players[seat]
        if amount > player.money:
            raise ValueError(f"{seat} cannot pay {amount}")
        player.money -= amount
        shares = [amount // 2, amount // 2]
        if amount % 2:
            shares[self.odd_share_row(ctx, seat)] += 1
        left = 0
        for row, share in enumerate(shares):
            for column in reversed(range(COLUMNS)):
                if share and state.market[row][column] is not None:
                    self.place_money(ctx, row, column, 1)
                    share -= 1
            left += share
        if left:
            self.cost_left_over(ctx, seat, left)

    def drop_untaken_money(self, ctx: Emitter) -> None:
        """Money a shift or refill brought onto a card that takes none leaves the game."""
        state: S = ctx.state
        market, money = state.market, state.market_money
        for row, column in _SLOT_ORDER:  # the order of occupied(), reading only the slots that hold money
            if money[row][column] and market[row][column] is not None:
                self.drop_untaken_money_at(ctx, row, column)

    def drop_untaken_money_at(self, ctx: Emitter, row: int, column: int) -> None:
        """The money on the slot at (row, column) leaves the game if the card there takes none."""
        state: S = ctx.state
        number, amount = state.market[row][column], state.market_money[row][column]
        if amount and number is not None and not self.takes_money(number):
            state.market_money[row][column] = 0
            self.money_lost_on(ctx, number, amount)
