"""Pax Expanse's robot draws: the entries worth trying where the turn stands, the bribe limits and standing orders
it sometimes gives. The kernel (games/pax/robot.py) builds the turn order from them.

Each entry is tried by running the turn with it on the rules themselves, on a copy of the turn as the entries
accepted before it left it (its actions taken, before cleanup), so a refused entry leaves nothing to undo.
Running it from the turn's start instead would give the same turn: a turn draws no chance, and every answer the
robot chose is written into the order.
"""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

from engine.rng import Rng
from games.pax.context import Pause
from games.pax.dominance import GameOver
from games.pax.robot import RobotTurn, draw_choice
from games.pax.turn import Outcome
from games.pax_expanse import actions
from games.pax_expanse.rules import RULES
from games.pax_expanse.state import GameState
from games.pax_expanse.turn import Ctx, action_parts, begin_turn, finish_turn, may_act, run_turn, take_action

#: Entries a random turn tries before it settles for what it has.
TRIES = 12
#: One entry in BRIBE_LIMIT_ONE_IN (a play or an asset's action) states the most its seat will pay as a bribe, so
#: robot games also settle bribes from the order and not only from the payer's answer.
BRIBE_LIMIT_ONE_IN = 4
#: One turn order in STANDING_ONE_IN also gives standing orders, so robot games answer others' questions from them.
STANDING_ONE_IN = 10


def random_entry(state: GameState, seat: str, rng: Rng) -> dict[str, Any] | None:
    """A random entry worth trying now, each as likely as any other: a purchasable slot, a card in hand, or a card
    action a module can fill with random legal details; None when there is none.

    A card action's details are drawn only once it is the entry drawn, as working them out is the costly part. One
    that admits none is put aside and another entry is drawn, which leaves the others as likely as they were.
    """
    entries: list[dict[str, Any]] = []
    if state.turn is None or RULES.core_action_left(state):
        entries += [{"action": "purchase", "row": r + 1, "column": c + 1} for r, c in RULES.purchasable(state, seat)]
        entries += [{"action": "play", "card": n} for n in state.players[seat].hand]
    card_actions = [(kind, number, module) for number in state.players[seat].network
                    for kind in RULES.card_actions(number)
                    if (module := actions.module(kind)) is not None and state.turn is not None
                    and may_act(state, seat, number, kind)]

    def filled(found: tuple[str, int, Any]) -> dict[str, Any] | None:
        kind, number, module = found
        params = module.random_params(state, seat, number, rng)
        return None if params is None else {"action": kind, "card": number, **params}

    entry = draw_choice(rng, entries, card_actions, filled)
    if entry is not None and entry["action"] != "purchase" and rng.below(BRIBE_LIMIT_ONE_IN) == 0:
        entry["bribe"] = rng.below(4)
    return entry


def random_standing(state: GameState, seat: str, rng: Rng) -> dict[str, Any]:
    """Random standing orders: how to answer bribes asked of the seat, or which cards it discards first."""
    if rng.below(2) == 0 or not state.players[seat].hand:
        return {"bribe": rng.choice(("full", "waive", 0, 1, 2))}
    hand = state.players[seat].hand
    return {"discard": rng.sample(hand, 1 + rng.below(len(hand)))}


class ExpanseTurn(RobotTurn[GameState]):
    """A Pax Expanse turn built by trying each entry on the turn as the entries before it left it; the last run
    answers cleanup's questions into the order."""

    ATTEMPTS = TRIES
    #: The run of the turn with the last entry accepted, if any.
    last_run: Outcome | None = None
    #: That run once its actions were taken, before cleanup (None when it paused or the game ended in them).
    acted: Ctx | None = None

    def run(self) -> Outcome:
        """Perhaps standing orders first, then the entries, then the turn as the order now stands."""
        rng = self.rng
        if rng is not None and rng.below(STANDING_ONE_IN) == 0:
            # New standing orders are in force for the whole turn they come with (they may answer its own
            # questions), so the turn is built with them recorded, as the game records them before running it.
            self.order["standing"] = random_standing(self.start, self.seat, rng)
            self.start = self.start.clone()
            self.start.standing.setdefault(self.seat, {}).update(copy.deepcopy(self.order["standing"]))
        self.add_actions()
        if self.last_run is not None:
            # The order stands as the last entry accepted left it, answers included: a replay would be this run.
            return self.last_run
        return run_turn(self.start, self.seat, self.order, chooser=self.chooser)

    def draw_entry(self, rng: Rng) -> dict[str, Any] | None:
        """One of the entries worth trying once the order's actions are done."""
        probe = self._state_after_actions() if self.last_run is None else self.acted.state if self.acted else None
        return random_entry(probe, self.seat, rng) if probe is not None else None

    def take_entry(self, entry: dict[str, Any]) -> None:
        """The turn with the entry added (its answers are written into the order), on from where the entries
        before it left the turn; the first entry runs the turn from its start."""
        acted: list[Ctx] = []

        def keep(ctx: Ctx) -> None:
            acted.append(_copy(ctx, ctx.order))

        if self.last_run is None:
            ctx = begin_turn(self.start, self.seat, self.order, {}, chooser=self.chooser)
            parts = action_parts(ctx)
        else:
            assert self.acted is not None  # draw_entry offers no entry once a run paused or ended the game
            ctx = _copy(self.acted, self.order)
            index = len(self.order["actions"]) - 1

            def the_entry() -> None:
                ctx.where = ("actions", index)
                take_action(ctx, entry)

            parts = [the_entry]
        self.last_run = finish_turn(ctx, parts, keep)
        self.acted = acted[0] if acted else None

    def _state_after_actions(self) -> GameState | None:
        """The working state once the order's actions are done, before cleanup (None if the turn pauses or the game
        ends first: no further entry is worth trying). Answers chosen here are not written into the order."""
        ctx = begin_turn(self.start, self.seat, copy.deepcopy(self.order), {}, chooser=self.chooser)
        try:
            for part in action_parts(ctx):
                part()
        except (Pause, GameOver):
            return None
        return ctx.state


def _copy(ctx: Ctx, order: dict[str, Any]) -> Ctx:
    """A turn in progress copied to go on apart, with `order` as its order."""
    return dataclasses.replace(ctx, state=ctx.state.clone(), order=order, answers=dict(ctx.answers),
                               events=list(ctx.events), counters=dict(ctx.counters))
