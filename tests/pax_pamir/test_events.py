"""Every event effect: bought (the lower half, for the buyer) and discarded in cleanup (the upper half, for all)."""

from __future__ import annotations

import pytest
from pp_helpers import MARKET, context, position, texts, turn

from games.pax_pamir import GAME, queries
from games.pax_pamir.dominance import check_scores, dominant_coalition
from games.pax_pamir.events import resolve_event
from games.pax_pamir.state import Effect


def bought(number: int, **fields: object) -> dict[str, object]:
    """An order buying the event at row 1 column 1."""
    return {"actions": [{"action": "purchase", "row": 1, "column": 1, **fields}]}


def with_event(number: int, **kwargs: object) -> object:
    state = position(market=[[number, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12]], **kwargs)
    return state


def discarded(number: int, state: object = None) -> object:
    """Resolve `number` as discarded by cleanup, on `state` (a fresh position by default)."""
    state = state or position(market=MARKET)
    ctx = context(state)
    ctx.where = ("cleanup",)
    resolve_event(ctx, number, None)
    return state


def test_105_new_tactics_military_cards_of_the_buyer_count_as_favored() -> None:
    state = with_event(105, courts={"anna": [31], "bob": [38]})
    new = turn(state, bought(105)).state
    assert queries.is_favored(new, "anna", 31)
    assert not queries.is_favored(new, "bob", 38)
    assert any(e.id == "new_tactics" and e.seat == "anna" for e in new.effects)


def test_105_discarded_military_becomes_favored() -> None:
    assert discarded(105).favored == "military"


def test_106_koh_i_noor_doubles_the_buyers_gifts() -> None:
    state = with_event(106)
    state.players["anna"].gifts = [2, 4]
    state.players["bob"].gifts = [2]
    new = turn(state, bought(106)).state
    assert queries.influence(new, "anna") == 5 and queries.influence(new, "bob") == 2


def test_106_discarded_embarrassment_of_riches_gifts_worth_nothing() -> None:
    state = position(market=MARKET)
    state.players["anna"].gifts = [2, 4]
    assert queries.influence(discarded(106, state), "anna") == 1


def test_107_courtly_manners_buyer_pays_no_bribes() -> None:
    state = with_event(107, hands={"anna": [25]}, courts={"bob": [24]})
    state.tribes = {"punjab": {"bob": 2}}
    order = bought(107)
    order["actions"].append({"action": "play", "card": 25, "side": "left"})
    new = turn(state, order).state
    assert new.players["anna"].court == [25] and new.players["bob"].rupees == 4


def _courtly_position(standing: dict[str, object]) -> object:
    """Anna holds Courtly Manners and plays Josiah Harlan (25) in a Punjab bob rules with two tribes."""
    state = position(hands={"anna": [25]}, courts={"bob": [24]}, market=MARKET)
    state.tribes = {"punjab": {"bob": 2}}
    state.effects = [Effect("courtly_manners", 107, "until_next_dominance_check", "anna")]
    state.standing = {"bob": {"bribe": "full"}, **standing}
    return state


def test_107_courtly_manners_the_buyer_may_choose_to_pay_and_by_default_does_not() -> None:
    play = {"actions": [{"action": "play", "card": 25, "side": "left", "bribe": 2}]}
    step = turn(_courtly_position({}), play)  # no standing answer: the default, decline
    assert step.state.players["anna"].rupees == 4 and step.state.players["anna"].court == [25]
    assert any("declines" in text and "Courtly Manners" in text for text in texts(step))
    step = turn(_courtly_position({"anna": {"courtly_manners": "pay"}}), play)
    assert (step.state.players["anna"].rupees, step.state.players["bob"].rupees) == (2, 6)
    assert step.state.players["anna"].court == [25]
    state = _courtly_position({"anna": {"courtly_manners": "decline"}})
    new = turn(state, {**play, "standing": {"courtly_manners": "pay"}}).state  # the order's own standing answer
    assert new.players["bob"].rupees == 6 and new.standing["anna"] == {"courtly_manners": "pay"}
    new = turn(_courtly_position({}), {**play, "answers": {"actions.0.bribe-play-courtly": "pay"}}).state
    assert new.players["bob"].rupees == 6  # answered for this one bribe, by key
    (problem,) = GAME.check(state, "anna", {"standing": {"courtly_manners": "sometimes"}})
    assert problem.path == ("standing", "courtly_manners") and "decline or pay" in problem.message


def test_107_discarded_disregard_for_customs_nobody_pays_bribes() -> None:
    state = discarded(107)
    assert queries.bribes_waived(state, "bob", "play") and queries.bribes_waived(state, "cati", "hostage")


def test_108_rumor_named_players_patriots_give_no_influence() -> None:
    state = with_event(108, courts={"bob": [84, 100]})
    new = turn(state, bought(108, target="bob")).state
    assert queries.influence(new, "bob") == 1


def test_108_discarded_failure_to_impress_every_prize_is_discarded() -> None:
    state = position(market=MARKET)
    state.players["anna"].prizes = [20]
    state.players["cati"].prizes = [21, 22]
    new = discarded(108, state)
    assert all(not p.prizes for p in new.players.values())
    assert {20, 21, 22} <= set(new.discard)


def test_109_conflict_fatigue_a_lead_of_two_blocks_is_enough() -> None:
    state = with_event(109)
    state.armies = {"kabul": {"british": 3, "russian": 1}}
    assert dominant_coalition(state) is None
    new = turn(state, bought(109)).state
    assert dominant_coalition(new) == "british"
    assert check_scores(new, final=False)[0] == "british"


