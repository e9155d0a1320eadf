"""Battle (rulebook p. 13, "Battle", and the two Battle examples on p. 13), one test per rule case."""

from __future__ import annotations

from actions_helpers import make_state, messages, pause_of, problems, run

from engine.rng import Rng
from games.pax_pamir import queries
from games.pax_pamir.actions import battle
from games.pax_pamir.rules import RULES

TAJIK_WARBAND = 59  # herat military rank 2: betray, battle
AGA_MEHDI = 89  # transcaspia rank 1: move, betray, battle
HAZARA_CHIEFS = 55  # herat political: battle, tax, move
KABUL_BAZAAR, BALA_HISSAR, SHAH_SHUJAH = 8, 16, 5
CITADEL_OF_GHAZNI = 17  # Citadel (Kabul)
ARK_OF_BUKHARA = 97  # Citadel (Transcaspia)
MOHAN_LAL = 1  # Indispensable Advisors
CHARLES_MASSON = 41  # Safe House
MIR_MURAD_BEG = 92  # transcaspia political: battle, tax, move


def test_13_battle_1_in_a_region_removes_enemy_pieces_up_to_the_rank() -> None:
    state = make_state(courts={"anna": [TAJIK_WARBAND]}, armies={"herat": {"british": 3, "russian": 2}},
                       tribes={"herat": {"bob": 1}})
    found = problems(state, "battle", TAJIK_WARBAND, {"site": "herat", "remove": ["army:russian"] * 2 + ["tribe:bob"]})
    assert "at most 2 pieces (rank 2, your strength 3 at Herat), not 3" in messages(found)
    run(state, "battle", TAJIK_WARBAND, {"site": "herat", "remove": ["army:russian", "tribe:bob"]})
    assert state.armies == {"herat": {"british": 3, "russian": 1}} and state.tribes == {}


def test_13_battle_2_no_more_pieces_than_your_loyal_armies_there() -> None:
    state = make_state(courts={"anna": [TAJIK_WARBAND]}, armies={"herat": {"british": 1, "russian": 2}})
    found = problems(state, "battle", TAJIK_WARBAND, {"site": "herat", "remove": ["army:russian"] * 2})
    assert "at most 1 piece (rank 2, your strength 1 at Herat)" in messages(found)


def test_13_battle_3_never_armies_or_roads_of_your_own_coalition() -> None:
    state = make_state(courts={"anna": [TAJIK_WARBAND]}, armies={"herat": {"british": 2}},
                       roads={"herat-kabul": {"british": 1}})
    assert "you cannot remove British armies: they are of your own coalition" in messages(
        problems(state, "battle", TAJIK_WARBAND, {"site": "herat", "remove": ["army:british"]}))
    assert "you cannot remove British roads" in messages(
        problems(state, "battle", TAJIK_WARBAND, {"site": "herat", "remove": ["road:herat-kabul:british"]}))


def test_13_battle_4_never_tribes_of_a_player_sharing_your_loyalty() -> None:
    state = make_state(loyalty={"anna": "british", "bob": "british", "cati": "afghan"},
                       courts={"anna": [TAJIK_WARBAND]}, armies={"herat": {"british": 2}},
                       tribes={"herat": {"anna": 1, "bob": 1, "cati": 1}})
    assert battle.removable(state, "anna", "herat") == {"tribe:cati": 1}
    text = messages(problems(state, "battle", TAJIK_WARBAND, {"site": "herat", "remove": ["tribe:bob", "tribe:anna"]}))
    assert "you cannot remove the tribes of bob, who shares your british loyalty" in text
    assert "you cannot remove your own tribe" in text


def test_13_battle_5_a_region_battle_reaches_roads_on_its_borders_only() -> None:
    state = make_state(courts={"anna": [TAJIK_WARBAND]}, armies={"herat": {"british": 2}},
                       roads={"herat-kabul": {"russian": 1}, "kabul-punjab": {"russian": 1}})
    assert "'kabul-punjab' is not a border of herat" in messages(
        problems(state, "battle", TAJIK_WARBAND, {"site": "herat", "remove": ["road:kabul-punjab:russian"]}))
    run(state, "battle", TAJIK_WARBAND, {"site": "herat", "remove": ["road:herat-kabul:russian"]})
    assert state.roads == {"kabul-punjab": {"russian": 1}}


def test_13_battle_6_on_a_court_card_your_spies_remove_other_spies_even_of_your_own_coalition() -> None:
    state = make_state(loyalty={"anna": "british", "bob": "british", "cati": "afghan"},
                       courts={"anna": [TAJIK_WARBAND], "bob": [KABUL_BAZAAR]},
                       spies={KABUL_BAZAAR: {"anna": 1, "bob": 2}})
    assert "at most 1 piece" in messages(problems(state, "battle", TAJIK_WARBAND,
                                                     {"site": KABUL_BAZAAR, "remove": ["spy:bob"] * 2}))
    run(state, "battle", TAJIK_WARBAND, {"site": KABUL_BAZAAR, "remove": ["spy:bob"]})
    assert state.spies == {str(KABUL_BAZAAR): {"anna": 1, "bob": 1}}


