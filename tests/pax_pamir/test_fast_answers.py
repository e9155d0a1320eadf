"""Questions answered by a faster route give the same answer as the plain rule, in every state of real games."""

from __future__ import annotations

from engine.simulate import play_out
from games.pax_pamir import GAME, ruling
from games.pax_pamir.cards import board
from games.pax_pamir.rules import RULES
from games.pax_pamir.state import GameState, TurnState

SEATS = ("anna", "ben", "cleo", "dara")


def _turn_states(seed: int) -> list[GameState]:
    """Every state of a seeded robot game where a turn is about to begin."""
    found: list[GameState] = []
    play_out(GAME, SEATS, seed, {}, after_step=lambda _, state: found.append(state) if
             state.phase == "turns" and state.paused is None else None)
    return found


def test_actions_now_is_may_act_asked_of_every_card_and_action() -> None:
    """The robots' list of what may act now is may_act's answer for each card and action, in court order."""
    seen = 0
    for state in _turn_states(7):
        seat = state.current
        state = state.clone()
        state.turn = TurnState(seat, state.turn_number + 1)
        for used, actions in ((0, 0), (1, 1), (2, 2)):
            state.turn.used = state.players[seat].court[:used]
            state.turn.actions = actions
            expected = [(n, k) for n in state.players[seat].court for k in RULES.card_actions(n)
                        if RULES.may_act(state, seat, n, k)]
            assert RULES.actions_now(state, seat) == expected
            seen += bool(expected)
    assert seen > 20


def test_regions_ruled_are_those_whose_ruler_is_the_seat() -> None:
    """regions_ruled skips regions without a tribe of the seat: the same list as asking ruler() of each region."""
    ruled = 0
    for state in _turn_states(11):
        for seat in state.seats:
            expected = [r for r in board().regions if ruling.ruler(state, r) == seat]
            assert ruling.regions_ruled(state, seat) == expected
            ruled += len(expected)
    assert ruled > 20
