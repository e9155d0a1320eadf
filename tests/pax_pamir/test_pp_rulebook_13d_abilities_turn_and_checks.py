"""Rulebook, General Rules, Card Precedence and Special Abilities (p. 8), with Dominance Checks (p. 15) and Wakhan's
General Rules (p. 16): the abilities that act outside a card action -- Blackmail (Herat, Kandahar) at the start of
the turn, Insurrection after each Dominance Check -- and Wakhan, who always does what an ability says she 'may'.

Each test plays whole turns through the game's check and apply, with orders as a player writes them.
"""

from __future__ import annotations

from pp_helpers import MARKET, position, turn
from wk_rulebook_helpers import before_her, market, pass_to_her, said

from games.pax_pamir import GAME
from games.pax_pamir.wakhan import SEAT

PRINCE_AKBAR_KHAN = 3  # Kabul intelligence, Afghan patriot: Insurrection
KABUL_BAZAAR = 8  # Kabul economic
BALA_HISSAR = 16  # Kabul military rank 1: tax, betray
CHARLES_MASSON = 41  # Kandahar intelligence: Safe House
GILJEE_NOBLES = 43  # Kandahar political: battle; Blackmail (Kandahar)
BALUCHI_CHIEFS = 44  # Kandahar political, prize: russian
HAJI_KHAN_KAKAR = 45  # Kandahar political
HERATI_BANDITS = 54  # Herat intelligence, leveraged: tax; Blackmail (Herat)
TAJIK_WARBAND = 59  # Herat military rank 2: betray, battle
KARAKUL_SHEEP = 61  # Herat economic
FIRST_CHECK, SECOND_CHECK = 101, 102  # Dominance Check event cards


# --- Blackmail ------------------------------------------------------------------------------------------------------


def test_blackmail_may_mark_a_card_of_your_own_court_or_any_other() -> None:
    """Blackmail (Giljee Nobles): 'any Kandahar court card' without a spy, in any court -- Anna's own Haji Khan
    Kakar as well as Bob's Baluchi Chiefs, and the Giljee Nobles themselves; never a card carrying a spy."""
    state = position(market=MARKET, courts={"anna": [GILJEE_NOBLES, HAJI_KHAN_KAKAR], "bob": [BALUCHI_CHIEFS]})
    state.tribes = {"kandahar": {"anna": 1}}
    for target in (GILJEE_NOBLES, HAJI_KHAN_KAKAR, BALUCHI_CHIEFS, "none"):
        assert GAME.check(state, "anna", {"blackmail": {"kandahar": target}}) == [], target
    after = turn(state, {"blackmail": {"kandahar": HAJI_KHAN_KAKAR}, "actions": []}).state
    assert after.spies == {str(HAJI_KHAN_KAKAR): {"anna": 1}}
    state.spies = {str(HAJI_KHAN_KAKAR): {"anna": 1}}
    (problem,) = GAME.check(state, "anna", {"blackmail": {"kandahar": HAJI_KHAN_KAKAR}})
    assert problem.path == ("blackmail", "kandahar")


def test_the_blackmail_spy_is_placed_before_the_actions_and_serves_them() -> None:
    """Blackmail acts 'at the start of your turn': the spy it places on Bob's Baluchi Chiefs lets Anna betray
    that card with her first action."""
    state = position(market=MARKET, courts={"anna": [GILJEE_NOBLES, BALA_HISSAR], "bob": [BALUCHI_CHIEFS]})
    state.tribes = {"kandahar": {"anna": 1, "bob": 1}}
    order = {"blackmail": {"kandahar": BALUCHI_CHIEFS},
             "actions": [{"action": "betray", "card": BALA_HISSAR, "target": BALUCHI_CHIEFS, "prize": "refuse"}]}
    after = turn(state, order).state
    assert BALUCHI_CHIEFS in after.discard and after.spies == {}


def test_blackmail_needs_its_card_in_court_when_the_turn_starts() -> None:
    """'At the start of your turn': Herati Bandits played during this turn give no Blackmail until the next."""
    state = position(market=MARKET, hands={"anna": [HERATI_BANDITS]}, courts={"bob": [KARAKUL_SHEEP]})
    order = {"blackmail": {"herat": KARAKUL_SHEEP},
             "actions": [{"action": "play", "card": HERATI_BANDITS, "side": "left", "spies": [KARAKUL_SHEEP]}]}
    (problem,) = GAME.check(state, "anna", order)
    assert problem.path == ("blackmail", "herat") and "no Blackmail card" in problem.message


