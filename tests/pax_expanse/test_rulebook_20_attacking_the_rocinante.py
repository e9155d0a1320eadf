"""Rulebook "Attacking the Rocinante": fleets in its region may attack it like a fleet; it is damaged, never
destroyed, does not move on its upcoming turn (its actions are still performed) and is repaired at the end of it."""

from __future__ import annotations

from px_rulebook import data, problems, put, table, turn

from games.pax_expanse.state import GameState

# 94: Outer Planets war 2 (Favour, Combat); 40: Belt subterfuge 1 (Favour, Mobilise). AI card 13: Alex (Strafing
# Run, else Escort Duty; to Mars).


def attack_table(current: str = "anna") -> GameState:
    state = table(networks={"anna": [94, 40]}, current=current)
    put(state, "fleets", "outer_planets", "un", 1)
    state.rocinante.deck = [13, 1]
    return state


ATTACK = {"action": "combat", "card": 94, "site": "outer_planets", "remove": ["rocinante"]}


def test_the_rocinante_is_attacked_like_a_fleet_and_only_damaged() -> None:
    """"The Rocinante can be attacked by fleets in its region, as if it were a fleet itself. However, the Rocinante
    is never destroyed; instead, the player flips the Rocinante token to its damaged side"."""
    step = turn(attack_table(), {"actions": [ATTACK]})
    assert step.state.rocinante.damaged and step.state.rocinante.region == "outer_planets"


def test_only_fleets_in_its_region_may_attack_it() -> None:
    """"attacked by fleets in its region"."""
    state = attack_table()
    state.rocinante.region = "jupiter"
    put(state, "fleets", "jupiter", "mcr", 1)
    found = problems(state, {"actions": [{**ATTACK, "site": "outer_planets"}]})
    assert found and found[0].path[:2] == ("actions", 0)


def test_a_damaged_rocinante_does_not_move_on_its_turn_but_acts_and_is_repaired() -> None:
    """"the Rocinante will not move during its upcoming turn (but the actions will still be performed)" and "At the
    end of the Rocinante turn, the Rocinante flips back to its undamaged side"."""
    state = attack_table(current="cleo")
    state.players["cleo"].network = [94]
    state.players["anna"].network = []
    put(state, "fleets", "outer_planets", "opa", 1)
    step = turn(state, {"actions": [{**ATTACK, "card": 94}]})
    assert step.state.rocinante.region == "outer_planets"
    assert not step.state.rocinante.damaged
    assert [d["action"] for d in data(step, "rocinante-action")] == ["alex_strafing_run"]  # still performed
    assert sum(step.state.fleets["outer_planets"].values()) == 1
    assert step.state.rocinante.discard == [13]


def test_a_damaged_rocinante_cannot_be_moved_by_favour() -> None:
    """Favour, "Move the Rocinante": "This may only be done if the Rocinante is undamaged"."""
    state = attack_table()
    state.players["anna"].network = [94, 97]
    found = problems(state, {"actions": [ATTACK, {"action": "favour", "card": 97, "effect": "rocinante",
                                                  "region": "tycho"}]})
    assert found and found[0].path[:2] == ("actions", 1)
