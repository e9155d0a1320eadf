"""Rulebook, General Rules, Card Precedence (p. 8) with Purchase and Play (pp. 10-11): the special abilities that
change a purchase or a play — Herat, Persian and Russian Influence (free purchases), Charismatic Courtiers (no
bribes to play) — are 'active as long as [the card] remains in your court': from the moment it is played until
the moment it is lost, within the same turn.
"""

from __future__ import annotations

from pp_helpers import MARKET, position, turn

from games.pax_pamir import GAME


def test_herat_influence_applies_as_soon_as_its_card_is_played() -> None:
    """Baluchi Smugglers (66, Herat Influence) played by the first action makes the Herat card Hazara Chiefs (55)
    in the fourth column free for the second."""
    state = position(market=[[1, 2, 3, 55, 5, 6], MARKET[1]], hands={"anna": [66]}, rupees={"anna": 0})
    order = {"actions": [{"action": "play", "card": 66, "side": "left", "roads": ["herat-kabul", "herat-kabul"]},
                         {"action": "purchase", "row": 1, "column": 4}]}
    new = turn(state, order).state
    assert new.players["anna"].hand == [55] and new.players["anna"].rupees == 0
    assert new.market_rupees[0] == [0] * 6
    (problem,) = GAME.check(state, "anna", {"actions": [order["actions"][1]]})  # not yet in her court: three
    assert "costs 3 rupees and you have 0" in problem.message


def test_persian_influence_makes_persia_cards_free_even_while_military_is_favored() -> None:
    """Persian Influence (Ghaem Magham Farahani, 68): a Persia card costs nothing, however much the column would
    cost doubled; the card on its left may still be bought after it."""
    state = position(market=[[1, 2, 3, 4, 5, 75], MARKET[1]], courts={"anna": [68]}, rupees={"anna": 1})
    state.favored = "military"
    new = turn(state, {"actions": [{"action": "purchase", "row": 1, "column": 6},
                                   {"action": "purchase", "row": 1, "column": 1}]}).state
    assert new.players["anna"].hand == [75, 1] and new.players["anna"].rupees == 1


def test_russian_influence_ends_when_its_patriot_is_lost_to_a_change_of_loyalty() -> None:
    """Russian anna holds Alexander Griboyedov (70, Russian Influence, a Russian patriot). Playing the British
    patriot Sir John Keane (51) discards him: the Russian patriot Count Perovsky (100) then costs its column."""
    loyalty = {"anna": "russian", "bob": "british", "cati": "afghan"}
    market = [[1, 2, 3, 4, 100, 6], MARKET[1]]
    state = position(market=market, courts={"anna": [70]}, hands={"anna": [51]}, loyalty=loyalty)
    buy = {"action": "purchase", "row": 1, "column": 5}
    assert turn(state, {"actions": [buy]}).state.players["anna"].rupees == 4
    new = turn(state, {"actions": [{"action": "play", "card": 51, "side": "left"}, buy]}).state
    assert new.players["anna"].loyalty == "british" and 70 in new.discard
    assert new.players["anna"].hand == [100] and new.players["anna"].rupees == 0


def test_charismatic_courtiers_applies_to_the_next_play_of_the_same_turn() -> None:
    """Barakzai Sadars (42, Charismatic Courtiers: no bribes to play cards), once played, spares Afghan anna the
    bribe Bob could ask for Josiah Harlan (25) in the Punjab he rules with three tribes."""
    state = position(market=MARKET, hands={"anna": [42, 25]}, courts={"bob": [26]},
                     loyalty={"anna": "afghan", "bob": "russian", "cati": "british"})
    state.tribes = {"punjab": {"bob": 3}}
    state.standing = {"bob": {"bribe": "full"}}
    step = turn(state, {"actions": [{"action": "play", "card": 42, "side": "left"},
                                    {"action": "play", "card": 25, "side": "left"}]})
    new = step.state
    assert new.players["anna"].court == [25, 42]
    assert new.players["bob"].rupees == 4 and new.players["anna"].rupees == 4 + 2  # Sadars' leverage
    assert not [e for e in step.events if e.data.get("kind") == "bribe" and e.data.get("paid")]
