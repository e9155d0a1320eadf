"""Rulebook "Play" (a core action): the bribe to a region's controller, either end of the Network, a loyalist of
another faction, and the impact icons from top to bottom."""

from __future__ import annotations

from px_rulebook import answer, data, kinds, problems, put, table, turn, view

from games.pax_expanse.state import GameState

# 25: OPA loyalist of Mars (supporter, influence, climate towards Prosperity); 27: Mars political 1 (supporter,
# fleet); 42: OPA loyalist of the Belt (supporter, fleet, agent); 11: Earth economics (transport, agent).


def mars_held_by_ben(bribe: object = "full") -> GameState:
    state = table(influence={"anna": 5}, hands={"anna": [27]})
    put(state, "supporters", "mars", "ben", 2)
    state.standing["ben"] = {"bribe": bribe}
    return state


def play(card: int, **more: object) -> dict[str, object]:
    return {"action": "play", "card": card, "side": "right", **more}


def test_playing_in_a_region_you_control_or_nobody_controls_is_free() -> None:
    """"If you are the controller of that card's region or if no one controls the region, you can freely play"."""
    state = table(influence={"anna": 5}, hands={"anna": [27]})
    put(state, "supporters", "mars", "anna", 1)
    step = turn(state, {"actions": [play(27)]})
    assert step.state.players["anna"].influence == 5 and "bribe" not in kinds(step)


def test_the_bribe_equals_the_controllers_supporters_in_the_region() -> None:
    """"you must pay a bribe of influence to them that is equal to the number of the controller's supporters in
    that region"."""
    step = turn(mars_held_by_ben(), {"actions": [play(27, bribe=2)]})
    assert step.state.players["anna"].influence == 3 and step.state.players["ben"].influence == 2
    assert step.state.players["anna"].network == [27]


def test_the_controller_may_waive_any_portion_of_the_bribe() -> None:
    """"Any portion of this cost can be waived with the permission of the controller"."""
    step = turn(mars_held_by_ben(1), {"actions": [play(27, bribe=2)]})
    assert step.state.players["anna"].influence == 4
    step = turn(mars_held_by_ben("waive"), {"actions": [play(27, bribe=0)]})
    assert step.state.players["anna"].influence == 5 and step.state.players["anna"].network == [27]


def test_a_bribe_not_paid_is_as_if_the_action_had_never_been_taken() -> None:
    """"If the bribe is not paid (or waived), play continues as if the action had never been taken": the card stays
    in hand and two more actions may follow."""
    state = mars_held_by_ben()
    state.players["anna"].hand.append(13)
    state.players["anna"].hand.append(14)
    step = turn(state, {"actions": [play(27, bribe=1), play(13, transports=["earth-mars"], agents=[13]), play(14)]})
    anna = step.state.players["anna"]
    assert anna.network == [13, 14] and anna.hand == [27] and anna.influence == 5 + 2  # 13 takes two
    assert "bribe-refused" in kinds(step)


def test_the_bribe_owed_is_asked_of_the_controller_when_no_standing_order_answers() -> None:
    """The controller decides how much to waive: without a standing order, the turn waits on ben."""
    state = mars_held_by_ben()
    state.standing.clear()
    step = turn(state, {"actions": [play(27, bribe=2)]}, pauses=True)
    # Everyone sees that ben is asked; only ben sees the question's words.
    asked_ben = view(step.state, "ben")["asked"]
    assert [q["seat"] for q in asked_ben] == ["ben"] and all(q["text"] for q in asked_ben)
    asked_anna = view(step.state, "anna")["asked"]
    assert [q["seat"] for q in asked_anna] == ["ben"] and all(q["text"] is None for q in asked_anna)
    step = answer(step.state, "ben", 1)
    assert step.state.paused is None
    assert step.state.players["anna"].network == [27] and step.state.players["ben"].influence == 1


def test_the_card_goes_to_either_end_of_the_network() -> None:
    """"The played card may be added to either the left or right end of your Network"."""
    state = table(networks={"anna": [13, 14]}, hands={"anna": [27, 12]})
    step = turn(state, {"actions": [{"action": "play", "card": 27, "side": "left"},
                                    play(12, transports=["earth-mars", "earth-mars"])]})
    assert step.state.players["anna"].network == [27, 13, 14, 12]
    found = problems(state, {"actions": [{"action": "play", "card": 27, "side": "middle"}]})
    assert found and found[0].path == ("actions", 0, "side")


def test_a_loyalist_of_another_faction_changes_loyalty_before_its_icons() -> None:
    """"If the card is a loyalist that does not match your loyalty, discard all of your old loyalists, favours and
    rewards. Then change your loyalty card": the fleet it then places is of the new loyalty."""
    state = table(hands={"anna": [42]})
    step = turn(state, {"actions": [play(42, agents=[42])]})
    assert step.state.players["anna"].loyalty == "opa"
    assert step.state.fleets == {"belt": {"opa": 1}}
    assert step.state.supporters == {"belt": {"anna": 1}}
    assert step.state.agents == {"42": {"anna": 1}}


def test_impact_icons_resolve_top_to_bottom() -> None:
    """"resolve each impact icon on the right side of the card from top to bottom": 25 places a supporter, takes
    two influence, then moves the climate towards Prosperity."""
    state = table(loyalty={"anna": "opa", "ben": "mcr", "cleo": "un"}, hands={"anna": [25]})
    step = turn(state, {"actions": [play(25)]})
    order = [k for k in kinds(step) if k in ("place", "influence", "climate")]
    assert order == ["place", "influence", "climate"]
    assert step.state.climate == "prosperity" and step.state.players["anna"].influence == 2


def test_a_transport_goes_on_a_border_of_the_cards_region_and_an_agent_on_a_card_of_it() -> None:
    """Transport: "on any border of this region"; agent: "on a card in any player's Network that matches the played
    card's region"."""
    state = table(networks={"ben": [3]}, hands={"anna": [11]})
    found = problems(state, {"actions": [play(11, transports=["mars-tycho"], agents=[3])]})
    assert found and found[0].path == ("actions", 0, "transports", 0)
    found = problems(state, {"actions": [play(11, transports=["earth-mars"], agents=[25])]})
    assert found and found[0].path == ("actions", 0, "agents", 0)
    step = turn(state, {"actions": [play(11, transports=["earth-mars"], agents=[3])]})
    assert step.state.transports == {"earth-mars": {"un": 1}} and step.state.agents == {"3": {"anna": 1}}
    assert data(step, "place")[1]["where"] == "3"
