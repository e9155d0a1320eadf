"""Rulebook "Component Limits": with none in the supply, a piece is taken from anywhere in play, except pieces placed
this turn, and may change kind."""

from __future__ import annotations

from px_rulebook import data, player, put, table, turn, view

# 8: Earth political 1 (supporter); 43: Belt political 2 (supporter, supporter, fleet, agent); 14: Earth war 1
# (fleet, climate towards War); 1: an Earth asset.


def test_with_no_marker_in_supply_one_is_taken_from_play() -> None:
    """"If asked to place a unit and none remain in the supply, you may take a piece of the required shape/color from
    anywhere in play"."""
    state = table(hands={"anna": [8]})
    put(state, "supporters", "mars", "anna", 10)
    step = turn(state, {"actions": [{"action": "play", "card": 8, "side": "right"}]})
    assert step.state.supporters == {"mars": {"anna": 9}, "earth": {"anna": 1}}
    assert data(step, "piece-taken")[0]["where"] == "mars"


def test_a_supporter_may_become_an_agent_but_not_one_placed_this_turn() -> None:
    """"excluding any pieces placed this turn. In taking and placing a piece this way, you may convert one type of
    unit to another", as in the rulebook's example (a supporter in play placed as an agent): the two supporters just
    placed in the Belt may not be taken, so the agent comes from Mars."""
    state = table(hands={"anna": [43]})
    put(state, "supporters", "mars", "anna", 8)
    step = turn(state, {"actions": [{"action": "play", "card": 43, "side": "right", "agents": [43]}]})
    assert step.state.supporters == {"mars": {"anna": 7}, "belt": {"anna": 2}}
    assert step.state.agents == {"43": {"anna": 1}}
    assert player(view(step.state), "anna")["markers_in_supply"] == 0


def test_a_faction_token_may_be_taken_from_play_and_change_kind() -> None:
    """The same for faction tokens: with all twelve UN tokens on borders, a UN fleet is a transport taken from play."""
    state = table(hands={"anna": [14]})
    put(state, "transports", "jupiter-outer_planets", "un", 12)
    step = turn(state, {"actions": [{"action": "play", "card": 14, "side": "right"}]})
    assert step.state.fleets == {"earth": {"un": 1}}
    assert step.state.transports == {"jupiter-outer_planets": {"un": 11}}


def test_fleets_placed_this_turn_are_not_taken_again() -> None:
    """"excluding any pieces placed this turn": 15 places three UN fleets with eleven UN transports in play; the
    first comes from the supply, the other two from the transports, never from the fleets just placed."""
    state = table(hands={"anna": [15]})
    put(state, "transports", "jupiter-outer_planets", "un", 11)
    step = turn(state, {"actions": [{"action": "play", "card": 15, "side": "right"}]})
    assert step.state.fleets == {"earth": {"un": 3}}
    assert step.state.transports == {"jupiter-outer_planets": {"un": 9}}


def test_a_fleet_placed_this_turn_stays_excluded_after_it_moves() -> None:
    """"excluding any pieces placed this turn", also once moved: the UN fleet Arms Contractors' Board (14) places in
    Earth and the UN Home Fleet (15, a free action in a War climate) then moves to the Belt cannot be the token the
    Fleet Logistics Commodore (34) takes from play; a UN transport is."""
    state = table(hands={"anna": [14, 34]}, networks={"anna": [15]})
    state.climate = "war"
    put(state, "transports", "jupiter-outer_planets", "un", 11)  # the twelfth UN token is the last in supply
    actions = [{"action": "play", "card": 14, "side": "right"},
               {"action": "mobilise", "card": 15, "moves": [{"fleet": "earth", "to": "belt"}]},
               {"action": "play", "card": 34, "side": "right"}]
    step = turn(state, {"actions": actions})  # the transports are the only source: nothing to ask
    assert data(step, "piece-taken")[0]["where"] == "jupiter-outer_planets"
    assert step.state.fleets == {"belt": {"un": 1}, "mars": {"un": 1}}
    assert step.state.transports == {"jupiter-outer_planets": {"un": 10}}
