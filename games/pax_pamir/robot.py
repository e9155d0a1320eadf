"""Pax Pamir's robot draws: which action it tries next (one of every choice the seat has, a card action's details
only then), when it stops, and the deadline default for loyalty. The kernel (games/pax/robot.py) builds the turn
order from them."""

from __future__ import annotations

from typing import Any

from engine.rng import Rng
from games.pax.robot import RobotTurn, draw_choice
from games.pax.turn import Outcome
from games.pax_pamir import actions, cards
from games.pax_pamir.context import Context
from games.pax_pamir.rules import RULES
from games.pax_pamir.state import GameState
from games.pax_pamir.turn import begin_turn, blackmail, take_action
from games.pax_pamir.turn import play_turn as turn_frame

#: How many candidate actions a robot tries per turn before it settles for what it has.
ATTEMPTS = 8
#: Chance that a robot stops early when it still could act.
STOP_CHANCE = 0.08


def loyalty_default(state: GameState) -> str:
    """The deadline default for a loyalty choice: the coalition fewest seats have chosen so far (first on ties)."""
    coalitions = cards.board().coalitions
    chosen = [p.loyalty for p in state.players.values()]
    return min(coalitions, key=lambda c: (chosen.count(c), coalitions.index(c)))


class PamirTurn(RobotTurn[GameState]):
    """A Pax Pamir turn built by acting on a copy of the state: Blackmail, the random actions, then cleanup, in the
    same turn frame as a replay of the order."""

    ATTEMPTS = ATTEMPTS
    OMIT_EMPTY_ACTIONS = True

    def run(self) -> Outcome:
        """The turn, with the random actions resolved where the order's actions belong."""
        self.ctx: Context = begin_turn(self.start, self.seat, self.order, {}, self.chooser)
        return turn_frame(self.ctx, (self.add_actions,))

    def stops(self, rng: Rng) -> bool:
        """One attempt in STOP_CHANCE ends the turn early."""
        return rng.below(1000) < STOP_CHANCE * 1000

    def draw_entry(self, rng: Rng) -> dict[str, Any] | None:
        """A random entry plausibly legal where the turn now stands."""
        return random_entry(self.ctx.state, self.seat, rng)

    def take_entry(self, entry: dict[str, Any]) -> None:
        """Resolve the entry on the turn in progress."""
        self.ctx.where = ("actions", len(self.order["actions"]) - 1)
        take_action(self.ctx, entry)

    def forget(self) -> None:
        """Refusals are rare (a bribe may leave too few rupees for the action itself), so instead of copying the
        state before every attempt, the turn is rebuilt from its start with the entries accepted so far."""
        ctx = self.ctx
        fresh = begin_turn(self.start, ctx.seat, ctx.order, {}, ctx.chooser)
        blackmail(fresh)
        for index, entry in enumerate(ctx.order["actions"]):
            fresh.where = ("actions", index)
            take_action(fresh, entry)
        ctx.state, ctx.events, ctx.answers, ctx.counters = fresh.state, fresh.events, fresh.answers, fresh.counters


def random_entry(state: GameState, seat: str, rng: Rng) -> dict[str, Any] | None:
    """A random action entry that is plausibly legal now, or None when nothing can be done.

    Every choice a player has counts once, as on a screen that offers each: each slot the seat can buy, each card
    of its hand on either side, each action a card in its court may take. A random player so buys and plays as
    often as a player clicking at random would, and its games last about as long as such a player's (drawing a
    kind of action first, each kind as likely, made games half as long again). A choice is drawn first and a card
    action's details only then, because working those out is the costly part.
    """
    turn = state.turn
    assert turn is not None
    ready: list[dict[str, Any]] = []
    if turn.actions < RULES.ACTION_LIMIT:
        ready += [{"action": "purchase", "row": row + 1, "column": column + 1}
                  for row, column in RULES.purchasable(state, seat)]
        ready += [{"action": "play", "card": card, "side": side} for card in state.players[seat].hand for side in SIDES]
    return draw_choice(rng, ready, RULES.actions_now(state, seat),
                       lambda card_action: _details(state, seat, card_action[1], card_action[0], rng))


#: The two sides of the court a card is played to.
SIDES = ("left", "right")


def _details(state: GameState, seat: str, kind: str, number: int, rng: Rng) -> dict[str, Any] | None:
    """Random details of card `number`'s action `kind`, or None when it admits none now."""
    module = actions.module(kind)
    if module is None:
        return None
    params = module.random_params(state, seat, number, rng)
    return None if params is None else {"action": kind, "card": number, **params}