def test_two_blackmail_cards_each_place_a_spy() -> None:
    """With both Blackmails in her court Anna places one spy on a Herat card and one on a Kandahar card."""
    state = position(market=MARKET, courts={"anna": [GILJEE_NOBLES, HERATI_BANDITS],
                                            "bob": [BALUCHI_CHIEFS, KARAKUL_SHEEP]})
    state.tribes = {"kandahar": {"anna": 1}, "herat": {"anna": 1}}
    after = turn(state, {"blackmail": {"herat": KARAKUL_SHEEP, "kandahar": BALUCHI_CHIEFS}, "actions": []}).state
    assert after.spies == {str(KARAKUL_SHEEP): {"anna": 1}, str(BALUCHI_CHIEFS): {"anna": 1}}


def test_blackmail_asks_nothing_when_every_card_of_its_region_has_a_spy() -> None:
    """A card 'that has no spy' is needed: with spies on both Herat cards in play, Anna's turn goes on without a
    Blackmail question."""
    state = position(market=MARKET, courts={"anna": [HERATI_BANDITS], "bob": [KARAKUL_SHEEP]})
    state.tribes = {"herat": {"anna": 1}}
    state.spies = {str(HERATI_BANDITS): {"bob": 1}, str(KARAKUL_SHEEP): {"cati": 1}}
    step = turn(state, {"actions": []})
    assert step.state.current == "bob" and step.state.spies == state.spies


# --- Insurrection ---------------------------------------------------------------------------------------------------


def test_insurrection_follows_an_unsuccessful_check_too() -> None:
    """Insurrection (Prince Akbar Khan): after each Dominance Check, two Afghan armies in Kabul -- here an
    unsuccessful check (no blocks are cleared), so Kabul's Afghan army becomes three."""
    market = [[FIRST_CHECK, *MARKET[0][1:]], MARKET[1]]
    state = position(market=market, courts={"cati": [PRINCE_AKBAR_KHAN]}, deck=[SECOND_CHECK])
    state.armies = {"kabul": {"afghan": 1}, "punjab": {"british": 1}}
    step = turn(state, {"actions": [{"action": "purchase", "row": 1, "column": 1}]})
    assert step.state.armies == {"kabul": {"afghan": 3}, "punjab": {"british": 1}}
    assert any("Insurrection" in text for text in (e.text for e in step.events))


def test_insurrection_ends_with_its_card() -> None:
    """'active as long as the card remains in your court': Akbar Khan in Cati's hand raises no armies."""
    market = [[FIRST_CHECK, *MARKET[0][1:]], MARKET[1]]
    state = position(market=market, hands={"cati": [PRINCE_AKBAR_KHAN]}, deck=[SECOND_CHECK])
    step = turn(state, {"actions": [{"action": "purchase", "row": 1, "column": 1}]})
    assert step.state.armies == {}


# --- Wakhan ---------------------------------------------------------------------------------------------------------


def test_wakhan_always_takes_the_refuge_of_her_safe_house() -> None:
    """Wakhan, General Rules: 'If Wakhan's court cards have a Special Ability that says she "may" do something,
    Wakhan always will' -- Anna's battle removes Wakhan's spy, which goes onto her Charles Masson unasked."""
    state = before_her(1, 4, market=market(), courts={"anna": [TAJIK_WARBAND, KABUL_BAZAAR], SEAT: [CHARLES_MASSON]},
                       spies={KABUL_BAZAAR: {"anna": 1, SEAT: 1}})
    order = {"actions": [{"action": "battle", "card": TAJIK_WARBAND, "site": KABUL_BAZAAR,
                          "remove": [f"spy:{SEAT}"]}]}
    step = pass_to_her(state, order, may_pause=True)
    texts = said(step)
    mine = texts[:next(i for i, t in enumerate(texts) if t.startswith("Wakhan's turn."))]
    assert any("Safe House" in t and "Charles Masson" in t for t in mine), mine
