"""Rulebook, General Rules, Card Precedence and Special Abilities (p. 8), with Purchase (p. 10), Play (p. 11) and
Hostage Actions (p. 12): the abilities that change what a purchase costs or which bribes are owed -- Herat, Persian
and Russian Influence, Charismatic Courtiers, Civil Service Reforms. Each works for its owner only, only for what it
names, 'as long as the card remains in your court', and is 'never held hostage'.

Each test plays whole turns through the game's check and apply, with orders as a player writes them.
"""

from __future__ import annotations

from typing import Any

from pp_helpers import MARKET, position, turn

from games.pax_pamir import GAME

KABUL_BAZAAR = 8  # Kabul economic rank 2: tax
RANJIT_SINGH = 24  # Punjab political rank 2: betray; Civil Service Reforms
ZORAWAR = 33  # Punjab military, no patriot: impact army, army
PAOLO_AVITABILE = 26  # Punjab political: betray
BARAKZAI_SADARS = 42  # Kandahar political, leveraged: build; Charismatic Courtiers
HAZARA_CHIEFS = 55  # Herat political
TAJIK_WARBAND = 59  # Herat military rank 2: betray, battle
BALUCHI_SMUGGLERS = 66  # Herat economic: Herat Influence
ALEXANDER_GRIBOYEDOV = 70  # Persia intelligence, Russian patriot: Russian Influence
ABBAS_MIRZA = 75  # Persia political
COUNT_PEROVSKY = 100  # Transcaspia military, Russian patriot


def _purchase(row: int, column: int) -> dict[str, Any]:
    return {"action": "purchase", "row": row, "column": column}


def _play(card: int, **fields: Any) -> dict[str, Any]:
    return {"action": "play", "card": card, "side": "right", **fields}


# --- Herat, Persian and Russian Influence ---------------------------------------------------------------------------


def test_a_free_purchase_still_brings_the_rupees_lying_on_the_card() -> None:
    """Herat Influence makes the purchase cost nothing; Purchase: 'If you purchase a card that has rupees on it,
    you receive them along with the card' -- Anna, penniless, takes Hazara Chiefs from the sixth column with the
    three rupees on it."""
    state = position(market=[[1, 2, 3, 4, 5, HAZARA_CHIEFS], MARKET[1]], courts={"anna": [BALUCHI_SMUGGLERS]},
                     rupees={"anna": 0})
    state.market_rupees[0][5] = 3
    after = turn(state, {"actions": [_purchase(1, 6)]}).state
    assert after.players["anna"].hand == [HAZARA_CHIEFS] and after.players["anna"].rupees == 3
    assert after.market_rupees == [[0] * 6, [0] * 6]


def test_a_free_purchase_cannot_take_a_card_you_placed_a_rupee_on_this_turn() -> None:
    """Purchase: 'If you place a rupee on a market card for any reason, you may not purchase that card this
    turn' -- Herat Influence waives the cost, not this rule: having paid a rupee onto Hazara Chiefs to buy the card
    to its right, Anna may not then take Hazara Chiefs for free."""
    state = position(market=[[1, HAZARA_CHIEFS, 3, 4, 5, 6], MARKET[1]], courts={"anna": [BALUCHI_SMUGGLERS]})
    (problem,) = GAME.check(state, "anna", {"actions": [_purchase(1, 3), _purchase(1, 2)]})
    assert problem.path[:2] == ("actions", 1) and "placed a rupee on it this turn" in problem.message
    after = turn(state, {"actions": [_purchase(1, 2), _purchase(1, 3)]}).state
    assert after.players["anna"].hand == [HAZARA_CHIEFS, 3]


def test_influence_abilities_help_only_their_owner_and_only_the_cards_they_name() -> None:
    """Herat Influence is Anna's: Bob pays the column for the same Herat card; Anna pays it for a Persia card.
    Russian Influence covers Russian patriots (Count Perovsky, Transcaspia), not every Persia card (Abbas Mirza)."""
    market = [[1, 2, 3, HAZARA_CHIEFS, ABBAS_MIRZA, COUNT_PEROVSKY], MARKET[1]]
    state = position(market=market, courts={"anna": [BALUCHI_SMUGGLERS], "cati": [ALEXANDER_GRIBOYEDOV]},
                     rupees={"anna": 3, "bob": 3, "cati": 4})
    assert turn(state, {"actions": [_purchase(1, 4)]}).state.players["anna"].rupees == 3
    (problem,) = GAME.check(state, "anna", {"actions": [_purchase(1, 5)]})
    assert "costs 4 rupees and you have 3" in problem.message
    state.current = "bob"
    assert turn(state, {"actions": [_purchase(1, 4)]}).state.players["bob"].rupees == 0
    state.current = "cati"
    assert turn(state, {"actions": [_purchase(1, 6)]}).state.players["cati"].rupees == 4
    assert turn(state, {"actions": [_purchase(1, 5)]}).state.players["cati"].rupees == 0


