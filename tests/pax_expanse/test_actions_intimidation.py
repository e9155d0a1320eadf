"""Intimidation with the real actions (rulebook "Intimidation"), and the events and crew assets that change the
card-based actions (Belter Pride, Shipyard Boom, the Rocinante's crew)."""

from __future__ import annotations

import pytest
from px_actions import act, start, table
from px_helpers import market, put

from games.pax.context import Pause
from games.pax_expanse.state import Effect

# 12: Earth, economics, rank 2, Extort and Mobilise.


def test_intimidation_needs_a_single_enemy_with_more_agents_than_each_other_player() -> None:
    state = table(networks={"anna": [12]}, influence={"cleo": 3})
    put(state, "supporters", "earth", "cleo")
    put(state, "agents", "12", "ben", 2)
    put(state, "agents", "12", "anna", 2)  # tied with the owner: nobody intimidates
    act(start(state), {"action": "extort", "card": 12, "from": ["cleo", "cleo"]})
    assert state.players["anna"].influence == 2


def test_intimidation_bribe_equals_the_intimidators_agents_and_may_be_waived() -> None:
    state = table(networks={"anna": [12]}, influence={"anna": 5, "cleo": 3})
    put(state, "supporters", "earth", "cleo")
    put(state, "agents", "12", "ben", 3)
    with pytest.raises(Pause) as pause:
        act(start(state), {"action": "extort", "card": 12, "from": ["cleo", "cleo"]})
    assert pause.value.question.seat == "ben"
    assert pause.value.question.options == (0, 1, 2, 3)
    ctx = start(state, answers={"actions.0.bribe-hostage": 0})
    act(ctx, {"action": "extort", "card": 12, "from": ["cleo", "cleo"]})
    assert state.players["anna"].influence == 7
    assert state.players["ben"].influence == 0


def test_intimidation_never_blocks_special_abilities() -> None:
    state = table(networks={"anna": [34, 15]})  # 34: Open Docks, intimidated by ben
    put(state, "agents", "34", "ben", 2)
    put(state, "supporters", "earth", "anna")
    put(state, "agents", "15", "anna")  # 15 itself is not intimidated
    act(start(state), {"action": "mobilise", "card": 15, "moves": [{"supporter": "earth", "to": "mars"}]})
    assert state.supporters == {"mars": {"anna": 1}}


def test_belter_pride_supporters_mobilise_and_fight_like_loyal_fleets() -> None:
    state = table(networks={"cleo": [15, 21]})
    state.effects.append(Effect(110, "belter_pride", "supporters_count_as_fleets", "until_next_dominance_check",
                                seat="cleo"))
    put(state, "supporters", "earth", "cleo", 2)
    put(state, "fleets", "earth", "un")
    act(start(state, "cleo"), {"action": "combat", "card": 21, "site": "earth", "remove": ["fleet:un"]})
    act(start(state, "cleo"), {"action": "mobilise", "card": 15,
                               "moves": [{"supporter": "earth", "to": "mars"}, {"supporter": "earth", "to": "belt"}]})
    assert state.fleets == {}
    assert state.supporters == {"mars": {"cleo": 1}, "belt": {"cleo": 1}}


def test_shipyard_boom_every_unit_rallied_arrives_as_a_pair() -> None:
    state = table(networks={"anna": [10]}, influence={"anna": 4})
    market(state, [1, 2], [3, 4])
    state.effects.append(Effect(112, "shipyard_boom", "rally_doubles", "until_next_dominance_check", seat="anna"))
    act(start(state), {"action": "rally", "card": 10, "units": ["earth", "belt-earth"]})
    assert state.fleets == {"earth": {"un": 2}}
    assert state.transports == {"belt-earth": {"un": 2}}
    assert state.players["anna"].influence == 0


def test_rocinante_assets_region_is_wherever_the_rocinante_is() -> None:
    state = table(networks={"anna": [97]}, influence={"ben": 3})  # 97: Naomi Nagata, Extort and Favour
    state.rocinante.region = "jupiter"
    put(state, "supporters", "jupiter", "ben")
    put(state, "supporters", "outer_planets", "cleo")
    act(start(state), {"action": "extort", "card": 97, "from": ["ben", "ben"]})
    assert state.players["anna"].influence == 2


def test_rocinante_asset_favour_moves_the_rocinante_out_of_its_own_region() -> None:
    state = table(networks={"anna": [97]})
    state.rocinante.region = "jupiter"
    act(start(state), {"action": "favour", "card": 97, "effect": "rocinante", "region": "outer_planets"})
    assert state.rocinante.region == "outer_planets"


def test_prosperity_intimidation_bribes_are_still_paid() -> None:
    state = table(networks={"anna": [12]}, influence={"cleo": 3})
    state.climate = "prosperity"
    put(state, "supporters", "earth", "cleo")
    put(state, "agents", "12", "ben", 2)
    with pytest.raises(Pause) as pause:
        act(start(state), {"action": "extort", "card": 12, "from": ["cleo", "cleo"]})
    assert pause.value.question.seat == "ben"
