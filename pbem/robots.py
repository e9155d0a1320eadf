"""Robot seats: seeded random legal orders, or the game's caretaker (batch.play_robots sends them through the same
intake as a person's)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.contract import Game, Order, Reason, caretaker_choice, caretaker_reasons, has_caretaker
from engine.rng import Rng

#: The style of a seat whose game.yaml names none: the random robot every game had before the caretaker.
RANDOM = "random"
CARETAKER = "caretaker"
#: The caretaker's reason when it leaves a question to chance: public, since it says nothing of the answer.
LEFT_TO_CHANCE = Reason("a question the caretaker leaves to chance: answered at once, as the random robot would",
                        public=True)


@dataclass(frozen=True)
class Played:
    """A robot's order and, from the caretaker, one line per decision saying why (each public or the seat's alone)."""

    order: Order
    reasons: tuple[Reason, ...] = ()


def play(game: Game, state: Any, seat: str, rng: Rng, style: str | None = None) -> Played:
    """A robot's order for `seat` from a seat-and-step seeded stream: the game's random legal order, or with style
    "caretaker" the caretaker's (which answers a question it leaves to chance as the random robot does)."""
    if style == CARETAKER:
        # As engine.contract.caretaker_order plays, from the same stream; here the fallback is told as a reason.
        order = caretaker_choice(game, state, seat, rng)
        if order is None:
            return Played(game.random_order(state, seat, rng), (LEFT_TO_CHANCE,))
        return Played(order, tuple(caretaker_reasons(game, state, seat, order)))
    return Played(game.random_order(state, seat, rng))


def stored_style(style: str | None) -> str | None:
    """A robot style as game.yaml keeps it: random is what a seat without `robot_style` means, so it is kept as
    none and older games stay as they were."""
    return None if style == RANDOM else style


def style_problem(game: Game, style: str) -> str | None:
    """Why a seat of `game` cannot be handed to a robot of this style, or None when it can."""
    if style not in (RANDOM, CARETAKER):
        return f"robot style {style!r} is not one of {RANDOM}, {CARETAKER}"
    if style == CARETAKER and not has_caretaker(game):
        return f"{game.title} has no caretaker yet: hand the seat to the random robot (--style random)"
    return None
