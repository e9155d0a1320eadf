"""Rulebook, Key Terms and Concepts, Loyalty and Influence."""

from __future__ import annotations

from pp_helpers import position, turn

from games.pax_pamir import GAME, queries
from games.pax_pamir.state import GameState

ARMY_OF_THE_INDUS = 32  # Punjab military, British patriot
EXILED_DURRANI_NOBILITY = 57  # Herat political: a British prize
SIR_JOHN_KEANE = 51  # Kandahar military, British patriot: one army
COUNT_PEROVSKY = 100  # Transcaspia military, Russian patriot: two armies
CHARLES_STODDART = 4  # Kabul intelligence, not a patriot, an Afghan prize: one spy
BARAKZAI_SADARS = 42  # Kandahar political, Afghan patriot, leveraged
KANDAHARI_MARKETS = 49  # Kandahar economic
JEZAIL_SHARPSHOOTERS = 53  # Kandahar military, not a patriot: two armies and a spy


def _check_position() -> GameState:
    """Everyone British and British armies dominant; Anna buys a Dominance Check that is not the last."""
    state = position(loyalty={"anna": "british", "bob": "british", "cati": "british"},
                     market=[[101, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12]], deck=[102, 40, 41])
    state.armies = {"punjab": {"british": 5}}
    return state


def test_influence_is_one_plus_patriots_prizes_and_gifts() -> None:
    """Loyalty and Influence: total influence is one plus the patriots in your court, your prizes and your gifts;
    a successful Dominance Check ranks the loyal players by it (5, 3 and 1 points)."""
    state = _check_position()
    state.players["anna"].court = [ARMY_OF_THE_INDUS]
    state.players["anna"].prizes = [EXILED_DURRANI_NOBILITY]
    state.players["anna"].gifts = [2]
    state.players["cati"].gifts = [2, 4]
    assert [queries.influence(state, s) for s in ("anna", "bob", "cati")] == [4, 1, 3]
    step = turn(state, {"actions": [{"action": "purchase", "row": 1, "column": 1}]})
    assert [step.state.players[s].score for s in ("anna", "bob", "cati")] == [5, 1, 3]


def test_only_patriots_count_as_influence_not_other_court_cards() -> None:
    """Loyalty and Influence: the court adds influence only through its patriots; other cards add nothing."""
    state = position(courts={"anna": [CHARLES_STODDART, KANDAHARI_MARKETS, ARMY_OF_THE_INDUS]})
    assert queries.influence(state, "anna") == 2


def test_playing_a_patriot_of_your_own_coalition_keeps_gifts_prizes_and_patriots() -> None:
    """Loyalty and Influence: only a patriot of a different coalition changes loyalty; one of your own simply
    adds a point of influence."""
    state = position(courts={"anna": [ARMY_OF_THE_INDUS]}, hands={"anna": [SIR_JOHN_KEANE]})
    state.players["anna"].gifts = [2]
    state.players["anna"].prizes = [EXILED_DURRANI_NOBILITY]
    step = turn(state, {"actions": [{"action": "play", "card": SIR_JOHN_KEANE, "side": "left"}]})
    anna = step.state.players["anna"]
    assert anna.loyalty == "british"
    assert anna.court == [SIR_JOHN_KEANE, ARMY_OF_THE_INDUS]
    assert anna.gifts == [2] and anna.prizes == [EXILED_DURRANI_NOBILITY]
    assert queries.influence(step.state, "anna") == 5


def test_playing_a_card_whose_prize_is_another_coalition_does_not_change_loyalty() -> None:
    """Loyalty and Influence: loyalty changes by playing patriots or betraying cards with prizes; merely playing a
    card that shows an Afghan prize keeps a British player British."""
    state = position(hands={"anna": [CHARLES_STODDART]}, courts={"bob": [9]})
    state.players["anna"].gifts = [2]
    step = turn(state, {"actions": [{"action": "play", "card": CHARLES_STODDART, "side": "left", "spies": [9]}]})
    assert step.state.players["anna"].loyalty == "british"
    assert step.state.players["anna"].gifts == [2]


def test_changing_loyalty_returns_gifts_to_the_supply_and_discards_prizes_and_patriots_first() -> None:
    """Loyalty and Influence: on a change of loyalty, first gifts go back to your supply and prizes and patriots are
    discarded, then the dial turns; the new patriot is the first point of the new coalition."""
    state = position(courts={"anna": [ARMY_OF_THE_INDUS, KANDAHARI_MARKETS]}, hands={"anna": [COUNT_PEROVSKY]})
    state.players["anna"].gifts = [2, 4]
    state.players["anna"].prizes = [EXILED_DURRANI_NOBILITY]
    assert queries.cylinders_in_supply(state, "anna") == 8
    step = turn(state, {"actions": [{"action": "play", "card": COUNT_PEROVSKY, "side": "right"}]})
    anna = step.state.players["anna"]
    assert anna.loyalty == "russian"
    assert anna.gifts == [] and anna.prizes == []
    assert anna.court == [KANDAHARI_MARKETS, COUNT_PEROVSKY]
    assert {ARMY_OF_THE_INDUS, EXILED_DURRANI_NOBILITY} <= set(step.state.discard)
    assert queries.cylinders_in_supply(step.state, "anna") == 10
    assert queries.influence(step.state, "anna") == 2
    assert step.state.armies == {"transcaspia": {"russian": 2}}


def test_patriots_lost_to_a_loyalty_change_are_discarded_like_any_court_card() -> None:
    """Loyalty and Influence with General Rules, Discarding a Court Card and The Overthrow Rule: the patriots a
    change of loyalty discards return the spies on them, owe their leverage, and take the tribes of their region
    with them when they were its last political card."""
    state = position(loyalty={"anna": "afghan", "bob": "russian", "cati": "british"},
                     courts={"anna": [BARAKZAI_SADARS]}, hands={"anna": [COUNT_PEROVSKY]}, rupees={"anna": 5})
    state.tribes = {"kandahar": {"anna": 2, "cati": 1}}
    state.spies = {str(BARAKZAI_SADARS): {"bob": 1}}
    step = turn(state, {"actions": [{"action": "play", "card": COUNT_PEROVSKY, "side": "left"}]})
    new = step.state
    assert new.players["anna"].loyalty == "russian" and new.players["anna"].court == [COUNT_PEROVSKY]
    assert new.spies == {} and queries.cylinders_in_supply(new, "bob") == 10
    assert new.players["anna"].rupees == 3
    assert new.tribes == {"kandahar": {"cati": 1}}
    assert BARAKZAI_SADARS in new.discard


def test_your_loyalty_sets_the_colour_of_the_blocks_you_place() -> None:
    """Loyalty and Influence: your loyalty determines the colour of the coalition blocks you place."""
    state = position(loyalty={"anna": "afghan", "bob": "russian", "cati": "british"},
                     hands={"anna": [JEZAIL_SHARPSHOOTERS]}, courts={"bob": [KANDAHARI_MARKETS]})
    step = turn(state, {"actions": [{"action": "play", "card": JEZAIL_SHARPSHOOTERS, "side": "left",
                                     "spies": [KANDAHARI_MARKETS]}]})
    assert step.state.armies == {"kandahar": {"afghan": 2}}
    assert GAME.view(step.state, None)["players"][0]["loyalty"] == "afghan"
