"""The kernel's component limits (both rulebooks, Component Limits)."""

from __future__ import annotations

import pytest
from pax_toy import toy_context, toy_state

from games.pax.context import Pause
from games.pax.pieces import Counts, bump, mark_placed, sources, take_from_play


def test_counts_drop_empty_keys_and_never_go_negative() -> None:
    counts: Counts = {"anna": 1}
    bump(counts, "anna", -1)
    assert counts == {}
    with pytest.raises(ValueError):
        bump(counts, "anna", -1)


def test_take_a_piece_from_anywhere_in_play_except_one_placed_this_turn() -> None:
    placed: Counts = {}
    supporters = {"earth": {"anna": 1, "bob": 2}, "mars": {"anna": 2}}
    mark_placed(placed, "supporter", "earth", "anna")
    mark_placed(placed, "supporter", "mars", "anna")
    in_play = [("supporter", region, counts) for region, counts in supporters.items()]
    assert sources(in_play, "anna", placed) == ["supporter:mars"]  # one of the two on mars came earlier
    assert sources(in_play, "anna", None) == ["supporter:earth", "supporter:mars"]  # outside a turn


def test_the_placing_seat_chooses_where_the_piece_comes_from() -> None:
    ctx = toy_context(toy_state())
    text = "all of anna's markers are in play: take one for an agent from"
    with pytest.raises(Pause) as paused:
        take_from_play(ctx, "anna", "take-marker", text, ["supporter:earth", "supporter:mars"])
    assert paused.value.question.key == "take-marker-1" and paused.value.question.default == "supporter:earth"
    assert take_from_play(ctx, "anna", "take-marker", text, []) is None
    assert take_from_play(ctx, "anna", "take-marker", text, ["agent:12"]) == "agent:12"