def test_13_battle_7_only_where_you_have_loyal_armies_or_spies() -> None:
    state = make_state(courts={"anna": [TAJIK_WARBAND], "bob": [KABUL_BAZAAR]},
                       armies={"herat": {"russian": 2}, "kabul": {"british": 1}}, spies={KABUL_BAZAAR: {"bob": 1}})
    found = problems(state, "battle", TAJIK_WARBAND, {"site": "herat", "remove": ["army:russian"]})
    assert found[0].path == ("actions", 0, "site")
    assert found[0].message == "you have no British army in Herat; you can battle at: kabul"
    assert "you have no spy on Kabul Bazaar (8)" in messages(
        problems(state, "battle", TAJIK_WARBAND, {"site": KABUL_BAZAAR, "remove": ["spy:bob"]}))


def test_13_battle_8_a_piece_not_there_cannot_be_removed() -> None:
    state = make_state(courts={"anna": [TAJIK_WARBAND]}, armies={"herat": {"british": 2, "russian": 1}})
    found = problems(state, "battle", TAJIK_WARBAND, {"site": "herat", "remove": ["army:russian", "army:russian"]})
    assert "there are only 1 army:russian at Herat" in messages(found)
    assert "there is no army:afghan to remove at Herat" in messages(
        problems(state, "battle", TAJIK_WARBAND, {"site": "herat", "remove": ["army:afghan"]}))


def test_13_battle_example_on_a_court_card_cati_removes_two_of_hopes_spies_and_holds_it_hostage() -> None:
    state = make_state(seats=("cati", "hope"), loyalty={"cati": "british", "hope": "british"},
                       courts={"cati": [TAJIK_WARBAND], "hope": [KABUL_BAZAAR]},
                       spies={KABUL_BAZAAR: {"cati": 2, "hope": 3}}, acting="cati")
    run(state, "battle", TAJIK_WARBAND, {"site": KABUL_BAZAAR, "remove": ["spy:hope", "spy:hope"]}, seat="cati")
    assert queries.spies_on(state, KABUL_BAZAAR) == {"cati": 2, "hope": 1}
    assert RULES.hostage_holder(state, KABUL_BAZAAR) == "cati"


def test_13_battle_example_in_a_region_one_army_removes_one_enemy_road_or_army_but_not_a_friendly_tribe() -> None:
    state = make_state(seats=("cati", "hope"), loyalty={"cati": "british", "hope": "british"},
                       courts={"cati": [TAJIK_WARBAND]}, armies={"kabul": {"british": 1, "russian": 1}},
                       roads={"kabul-punjab": {"russian": 1}}, tribes={"kabul": {"hope": 1}}, acting="cati")
    assert battle.limit(state, "cati", TAJIK_WARBAND, "kabul") == 1
    assert battle.removable(state, "cati", "kabul") == {"army:russian": 1, "road:kabul-punjab:russian": 1}
    run(state, "battle", TAJIK_WARBAND, {"site": "kabul", "remove": ["road:kabul-punjab:russian"]}, seat="cati")
    assert state.roads == {} and state.tribes == {"kabul": {"hope": 1}}


def test_08_battle_removing_a_last_tribe_overthrows_its_political_cards() -> None:
    state = make_state(courts={"anna": [TAJIK_WARBAND], "bob": [HAZARA_CHIEFS]}, armies={"herat": {"british": 1}},
                       tribes={"herat": {"bob": 1}})
    run(state, "battle", TAJIK_WARBAND, {"site": "herat", "remove": ["tribe:bob"]})
    assert state.players["bob"].court == [] and HAZARA_CHIEFS in state.discard


def test_ability_citadel_kabul_tribes_cannot_be_removed() -> None:
    state = make_state(courts={"anna": [TAJIK_WARBAND], "bob": [CITADEL_OF_GHAZNI]}, armies={"kabul": {"british": 2}},
                       tribes={"kabul": {"bob": 1}, "herat": {"bob": 1}})
    assert "bob's Citadel keeps their tribes in kabul" in messages(
        problems(state, "battle", TAJIK_WARBAND, {"site": "kabul", "remove": ["tribe:bob"]}))
    state.armies["herat"] = {"british": 1}
    assert battle.removable(state, "anna", "herat") == {"tribe:bob": 1}  # only in its own region


def test_ability_citadel_transcaspia_tribes_cannot_be_removed() -> None:
    state = make_state(courts={"anna": [TAJIK_WARBAND], "bob": [ARK_OF_BUKHARA]},
                       armies={"transcaspia": {"british": 2}}, tribes={"transcaspia": {"bob": 1}})
    assert battle.removable(state, "anna", "transcaspia") == {}


