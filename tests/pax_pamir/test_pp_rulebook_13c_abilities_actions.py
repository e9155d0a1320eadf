"""Rulebook, General Rules, Card Precedence and Special Abilities (p. 8), with the Card-Based Actions (pp. 12-14):
the abilities that change an action -- Claim of Ancient Lineage (Tax), Infrastructure (Build), Indian Supplies,
Well-Connected and Strange Bedfellows (Move), Savvy Operator and Irregulars (bonus actions). Each changes only what
it names, for its owner, 'as long as the card remains in your court'.

Each test plays whole turns through the game's check and apply, with orders as a player writes them.
"""

from __future__ import annotations

from typing import Any

from actions_helpers import make_state
from pp_helpers import turn

from games.pax_pamir import GAME
from games.pax_pamir.state import GameState

SHAH_SHUJAH = 5  # Kabul political rank 1: build; Claim of Ancient Lineage
CHARLES_STODDART = 4  # Kabul intelligence, no patriot: impact spy
KABUL_BAZAAR = 8  # Kabul economic rank 2: tax
AFGHAN_HANDICRAFTS = 9  # Kabul economic rank 1: tax, move
GHILZAI_NOMADS = 13  # Kabul economic rank 2: tax, move
MONEY_LENDERS = 14  # Kabul economic rank 2: gift, build
ALEXANDER_BURNES = 21  # Punjab intelligence rank 2: move; Strange Bedfellows
SIR_JOHN_KEANE = 51  # Kandahar military: battle; Indian Supplies
HAZARA_CHIEFS = 55  # Herat political
YAR_MOHAMMAD = 56  # Herat political: betray; Well-Connected
KARAKUL_SHEEP = 61  # Herat economic
FARAH_ROAD = 63  # Herat economic rank 3: move
WHEAT_FIELDS = 67  # Herat economic rank 2: move, gift
CIVIC_IMPROVEMENTS = 78  # Persia economic rank 2, leveraged: build; Infrastructure
BAHADUR = 91  # Allah Quli Bahadur, Transcaspia political: betray; Savvy Operator
COSSACKS = 99  # Transcaspia military rank 1, Russian patriot: battle; Irregulars


def _position(**kw: Any) -> GameState:
    """Anna to move (British; Bob Russian, Cati Afghan), four rupees each unless said, a spare market."""
    state = make_state(**kw)
    state.turn = None
    return state


def _move(card: int, *moves: dict[str, Any]) -> dict[str, Any]:
    return {"action": "move", "card": card, "moves": list(moves)}


# --- Claim of Ancient Lineage ---------------------------------------------------------------------------------------


def test_claim_of_ancient_lineage_taxes_players_in_a_region_another_player_rules() -> None:
    """Claim of Ancient Lineage: when taxing, act as if you ruled every region -- Anna, ruling nothing, takes two
    from Bob for his Herat card though Cati rules Herat; Tax still asks 'players with at least one court card',
    so Cati, with an empty court, cannot be taxed."""
    state = _position(courts={"anna": [SHAH_SHUJAH, KABUL_BAZAAR], "bob": [HAZARA_CHIEFS]},
                      rupees={"bob": 5, "cati": 6}, tribes={"herat": {"cati": 2}})
    (problem,) = GAME.check(state, "anna", {"actions": [{"action": "tax", "card": KABUL_BAZAAR, "take": ["cati"]}]})
    assert problem.path[:3] == ("actions", 0, "take") and "no card of a region" in problem.message
    after = turn(state, {"actions": [{"action": "tax", "card": KABUL_BAZAAR, "take": ["bob", "bob"]}]}).state
    assert after.players["bob"].rupees == 3 and after.players["anna"].rupees == 6


def test_claim_of_ancient_lineage_serves_the_tax_action_only() -> None:
    """The Claim speaks of the Tax action: Anna does not rule Herat for a Build (Shah Shujah cannot build there),
    nor Kabul for bribes (Bob plays Charles Stoddart there paying her nothing)."""
    state = _position(courts={"anna": [SHAH_SHUJAH]}, hands={"bob": [CHARLES_STODDART]}, rupees={"anna": 2},
                      standing={"anna": {"bribe": "full"}})
    (problem,) = GAME.check(state, "anna", {"actions": [{"action": "build", "card": SHAH_SHUJAH,
                                                         "place": ["herat"]}]})
    assert "you rule no region" in problem.message
    state.current = "bob"
    after = turn(state, {"actions": [{"action": "play", "card": CHARLES_STODDART, "side": "left",
                                      "spies": [SHAH_SHUJAH]}]}).state
    assert after.players["bob"].court == [CHARLES_STODDART] and after.players["anna"].rupees == 2


# --- Infrastructure -------------------------------------------------------------------------------------------------