def test_109_110_112_113_discarded_riots_clear_tribes_and_armies_with_overthrow() -> None:
    for number, region, political in ((109, "punjab", 24), (110, "herat", 55), (112, "kabul", 5), (113, "persia", 75)):
        state = position(market=MARKET, courts={"anna": [political]})
        state.tribes = {region: {"anna": 2, "bob": 1}, "transcaspia": {"anna": 1}}
        state.armies = {region: {"british": 2}}
        state.roads = {next(b for b in ("kabul-punjab", "herat-kabul", "herat-persia") if region in b): {"british": 1}}
        new = discarded(number, state)
        assert region not in new.tribes and region not in new.armies, number
        assert new.roads, "roads stay"
        assert new.players["anna"].court == [], "overthrown"


def test_110_nationalism_is_recorded_for_the_buyer() -> None:
    new = turn(with_event(110), bought(110)).state
    assert queries.effect(new, "nationalism", "anna") and not queries.effect(new, "nationalism", "bob")


def test_111_public_withdrawal_cannot_be_bought_and_swallows_rupees() -> None:
    state = position(market=[[1, 111, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12]])
    (problem,) = GAME.check(state, "anna", {"actions": [{"action": "purchase", "row": 1, "column": 2}]})
    assert "never be purchased" in problem.message
    new = turn(state, {"actions": [{"action": "purchase", "row": 1, "column": 3}]}).state
    assert new.market_rupees[0][:2] == [1, 0]  # the rupee for column 2 left the game
    assert new.players["anna"].rupees == 2


def test_111_discarded_has_no_effect() -> None:
    state = position(market=MARKET)
    before = state.encode()
    after = discarded(111, state).encode()
    before["discard"] = [111]
    after["turn"] = None  # the context began a turn for the test
    assert after == before


def test_112_nation_building_is_recorded_for_the_buyer() -> None:
    new = turn(with_event(112), bought(112)).state
    assert queries.effect(new, "nation_building", "anna")


def test_113_backing_of_persian_aristocracy_three_rupees() -> None:
    new = turn(with_event(113), bought(113)).state
    assert new.players["anna"].rupees == 7


def test_114_other_persuasive_methods_swaps_hands() -> None:
    state = with_event(114, hands={"anna": [20], "bob": [21, 22]})
    new = turn(state, bought(114, target="bob")).state
    assert new.players["anna"].hand == [21, 22] and new.players["bob"].hand == [20]


def test_114_discarded_confidence_failure_each_player_discards_one_hand_card() -> None:
    state = position(market=[[114, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12]], hands={"anna": [20, 21], "bob": [22, 23],
                                                                                     "cati": [24]})
    state.standing = {"bob": {"discard": [23]}}
    step = GAME.apply(state, {"anna": {"cleanup": {"confidence_failure": 21}}}, None)
    new = step.state
    assert new.players["anna"].hand == [20] and new.players["bob"].hand == [22] and new.players["cati"].hand == []


def test_114_confidence_failure_without_a_standing_order_asks_the_player() -> None:
    state = position(market=[[114, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12]], hands={"bob": [22, 23]})
    step = turn(state, {})
    (prompt,) = GAME.prompts(step.state)
    assert prompt.seat == "bob" and "Confidence Failure" in prompt.text
    assert GAME.default_order(step.state, "bob") == {"answer": 22}
    new = turn(step.state, {"answer": 23}).state
    assert new.players["bob"].hand == [22] and new.current == "bob"


def test_115_pashtunwali_values_choose_suit_and_impact_icons_cannot_change_it() -> None:
    state = with_event(115, hands={"anna": [8]})  # Kabul Bazaar: favor political icon
    order = bought(115, suit="economic")
    order["actions"].append({"action": "play", "card": 8, "side": "left", "roads": ["kabul-punjab", "kabul-punjab"],
                             "spies": [8]})
    new = turn(state, order).state
    assert new.favored == "economic"


@pytest.mark.parametrize("other", [105, 116])  # New Tactics (military) and Rebuke (political) when discarded
def test_115_pashtunwali_values_also_holds_the_suit_against_a_discarded_events_icon(other: int) -> None:
    """While Pashtunwali Values is in force, no change of the favored suit happens, whatever makes it."""
    state = position(market=[[115, 2, 3, 4, 5, 6], [other, 8, 9, 10, 11, 12]])
    step = turn(state, bought(115, suit="economic"))
    assert other in step.state.discard  # cleanup discarded it from the leftmost column
    assert step.state.favored == "economic"
    assert any("Pashtunwali Values" in text and "stays economic" in text for text in texts(step))


def test_115_discarded_intelligence_becomes_favored() -> None:
    assert discarded(115).favored == "intelligence"


def test_116_rebuke_clears_a_region_of_the_buyers_choice() -> None:
    state = with_event(116)
    state.tribes = {"herat": {"bob": 1}, "kabul": {"cati": 1}}
    state.armies = {"herat": {"russian": 2}}
    new = turn(state, bought(116, region="herat")).state
    assert new.tribes == {"kabul": {"cati": 1}} and new.armies == {}


def test_116_discarded_political_becomes_favored() -> None:
    state = position(market=MARKET)
    state.favored = "military"
    assert discarded(116, state).favored == "political"


def test_purchased_event_choices_are_asked_when_missing() -> None:
    step = turn(with_event(116), bought(116))
    (prompt,) = GAME.prompts(step.state)
    assert prompt.seat == "anna" and "Rebuke" in prompt.text and "kabul" in prompt.text


def test_persistent_event_cards_wait_with_their_effect_then_go_to_the_discard() -> None:
    new = turn(with_event(110), bought(110)).state
    assert 110 not in new.discard and [e.card for e in new.effects] == [110]
