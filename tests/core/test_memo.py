"""The memo of resolved turns: a hit needs the very state object, the seat and the order's exact text."""

from __future__ import annotations

from engine.memo import ResolvedTurns


def test_take_gives_the_outcome_once() -> None:
    memo: ResolvedTurns[str] = ResolvedTurns()
    state = {"turn": 1}
    memo.put(state, "anna", {"action": "tax"}, "outcome")
    assert memo.holds(state, "anna", {"action": "tax"})
    assert memo.take(state, "anna", {"action": "tax"}) == "outcome"
    assert memo.take(state, "anna", {"action": "tax"}) is None


def test_an_equal_state_that_is_another_object_misses() -> None:
    memo: ResolvedTurns[str] = ResolvedTurns()
    memo.put({"turn": 1}, "anna", {}, "outcome")
    assert not memo.holds({"turn": 1}, "anna", {})


def test_other_seat_or_other_order_misses_and_true_is_not_one() -> None:
    memo: ResolvedTurns[str] = ResolvedTurns()
    state = {"turn": 1}
    memo.put(state, "anna", {"bribe": 1}, "outcome")
    assert not memo.holds(state, "ben", {"bribe": 1})
    assert not memo.holds(state, "anna", {"bribe": True})
    assert not memo.holds(state, "anna", {"bribe": 2})


def test_only_the_most_recent_entries_are_kept() -> None:
    memo: ResolvedTurns[int] = ResolvedTurns(size=2)
    states = [{"n": n} for n in range(3)]
    for n, state in enumerate(states):
        memo.put(state, "anna", {}, n)
    assert not memo.holds(states[0], "anna", {})
    assert memo.take(states[2], "anna", {}) == 2


def test_switched_off_it_never_hits() -> None:
    memo: ResolvedTurns[str] = ResolvedTurns()
    state = {"turn": 1}
    memo.put(state, "anna", {}, "outcome")
    memo.enabled = False
    assert not memo.holds(state, "anna", {}) and memo.take(state, "anna", {}) is None
