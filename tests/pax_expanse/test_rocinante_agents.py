"""Rulebook "Agents on Discarded Assets" when the Rocinante discards (ROCINANTE.md "Agents on an asset the crew
discards"): Amos's Clean Up the Mess removes an asset from play, and the owners of the agents on it move them to
adjacent assets, asked in player order from the first player, answering by prompt, in advance by the standing order
`agent_moves:`, or by the default at the deadline (the first adjacent asset in ring order).

The table: anna (UN, 5 VP) leads, ben (MCR) is second and cleo (OPA) trails; cleo's turn ends the round, and the
Rocinante, in Earth, resolves AI card 9 (Amos: Clean Up the Mess) on anna's Luna Listening Post (3). With anna
[3, 14] and ben [22] the ring is 22, 3, 14: the assets adjacent to 3 are ben's 22 and anna's 14.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from px_rulebook import GAME, answer, data, kinds, problems, put, questions, table, turn, view

from engine.contract import Step
from engine.rng import Rng
from games.pax_expanse import queries
from games.pax_expanse.state import GameState


def amos_table(networks: Mapping[str, Sequence[int]] | None = None, agents: Sequence[str] = ("ben",),
               deck: Sequence[int] = (9, 1)) -> GameState:
    """Cleo to act last in the round; the Rocinante in Earth with `deck` (9 face up); an agent of each of `agents`
    on anna's 3."""
    state = table(networks=networks or {"anna": [3, 14], "ben": [22]}, current="cleo")
    state.players["anna"].vp = 5
    state.rocinante.region = "earth"
    state.rocinante.deck = list(deck)
    state.rocinante.discard = sorted(set(range(1, 25)) - set(deck))
    for seat in agents:
        put(state, "agents", "3", seat, 1)
    return state


def end_of_round(state: GameState, standing: Mapping[str, Any] | None = None) -> Step:
    """Cleo's turn with no actions, ending the round: the Rocinante takes its turn in the same step."""
    body: dict[str, Any] = {"actions": []}
    if standing is not None:
        body["standing"] = dict(standing)
    return turn(state, body, "cleo", pauses=True)


def test_the_owner_is_asked_where_the_agent_goes_and_the_round_waits() -> None:
    step = end_of_round(amos_table())
    state = step.state
    assert "discard-asset" in kinds(step) and state.players["anna"].network == [14]
    assert [p.seat for p in GAME.prompts(state)] == ["ben"]
    (asked,) = questions(state, "ben")
    assert (asked["key"], asked["kind"], asked["options"], asked["default"]) == (
        "rocinante.agent-moves-1", "agent-move", [22, 14], 22)
    assert (state.round, state.rocinante.turns, state.rocinante.deck) == (1, 0, [9, 1])
    assert GAME.label(state) == "round 1, the Rocinante's turn, waiting for Ben"


def test_the_owner_chooses_and_the_rocinantes_turn_goes_on_from_there() -> None:
    step = answer(end_of_round(amos_table()).state, "ben", 14)
    state = step.state
    assert state.agents == {"14": {"ben": 1}}
    assert data(step, "agent-moves") == [{"kind": "agent-moves", "seat": "ben", "card": 3, "target": 14}]
    # What was reported when the turn paused is not reported again: the card, the standing, the action, the discard.
    assert kinds(step)[0] == "agent-moves" and "rocinante-card" not in kinds(step)
    assert "rocinante-face-up" in kinds(step)
    assert state.paused is None
    assert (state.round, state.rocinante.turns, state.current) == (2, 1, "anna")
    assert state.rocinante.deck == [1] and state.rocinante.discard[-1] == 9


def test_at_the_deadline_the_agent_goes_to_the_first_adjacent_asset_in_ring_order() -> None:
    paused = end_of_round(amos_table()).state
    default = GAME.default_order(paused, "ben")
    assert default == {"answer": 22}
    state = GAME.apply(paused, {"ben": default}, Rng("deadline")).state
    assert state.agents == {"22": {"ben": 1}} and state.paused is None


def test_several_owners_are_asked_in_player_order_from_the_first_player() -> None:
    """The Rocinante sits to the right of the first player: "player order, starting with the current player" runs
    from the first player, so anna moves her agent first, then ben, then cleo."""
    state = end_of_round(amos_table(agents=("cleo", "ben", "anna"))).state
    asked = []
    for seat, target in (("anna", 14), ("ben", 22), ("cleo", 14)):
        asked.append([p.seat for p in GAME.prompts(state)])
        state = answer(state, seat, target).state
    assert asked == [["anna"], ["ben"], ["cleo"]]
    assert state.agents == {"14": {"anna": 1, "cleo": 1}, "22": {"ben": 1}}
    assert state.round == 2


