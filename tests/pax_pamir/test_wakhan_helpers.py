"""Hand-made positions with Wakhan in them, and a way to take one of her action codes (no tests here)."""

from __future__ import annotations

from typing import Any

from actions_helpers import make_state

from games.pax_pamir import cards
from games.pax_pamir.state import GameState
from games.pax_pamir.wakhan import AUTOMATON, SEAT
from games.pax_pamir.wakhan.decide import WakhanContext
from games.pax_pamir.wakhan.deck import KEY, AiDeck, Reading, reading
from games.pax_pamir.wakhan.turn import take_code

#: A dominance check card, and a market of court cards that no test position uses unless it says so.
CHECK = 101
#: AI card 1 read with the back of card 4: black arrow column 4 (index 3), red arrow bottom row / right.
CARD, BACK = 1, 4


def wakhan_state(*, card: int = CARD, back: int = BACK, humans: tuple[str, ...] = ("anna",),
                 loyalty: dict[str, str] | None = None, **kw: Any) -> GameState:
    """A position in Wakhan's turn: her seat first, the humans after, AI card `card` drawn, `back` on top."""
    state = make_state(seats=(SEAT, *humans), loyalty=loyalty or {"anna": "british", "bob": "russian"},
                       acting=SEAT, **kw)
    state.players[SEAT].automaton = AUTOMATON
    rest = [n for n in sorted(cards.wakhan_cards()) if n not in (card, back)]
    state.standing.setdefault(SEAT, {})["bribe"] = "full"
    state.automata[SEAT] = {KEY: AiDeck([back, *rest], [card], card).encode()}
    return state


def take(state: GameState, code: str, answers: dict[str, Any] | None = None) -> tuple[WakhanContext, bool]:
    """Take one action code for Wakhan on `state` (mutated); the context holds the events."""
    ctx = WakhanContext(state, SEAT, {}, dict(answers or {}), where=("wakhan", 0))
    done = take_code(ctx, reading(state), code)
    return ctx, done


def texts(ctx: WakhanContext) -> str:
    """Every event text, one per line."""
    return "\n".join(e.text for e in ctx.events)


def market_of(top: list[int | None], bottom: list[int | None]) -> list[list[int | None]]:
    """A market from two rows of six."""
    assert len(top) == len(bottom) == 6
    return [list(top), list(bottom)]


def the_reading(state: GameState) -> Reading:
    """The AI card reading of a test position."""
    return reading(state)
