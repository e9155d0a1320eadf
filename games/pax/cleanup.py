"""Cleanup at the end of a Pax turn, in the rulebooks' four steps, and instability.

1. Discard tableau cards of the seat's choice down to its tableau limit (discarding may lower the limit: ask
   again). 2. Discard hand cards down to the hand limit. 3. Discard the events in the leftmost market column, top
   row first, each with its discard effect (a Dominance Check is resolved). 4. Shift each row left and refill; a
   second Dominance Check revealed in the market is instability: a check is resolved at once, both cards are
   discarded and the market is filled again. Money on a discarded card stays on its slot for the card moving in.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol, TypeVar

from games.pax.context import Context, HasStanding, Question
from games.pax.market import MarketRules, MarketState, Wallet, empty_slots, occupied, shift_left


class HandHolder(Wallet, Protocol):
    """A seat as cleanup sees it: its money, hand and tableau."""

    @property
    def hand(self) -> list[int]:
        """The cards in hand."""

    @property
    def tableau(self) -> list[int]:
        """The cards in play in front of the seat."""


class CleanupState(MarketState, HasStanding, Protocol):
    """What cleanup needs of a game's state."""

    deck: list[int]
    discard: list[int]

    @property
    def players(self) -> Mapping[str, HandHolder]:
        """The seats."""


S = TypeVar("S", bound=CleanupState)


