"""Helpers for the Pax Pamir rules tests: hand-made positions, running orders, and the invariants."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from engine.contract import Step
from engine.rng import Rng
from games.pax_pamir import GAME, cards, queries
from games.pax_pamir.context import Context
from games.pax_pamir.state import BLOCKS, COLUMNS, CYLINDERS, GameState, Player, TurnState

SEATS = ("anna", "bob", "cati")


def position(
    *,
    seats: Sequence[str] = SEATS,
    loyalty: Mapping[str, str] | None = None,
    rupees: Mapping[str, int] | None = None,
    courts: Mapping[str, Sequence[int]] | None = None,
    hands: Mapping[str, Sequence[int]] | None = None,
    market: Sequence[Sequence[int | None]] | None = None,
    deck: Sequence[int] = (),
    current: str = "anna",
) -> GameState:
    """A game in its turns phase before `current`'s turn, with exactly these cards (no pieces on the map).

    Defaults: anna British, bob Russian, cati Afghan, four rupees each, empty courts and hands, a market of
    court cards found nowhere else.
    """
    loyalty = loyalty or {"anna": "british", "bob": "russian", "cati": "afghan"}
    players = {}
    for seat in seats:
        player = Player(seat, loyalty=loyalty.get(seat), rupees=(rupees or {}).get(seat, 4))
        player.court = list((courts or {}).get(seat, ()))
        player.hand = list((hands or {}).get(seat, ()))
        players[seat] = player
    state = GameState(seats=list(seats), players=players, phase="turns", current=current)
    used = {n for p in players.values() for n in (*p.court, *p.hand)} | set(deck)
    if market is None:
        spare = [n for n in range(1, 101) if n not in used]
        market = [spare[:COLUMNS], spare[COLUMNS:2 * COLUMNS]]
    state.market = [list(row) for row in market]
    state.deck = list(deck)
    return state


#: A full market of the first twelve court cards, for positions that need one.
MARKET = [[1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12]]


def bribe_position() -> GameState:
    """Anna wants to play Josiah Harlan (25, Punjab), where Bob rules with two tribes."""
    state = position(courts={"bob": [24]}, hands={"anna": [25, 26]}, market=MARKET, rupees={"anna": 3},
                     loyalty={"anna": "afghan", "bob": "russian", "cati": "british"})
    state.tribes = {"punjab": {"bob": 2}}
    return state


def context(state: GameState, seat: str = "anna", order: dict[str, Any] | None = None) -> Context:
    """A Context for rules helpers called directly, with a turn begun for `seat`."""
    if state.turn is None:
        state.turn = TurnState(seat, state.turn_number + 1)
    return Context(state, seat, order or {})


def turn(state: GameState, order: dict[str, Any], seat: str | None = None) -> Step:
    """Check and apply one order of the prompted seat; fails the test on any problem."""
    seat = seat or GAME.prompts(state)[0].seat
    problems = GAME.check(state, seat, order)
    assert not problems, problems
    return GAME.apply(state, {seat: order}, Rng("test"))


def texts(step: Step) -> list[str]:
    """The texts of a step's events."""
    return [e.text for e in step.events]


# --- invariants ------------------------------------------------------------------------------------------


def rupees_total(state: GameState) -> int:
    """Rupees held by players plus rupees lying in the market."""
    return sum(p.rupees for p in state.players.values()) + sum(map(sum, state.market_rupees))


def rupee_change(step: Step) -> int:
    """Rupees the rules created or removed during a step, from its events."""
    change = 0
    for event in step.events:
        kind = event.data.get("kind")
        if kind == "rupees":
            change += event.data["amount"]
        elif kind == "rupees-removed":
            change -= event.data["amount"]
        elif kind == "leverage":
            change -= event.data["paid"]
    return change


def card_places(state: GameState) -> list[int]:
    """Every card found anywhere, once per place it is found in."""
    found = list(state.deck) + list(state.discard) + list(state.unused)
    found += [n for row in state.market for n in row if n is not None]
    for player in state.players.values():
        found += player.hand + player.court + player.prizes
    found += sorted({e.card for e in state.effects})
    return found


def check_invariants(state: GameState, *, round_trip: bool = True) -> None:
    """Piece counts within the components, every card in exactly one place, canonical encode/decode (left to the
    caller with `round_trip` False: the conformance suite round-trips every state itself)."""
    for coalition in cards.board().coalitions:
        assert 0 <= queries.blocks_in_supply(state, coalition) <= BLOCKS, coalition
    for seat in state.seats:
        assert 0 <= queries.cylinders_in_supply(state, seat) <= CYLINDERS, seat
        assert state.players[seat].rupees >= 0, seat
        assert len(set(state.players[seat].gifts)) == len(state.players[seat].gifts)
    assert all(r >= 0 for row in state.market_rupees for r in row)
    places = card_places(state)
    assert len(places) == len(set(places)), sorted(n for n in set(places) if places.count(n) > 1)
    if state.paused is None:
        assert sorted(places) == list(range(1, 117)), sorted(set(range(1, 117)) - set(places))
    # A paused turn may hold a card between places (a betrayed card while its owner repays its leverage).
    for key in state.spies:
        assert queries.owner_of(state, int(key)) is not None, f"spy on card {key} outside every court"
    if not round_trip:
        return
    data = GAME.encode(state)
    assert json.loads(json.dumps(data)) == data
    assert GAME.encode(GAME.decode(data)) == data
    assert GAME.decode(data) == state