def test_infrastructure_adds_a_free_fourth_block_to_a_full_build() -> None:
    """Build places 'up to three' blocks at two rupees each; Infrastructure then places one more, free: four blocks
    for six rupees."""
    state = _position(courts={"anna": [CIVIC_IMPROVEMENTS]}, tribes={"persia": {"anna": 1}}, rupees={"anna": 6})
    order = {"actions": [{"action": "build", "card": CIVIC_IMPROVEMENTS, "place": ["persia", "persia", "persia"],
                          "extra": "herat-persia"}]}
    after = turn(state, order).state
    assert after.armies == {"persia": {"british": 3}} and after.roads == {"herat-persia": {"british": 1}}
    assert after.players["anna"].rupees == 0


def test_infrastructure_follows_a_build_action_taken_with_another_card() -> None:
    """Infrastructure follows 'a Build action', whichever card takes it: Anna builds an army in Kabul with Money
    Lenders and places a free road on a Kabul border."""
    state = _position(courts={"anna": [CIVIC_IMPROVEMENTS, MONEY_LENDERS]}, tribes={"kabul": {"anna": 1}})
    order = {"actions": [{"action": "build", "card": MONEY_LENDERS, "place": ["kabul"], "extra": "kabul-punjab"}]}
    after = turn(state, order).state
    assert after.armies == {"kabul": {"british": 1}} and after.roads == {"kabul-punjab": {"british": 1}}
    assert after.players["anna"].rupees == 2


def test_infrastructure_ends_when_its_card_leaves_the_court() -> None:
    """'active as long as the card remains in your court': after Anna betrays her own Civic Improvements, her
    Build with Money Lenders gets no free block."""
    state = _position(courts={"anna": [CIVIC_IMPROVEMENTS, MONEY_LENDERS, YAR_MOHAMMAD]},
                      tribes={"kabul": {"anna": 1}}, spies={CIVIC_IMPROVEMENTS: {"anna": 1}}, rupees={"anna": 8})
    order = {"actions": [{"action": "betray", "card": YAR_MOHAMMAD, "target": CIVIC_IMPROVEMENTS},
                         {"action": "build", "card": MONEY_LENDERS, "place": ["kabul"], "extra": "kabul-punjab"}]}
    (problem,) = GAME.check(state, "anna", order)
    assert problem.path == ("actions", 1, "extra") and "only Infrastructure" in problem.message


# --- Indian Supplies, Well-Connected, Strange Bedfellows --------------------------------------------------------------


def test_indian_supplies_crosses_roadless_borders_but_only_between_neighbours() -> None:
    """Indian Supplies: Anna's armies cross borders without a road -- Kandahar to Punjab to Kabul to Transcaspia
    with three moves -- but a move still goes to an adjacent region (Kandahar and Persia share no border)."""
    state = _position(courts={"anna": [SIR_JOHN_KEANE, FARAH_ROAD]}, armies={"kandahar": {"british": 1}})
    (problem,) = GAME.check(state, "anna", {"actions": [_move(FARAH_ROAD, {"army": "kandahar", "to": "persia"})]})
    assert problem.path == ("actions", 0, "moves", 0) and "in one move" in problem.message
    order = {"actions": [_move(FARAH_ROAD, {"army": "kandahar", "to": "punjab"}, {"army": "punjab", "to": "kabul"},
                               {"army": "kabul", "to": "transcaspia"})]}
    assert turn(state, order).state.armies == {"transcaspia": {"british": 1}}


def test_indian_supplies_serves_only_its_owner() -> None:
    """Indian Supplies is Bob's: Anna's army still needs a British road to leave Kandahar."""
    state = _position(courts={"anna": [FARAH_ROAD], "bob": [SIR_JOHN_KEANE]}, armies={"kandahar": {"british": 1}})
    (problem,) = GAME.check(state, "anna", {"actions": [_move(FARAH_ROAD, {"army": "kandahar", "to": "punjab"})]})
    assert problem.path == ("actions", 0, "moves", 0) and "road" in problem.message


def test_well_connected_lets_a_spy_move_two_cards_but_an_army_still_one_region() -> None:
    """Well-Connected: each move of Anna's spy may go two cards along the courts (not three); her army's move is
    unchanged, one border at a time."""
    state = _position(courts={"anna": [YAR_MOHAMMAD, FARAH_ROAD],
                              "bob": [KABUL_BAZAAR, AFGHAN_HANDICRAFTS, GHILZAI_NOMADS], "cati": [HAZARA_CHIEFS]},
                      spies={KABUL_BAZAAR: {"anna": 1}}, armies={"punjab": {"british": 1}},
                      roads={"kabul-punjab": {"british": 1}, "herat-kabul": {"british": 1}})
    for too_far in (HAZARA_CHIEFS, "herat"):
        kind, source = ("spy", KABUL_BAZAAR) if too_far == HAZARA_CHIEFS else ("army", "punjab")
        (problem,) = GAME.check(state, "anna", {"actions": [_move(FARAH_ROAD, {kind: source, "to": too_far})]})
        assert problem.path == ("actions", 0, "moves", 0) and "in one move" in problem.message, problem
    order = {"actions": [_move(FARAH_ROAD, {"spy": KABUL_BAZAAR, "to": GHILZAI_NOMADS},
                               {"spy": GHILZAI_NOMADS, "to": YAR_MOHAMMAD}, {"army": "punjab", "to": "kabul"})]}
    after = turn(state, order).state
    assert after.spies == {str(YAR_MOHAMMAD): {"anna": 1}} and after.armies == {"kabul": {"british": 1}}


