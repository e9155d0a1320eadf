"""Small hand-made Pax Pamir positions for the card-based action tests, and a way to run one action."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.contract import Problem
from games.pax.context import Pause
from games.pax_pamir import actions
from games.pax_pamir.context import Context
from games.pax_pamir.state import COLUMNS, Effect, GameState, Player, TurnState

SEATS = ("anna", "bob", "cati")
PATH = ("actions", 0)


def make_state(
    *,
    seats: Sequence[str] = SEATS,
    loyalty: Mapping[str, str] | None = None,
    rupees: Mapping[str, int] | None = None,
    courts: Mapping[str, Sequence[int]] | None = None,
    gifts: Mapping[str, Sequence[int]] | None = None,
    prizes: Mapping[str, Sequence[int]] | None = None,
    hands: Mapping[str, Sequence[int]] | None = None,
    market: Sequence[Sequence[int | None]] | None = None,
    market_rupees: Sequence[Sequence[int]] | None = None,
    tribes: Mapping[str, Mapping[str, int]] | None = None,
    armies: Mapping[str, Mapping[str, int]] | None = None,
    roads: Mapping[str, Mapping[str, int]] | None = None,
    spies: Mapping[int, Mapping[str, int]] | None = None,
    effects: Sequence[tuple[str, str | None]] = (),
    standing: Mapping[str, Mapping[str, Any]] | None = None,
    acting: str = "anna",
) -> GameState:
    """A game in its turns phase, `acting` to move, with exactly the pieces given.

    Defaults: anna British, bob Russian, cati Afghan, four rupees each, empty courts, and a full market of
    court cards that appear nowhere else in the position, no rupees on them.
    """
    loyalty = loyalty or {"anna": "british", "bob": "russian", "cati": "afghan"}
    courts = courts or {}
    players = {}
    for seat in seats:
        player = Player(seat, loyalty=loyalty.get(seat), rupees=(rupees or {}).get(seat, 4))
        player.court = list(courts.get(seat, ()))
        player.gifts = sorted((gifts or {}).get(seat, ()))
        player.prizes = list((prizes or {}).get(seat, ()))
        player.hand = list((hands or {}).get(seat, ()))
        players[seat] = player
    state = GameState(seats=list(seats), players=players, phase="turns", current=acting,
                      turn_number=1, turn=TurnState(acting, 1))
    used = {n for p in players.values() for n in (*p.court, *p.hand, *p.prizes)}
    if market is None:
        spare = [n for n in range(1, 101) if n not in used]
        market = [spare[:COLUMNS], spare[COLUMNS:2 * COLUMNS]]
    state.market = [list(row) for row in market]
    state.market_rupees = [list(row) for row in (market_rupees or ([0] * COLUMNS, [0] * COLUMNS))]
    state.tribes = {k: dict(v) for k, v in (tribes or {}).items()}
    state.armies = {k: dict(v) for k, v in (armies or {}).items()}
    state.roads = {k: dict(v) for k, v in (roads or {}).items()}
    state.spies = {str(k): dict(v) for k, v in (spies or {}).items()}
    state.effects = [Effect(ident, 0, "until_next_dominance_check", seat) for ident, seat in effects]
    state.standing = {k: dict(v) for k, v in (standing or {}).items()}
    return state


def problems(state: GameState, name: str, card: int, params: dict[str, Any], seat: str = "anna") -> list[Problem]:
    """The problems action `name` finds with these params."""
    module = actions.module(name)
    assert module is not None, f"{name} is not implemented"
    return module.problems(state, seat, card, params, PATH)


def messages(found: Sequence[Problem]) -> str:
    """Every problem message, one per line (for `in` checks)."""
    return "\n".join(f"{'.'.join(map(str, p.path))}: {p.message}" for p in found)


def run(state: GameState, name: str, card: int, params: dict[str, Any], seat: str = "anna",
        answers: Mapping[str, Any] | None = None) -> Context:
    """Check then perform an action on `state` (mutated); the context holds the events."""
    found = problems(state, name, card, params, seat)
    assert not found, messages(found)
    module = actions.module(name)
    assert module is not None
    order = {"actions": [{"action": name, "card": card, **params}]}
    ctx = Context(state=state, seat=seat, order=order, answers=dict(answers or {}), where=PATH)
    module.perform(ctx, seat, card, order["actions"][0])
    return ctx


def pause_of(state: GameState, name: str, card: int, params: dict[str, Any], seat: str = "anna",
             answers: Mapping[str, Any] | None = None) -> Pause:
    """The Pause an action stops at (fails the test when it runs through)."""
    try:
        run(state, name, card, params, seat, answers)
    except Pause as pause:
        return pause
    raise AssertionError("the action did not pause")


def texts(ctx: Context) -> str:
    """All event texts, one per line."""
    return "\n".join(event.text for event in ctx.events)


def market_total(state: GameState) -> int:
    """Rupees lying in the market."""
    return sum(map(sum, state.market_rupees))
