"""Positions against Wakhan driven through the game's public contract: the human before her submits an order
with GAME.check / GAME.apply, and the game plays her turn after it (no tests here)."""

from __future__ import annotations

from typing import Any

from actions_helpers import make_state

from engine.contract import Step
from engine.rng import Rng
from games.pax_pamir import GAME, cards
from games.pax_pamir.state import GameState
from games.pax_pamir.wakhan import AUTOMATON, SEAT
from games.pax_pamir.wakhan.deck import KEY, AiDeck, load

#: A filler market: events other than the checks in columns 2-6 (no impact icons, nothing her codes look for),
#: and in column 1 two court cards (Khyber Pass, Wheat Fields), since the human's cleanup before her turn would
#: discard an event found there and shift the market.
TOP = [29, 105, 106, 107, 108, 109]
BOTTOM = [67, 110, 112, 113, 115, 116]
#: A Dominance Check (the only one in these positions, so the final one).
CHECK = 101


def market(**slots: int | None) -> list[list[int | None]]:
    """The filler market with some slots replaced: market(b3=7) puts card 7 in the bottom row, column 3."""
    rows: list[list[int | None]] = [list(TOP), list(BOTTOM)]
    for name, number in slots.items():
        rows[0 if name[0] == "t" else 1][int(name[1]) - 1] = number
    return rows


EMPTY: list[list[int | None]] = [[None] * 6, [None] * 6]


def before_her(card: int, back: int, *, humans: tuple[str, ...] = ("anna",),
               loyalty: dict[str, str] | None = None, **kw: Any) -> GameState:
    """The last human's turn is due, Wakhan plays next: her AI deck has `card` on top, then `back`."""
    last = humans[-1]
    state = make_state(seats=(SEAT, *humans), loyalty=loyalty or {"anna": "british", "bob": "russian"},
                       acting=last, **kw)
    state.turn = None
    state.players[SEAT].automaton = AUTOMATON
    state.standing.setdefault(SEAT, {})["bribe"] = "full"
    rest = [n for n in sorted(cards.wakhan_cards()) if n not in (card, back)]
    state.automata[SEAT] = {KEY: AiDeck([card, back, *rest], [], None).encode()}
    return state


def pass_to_her(state: GameState, order: dict[str, Any] | None = None, seat: str | None = None,
                may_pause: bool = False) -> Step:
    """The prompted human submits `order` (no actions by default), checked then applied; her turn follows (to
    its end unless `may_pause`: a turn waiting for a human's answer would leave a test nothing to check)."""
    (prompt,) = GAME.prompts(state)
    assert prompt.seat != SEAT
    assert seat is None or prompt.seat == seat
    order = order if order is not None else {"actions": []}
    problems = GAME.check(state, prompt.seat, order)
    assert not problems, problems
    step = GAME.apply(state, {prompt.seat: order}, Rng("wk-rulebook"))
    assert may_pause or step.state.paused is None, step.state.paused
    return step


def said(step: Step) -> list[str]:
    """The texts of a step's events."""
    return [e.text for e in step.events]


def hers(step: Step) -> list[str]:
    """The texts from the start of her turn on."""
    texts = said(step)
    start = next(i for i, t in enumerate(texts) if t.startswith("Wakhan's turn."))
    return texts[start:]


def ai_card(state: GameState) -> int | None:
    """The AI card she is playing by."""
    return load(state).card