# --- Charismatic Courtiers and Civil Service Reforms ------------------------------------------------------------


def _punjab_ruled_by_bob(**kw: Any) -> Any:
    """Bob (Russian) rules the Punjab with two tribes and asks every bribe in full; Anna is British."""
    state = position(market=MARKET, **kw)
    state.players["bob"].court.append(PAOLO_AVITABILE)
    state.tribes = {"punjab": {"bob": 2}}
    state.standing = {"bob": {"bribe": "full"}}
    return state


def test_charismatic_courtiers_waive_play_bribes_even_while_held_hostage() -> None:
    """Charismatic Courtiers: no bribe to play a card; 'Special abilities ... are never held hostage', so Cati's
    two spies on Barakzai Sadars change nothing: Zorawar Singh Kahluria enters Anna's court in Bob's Punjab for free."""
    state = _punjab_ruled_by_bob(courts={"anna": [BARAKZAI_SADARS]}, hands={"anna": [ZORAWAR]})
    state.spies = {str(BARAKZAI_SADARS): {"cati": 2}}
    step = turn(state, {"actions": [_play(ZORAWAR, bribe=2)]})
    assert step.state.players["anna"].court == [BARAKZAI_SADARS, ZORAWAR]
    assert step.state.players["bob"].rupees == 4 and step.state.players["anna"].rupees == 4


def test_charismatic_courtiers_do_not_waive_a_hostage_bribe() -> None:
    """Hostage Actions: to use a card held hostage its owner pays the holder a bribe; Charismatic Courtiers speak
    of playing cards only, so Anna still pays Bob two rupees to tax with her Kabul Bazaar."""
    state = position(market=MARKET, courts={"anna": [BARAKZAI_SADARS, KABUL_BAZAAR]})
    state.spies = {str(KABUL_BAZAAR): {"bob": 2}}
    state.standing = {"bob": {"bribe": "full"}}
    after = turn(state, {"actions": [{"action": "tax", "card": KABUL_BAZAAR, "hostage_bribe": 2}]}).state
    assert after.players["bob"].rupees == 6 and after.players["anna"].rupees == 2


def test_charismatic_courtiers_end_when_their_card_leaves_the_court() -> None:
    """'active as long as the card remains in your court': Anna betrays her own Barakzai Sadars (repaying its
    leverage), and her next play in Bob's Punjab owes him the bribe of two."""
    state = _punjab_ruled_by_bob(courts={"anna": [BARAKZAI_SADARS, TAJIK_WARBAND]}, hands={"anna": [ZORAWAR]},
                                 rupees={"anna": 6})
    state.spies = {str(BARAKZAI_SADARS): {"anna": 1}}
    order = {"actions": [{"action": "betray", "card": TAJIK_WARBAND, "target": BARAKZAI_SADARS, "prize": "refuse"},
                         _play(ZORAWAR, bribe=2)]}
    after = turn(state, order).state
    assert after.players["anna"].court == [TAJIK_WARBAND, ZORAWAR]
    assert after.players["bob"].rupees == 6 and after.players["anna"].rupees == 6 - 2 - 2 - 2


def test_civil_service_reforms_waive_the_hostage_bribe_of_its_own_card() -> None:
    """Civil Service Reforms: no bribe to use a card held hostage -- Ranjit Singh itself, held hostage by Bob's two
    spies, betrays for Anna at its plain cost of two, and Bob gets nothing."""
    state = position(market=MARKET, courts={"anna": [RANJIT_SINGH], "cati": [HAZARA_CHIEFS]})
    state.spies = {str(RANJIT_SINGH): {"bob": 2}, str(HAZARA_CHIEFS): {"anna": 1}}
    state.standing = {"bob": {"bribe": "full"}}
    after = turn(state, {"actions": [{"action": "betray", "card": RANJIT_SINGH, "target": HAZARA_CHIEFS}]}).state
    assert HAZARA_CHIEFS in after.discard
    assert after.players["anna"].rupees == 2 and after.players["bob"].rupees == 4


def test_civil_service_reforms_do_not_waive_a_play_bribe() -> None:
    """Civil Service Reforms speak of cards held hostage only: to play Zorawar Singh Kahluria in Bob's Punjab, Anna with
    Ranjit Singh in her court still pays Bob's bribe of two."""
    state = _punjab_ruled_by_bob(courts={"anna": [RANJIT_SINGH]}, hands={"anna": [ZORAWAR]})
    after = turn(state, {"actions": [_play(ZORAWAR, bribe=2)]}).state
    assert after.players["anna"].court == [RANJIT_SINGH, ZORAWAR]
    assert after.players["bob"].rupees == 6 and after.players["anna"].rupees == 2
