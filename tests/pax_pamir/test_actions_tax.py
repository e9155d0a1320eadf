"""Tax (rulebook p. 13, "Tax" and "Tax Shelter"), one test per rule case, and the rulebook's Tax example."""

from __future__ import annotations

from actions_helpers import make_state, market_total, messages, problems, run

from engine.rng import Rng
from games.pax_pamir.actions import tax

KABUL_BAZAAR = 8  # economic, rank 2, tax
AFGHAN_HANDICRAFTS = 9  # economic, rank 1, tax
MONEY_LENDERS = 14  # kabul economic rank 2: a tax shelter of 2
SHAH_SHUJAH = 5  # Claim of Ancient Lineage
KARAKUL_SHEEP = 61  # herat economic rank 2
CHARLES_STODDART = 4  # kabul intelligence: no tax shelter


def _market_with_rupees(**on: int):
    """A market whose top-left cards carry rupees: on={'0': 2} puts two rupees on column 0 of the top row."""
    rows = [[0] * 6, [0] * 6]
    for column, amount in on.items():
        rows[0][int(column[1:])] = amount
    return rows


def test_13_tax_1_takes_rupees_from_market_cards_up_to_rank() -> None:
    state = make_state(courts={"anna": [KABUL_BAZAAR]}, market_rupees=_market_with_rupees(c0=1, c1=3))
    first, second = state.market[0][0], state.market[0][1]
    ctx = run(state, "tax", KABUL_BAZAAR, {"take": [first, second]})
    assert state.players["anna"].rupees == 6
    assert state.market_rupees[0][:2] == [0, 2]
    assert "taxes 1 rupee from" in ctx.events[0].text


def test_13_tax_2_never_more_than_the_rank() -> None:
    state = make_state(courts={"anna": [AFGHAN_HANDICRAFTS]}, market_rupees=_market_with_rupees(c0=3))
    card = state.market[0][0]
    found = problems(state, "tax", AFGHAN_HANDICRAFTS, {"take": [card, card]})
    assert "at most 1 rupee, not 2" in messages(found)


def test_13_tax_3_a_market_card_gives_only_the_rupees_on_it() -> None:
    state = make_state(courts={"anna": [KABUL_BAZAAR]}, market_rupees=_market_with_rupees(c0=1))
    card, empty = state.market[0][0], state.market[0][1]
    found = problems(state, "tax", KABUL_BAZAAR, {"take": [card, card]})
    assert found and found[0].path == ("actions", 0, "take", 1)
    assert "can give only 1" in found[0].message
    assert "carries no rupees" in messages(problems(state, "tax", KABUL_BAZAAR, {"take": [empty]}))


def test_13_tax_4_ruler_taxes_a_player_with_a_card_of_the_ruled_region() -> None:
    state = make_state(courts={"anna": [KABUL_BAZAAR], "bob": [AFGHAN_HANDICRAFTS]}, tribes={"kabul": {"anna": 1}})
    run(state, "tax", KABUL_BAZAAR, {"take": ["bob", "bob"]})
    assert (state.players["anna"].rupees, state.players["bob"].rupees) == (6, 2)


def test_13_tax_5_no_ruled_region_no_player_to_tax() -> None:
    state = make_state(courts={"anna": [KABUL_BAZAAR], "bob": [AFGHAN_HANDICRAFTS]},
                       market_rupees=_market_with_rupees(c2=1))
    found = problems(state, "tax", KABUL_BAZAAR, {"take": ["bob"]})
    text = messages(found)
    assert "cannot tax bob: no card of a region you rule" in text
    assert f"sources: {state.market[0][2]} (up to 1)" in text  # the legal choices are listed


def test_13_tax_6_a_card_of_another_region_does_not_expose_its_owner() -> None:
    state = make_state(courts={"anna": [KABUL_BAZAAR], "bob": [KARAKUL_SHEEP]}, tribes={"kabul": {"anna": 1}})
    assert "cannot tax bob" in messages(problems(state, "tax", KABUL_BAZAAR, {"take": ["bob"]}))


def test_13_tax_7_tax_shelter_keeps_rupees_up_to_economic_stars() -> None:
    state = make_state(courts={"anna": [KABUL_BAZAAR], "bob": [MONEY_LENDERS]}, rupees={"bob": 3},
                       tribes={"kabul": {"anna": 1}})
    assert tax.exposed(state, "bob") == 1
    found = problems(state, "tax", KABUL_BAZAAR, {"take": ["bob", "bob"]})
    assert "bob can give only 1 rupee" in messages(found)
    state.players["bob"].rupees = 2
    assert "tax shelter of 2 protects all 2" in messages(problems(state, "tax", KABUL_BAZAAR, {"take": ["bob"]}))