def test_a_standing_order_answers_in_advance_and_nobody_is_asked() -> None:
    step = end_of_round(amos_table(agents=("ben", "cleo")), standing={"agent_moves": ["own", "first"]})
    # cleo's standing order is hers; ben has none and is asked.
    assert [p.seat for p in GAME.prompts(step.state)] == ["ben"]
    state = GAME.apply(step.state, {"ben": {"answer": 14, "standing": {"agent_moves": [99, "own"]}}},
                       Rng("r")).state
    # cleo owns nothing by 3: `own` passes and `first` takes 22; ben's new standing order came with his answer.
    assert state.agents == {"14": {"ben": 1}, "22": {"cleo": 1}}


def test_a_standing_order_naming_an_asset_takes_it_when_it_is_adjacent() -> None:
    state = amos_table()
    state.standing["ben"] = {"agent_moves": [5, 14, "own"]}
    step = end_of_round(state)
    assert step.state.paused is None
    assert step.state.agents == {"14": {"ben": 1}}
    assert step.state.round == 2


def test_a_standing_order_that_names_nothing_open_leaves_the_question_to_the_owner() -> None:
    state = amos_table()
    state.standing["ben"] = {"agent_moves": [5, 40]}
    assert [p.seat for p in GAME.prompts(end_of_round(state).state)] == ["ben"]


def test_at_cold_war_an_asset_of_the_same_region_is_open_too() -> None:
    """"(if the political climate is at Cold War, then this may be an asset that shares the same region)": cleo's
    Earth asset 5, not next to 3 in the ring 5, 22, 3, 14, is open to ben's agent."""
    state = amos_table(networks={"anna": [3, 14], "ben": [22], "cleo": [5]})
    state.climate = "cold_war"
    paused = end_of_round(state).state
    assert questions(paused, "ben")[0]["options"] == [5, 22, 14]
    assert answer(paused, "ben", 5).state.agents == {"5": {"ben": 1}}


def test_without_cold_war_a_same_region_asset_not_next_door_is_not_open() -> None:
    state = amos_table(networks={"anna": [3, 14], "ben": [22], "cleo": [5]})
    assert questions(end_of_round(state).state, "ben")[0]["options"] == [22, 14]


def test_an_agent_with_no_adjacent_asset_returns_to_its_owners_supply() -> None:
    state = amos_table(networks={"anna": [3]})
    before = queries.markers_in_supply(state, "ben")
    step = end_of_round(state)
    assert step.state.paused is None
    assert step.state.agents == {}
    assert queries.markers_in_supply(step.state, "ben") == before + 1
    assert data(step, "agent-home") == [{"kind": "agent-home", "seat": "ben", "card": 3}]


def test_a_reshuffle_after_the_answer_draws_from_the_step_that_finishes_the_turn() -> None:
    paused = end_of_round(amos_table(deck=(9,))).state
    assert paused.rocinante.deck == [9]  # the turn has not reached its discard yet
    state = GAME.apply(paused, {"ben": {"answer": 22}}, Rng("the answer's step")).state
    expected = list(range(1, 25))
    Rng("the answer's step").shuffle(expected)
    assert state.rocinante.deck == expected and state.rocinante.discard == []


def test_the_turn_replays_the_same_and_answering_in_advance_ends_where_answering_later_does() -> None:
    def later() -> GameState:
        return answer(end_of_round(amos_table()).state, "ben", 14).state

    first, second = later(), later()
    assert first.encode() == second.encode()
    ahead = amos_table()
    ahead.standing["ben"] = {"agent_moves": [14]}
    early = end_of_round(ahead).state
    early.standing = {}
    assert early.encode() == first.encode()


def test_everyone_sees_who_is_asked_and_only_the_owner_sees_the_question() -> None:
    paused = end_of_round(amos_table()).state
    text = "Luna Listening Post leaves play: move your agent on it to an adjacent asset"
    assert view(paused, "ben")["asked"] == [{"seat": "ben", "kind": "agent-move", "text": text}]
    for seat in ("anna", "cleo", None):
        assert view(paused, seat)["asked"] == [{"seat": "ben", "kind": "agent-move", "text": None}]
    assert [p.seat for p in GAME.prompts(paused)] == ["ben"]
    assert GAME.check(paused, "anna", {"answer": 22})[0].message.startswith("no order is due from anna")


def test_a_wrong_answer_is_refused_with_the_choices() -> None:
    paused = end_of_round(amos_table()).state
    found = GAME.check(paused, "ben", {"answer": 5})
    assert [p.path for p in found] == [("answer",)]
    assert "choose one of 22, 14" in found[0].message


def test_a_standing_agent_moves_order_is_checked() -> None:
    found = problems(table(), {"actions": [], "standing": {"agent_moves": [14, True, "home"]}})
    assert [p.path for p in found] == [("standing", "agent_moves")]
    assert "own (your own asset) or first" in found[0].message
    assert problems(table(), {"actions": [], "standing": {"agent_moves": [14, "own", "first"]}}) == []


def test_no_seat_may_be_named_after_the_rocinante() -> None:
    with pytest.raises(ValueError, match="no seat may be named rocinante"):
        GAME.setup(["anna", "Rocinante", "cleo"], {}, Rng("x"))