class CleanupRules(MarketRules[S]):
    """Cleanup (with the market it shifts and refills); hooks (the methods a game overrides) come first."""

    #: The game's word for a seat's row of cards in play, and the order key answering its discards in advance.
    TABLEAU = "tableau"

    # --- hooks ---------------------------------------------------------------------------------------------------

    def tableau_limit(self, state: S, seat: str) -> int:
        """The most cards `seat` may keep in play: three plus its stars of the game's suit for it."""
        raise NotImplementedError(f"{type(self).__name__} must give the tableau limit")

    def hand_limit(self, state: S, seat: str) -> int:
        """The most cards `seat` may keep in hand: two plus its stars of the game's suit for it."""
        raise NotImplementedError(f"{type(self).__name__} must give the hand limit")

    def discard_from_tableau(self, ctx: Context[S], seat: str, card: int, why: str) -> None:
        """Discard a card from `seat`'s tableau with everything that follows (agents go home, ...)."""
        raise NotImplementedError(f"{type(self).__name__} must discard a tableau card")

    def discard_from_hand(self, ctx: Context[S], seat: str, card: int, why: str) -> None:
        """Discard a card from `seat`'s hand."""
        raise NotImplementedError(f"{type(self).__name__} must discard a hand card")

    def is_event(self, card: int) -> bool:
        """True for an event card (Dominance Checks included)."""
        raise NotImplementedError(f"{type(self).__name__} must say which cards are events")

    def is_dominance_check(self, card: int) -> bool:
        """True for a Dominance Check card."""
        raise NotImplementedError(f"{type(self).__name__} must say which cards are Dominance Checks")

    def event_discarded(self, ctx: Context[S], card: int) -> None:
        """An event (not a Dominance Check) discarded by cleanup, out of the market: its discard effect."""
        raise NotImplementedError(f"{type(self).__name__} must resolve a discarded event")

    def check_discarded(self, ctx: Context[S], card: int) -> None:
        """A Dominance Check discarded by cleanup, already on the discard pile: report it."""
        ctx.emit(f"Cleanup discards {card}.", kind="event", card=card)

    def resolve_check(self, ctx: Context[S], checks: list[int]) -> None:
        """Resolve a Dominance Check (`checks`: the card, or both cards of an instability, lowest first)."""
        raise NotImplementedError(f"{type(self).__name__} must resolve a Dominance Check")

    def instability(self, ctx: Context[S], checks: list[int]) -> None:
        """Report instability: a second Dominance Check revealed in the market."""
        ctx.emit("A second Dominance Check is revealed in the market: instability!", kind="instability")

    # --- the four steps ------------------------------------------------------------------------------------------

    def cleanup(self, ctx: Context[S]) -> None:
        """Run the four cleanup steps for the acting seat."""
        ctx.where = ("cleanup",)
        self.enforce_tableau_limit(ctx)
        self.enforce_hand_limit(ctx)
        self.discard_left_events(ctx)
        self.refill(ctx)

    def enforce_tableau_limit(self, ctx: Context[S]) -> None:
        """Discard tableau cards of the seat's choice until it is within its limit."""
        seat, tableau, word = ctx.seat, ctx.state.players[ctx.seat].tableau, self.TABLEAU
        rounds = 0
        while len(tableau) > (limit := self.tableau_limit(ctx.state, seat)):
            excess = len(tableau) - limit
            # Later rounds happen only when discarding lowered the limit; the order answers the first one.
            path = ("cleanup", word) if rounds == 0 else None
            chosen = ctx.ask(Question(seat, ctx.key(f"{word}-{rounds}"), "discard",
                                      f"{seat}'s {word} is over its limit of {limit}: discard {excess} {word} card(s)",
                                      tuple(tableau), path=path, count=excess, default=list(tableau[-excess:])))
            for number in chosen:
                self.discard_from_tableau(ctx, seat, number, f"{word} limit")
            rounds += 1

    def enforce_hand_limit(self, ctx: Context[S]) -> None:
        """Discard hand cards of the seat's choice down to its hand limit."""
        seat, hand = ctx.seat, ctx.state.players[ctx.seat].hand
        limit = self.hand_limit(ctx.state, seat)
        excess = len(hand) - limit
        if excess <= 0:
            return
        chosen = ctx.ask(Question(seat, ctx.key("hand"), "discard",
                                  f"{seat}'s hand is over its limit of {limit}: discard {excess} hand card(s)",
                                  tuple(hand), path=("cleanup", "hand"), count=excess, default=list(hand[-excess:])))
        for number in chosen:
            self.discard_from_hand(ctx, seat, number, "hand limit")

    def discard_left_events(self, ctx: Context[S]) -> None:
        """Discard the events in the leftmost market column, top row first, each with its discard effect."""
        state = ctx.state
        for row in range(len(state.market)):
            number = state.market[row][0]
            if number is None or not self.is_event(number):
                continue
            state.market[row][0] = None  # the money on it stays on the slot for the card that moves in
            if self.is_dominance_check(number):
                state.discard.append(number)
                self.check_discarded(ctx, number)
                self.resolve_check(ctx, [number])
            else:
                self.event_discarded(ctx, number)

    def checks_shown(self, state: S) -> list[tuple[int, int, int]]:
        """(row, column, card) of every Dominance Check in the market."""
        return [(row, column, number) for row, column, number in occupied(state) if self.is_dominance_check(number)]

    def refill(self, ctx: Context[S]) -> None:
        """Shift each row left with its money, then draw into the empty slots, leftmost column and top row first;
        a second Dominance Check in the market is instability."""
        state = ctx.state
        shift_left(state)
        self.drop_untaken_money(ctx)
        shown = len(self.checks_shown(state))
        while True:
            slots = empty_slots(state)
            if not slots or not state.deck:
                return
            row, column = slots[0]
            drawn = state.market[row][column] = state.deck.pop(0)
            # Only the slot just filled can hold money its card does not take, and only the card drawn can add a
            # Dominance Check to those shown: every other slot is as it was after the last shift.
            self.drop_untaken_money_at(ctx, row, column)
            shown += self.is_dominance_check(drawn)
            if shown >= 2:
                checks = self.checks_shown(state)
                self.instability(ctx, [n for _, _, n in checks])
                for r, c, number in checks:
                    state.discard.append(number)
                    state.market[r][c] = None  # money on it stays on the slot, as with any discarded event
                self.resolve_check(ctx, sorted(n for _, _, n in checks))
                shift_left(state)
                self.drop_untaken_money(ctx)
                shown = len(self.checks_shown(state))
