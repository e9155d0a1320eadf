"""Rulebook "Agents on Discarded Assets": agents leave assets only by Eliminate or Combat; an asset removed from play
lets each agent on it move to an adjacent asset for free (a same-region asset at Cold War), in player order from the
current player."""

from __future__ import annotations

from px_rulebook import GAME, answer, put, questions, table, turn

from games.pax_expanse.state import GameState

# anna's Network [13, 14, 17, 21] is over its limit of three; ben [3], cleo [5]. Around the ring: cleo [5], ben [3],
# anna [13, 14, 17, 21], so 13 lies between ben's 3 and anna's 14.


def crowded() -> GameState:
    state = table(networks={"anna": [13, 14, 17, 21], "ben": [3], "cleo": [5]})
    for seat in ("anna", "ben", "cleo"):
        put(state, "agents", "13", seat, 1)
    return state


DISCARD_13 = {"actions": [], "cleanup": {"network": [13]}, "answers": {"cleanup.agent-moves-1": 14}}


def test_agents_on_a_discarded_asset_move_to_an_adjacent_asset_in_player_order() -> None:
    """"the agent's controller may instead move the agent to an adjacent asset for free ... the players move the
    agents in player order, starting with the current player": anna (in her order), then ben, then cleo."""
    step = turn(crowded(), DISCARD_13, pauses=True)
    assert [p.seat for p in GAME.prompts(step.state)] == ["ben"]
    assert sorted(questions(step.state, "ben")[0]["options"]) == [3, 14]
    step = answer(step.state, "ben", 3)
    assert [p.seat for p in GAME.prompts(step.state)] == ["cleo"]
    step = answer(step.state, "cleo", 14)
    assert step.state.agents == {"14": {"anna": 1, "cleo": 1}, "3": {"ben": 1}}
    assert step.state.players["anna"].network == [14, 17, 21]


def test_a_discard_by_the_current_player_starts_with_the_player_after_them() -> None:
    """Player order from the current player: with ben to act and discarding, ben's agent moves before cleo's and
    anna's."""
    state = table(networks={"ben": [13, 14, 17, 21], "anna": [3], "cleo": [5]}, current="ben")
    for seat in ("anna", "cleo"):
        put(state, "agents", "13", seat, 1)
    step = turn(state, {"actions": [], "cleanup": {"network": [13]}}, pauses=True)
    assert [p.seat for p in GAME.prompts(step.state)] == ["cleo"]


def test_at_cold_war_an_asset_of_the_same_region_will_do() -> None:
    """"(if the political climate is at Cold War, then this may be an asset that shares the same region)": cleo's
    Earth asset 5, not next to 13, is open to ben's agent."""
    state = crowded()
    state.climate = "cold_war"
    step = turn(state, DISCARD_13, pauses=True)
    assert 5 in questions(step.state, "ben")[0]["options"]


def test_an_asset_the_rocinante_eliminates_lets_its_agents_move_on() -> None:
    """"Agents are only removed from assets in two situations: They perform an Eliminate action, or They are killed
    as part of a Combat action. If an asset card that an agent is placed on is removed from play then the agent's
    controller may instead move the agent to an adjacent asset": Amos discards anna's 3 (the leader's Earth asset);
    ben's agent on it is not removed but moves next door, to ben's 22 or anna's 14, as ben chooses."""
    state = table(networks={"anna": [3, 14], "ben": [22]}, current="cleo")
    state.players["anna"].vp = 5
    state.rocinante.region = "earth"
    state.rocinante.deck = [9, 1]  # 9: Amos, Clean Up the Mess
    put(state, "agents", "3", "ben", 1)
    step = turn(state, {"actions": []}, pauses=True)
    assert step.state.players["anna"].network == [14]
    assert [p.seat for p in GAME.prompts(step.state)] == ["ben"]
    assert questions(step.state, "ben")[0]["options"] == [22, 14]
    step = answer(step.state, "ben", 14)
    assert step.state.agents == {"14": {"ben": 1}}
    assert step.state.paused is None and step.state.round == 2
