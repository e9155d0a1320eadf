"""Purchase and Play, after the rulebook's "Core Actions" section."""

from __future__ import annotations

import pytest
from px_helpers import act, market, position, put, texts, turn_context

from games.pax.context import OrderError, Pause
from games.pax_expanse.state import GameState


def shop(influence: int = 10) -> GameState:
    state = position(loyalty={"anna": "un", "ben": "mcr", "cleo": "opa"}, influence={"anna": influence})
    market(state, [1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12])
    return state


# --- Purchase -------------------------------------------------------------------------------------------------


def test_purchase_costs_one_influence_per_card_to_its_left_in_its_row() -> None:
    state = shop()
    ctx = turn_context(state)
    act(ctx, {"action": "purchase", "row": 2, "column": 4})
    assert state.players["anna"].hand == [10]
    assert state.players["anna"].influence == 7
    assert state.market_influence == [[0] * 6, [1, 1, 1, 0, 0, 0]]
    assert state.market[1][3] is None


def test_purchase_leftmost_column_is_free_and_takes_the_influence_on_the_card() -> None:
    state = shop(0)
    state.market_influence[0][0] = 3
    ctx = turn_context(state)
    act(ctx, {"action": "purchase", "row": 1, "column": 1})
    assert state.players["anna"].influence == 3
    assert state.market_influence[0][0] == 0


def test_purchase_vacant_slot_is_paid_to_the_card_in_the_other_row() -> None:
    state = shop()
    state.market[0][1] = None
    ctx = turn_context(state)
    act(ctx, {"action": "purchase", "row": 1, "column": 3})
    assert state.market_influence == [[1, 0, 0, 0, 0, 0], [0, 1, 0, 0, 0, 0]]


def test_purchase_not_of_a_card_you_placed_influence_on_this_turn() -> None:
    state = shop()
    ctx = turn_context(state)
    act(ctx, {"action": "purchase", "row": 1, "column": 3})
    with pytest.raises(OrderError) as error:
        act(ctx, {"action": "purchase", "row": 1, "column": 1})
    assert "placed influence" in error.value.message
    assert error.value.path == ("actions", 1, "column")


def test_purchase_must_be_affordable() -> None:
    state = shop(2)
    ctx = turn_context(state)
    with pytest.raises(OrderError) as error:
        act(ctx, {"action": "purchase", "row": 1, "column": 4})
    assert "costs 3 influence and you have 2" in error.value.message
    assert "row 1 column 3" in error.value.message  # the cards that may be bought are listed


def test_purchase_event_is_resolved_at_once_and_never_enters_the_hand() -> None:
    state = shop()
    state.market[0][0] = 113  # Earth Aid Package: take three influence
    ctx = turn_context(state)
    act(ctx, {"action": "purchase", "row": 1, "column": 1})
    assert state.players["anna"].hand == []
    assert state.players["anna"].influence == 13
    assert state.discard == [113]


def test_purchase_persistent_event_is_held_below_the_buyers_network() -> None:
    state = shop()
    state.market[0][0] = 107  # Diplomatic Pouch
    ctx = turn_context(state)
    act(ctx, {"action": "purchase", "row": 1, "column": 1})
    assert [(e.card, e.seat, e.lasts) for e in state.effects] == [(107, "anna", "until_next_dominance_check")]
    assert state.discard == []


def test_purchase_event_choice_answered_in_the_order() -> None:
    state = shop()
    state.market[0][0] = 116  # Kinetic Strike: clear a region of your choice
    put(state, "fleets", "mars", "mcr", 2)
    put(state, "supporters", "mars", "ben", 1)
    put(state, "transports", "earth-mars", "mcr", 1)
    ctx = turn_context(state)
    act(ctx, {"action": "purchase", "row": 1, "column": 1, "region": "mars"})
    assert "mars" not in state.fleets and "mars" not in state.supporters
    assert state.transports == {"earth-mars": {"mcr": 1}}  # transports lie on borders, not in the region


def test_purchase_event_choice_unanswered_pauses_for_the_buyer() -> None:
    state = shop()
    state.market[0][0] = 114  # Stolen Data Core: swap hands with an opponent
    ctx = turn_context(state)
    with pytest.raises(Pause) as pause:
        act(ctx, {"action": "purchase", "row": 1, "column": 1})
    assert pause.value.question.seat == "anna"
    assert pause.value.question.options == ("ben", "cleo")


def test_purchase_quarantine_zone_can_never_be_bought_and_takes_no_influence() -> None:
    state = shop()
    state.market[0][1] = 111
    ctx = turn_context(state)
    with pytest.raises(OrderError) as error:
        act(ctx, {"action": "purchase", "row": 1, "column": 2})
    assert "never be bought" in error.value.message
    act(ctx, {"action": "purchase", "row": 1, "column": 3})
    assert state.market_influence[0][:2] == [1, 0]
    assert state.players["anna"].influence == 8  # the 1 due to Quarantine Zone went back to the bank


