"""Rulebook "Rally": fleets and/or transports of your loyalty in the asset's region or any region you control, two
influence a unit, at most three units."""

from __future__ import annotations

from px_rulebook import problems, put, table, turn

from games.pax_expanse.state import GameState

# 10: Earth political 1 (Rally).


def rally_table(influence: int = 20) -> GameState:
    return table(influence={"anna": influence}, networks={"anna": [10]})


def rally(*units: str) -> dict[str, object]:
    return {"action": "rally", "card": 10, "units": list(units)}


def test_any_combination_of_fleets_and_transports_of_your_loyalty() -> None:
    """"Any combination of fleets and/or transports may be purchased" and "must be of the faction the player is
    loyal to"."""
    step = turn(rally_table(), {"actions": [rally("earth", "earth-mars", "belt-earth")]})
    assert step.state.fleets == {"earth": {"un": 1}}
    assert step.state.transports == {"earth-mars": {"un": 1}, "belt-earth": {"un": 1}}


def test_two_influence_per_unit() -> None:
    """"The cost of this action is equal to two influence per unit placed"."""
    step = turn(rally_table(), {"actions": [rally("earth", "earth")]})
    assert step.state.players["anna"].influence == 16


def test_at_most_three_units() -> None:
    """"(up to a maximum of 3 units)"."""
    found = problems(rally_table(), {"actions": [rally("earth", "earth", "earth", "earth")]})
    assert found and found[0].path == ("actions", 0, "units")


def test_you_must_afford_the_units() -> None:
    """Two influence each: three units need six."""
    found = problems(rally_table(5), {"actions": [rally("earth", "earth", "earth")]})
    assert found and found[0].path == ("actions", 0, "units")


def test_only_the_assets_region_or_a_region_you_control() -> None:
    """"in the rallying asset's region, or in any region the player controls"."""
    state = rally_table()
    found = problems(state, {"actions": [rally("tycho")]})
    assert found and found[0].path == ("actions", 0, "units", 0)
    found = problems(state, {"actions": [rally("mars-tycho")]})
    assert found and found[0].path == ("actions", 0, "units", 0)
    put(state, "supporters", "tycho", "anna", 1)
    step = turn(state, {"actions": [rally("tycho", "mars-tycho")]})
    assert step.state.fleets == {"tycho": {"un": 1}} and step.state.transports == {"mars-tycho": {"un": 1}}


def test_a_region_your_faction_controls_is_not_enough() -> None:
    """Player control, not faction control, opens a region to Rally."""
    state = rally_table()
    put(state, "fleets", "tycho", "un", 2)
    found = problems(state, {"actions": [rally("tycho")]})
    assert found and found[0].path == ("actions", 0, "units", 0)
