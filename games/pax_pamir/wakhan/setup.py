"""Setting up a game against Wakhan: deck sized with her counted, her AI deck shuffled, her seat to the right of
the last human to choose loyalty, and her first turn."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.contract import Event
from engine.rng import Rng
from games.pax.market import COLUMNS, ROWS
from games.pax_pamir import cards
from games.pax_pamir.setup import build_deck
from games.pax_pamir.state import GameState, Player
from games.pax_pamir.wakhan import AUTOMATON, SEAT
from games.pax_pamir.wakhan.deck import KEY, seat_of, shuffled

#: Humans who may face her.
HUMANS = range(1, 3)
#: How the `wakhan` game option may be written (`pbem new ... --option wakhan=yes` passes a string).
YES, NO = ("true", "yes", "on", "1"), ("false", "no", "off", "0", "")


def wanted(options: Mapping[str, Any]) -> bool:
    """Whether the game options ask for Wakhan: `wakhan: true` or `--option wakhan=yes` (ValueError otherwise)."""
    value = options.get("wakhan", False)
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in YES or text in NO:
        return text in YES
    raise ValueError(f"option wakhan must be yes or no, got {value!r}")


def new_game(humans: Sequence[str], rng: Rng) -> GameState:
    """The state after setup for `humans` against Wakhan: loyalty to be chosen by the humans from a random one."""
    if len(humans) not in HUMANS or len(set(humans)) != len(humans) or SEAT in humans:
        raise ValueError(f"Wakhan plays against one or two humans with distinct names other than {SEAT!r}, "
                         f"got {list(humans)}")
    deck, unused = build_deck(len(humans) + 1, rng)
    first = rng.below(len(humans))
    choosers = [humans[(first + i) % len(humans)] for i in range(len(humans))]
    seats = list(humans)
    # Clockwise play passes to the left, so the seat to the right of the last chooser plays just before them.
    seats.insert(seats.index(choosers[-1]), SEAT)
    players = {s: Player(s) for s in seats}
    players[SEAT].automaton = AUTOMATON
    state = GameState(seats=seats, players=players, deck=deck, unused=unused, favored=cards.board().suits[0])
    for column in range(COLUMNS):
        for row in range(ROWS):
            state.market[row][column] = state.deck.pop(0)
    state.loyalty_order = choosers
    state.current = choosers[0]
    state.phase = "loyalty"
    # She always asks the full bribe (a standing order answers the ruler's question in any human's turn).
    state.standing[SEAT] = {"bribe": "full"}
    state.automata[SEAT] = {KEY: shuffled(rng).encode()}
    return state


def first_turn(state: GameState) -> list[Event]:
    """Once the last human has chosen loyalty, Wakhan takes the first turn (not the last chooser)."""
    seat = seat_of(state)
    if seat is None or state.phase != "turns" or state.turn_number or state.current == seat:
        return []
    last = state.current
    state.current = seat
    return [Event(f"Wakhan takes the first turn of the game, before {last}: her rules give her the first turn.",
                  None, {"kind": "first-turn", "seat": seat})]