def test_purchase_dominance_check_resolves_when_bought() -> None:
    state = shop()
    state.market[0][0] = 101
    put(state, "fleets", "earth", "un")
    ctx = turn_context(state)
    act(ctx, {"action": "purchase", "row": 1, "column": 1})
    assert state.checks == [1]
    assert state.players["anna"].vp == 5
    assert state.objective == "tycho"
    assert 101 in state.discard


# --- Play -----------------------------------------------------------------------------------------------------


def test_play_to_the_left_or_right_end_of_the_network() -> None:
    state = position(loyalty={"anna": "un"}, networks={"anna": [20]}, hands={"anna": [10, 33]})
    ctx = turn_context(state)
    act(ctx, {"action": "play", "card": 33, "side": "left"})
    act(ctx, {"action": "play", "card": 10, "side": "right"})
    assert state.players["anna"].network == [33, 20, 10]


def test_play_only_a_card_in_hand() -> None:
    state = position(loyalty={"anna": "un"}, hands={"anna": [8]})
    with pytest.raises(OrderError) as error:
        act(turn_context(state), {"action": "play", "card": 9, "side": "left"})
    assert error.value.path == ("actions", 0, "card")
    assert "8 (" in error.value.message


def test_play_impact_icons_resolved_top_to_bottom() -> None:
    state = position(loyalty={"anna": "un"}, hands={"anna": [13]}, influence={"anna": 0})
    ctx = turn_context(state)
    act(ctx, {"action": "play", "card": 13, "side": "left", "transports": ["belt-earth"], "agents": [13]})
    assert state.transports == {"belt-earth": {"un": 1}}
    assert state.agents == {"13": {"anna": 1}}
    assert state.players["anna"].influence == 2
    order = [t for t in texts(ctx) if "places" in t or "takes 2" in t]
    assert order == ["anna places a UN transport on the border of the Belt and Earth",
                     "anna places an agent on Earth Commodity Exchange", "anna takes 2 influence from the bank"]


def test_play_fleet_and_supporter_icons_place_in_the_cards_region() -> None:
    state = position(loyalty={"anna": "mcr"}, hands={"anna": [7]})
    act(turn_context(state), {"action": "play", "card": 7, "side": "left"})
    assert state.supporters == {"earth": {"anna": 2}}
    assert state.fleets == {"earth": {"mcr": 1}}


def test_play_agent_goes_on_a_matching_asset_in_any_network() -> None:
    state = position(loyalty={"anna": "un"}, hands={"anna": [1]}, networks={"ben": [20, 22], "cleo": [8]})
    ctx = turn_context(state)
    with pytest.raises(Pause) as pause:
        act(ctx, {"action": "play", "card": 1, "side": "left"})
    assert set(pause.value.question.options) == {1, 20, 8}  # the Earth assets in play, the played one included
    state = position(loyalty={"anna": "un"}, hands={"anna": [1]}, networks={"ben": [20, 22], "cleo": [8]})
    act(turn_context(state), {"action": "play", "card": 1, "side": "left", "agents": [20]})
    assert state.agents == {"20": {"anna": 1}}


def test_play_climate_icon_moves_the_marker_one_space() -> None:
    state = position(loyalty={"anna": "un"}, hands={"anna": [14, 17]})
    ctx = turn_context(state)
    act(ctx, {"action": "play", "card": 14, "side": "left"})  # towards War
    assert state.climate == "cold_war"
    act(ctx, {"action": "play", "card": 17, "side": "left"})  # towards Prosperity
    assert state.climate == "peace"
    state.climate = "prosperity"
    state.players["anna"].hand = [18]
    act(ctx, {"action": "play", "card": 18, "side": "left"})
    assert state.climate == "prosperity"  # the end of the track


def test_play_bribe_paid_to_the_regions_controller() -> None:
    state = position(loyalty={"anna": "un", "ben": "mcr"}, hands={"anna": [8]}, influence={"anna": 5})
    put(state, "supporters", "earth", "ben", 2)
    state.standing = {"ben": {"bribe": "full"}}
    assert act(turn_context(state), {"action": "play", "card": 8, "side": "left", "bribe": 2})
    assert state.players["anna"].influence == 3
    assert state.players["ben"].influence == 2


def test_play_bribe_may_be_waived_in_part() -> None:
    state = position(loyalty={"anna": "un", "ben": "mcr"}, hands={"anna": [8]}, influence={"anna": 5})
    put(state, "supporters", "earth", "ben", 3)
    state.standing = {"ben": {"bribe": 1}}
    assert act(turn_context(state), {"action": "play", "card": 8, "side": "left", "bribe": 1})
    assert state.players["anna"].influence == 4


