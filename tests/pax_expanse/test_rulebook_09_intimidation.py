"""Rulebook "Intimidation": a single enemy player with more agents on an asset than each other player must be paid a
bribe before its owner uses it; special abilities are never prevented."""

from __future__ import annotations

from px_rulebook import kinds, put, table, turn

from games.pax_expanse.state import GameState

# 10: Earth political 1 (Rally); 25: Mars political 1 with Popular Mandate; 27: Mars political 1.


def intimidated(ben: int = 2, cleo: int = 1, anna: int = 0, bribe: object = "full") -> GameState:
    state = table(influence={"anna": 10}, networks={"anna": [10]})
    for seat, count in (("ben", ben), ("cleo", cleo), ("anna", anna)):
        if count:
            put(state, "agents", "10", seat, count)
    state.standing["ben"] = {"bribe": bribe}
    state.standing["cleo"] = {"bribe": "full"}
    return state


RALLY = {"action": "rally", "card": 10, "units": ["earth"]}


def test_the_intimidating_player_is_paid_one_influence_per_agent() -> None:
    """"that player can only use the card's actions if the player intimidating it is paid a bribe equal to the
    number of their agents on the card"."""
    step = turn(intimidated(), {"actions": [{**RALLY, "bribe": 2}]})
    assert step.state.players["ben"].influence == 2
    assert step.state.players["anna"].influence == 10 - 2 - 2
    assert step.state.fleets == {"earth": {"un": 1}}


def test_unpaid_the_asset_does_not_act() -> None:
    """Unpaid, the asset's action is not taken."""
    step = turn(intimidated(), {"actions": [{**RALLY, "bribe": 1}]})
    assert step.state.fleets == {} and "bribe-refused" in kinds(step)
    assert step.state.players["anna"].influence == 10


def test_the_intimidating_player_may_waive_any_portion() -> None:
    """"Any portion of this payment can be waived with the permission of the intimidating player"."""
    step = turn(intimidated(bribe=1), {"actions": [{**RALLY, "bribe": 2}]})
    assert step.state.players["ben"].influence == 1


def test_a_tie_for_most_agents_intimidates_nobody() -> None:
    """"a single enemy player must have more agents on the card than each other player"."""
    step = turn(intimidated(ben=2, cleo=2), {"actions": [{**RALLY, "bribe": 0}]})
    assert step.state.fleets == {"earth": {"un": 1}}
    assert step.state.players["ben"].influence == 0 == step.state.players["cleo"].influence


def test_the_owners_own_agents_count_against_the_enemy() -> None:
    """The owner is one of the "each other player": as many agents of the owner leave no single enemy ahead."""
    step = turn(intimidated(ben=2, cleo=0, anna=2), {"actions": [{**RALLY, "bribe": 0}]})
    assert step.state.fleets == {"earth": {"un": 1}}


def test_intimidation_bribes_are_paid_even_at_prosperity() -> None:
    """Prosperity: "(they still need to pay bribes due to the presence of intimidating agents when performing
    actions, however)"."""
    state = intimidated()
    state.climate = "prosperity"
    step = turn(state, {"actions": [{**RALLY, "bribe": 2}]})
    assert step.state.players["ben"].influence == 2


def test_special_abilities_are_never_prevented_by_intimidation() -> None:
    """"Special abilities ... are never prevented by intimidation": Popular Mandate, on an intimidated asset, still
    spares its owner the bribe for playing in a region someone else controls."""
    state = table(influence={"anna": 3}, networks={"anna": [25]}, hands={"anna": [27]})
    put(state, "agents", "25", "ben", 2)
    put(state, "supporters", "mars", "ben", 2)
    state.standing["ben"] = {"bribe": "full"}
    step = turn(state, {"actions": [{"action": "play", "card": 27, "side": "right", "bribe": 0}]})
    assert step.state.players["anna"].network == [25, 27] and step.state.players["anna"].influence == 3