def test_strange_bedfellows_serves_only_its_owners_spies() -> None:
    """Strange Bedfellows is Anna's: her spy steps from one Herat card to another far along the courts; Bob's spy
    on the same card may not."""
    state = _position(courts={"anna": [ALEXANDER_BURNES, HAZARA_CHIEFS], "bob": [WHEAT_FIELDS, KABUL_BAZAAR],
                              "cati": [GHILZAI_NOMADS, KARAKUL_SHEEP, AFGHAN_HANDICRAFTS]},
                      spies={HAZARA_CHIEFS: {"anna": 1, "bob": 1}})
    state.current = "bob"
    (problem,) = GAME.check(state, "bob", {"actions": [_move(WHEAT_FIELDS, {"spy": HAZARA_CHIEFS,
                                                                            "to": KARAKUL_SHEEP})]})
    assert problem.path == ("actions", 0, "moves", 0) and "in one move" in problem.message
    state.current = "anna"
    after = turn(state, {"actions": [_move(ALEXANDER_BURNES, {"spy": HAZARA_CHIEFS, "to": KARAKUL_SHEEP})]}).state
    assert after.spies == {str(HAZARA_CHIEFS): {"bob": 1}, str(KARAKUL_SHEEP): {"anna": 1}}


# --- Savvy Operator and Irregulars -------------------------------------------------------------------------------


def test_irregulars_make_their_own_card_a_bonus_action_but_no_other_military_card() -> None:
    """Bonus Actions: 'Actions on cards matching the favored suit do not count against your turn's two-action
    limit'; Irregulars (Cossacks) always count as the favored suit: with political favored, Russian Anna battles
    with the Cossacks and still taxes twice. Sir John Keane, military too, gets no such bonus."""
    loyalty = {"anna": "russian", "bob": "british", "cati": "afghan"}
    state = _position(loyalty=loyalty, courts={"anna": [COSSACKS, KABUL_BAZAAR, GHILZAI_NOMADS, SIR_JOHN_KEANE]},
                      armies={"transcaspia": {"russian": 1, "british": 1}, "kandahar": {"russian": 1, "afghan": 1}})
    assert state.favored == "political"
    battle = {"action": "battle", "card": COSSACKS, "site": "transcaspia", "remove": ["army:british"]}
    taxes = [{"action": "tax", "card": KABUL_BAZAAR}, {"action": "tax", "card": GHILZAI_NOMADS}]
    after = turn(state, {"actions": [battle, *taxes]}).state
    assert after.armies == {"transcaspia": {"russian": 1}, "kandahar": {"russian": 1, "afghan": 1}}
    keane = {"action": "battle", "card": SIR_JOHN_KEANE, "site": "kandahar", "remove": ["army:afghan"]}
    (problem,) = GAME.check(state, "anna", {"actions": [keane, *taxes]})
    assert problem.path == ("actions", 2, "action")


def test_savvy_operator_is_a_bonus_action_under_every_favored_suit() -> None:
    """Savvy Operator (Allah Quli Bahadur): its card counts as the favored suit whichever suit is favored -- its
    Betray is a third action beside two Taxes under each of the four suits."""
    for suit in ("political", "intelligence", "economic", "military"):
        state = _position(courts={"anna": [BAHADUR, KABUL_BAZAAR, GHILZAI_NOMADS], "bob": [HAZARA_CHIEFS]},
                          spies={HAZARA_CHIEFS: {"anna": 1}})
        state.favored = suit
        order = {"actions": [{"action": "betray", "card": BAHADUR, "target": HAZARA_CHIEFS},
                             {"action": "tax", "card": KABUL_BAZAAR}, {"action": "tax", "card": GHILZAI_NOMADS}]}
        if suit == "economic":
            order["actions"].append({"action": "tax", "card": KABUL_BAZAAR})
            (problem,) = GAME.check(state, "anna", order)
            assert "already acted" in problem.message  # each card still acts once
            order["actions"].pop()
        after = turn(state, order).state
        assert HAZARA_CHIEFS in after.discard, suit
