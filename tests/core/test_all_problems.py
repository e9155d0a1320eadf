"""Every problem in an order is told in one answer, not only the first."""

from __future__ import annotations

from pbem import intake
from pbem.store import GameDir

from .conftest import order_text


def test_a_wrong_step_does_not_hide_what_else_is_wrong(toy_game: tuple[GameDir, dict[str, str]]) -> None:
    gd, _ = toy_game
    doc = intake.check(gd, order_text("anna", 7, "not-a-number"), "anna.yaml")
    messages = [p.message for p in doc.problems]
    assert any("step 7 is not reached yet" in m for m in messages)
    assert len(messages) >= 2, messages  # the pick's own problem is told too


def test_orders_for_another_game_are_not_checked_against_this_one(toy_game: tuple[GameDir, dict[str, str]]) -> None:
    gd, _ = toy_game
    doc = intake.check(gd, order_text("anna", 1, "not-a-number", game="other"), "anna.yaml")
    assert [p.message for p in doc.problems] == ["these orders are for game 'other', but this is game 'toy1'"]
