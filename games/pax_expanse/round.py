"""The round: after the last seat in turn order has finished its turn, the Rocinante takes its turn.

The Rocinante's turn (rulebook "The Rocinante"; ROCINANTE.md) is resolved by the game itself, in the same step as
the turn that ends the round, with that step's random stream (the AI deck reshuffles from it). When an asset it
discards asks the owners of the agents on it where they go, the round ends in the step that receives the last
answer (the game's `turn_over`, once the kernel's resume finishes the turn), and that step's random stream is the
one drawn from.
"""

from __future__ import annotations

from engine.contract import Event
from engine.rng import Rng
from games.pax_expanse.rocinante import take_turn
from games.pax_expanse.state import GameState


def rocinante_turn(state: GameState, rng: Rng) -> list[Event]:
    """Resolve the Rocinante's turn on `state` in place and return what happened, every decision with its reason;
    a turn waiting for answers leaves `state.paused` set."""
    return take_turn(state, rng)


def end_round(state: GameState, rng: Rng) -> list[Event]:
    """The Rocinante's turn, then the next round begins with the first player (once nobody owes an answer)."""
    happened = [Event("The round ends: the Rocinante takes its turn", None, {"kind": "rocinante-turn",
                                                                           "round": state.round})]
    happened += rocinante_turn(state, rng)
    if state.paused is None:
        next_round(state)
    return happened


def next_round(state: GameState) -> None:
    """The Rocinante's turn is over: count it, and the first player begins the next round."""
    state.rocinante.turns += 1
    state.round += 1
    state.current = state.order[0]