def test_13_tax_8_cannot_tax_yourself() -> None:
    state = make_state(courts={"anna": [KABUL_BAZAAR, AFGHAN_HANDICRAFTS]}, tribes={"kabul": {"anna": 1}})
    assert "cannot tax yourself" in messages(problems(state, "tax", KABUL_BAZAAR, {"take": ["anna"]}))


def test_13_tax_example_cati_rules_kabul_and_taxes_brooke_and_the_market() -> None:
    # Cati (rank two) rules Kabul; Brooke has a Kabul card and Money Lenders shelters two of her three rupees.
    state = make_state(seats=("cati", "brooke"), loyalty={"cati": "british", "brooke": "russian"},
                       courts={"cati": [KABUL_BAZAAR], "brooke": [CHARLES_STODDART, MONEY_LENDERS]},
                       rupees={"cati": 0, "brooke": 3}, tribes={"kabul": {"cati": 1}},
                       market_rupees=_market_with_rupees(c3=2), acting="cati")
    market_card = state.market[0][3]
    assert "brooke can give only 1" in messages(problems(state, "tax", KABUL_BAZAAR, {"take": ["brooke", "brooke"]},
                                                         seat="cati"))
    run(state, "tax", KABUL_BAZAAR, {"take": ["brooke", market_card]}, seat="cati")
    assert (state.players["cati"].rupees, state.players["brooke"].rupees, market_total(state)) == (2, 2, 1)


def test_ability_claim_of_ancient_lineage_taxes_as_if_ruling_every_region() -> None:
    state = make_state(courts={"anna": [SHAH_SHUJAH, KABUL_BAZAAR], "bob": [KARAKUL_SHEEP]}, rupees={"bob": 5})
    assert tax.taxable_players(state, "anna") == ["bob"]
    run(state, "tax", KABUL_BAZAAR, {"take": ["bob", "bob"]})
    assert state.players["bob"].rupees == 3


def test_ability_claim_of_ancient_lineage_still_respects_tax_shelters() -> None:
    state = make_state(courts={"anna": [SHAH_SHUJAH, KABUL_BAZAAR], "bob": [KARAKUL_SHEEP]}, rupees={"bob": 2})
    assert "tax shelter of 2" in messages(problems(state, "tax", KABUL_BAZAAR, {"take": ["bob"]}))


def test_tax_without_take_takes_the_most_it_can() -> None:
    state = make_state(courts={"anna": [KABUL_BAZAAR], "bob": [AFGHAN_HANDICRAFTS]}, rupees={"bob": 5},
                       tribes={"kabul": {"anna": 1}}, market_rupees=_market_with_rupees(c0=1))
    assert tax.default_take(state, "anna", KABUL_BAZAAR) == ["bob", "bob"]
    run(state, "tax", KABUL_BAZAAR, {})
    assert state.players["bob"].rupees == 3


def test_tax_with_nothing_to_take_is_still_an_action() -> None:
    state = make_state(courts={"anna": [KABUL_BAZAAR]})
    ctx = run(state, "tax", KABUL_BAZAAR, {})
    assert "finds no rupees" in ctx.events[0].text


def test_tax_random_params_are_always_legal() -> None:
    state = make_state(courts={"anna": [KABUL_BAZAAR, SHAH_SHUJAH], "bob": [KARAKUL_SHEEP], "cati": [MONEY_LENDERS]},
                       rupees={"bob": 3, "cati": 5}, market_rupees=_market_with_rupees(c0=1, c4=2))
    rng = Rng("tax")
    for _ in range(50):
        params = tax.random_params(state, "anna", KABUL_BAZAAR, rng)
        assert params is not None and not problems(state, "tax", KABUL_BAZAAR, params)
    offer = tax.offer(state, "anna", KABUL_BAZAAR)
    assert "bob (1)" in offer.note
    assert offer.examples and all(not problems(state, "tax", KABUL_BAZAAR, e) for e in offer.examples)


def test_13_tax_9_an_event_card_in_the_market_can_be_taxed_too() -> None:
    state = make_state(courts={"anna": [KABUL_BAZAAR]}, market_rupees=_market_with_rupees(c0=2))
    state.market[0][0] = 110  # Nationalism
    ctx = run(state, "tax", KABUL_BAZAAR, {"take": [110]})
    assert "from Nationalism (110) in the market" in ctx.events[0].text and state.market_rupees[0][0] == 1