def test_play_bribe_not_paid_is_as_if_never_taken() -> None:
    state = position(loyalty={"anna": "un", "ben": "mcr"}, hands={"anna": [8]}, influence={"anna": 5})
    put(state, "supporters", "earth", "ben", 3)
    state.standing = {"ben": {"bribe": "full"}}
    assert not act(turn_context(state), {"action": "play", "card": 8, "side": "left", "bribe": 2})
    assert state.players["anna"].hand == [8] and state.players["anna"].network == []
    assert state.players["anna"].influence == 5


def test_play_bribe_asks_the_controller_when_no_standing_order() -> None:
    state = position(loyalty={"anna": "un", "ben": "mcr"}, hands={"anna": [8]}, influence={"anna": 5})
    put(state, "supporters", "earth", "ben", 2)
    with pytest.raises(Pause) as pause:
        act(turn_context(state), {"action": "play", "card": 8, "side": "left"})
    assert pause.value.question.seat == "ben"
    assert pause.value.question.options == (0, 1, 2)


def test_play_no_bribe_under_prosperity() -> None:
    state = position(loyalty={"anna": "un", "ben": "mcr"}, hands={"anna": [8]}, influence={"anna": 5})
    put(state, "supporters", "earth", "ben", 2)
    state.climate = "prosperity"
    assert act(turn_context(state), {"action": "play", "card": 8, "side": "left"})
    assert state.players["anna"].influence == 5


def test_play_loyalist_of_another_faction_changes_loyalty() -> None:
    # anna, loyal to the OPA with an OPA loyalist (8), a favour and an OPA reward (9), plays a UN loyalist (2).
    state = position(loyalty={"anna": "opa"}, hands={"anna": [2]}, networks={"anna": [8, 22]})
    state.players["anna"].favours = 2
    state.players["anna"].rewards = [9]
    ctx = turn_context(state)
    act(ctx, {"action": "play", "card": 2, "side": "right", "agents": [2, 2]})
    anna = state.players["anna"]
    assert anna.loyalty == "un"
    assert anna.network == [22, 2]
    assert anna.favours == 0 and anna.rewards == []
    assert sorted(state.discard) == [8, 9]


def test_loyalty_and_reputation_economic_stars_keep_old_loyalists_and_rewards() -> None:
    # 12 is an economics asset of rank 2: anna keeps two of her old OPA loyalist and rewards.
    state = position(loyalty={"anna": "opa"}, hands={"anna": [2]}, networks={"anna": [8, 12]})
    state.players["anna"].rewards = [9, 4]
    ctx = turn_context(state, answers={"actions.0.keep-1": ["loyalist:8", "reward:4"]})
    act(ctx, {"action": "play", "card": 2, "side": "right", "agents": [2, 2]})
    anna = state.players["anna"]
    assert anna.network == [8, 12, 2]
    assert anna.rewards == [4]
    assert state.discard == [9]


def test_play_bribe_for_a_crew_asset_follows_the_rocinante() -> None:
    state = position(loyalty={"anna": "un", "ben": "mcr"}, hands={"anna": [98]}, influence={"anna": 5})
    put(state, "supporters", "outer_planets", "ben", 1)
    state.standing = {"ben": {"bribe": "full"}}
    act(turn_context(state), {"action": "play", "card": 98, "side": "left", "bribe": 1})
    assert state.fleets == {"outer_planets": {"un": 2}}
    assert state.players["ben"].influence == 1


def test_special_abilities_contracts_make_assets_free_to_buy() -> None:
    state = shop(0)
    state.players["anna"].network = [64]  # Tycho Contracts
    state.market[0][4] = 59  # a Tycho Station asset
    act(turn_context(state), {"action": "purchase", "row": 1, "column": 5})
    assert state.players["anna"].hand == [59]
    assert state.market_influence[0] == [0] * 6


def test_special_abilities_popular_mandate_plays_without_bribes() -> None:
    state = position(loyalty={"anna": "un", "ben": "mcr"}, hands={"anna": [8]}, networks={"anna": [25]})
    put(state, "supporters", "earth", "ben", 2)
    assert act(turn_context(state), {"action": "play", "card": 8, "side": "left"})


def test_purchase_event_choice_field_only_for_the_event_asking_it() -> None:
    state = shop()
    state.market[0][0] = 113  # Earth Aid Package asks nothing
    with pytest.raises(OrderError) as error:
        act(turn_context(state), {"action": "purchase", "row": 1, "column": 1, "region": "mars"})
    assert error.value.path == ("actions", 0, "region")
    state.market[0][0] = 116
    with pytest.raises(OrderError) as error:
        act(turn_context(state), {"action": "purchase", "row": 1, "column": 1, "target": "ben"})
    assert "asks for region" in error.value.message
