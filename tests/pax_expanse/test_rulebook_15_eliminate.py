"""Rulebook "Eliminate": discard an asset carrying your agent, your agent goes home, the others move to adjacent
assets, a supporter of its owner may go (not at Peace), and its reward may be taken."""

from __future__ import annotations

from px_rulebook import answer, data, market, problems, put, questions, table, turn

from games.pax_expanse.state import GameState

# 14: Earth war 1 (Extort, Eliminate); 3: Earth UN loyalist, reward MCR; 5: Earth, reward MCR; 22: Mars subterfuge
# 1, no reward; 23: Mars, UN loyalist, reward OPA.


def eliminate_table(ben: list[int], climate: str = "war") -> GameState:
    state = table(influence={"anna": 10}, networks={"anna": [14], "ben": ben})
    state.climate = climate
    market(state, [1, 2], [21, 22])
    return state


def eliminate(target: int, **more: object) -> dict[str, object]:
    return {"action": "eliminate", "card": 14, "target": target, **more}


def test_only_an_asset_carrying_your_agent() -> None:
    """"Discard one asset card where you have an agent"."""
    state = eliminate_table([22])
    found = problems(state, {"actions": [eliminate(22)]})
    assert found and found[0].path[:2] == ("actions", 0)


def test_your_own_network_counts() -> None:
    """"(including cards in your own Network)"."""
    state = eliminate_table([22])
    state.players["anna"].network = [14, 13]
    put(state, "agents", "13", "anna", 1)
    step = turn(state, {"actions": [eliminate(13, supporter=False)]})
    assert step.state.players["anna"].network == [14] and 13 in step.state.discard


def test_one_agent_goes_home_and_the_others_move_to_adjacent_assets() -> None:
    """"Return one of your agents on that asset to your player board. Any other agents on the eliminated card are
    moved to adjacent cards by their controllers"."""
    state = eliminate_table([22, 23, 1])
    put(state, "agents", "23", "anna", 2)
    put(state, "agents", "23", "cleo", 1)
    state.standing["cleo"] = {}
    step = turn(state, {"actions": [eliminate(23, supporter=False, reward=False)],
                        "answers": {"actions.0.agent-moves-1": 1}}, pauses=True)
    asked = questions(step.state, "cleo")
    assert [q["seat"] for q in asked] == ["cleo"] and sorted(asked[0]["options"]) == [1, 22]
    step = answer(step.state, "cleo", 22)
    assert step.state.paused is None
    assert step.state.agents == {"1": {"anna": 1}, "22": {"cleo": 1}}


def test_no_supporter_is_lost_at_peace() -> None:
    """Peace: "supporters are not lost when assets are eliminated"."""
    state = eliminate_table([22], climate="peace")
    put(state, "agents", "22", "anna", 1)
    put(state, "supporters", "mars", "ben", 1)
    step = turn(state, {"actions": [eliminate(22, supporter=True)]})
    assert step.state.supporters == {"mars": {"ben": 1}}


def test_a_supporter_of_the_owner_may_be_removed_from_the_assets_region() -> None:
    """"the player performing the Eliminate action may remove 1 supporter belonging to the player whose asset was
    eliminated from the region matching the eliminated asset's region"."""
    state = eliminate_table([22])
    put(state, "agents", "22", "anna", 1)
    put(state, "supporters", "mars", "ben", 2)
    put(state, "supporters", "mars", "cleo", 1)
    step = turn(state, {"actions": [eliminate(22, supporter=True)]})
    assert step.state.supporters == {"mars": {"ben": 1, "cleo": 1}}
    step = turn(state, {"actions": [eliminate(22, supporter=False)]})
    assert step.state.supporters == {"mars": {"ben": 2, "cleo": 1}}


def test_a_reward_of_your_faction_is_tucked_behind_your_loyalty_card() -> None:
    """"if the card featured a Reward icon ... the player who eliminated it may accept it as a reward"."""
    state = eliminate_table([17])  # 17: Earth war 1, reward UN
    put(state, "agents", "17", "anna", 1)
    step = turn(state, {"actions": [eliminate(17, supporter=False, reward=True)]})
    assert step.state.players["anna"].rewards == [17] and 17 not in step.state.discard


def test_a_reward_of_another_faction_changes_loyalty_first() -> None:
    """"If the Reward icon is different from your current loyalty, first discard all favours, rewards, and loyalists
    in your Network matching your current loyalty, then change loyalty to the faction shown on the reward"."""
    state = eliminate_table([23])
    state.players["anna"].network = [14, 5]
    state.players["anna"].favours = 2
    put(state, "agents", "23", "anna", 1)
    step = turn(state, {"actions": [eliminate(23, supporter=False, reward=True)]})
    anna = step.state.players["anna"]
    assert anna.loyalty == "opa" and anna.favours == 0 and anna.network == [14] and anna.rewards == [23]
    assert [d["faction"] for d in data(step, "loyalty")] == ["opa"]


def test_eliminate_may_discard_the_acting_asset_in_your_own_network() -> None:
    """Eliminate: "Discard one asset card where you have an agent (including cards in your own Network) ... This
    action always costs two influence"."""
    state = table(influence={"anna": 10}, networks={"anna": [14]})
    state.climate = "war"
    market(state, [1, 2], [21, 22])
    put(state, "agents", "14", "anna", 1)
    step = turn(state, {"actions": [{"action": "eliminate", "card": 14, "target": 14}]})
    anna = step.state.players["anna"]
    assert anna.network == [] and 14 in step.state.discard and anna.influence == 8 and step.state.agents == {}
