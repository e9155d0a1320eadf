"""The 16 events' two effects (data/events.yaml), each as its card says."""

from __future__ import annotations

import pytest
from px_helpers import act, market, position, put, turn_context

from games.pax.context import Pause
from games.pax_expanse import queries
from games.pax_expanse.rules import RULES
from games.pax_expanse.state import GameState


def buy(state: GameState, card: int, **choice: str) -> None:
    market(state, [card, 1, 2], [3, 4, 5])
    act(turn_context(state), {"action": "purchase", "row": 1, "column": 1, **choice})


def discard(state: GameState, card: int) -> None:
    market(state, [card, 1, 2], [3, 4, 5])
    RULES.discard_left_events(turn_context(state))


def table() -> GameState:
    return position(loyalty={"anna": "un", "ben": "mcr", "cleo": "opa"},
                    hands={"anna": [10], "ben": [11, 12], "cleo": []})


@pytest.mark.parametrize(("card", "climate"), [(105, "war"), (115, "cold_war"), (116, "peace")])
def test_events_discarded_climate_cards_set_the_climate(card: int, climate: str) -> None:
    state = table()
    state.climate = "prosperity"
    discard(state, card)
    assert state.climate == climate


def test_events_martian_naval_doctrine_makes_war_assets_favoured_for_the_buyer() -> None:
    state = table()
    buy(state, 105)
    assert queries.favoured_suits(state, "anna") == {"political", "war"}
    assert queries.favoured_suits(state, "ben") == {"political"}


def test_events_water_rationing_favours_count_for_nothing() -> None:
    state = table()
    state.players["ben"].favours = 2
    discard(state, 106)
    assert queries.reputation(state, "ben", "mcr") == 0


def test_events_open_borders_waives_every_bribe() -> None:
    state = table()
    discard(state, 107)
    put(state, "supporters", "earth", "ben", 2)
    assert queries.play_bribe(state, "anna", 1) is None


def test_events_diplomatic_pouch_bribes_asked_of_the_buyer_may_go_unpaid() -> None:
    state = table()
    buy(state, 107)
    put(state, "supporters", "earth", "ben", 2)
    state.players["anna"].influence = 0
    assert act(turn_context(state), {"action": "play", "card": 10, "side": "left"})
    assert state.players["anna"].network == [10]


def test_events_leaked_broadcast_a_chosen_players_loyalists_count_for_nothing() -> None:
    state = table()
    state.players["ben"].network = [33]
    buy(state, 108, target="ben")
    assert queries.reputation(state, "ben", "un") == 0
    assert state.effects[0].target == "ben"


def test_events_purge_of_the_decorated_everyone_discards_rewards() -> None:
    state = table()
    state.players["anna"].rewards = [17]
    state.players["cleo"].rewards = [4, 9]
    discard(state, 108)
    assert all(not p.rewards for p in state.players.values())
    assert sorted(state.discard) == [4, 9, 17, 108]


def test_events_ganymede_relief_convoy_a_free_supporter_in_the_jupiter_system() -> None:
    state = table()
    buy(state, 109)
    assert state.supporters == {"jupiter": {"anna": 1}}


@pytest.mark.parametrize(("card", "region"), [(109, "earth"), (110, "tycho"), (112, "belt"),
                                              (113, "outer_planets")])
def test_events_discarded_unrest_clears_a_region_of_fleets_and_supporters(card: int, region: str) -> None:
    state = table()
    put(state, "fleets", region, "un", 2)
    put(state, "supporters", region, "ben", 1)
    put(state, "fleets", "mars", "mcr", 1)
    discard(state, card)
    assert region not in state.fleets and region not in state.supporters
    assert state.fleets == {"mars": {"mcr": 1}}


def test_events_quarantine_lifted_has_no_effect() -> None:
    state = table()
    before = state.clone()
    discard(state, 111)
    assert state.discard == [111]
    state.discard, state.market, state.turn = before.discard, before.market, before.turn
    state.current = before.current
    assert state == before


def test_events_shipyard_boom_and_belter_pride_stay_in_force_for_the_buyer() -> None:
    state = table()
    buy(state, 112)
    buy(state, 110)
    assert queries.in_force(state, "rally_doubles", "anna")
    assert queries.in_force(state, "supporters_count_as_fleets", "anna")
    assert not queries.in_force(state, "rally_doubles", "ben")


def test_events_stolen_data_core_swaps_hands_with_a_chosen_opponent() -> None:
    state = table()
    buy(state, 114, target="ben")
    assert state.players["anna"].hand == [11, 12]
    assert state.players["ben"].hand == [10]


def test_events_stolen_data_core_hands_are_told_only_to_their_holders() -> None:
    state = table()
    market(state, [114, 1, 2], [3, 4, 5])
    ctx = turn_context(state)
    act(ctx, {"action": "purchase", "row": 1, "column": 1, "target": "cleo"})
    private = [e for e in ctx.events if e.data.get("kind") == "hand"]
    assert {e.to for e in private} == {("anna",), ("cleo",)}


def test_events_security_audit_everyone_gives_up_a_card() -> None:
    state = table()
    market(state, [114, 1, 2], [3, 4, 5])
    ctx = turn_context(state, answers={"cleanup.security-audit.ben": [12]})
    RULES.discard_left_events(ctx)
    assert state.players["anna"].hand == [] and state.players["ben"].hand == [11]


def test_events_political_realignment_sets_the_climate_and_freezes_climate_icons() -> None:
    state = table()
    buy(state, 115, climate="prosperity")
    assert state.climate == "prosperity"
    state.players["anna"].hand = [14]  # a climate_war icon
    ctx = turn_context(state)
    act(ctx, {"action": "play", "card": 14, "side": "left"})
    assert state.climate == "prosperity"


def test_events_kinetic_strike_unanswered_asks_the_buyer_for_a_region() -> None:
    state = table()
    market(state, [116, 1, 2], [3, 4, 5])
    with pytest.raises(Pause) as pause:
        act(turn_context(state), {"action": "purchase", "row": 1, "column": 1})
    assert pause.value.question.options == ("earth", "mars", "belt", "tycho", "jupiter", "outer_planets")
