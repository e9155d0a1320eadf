"""Rulebook, Purchase ("Many event cards have a persistent effect that lasts until the next Dominance Check is
resolved"): how long each persistent event holds, whatever resolves the next check (bought, discarded from the
leftmost column, or Instability), and which effects still count while that check is scored.

The project's reading (games/pax_pamir/data/events.yaml): effects that change the scoring itself (Rumor,
Koh-i-noor Recovered, Embarrassment of Riches, Conflict Fatigue) hold through the check and end once it is
resolved; the others end when it starts.
"""

from __future__ import annotations

from typing import Any

import pytest
from pp_helpers import position, turn

from games.pax_pamir import GAME, queries
from games.pax_pamir.dominance import dominant_coalition
from games.pax_pamir.state import Effect

ROW2 = [7, 8, 10, 11, 12, 13]
BALA_HISSAR = 16  # Kabul military rank 1: tax, betray
COMPANY_WEAPONS = 31  # Punjab military rank 1: tax, betray
FARAH_ROAD = 63  # Herat economic rank 3: move
SHAH_SHUJAH = 5  # Kabul political
GEORGE_HAYWARD = 22  # British patriot
RUSSIAN_PATRIOTS = [84, 100]  # Russian Regulars, Count Perovsky
NEXT = "until_next_dominance_check"
AFTER = "until_after_next_dominance_check"


def _buy(column: int = 1, row: int = 1, **fields: Any) -> dict[str, Any]:
    return {"action": "purchase", "row": row, "column": column, **fields}


def test_new_tactics_ends_when_a_check_is_bought_later_the_same_turn() -> None:
    """New Tactics lasts until the next Dominance Check: Anna buys it, then a Dominance Check; her military card's
    tax afterwards is no longer a bonus action but a third action, refused."""
    state = position(market=[[105, 101, 3, 4, 6, 9], ROW2], courts={"anna": [BALA_HISSAR, COMPANY_WEAPONS]},
                     deck=[102, 40, 41])
    order = {"actions": [_buy(1), _buy(2), {"action": "tax", "card": BALA_HISSAR}]}
    (problem,) = GAME.check(state, "anna", order)
    assert problem.path == ("actions", 2, "action")
    before = {"actions": [_buy(1), {"action": "tax", "card": BALA_HISSAR}, _buy(2)]}
    assert GAME.check(state, "anna", before) == []  # taxed before the check: still a bonus action
    new = turn(state, {"actions": [_buy(1), _buy(2)]}).state
    assert new.effects == [] and 105 in new.discard and not queries.is_favored(new, "anna", BALA_HISSAR)


def test_a_persistent_event_holds_over_the_following_turns_until_a_check() -> None:
    """A persistent effect is not limited to the buyer's turn: New Tactics still holds on Anna's next turn."""
    state = position(market=[[105, 2, 3, 4, 6, 9], ROW2], deck=[40, 41, 42, 43])
    step = turn(state, {"actions": [_buy(1)]})
    step = turn(step.state, {})
    step = turn(step.state, {})
    assert step.state.current == "anna" and queries.effect(step.state, "new_tactics", "anna")


def test_nationalism_ends_at_the_next_check() -> None:
    """Nationalism lasts until the next Dominance Check: after Anna buys a check, her tribes no longer move."""
    state = position(market=[[101, 2, 3, 4, 6, 9], ROW2], courts={"anna": [FARAH_ROAD]}, deck=[102, 40])
    state.tribes = {"herat": {"anna": 2}}
    state.roads = {"herat-kabul": {"british": 1}}
    state.effects = [Effect("nationalism", 110, NEXT, "anna")]
    move = {"action": "move", "card": FARAH_ROAD, "moves": [{"tribe": "herat", "to": "kabul"}]}
    assert GAME.check(state, "anna", {"actions": [move]}) == []
    (problem,) = GAME.check(state, "anna", {"actions": [_buy(1), move]})
    assert "Nationalism" in problem.message


def test_disregard_for_customs_ends_at_the_next_check_and_bribes_are_owed_again() -> None:
    """Disregard for Customs lasts until the next Dominance Check: once Anna has bought a check, playing a Kabul
    card where Cati rules costs the bribe again."""
    state = position(market=[[101, 2, 3, 4, 6, 9], ROW2], hands={"anna": [BALA_HISSAR]},
                     courts={"cati": [SHAH_SHUJAH]}, deck=[102, 40])
    state.tribes = {"kabul": {"cati": 2}}
    state.effects = [Effect("disregard_for_customs", 107, NEXT, None)]
    state.standing = {"cati": {"bribe": "full"}}
    order = {"actions": [_buy(1), {"action": "play", "card": BALA_HISSAR, "side": "left", "bribe": 2}]}
    new = turn(state, order).state
    assert new.players["anna"].court == [BALA_HISSAR]
    assert new.players["anna"].rupees == 2 and new.players["cati"].rupees == 6
    assert 107 in new.discard