def test_ability_indispensable_advisors_spies_cannot_be_removed_by_spies() -> None:
    state = make_state(courts={"anna": [TAJIK_WARBAND], "bob": [MOHAN_LAL, KABUL_BAZAAR]},
                       spies={KABUL_BAZAAR: {"anna": 2, "bob": 1, "cati": 1}})
    assert battle.removable(state, "anna", KABUL_BAZAAR) == {"spy:cati": 1}
    assert "bob's Indispensable Advisors" in messages(
        problems(state, "battle", TAJIK_WARBAND, {"site": KABUL_BAZAAR, "remove": ["spy:bob"]}))


def _safe_house_position(standing=None):
    return make_state(courts={"anna": [TAJIK_WARBAND], "bob": [CHARLES_MASSON, KABUL_BAZAAR]},
                      spies={KABUL_BAZAAR: {"anna": 1, "bob": 1}}, standing=standing)


def test_ability_safe_house_asks_its_owner_and_the_spy_may_take_refuge() -> None:
    pause = pause_of(_safe_house_position(), "battle", TAJIK_WARBAND, {"site": KABUL_BAZAAR, "remove": ["spy:bob"]})
    assert pause.question.seat == "bob" and pause.question.options == (CHARLES_MASSON, "supply")
    assert pause.question.default == CHARLES_MASSON
    state = _safe_house_position()
    run(state, "battle", TAJIK_WARBAND, {"site": KABUL_BAZAAR, "remove": ["spy:bob"]},
        answers={pause.question.key: CHARLES_MASSON})
    assert state.spies == {str(KABUL_BAZAAR): {"anna": 1}, str(CHARLES_MASSON): {"bob": 1}}


def test_ability_safe_house_owner_may_decline_by_standing_order() -> None:
    state = _safe_house_position(standing={"bob": {"safe_house": False}})
    run(state, "battle", TAJIK_WARBAND, {"site": KABUL_BAZAAR, "remove": ["spy:bob"]})
    assert state.spies == {str(KABUL_BAZAAR): {"anna": 1}}
    state = _safe_house_position(standing={"bob": {"safe_house": True}})
    run(state, "battle", TAJIK_WARBAND, {"site": KABUL_BAZAAR, "remove": ["spy:bob"]})
    assert state.spies[str(CHARLES_MASSON)] == {"bob": 1}


def test_ability_safe_house_is_no_refuge_from_a_battle_on_itself() -> None:
    state = make_state(courts={"anna": [TAJIK_WARBAND], "bob": [CHARLES_MASSON]},
                       spies={CHARLES_MASSON: {"anna": 1, "bob": 1}})
    run(state, "battle", TAJIK_WARBAND, {"site": CHARLES_MASSON, "remove": ["spy:bob"]})
    assert state.spies == {str(CHARLES_MASSON): {"anna": 1}}


def test_event_nationalism_tribes_battle_as_armies() -> None:
    state = make_state(courts={"anna": [TAJIK_WARBAND]}, tribes={"herat": {"anna": 2}},
                       armies={"herat": {"russian": 2}}, effects=[("nationalism", "anna")])
    assert battle.strength(state, "anna", "herat") == 2
    run(state, "battle", TAJIK_WARBAND, {"site": "herat", "remove": ["army:russian"] * 2})
    assert state.armies == {}
    state = make_state(courts={"anna": [TAJIK_WARBAND]}, tribes={"herat": {"anna": 2}},
                       armies={"herat": {"russian": 2}}, effects=[("nationalism", "bob")])
    assert battle.sites(state, "anna") == []


def test_battle_random_params_are_always_legal() -> None:
    state = make_state(courts={"anna": [TAJIK_WARBAND], "bob": [KABUL_BAZAAR, CHARLES_MASSON]},
                       armies={"herat": {"british": 2, "russian": 1}}, tribes={"herat": {"cati": 2}},
                       roads={"herat-persia": {"afghan": 1}}, spies={KABUL_BAZAAR: {"anna": 1, "bob": 2}})
    rng = Rng("battle")
    for _ in range(40):
        params = battle.random_params(state, "anna", TAJIK_WARBAND, rng)
        assert params is not None and not problems(state, "battle", TAJIK_WARBAND, params)
    offer = battle.offer(state, "anna", TAJIK_WARBAND)
    assert "at 8 up to 1 of spy:bob (x2)" in offer.note
    assert offer.examples and all(not problems(state, "battle", TAJIK_WARBAND, e) for e in offer.examples)
    assert battle.random_params(make_state(courts={"anna": [TAJIK_WARBAND]}), "anna", TAJIK_WARBAND, rng) is None


def test_battle_site_must_be_a_region_or_a_court_card() -> None:
    state = make_state(courts={"anna": [TAJIK_WARBAND]}, armies={"herat": {"british": 1}})
    assert "True is neither a region nor a court card; you can battle at: herat" in messages(
        problems(state, "battle", TAJIK_WARBAND, {"site": True, "remove": []}))
    assert "say where to battle" in messages(problems(state, "battle", TAJIK_WARBAND, {"remove": []}))
