"""Words in orders are read as players write them, in any case; the answer to the order shows how each was read."""

from __future__ import annotations

from x5_helpers import make_state, play

from games.expedition_5x import GAME


def test_an_action_card_a_technology_and_the_bids_cases_in_any_case_are_accepted() -> None:
    state = make_state(3, water=(7, 5, 5))
    order = {"action": "Excavate", "bid": {"Alone": 2, "contested": 3},
             "wishes": [{"card": "t01", "left": "Settlement", "left_top": "NEW"}, "t02"]}
    assert GAME.check(state, "anna", order) == []
    assert GAME.warnings(state, "anna", order) == [
        "`Excavate` is read as `excavate`.", "`Alone` is read as `alone`.", "`t01` is read as `T01`.",
        "`Settlement` is read as `settlement`.", "`NEW` is read as `new`.", "`t02` is read as `T02`."]
    step = play(state, {"anna": order, "bob": {"action": "Drill"}, "cora": {"action": "drill"}}, rolls=[1])
    assert "T01" in [c for g in step.state.players["anna"].tableau for c in g.cards]


def test_an_order_in_canonical_words_has_no_note() -> None:
    assert GAME.warnings(make_state(3), "anna", {"action": "drill"}) == []