def test_rumor_still_counts_in_the_check_that_ends_it() -> None:
    """Rumor: Bob's patriots give no influence until after the next Dominance Check: Anna buys Rumor naming Bob,
    then the check; Russia is dominant and Cati (a gift) outranks Bob (two silenced patriots); then the Rumor is
    over and Bob's patriots count again."""
    state = position(market=[[108, 101, 3, 4, 6, 9], ROW2], courts={"bob": RUSSIAN_PATRIOTS}, deck=[102, 40, 41],
                     loyalty={"anna": "british", "bob": "russian", "cati": "russian"})
    state.players["cati"].gifts = [2]
    state.armies = {"kabul": {"russian": 4}}
    new = turn(state, {"actions": [_buy(1, target="bob"), _buy(2)]}).state
    assert (new.players["cati"].score, new.players["bob"].score) == (5, 3)
    assert new.effects == [] and 108 in new.discard
    assert queries.influence(new, "bob") == 3


@pytest.mark.parametrize(("effect", "anna", "cati"), [
    (None, 4, 4),  # two influence each: the tie shares first and second place
    (Effect("embarrassment_of_riches", 106, AFTER, None), 3, 5),
    (Effect("koh_i_noor_recovered", 106, AFTER, "anna"), 5, 3),
])
def test_gift_events_still_count_in_the_check_that_ends_them(effect: Effect | None, anna: int, cati: int) -> None:
    """Koh-i-noor Recovered and Embarrassment of Riches last until after the next Dominance Check: Anna's gift
    is worth two, or nothing, while that check is scored; afterwards it is worth one again."""
    state = position(market=[[101, 2, 3, 4, 6, 9], ROW2], courts={"cati": [GEORGE_HAYWARD]}, deck=[102, 40],
                     loyalty={"anna": "british", "bob": "russian", "cati": "british"})
    state.players["anna"].gifts = [2]
    state.armies = {"kabul": {"british": 4}}
    state.effects = [effect] if effect else []
    new = turn(state, {"actions": [_buy(1)]}).state
    assert (new.players["anna"].score, new.players["cati"].score) == (anna, cati)
    assert new.effects == [] and queries.influence(new, "anna") == 2


def test_conflict_fatigue_lowers_the_margin_for_the_next_check_only() -> None:
    """Conflict Fatigue: at the next Dominance Check a lead of two blocks is enough; Britain with three armies to
    Russia's one is dominant and Anna scores; afterwards a lead of four is needed again."""
    state = position(market=[[109, 101, 3, 4, 6, 9], ROW2], deck=[102, 40, 41])
    state.armies = {"kabul": {"british": 3, "russian": 1}}
    new = turn(state, {"actions": [_buy(1), _buy(2)]}).state
    assert new.players["anna"].score == 5 and new.armies == {}
    assert new.effects == [] and 109 in new.discard
    new.armies = {"kabul": {"british": 3, "russian": 1}}
    assert dominant_coalition(new) is None


def test_effects_end_at_a_check_made_by_instability_during_cleanup() -> None:
    """Instability: a second Dominance Check revealed by the refill makes a check at once; it ends the persistent
    effects like any other check, and their cards go to the discard pile."""
    state = position(market=[[1, 2, 3, 4, 101, None], ROW2], deck=[102, 40, 41])
    state.effects = [Effect("nation_building", 112, NEXT, "bob"), Effect("rumor", 108, AFTER, "cati", "anna")]
    new = turn(state, {}).state
    assert new.checks_done == 1 and new.effects == []
    assert {101, 102, 108, 112} <= set(new.discard)


@pytest.mark.parametrize(("market", "favored"), [
    ([[101, 2, 3, 4, 6, 9], [116, 8, 10, 11, 12, 13]], "political"),  # check first: the suit is free again
    ([[116, 2, 3, 4, 6, 9], [101, 8, 10, 11, 12, 13]], "economic"),  # suit icon first: still held
])
def test_pashtunwali_values_holds_the_suit_until_the_check_in_cleanup_order(market: list[list[int]],
                                                                            favored: str) -> None:
    """Pashtunwali Values holds the favored suit until the next Dominance Check. Cleanup discards the top row
    first: a check on top ends it before Political Suit below moves the marker; Political Suit on top is ignored
    and the check below ends the effect after it."""
    state = position(market=market, deck=[102, 40, 41])
    state.favored = "economic"
    state.effects = [Effect("pashtunwali_values", 115, NEXT, "bob")]
    new = turn(state, {}).state
    assert new.favored == favored and new.effects == [] and new.checks_done == 1


def test_persistent_events_are_public_in_every_view_while_they_last() -> None:
    """Events bought are placed in view of all players: every seat's view shows the Rumor, who bought it and whom
    it names."""
    state = position(market=[[108, 2, 3, 4, 6, 9], ROW2], deck=[40])
    new = turn(state, {"actions": [_buy(1, target="bob")]}).state
    for seat in ("anna", "bob", "cati", None):
        (shown,) = GAME.view(new, seat)["effects"]
        assert (shown["id"], shown["seat"], shown["target"], shown["card"]) == ("rumor", "anna", "bob", 108)
