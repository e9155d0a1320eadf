"""Bribes in a Pax game, each computed in one place: the play bribe (to the controller of a played card's region)
and the action bribe (to the seat holding a card hostage, the intimidating player), and how either is settled.

The receiver may ask any part of the most it may ask (its standing `bribe:` order or a prompt); the payer's order
may say the most it will pay, otherwise the payer is asked. A bribe not paid means the action is not taken.
Waivers (abilities, events, a political climate) and a payer's right to decline are hooks of `BribeRules`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Generic, Protocol, TypeVar

from engine.contract import Path
from engine.words import counted
from games.pax.context import Context, HasStanding, Question
from games.pax.market import Wallet

#: The kinds of bribe: to play a card, and to use a card held hostage.
PLAY, HOSTAGE = "play", "hostage"


class BribeState(HasStanding, Protocol):
    """What bribes need of a game's state: the seats' money and standing orders."""

    @property
    def players(self) -> Mapping[str, Wallet]:
        """The seats."""


S = TypeVar("S", bound=BribeState)


class BribeRules(Generic[S]):
    """Bribes; hooks (the methods a game overrides) come first."""

    #: The game's unit of money in the questions a bribe asks, plural marked as in "unit(s)": a paused turn stores
    #: its questions' texts, so they keep this first wording (`Question.shown` reads it as plain English).
    MONEY_UNIT = "unit(s)"
    #: The game's unit of money counted in event lines ("1 unit", "2 units"; see engine.words.counted).
    MONEY_NOUN = "unit"

    # --- hooks ---------------------------------------------------------------------------------------------------

    def card_region(self, card: int) -> str:
        """The region printed on a card."""
        raise NotImplementedError(f"{type(self).__name__} must say a card's region")

    def controller(self, state: S, region: str) -> str | None:
        """The seat that controls (rules) `region`, if any."""
        raise NotImplementedError(f"{type(self).__name__} must say who controls a region")

    def controller_pieces(self, state: S, seat: str, region: str) -> int:
        """The most the controller of `region` may ask to let a card of it be played: its pieces there."""
        raise NotImplementedError(f"{type(self).__name__} must say what a play bribe costs")

    def agents_on(self, state: S, card: int) -> Mapping[str, int]:
        """Each seat's agents (spies) on a card in play."""
        raise NotImplementedError(f"{type(self).__name__} must say whose agents are on a card")

    def owner_of(self, state: S, card: int) -> str | None:
        """The seat whose tableau holds `card`."""
        raise NotImplementedError(f"{type(self).__name__} must say whose tableau holds a card")

    def bribes_waived(self, state: S, payer: str, kind: str) -> bool:
        """True when `payer` owes no bribe of this kind (an ability, an event, the political climate)."""
        return False

    def declines_bribe(self, ctx: Context[S], payer: str, receiver: str, kind: str, what: str) -> bool:
        """True when `payer` may, and chooses to, decline the bribe and act all the same."""
        return False

    # --- who may ask, and how much -------------------------------------------------------------------------------

    def play_bribe(self, state: S, seat: str, card: int) -> tuple[str, int] | None:
        """Who may ask `seat` a bribe to play `card`, and the most they may ask: the controller of its region
        (when not `seat`), up to their pieces there. None when `seat` plays freely (waivers are settle_bribe's)."""
        region = self.card_region(card)
        holder = self.controller(state, region)
        if holder is None or holder == seat:
            return None
        return holder, self.controller_pieces(state, holder, region)

    def hostage_holder(self, state: S, card: int) -> str | None:
        """The enemy seat holding `card` hostage (intimidating it): more agents on it than each other seat, its
        owner included."""
        counts = self.agents_on(state, card)
        if not counts:
            return None
        best = max(counts.values())
        leaders = [s for s, c in counts.items() if c == best]
        if len(leaders) != 1 or leaders[0] == self.owner_of(state, card):
            return None
        return leaders[0]

    def hostage_bribe(self, state: S, card: int) -> tuple[str, int] | None:
        """Who holds `card` hostage, and the most they may ask to let its owner use its actions: their agents on
        it. None when it is not held hostage (waivers are settle_bribe's)."""
        holder = self.hostage_holder(state, card)
        if holder is None:
            return None
        return holder, self.agents_on(state, card)[holder]

    # --- settling ------------------------------------------------------------------------------------------------

    def settle_bribe(self, ctx: Context[S], payer: str, receiver: str, amount: int, kind: str, path: Path,
                     what: str) -> bool:
        """Settle a bribe of up to `amount` from `payer` to `receiver`; True when the action may go ahead.

        `kind` is PLAY or HOSTAGE; `path` is where the payer's order may give the most it will pay.
        """
        state = ctx.state
        unit = self.MONEY_UNIT
        if amount <= 0 or payer == receiver:
            return True
        if self.bribes_waived(state, payer, kind):
            ctx.emit(f"{payer} owes {receiver} no bribe to {what}.", kind="bribe", payer=payer, receiver=receiver,
                     paid=0)
            return True
        if self.declines_bribe(ctx, payer, receiver, kind, what):
            return True
        demand = ctx.ask(Question(
            receiver, ctx.key(f"bribe-{kind}"), "bribe",
            f"{payer} wants to {what}; {receiver} may ask a bribe of up to {amount} {unit}: how many are asked",
            tuple(range(amount + 1)), default=amount,
        ))
        if demand == 0:
            ctx.emit(f"{receiver} waives the bribe for {payer} to {what}.", kind="bribe", payer=payer,
                     receiver=receiver, paid=0)
            return True
        wallet = state.players[payer]
        if wallet.money < demand:
            ctx.emit(f"{payer} cannot pay the bribe of {demand} asked by {receiver} and does not {what}.",
                     kind="bribe-refused", payer=payer, receiver=receiver)
            return False
        pays = _pays(ctx, payer, receiver, demand, kind, path, what, unit)
        if not pays:
            ctx.emit(f"{payer} refuses the bribe of {demand} asked by {receiver} and does not {what}.",
                     kind="bribe-refused", payer=payer, receiver=receiver)
            return False
        wallet.money -= demand
        state.players[receiver].money += demand
        ctx.emit(f"{payer} pays {receiver} a bribe of {counted(demand, self.MONEY_NOUN)} to {what}.", kind="bribe",
                 payer=payer, receiver=receiver, paid=demand)
        return True


def _pays(ctx: Context[Any], payer: str, receiver: str, demand: int, kind: str, path: Path, what: str,
          unit: str) -> bool:
    """Whether the payer pays the demand: the most its order says it will pay, else its answer."""
    limit = ctx.given(path) if payer == ctx.seat else None
    if isinstance(limit, int) and not isinstance(limit, bool):
        return demand <= limit
    return bool(ctx.ask(Question(
        payer, ctx.key(f"bribe-{kind}-pay"), "choice",
        f"{receiver} asks {payer} a bribe of {demand} {unit} to {what}: pay or refuse",
        ("pay", "refuse"), default="refuse",
    )) == "pay")
