"""Rulebook "Sequence of Play": up to two actions and any number of free ones, cleanup, the next player clockwise,
and the Rocinante's turn once every player has had one."""

from __future__ import annotations

from px_rulebook import GAME, kinds, market, problems, table, turn


def buy(row: int) -> dict[str, object]:
    return {"action": "purchase", "row": row, "column": 1}


def test_up_to_two_actions_a_turn() -> None:
    """"Perform up to 2 actions (and any number of free actions)": a third purchase is refused, at its path."""
    state = table()
    market(state, [1, 2, 3, 4], [5, 6, 7, 8])
    assert problems(state, {"actions": [buy(1), buy(2)]}) == []
    market(state, [1, 2, 3, 4], [5, 6, 7, 8])
    found = problems(state, {"actions": [buy(1), buy(2), {"action": "purchase", "row": 1, "column": 2}]})
    assert found and found[0].path == ("actions", 2, "action") and "no actions left" in found[0].message


def test_a_turn_may_take_no_action() -> None:
    """"up to 2": none is fine, and the turn passes."""
    step = turn(table(), {"actions": []})
    assert [p.seat for p in GAME.prompts(step.state)] == ["ben"]


def test_play_continues_clockwise_with_the_next_player() -> None:
    """"Play then continues clockwise with the next player", without the Rocinante between players."""
    step = turn(table(), {"actions": []})
    assert "rocinante-turn" not in kinds(step)
    step = turn(step.state, {"actions": []})
    assert [p.seat for p in GAME.prompts(step.state)] == ["cleo"]


def test_after_every_player_the_top_ai_card_is_resolved_and_a_new_one_revealed() -> None:
    """"After each player has taken a turn, the faceup card on the top of the Rocinante AI deck is resolved. Then a
    new card is revealed, and play continues with the next player to the left."""
    state = table(current="cleo")
    state.rocinante.deck = [3, 1]  # 3: Holden, Open Broadcast, to Mars
    step = turn(state, {"actions": []})
    assert "rocinante-turn" in kinds(step)
    assert step.state.rocinante.discard == [3] and step.state.rocinante.face_up == 1
    assert step.state.rocinante.region == "mars"
    assert [p.seat for p in GAME.prompts(step.state)] == ["anna"]
    assert step.state.round == 2
