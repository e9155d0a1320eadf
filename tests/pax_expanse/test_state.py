"""The Pax Expanse state: plain, canonical data that round-trips, and copies that share nothing."""

from __future__ import annotations

import json

import pytest

from games.pax.paused import Paused
from games.pax_expanse.state import Effect, GameState, Player, Rocinante, TurnState, bump, nested_bump


def busy_state() -> GameState:
    """A position with something in every field."""
    players = {
        "anna": Player("anna", "black", "un", 5, [3, 40], [1, 22, 97], [22], 2, [55], 7),
        "ben": Player("ben", "grey", None, 3),
        "cleo": Player("cleo", "purple", "opa", 0, [], [81], [], 0, [], 3),
    }
    state = GameState(seats=["anna", "ben", "cleo"], players=players, order=["ben", "cleo", "anna"])
    state.climate = "cold_war"
    state.objective = "tycho"
    state.deck = [5, 101, 6]
    state.market[0][0] = 7
    state.market[1][5] = 105
    state.market_influence[0][2] = 2
    state.discard = [9]
    state.unused = [10, 11]
    nested_bump(state.supporters, "belt", "anna", 2)
    nested_bump(state.fleets, "belt", "mcr", 1)
    nested_bump(state.transports, "belt-earth", "opa", 1)
    nested_bump(state.agents, "22", "cleo", 1)
    state.effects.append(Effect(106, "ice_hauler_windfall", "favour_worth", "until_after_next_dominance_check",
                                "anna", None))
    state.rocinante = Rocinante("jupiter", True, [4, 8], [1], 2)
    state.phase = "turns"
    state.current = "anna"
    state.turn_number = 6
    state.round = 2
    state.checks = [1]
    state.turn = TurnState("anna", 6, 1, [22], [7], {"fleet:belt:mcr": 1}, {"combat_sites": ["belt"]})
    state.paused = Paused({"x": 1}, "anna", {"actions": []}, {"k": "yes"},
                          [{"seat": "ben", "key": "b1", "kind": "bribe"},
                           {"seat": "cleo", "key": "b2", "kind": "bribe"},
                           {"seat": "ben", "key": "b3", "kind": "bribe"}], 3)
    state.standing = {"ben": {"bribes": "refuse"}}
    return state


def test_state_encode_decode_round_trip() -> None:
    state = busy_state()
    data = state.encode()
    assert GameState.decode(json.loads(json.dumps(data))) == state
    assert GameState.decode(data).encode() == data


def test_state_encoding_is_canonical_whatever_the_history() -> None:
    one, two = busy_state(), busy_state()
    nested_bump(two.fleets, "earth", "un", 1)
    nested_bump(two.fleets, "earth", "un", -1)
    two.players["anna"].exhausted = [22]
    assert json.dumps(one.encode()) == json.dumps(two.encode())
    assert "earth" not in two.encode()["fleets"]


def test_state_clone_shares_nothing_mutable() -> None:
    state = busy_state()
    copy = state.clone()
    assert copy == state
    copy.players["anna"].network.append(4)
    nested_bump(copy.supporters, "belt", "anna", 1)
    copy.rocinante.deck.pop()
    assert copy.turn is not None
    copy.turn.notes["combat_sites"].append("mars")
    copy.market[0][1] = 8
    copy.effects[0].target = "ben"
    assert state == busy_state()


def test_paused_seats_are_each_asked_once_in_order() -> None:
    state = busy_state()
    assert state.due_seats() == ["ben", "cleo"]
    state.paused = None
    assert state.due_seats() == ["anna"]


def test_starting_loyalty_is_owed_by_every_seat_at_once() -> None:
    state = busy_state()
    state.phase = "loyalty"
    state.paused = None
    assert state.due_seats() == ["ben"]
    state.players["anna"].loyalty = None
    assert state.due_seats() == ["ben", "anna"]


def test_counts_never_go_negative_and_drop_zero_keys() -> None:
    counts = {"a": 1}
    bump(counts, "a", -1)
    assert counts == {}
    with pytest.raises(ValueError):
        bump(counts, "a", -1)


def test_state_round_trip_keeps_the_order_assets_were_exhausted_in() -> None:
    state = busy_state()
    state.players["anna"].exhausted = [97, 22]
    assert GameState.decode(json.loads(json.dumps(state.encode()))) == state
