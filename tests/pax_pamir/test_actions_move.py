"""Move (rulebook p. 13, "Move", and the Move example on p. 13), one test per rule case."""

from __future__ import annotations

from actions_helpers import make_state, messages, problems, run, texts

from engine.rng import Rng
from games.pax_pamir.actions import move

MOHAN_LAL = 1  # kabul intelligence rank 3: move
FARAH_ROAD = 63  # herat economic rank 3: move
AFGHAN_HANDICRAFTS = 9  # rank 1: tax, move
ALEXANDER_BURNES = 21  # punjab rank 2: move; Strange Bedfellows
YAR_MOHAMMAD = 56  # herat political: Well-Connected
SIR_JOHN_KEANE = 51  # Indian Supplies
HAZARA_CHIEFS = 55  # herat political rank 1: battle, tax, move
SHAH_SHUJAH, KABUL_BAZAAR, BALA_HISSAR = 5, 8, 16
HERAT_CARDS = (54, 57)  # Herati Bandits, Exiled Durrani Nobility


def test_13_move_1_one_move_per_rank_of_the_card() -> None:
    state = make_state(courts={"anna": [AFGHAN_HANDICRAFTS, KABUL_BAZAAR]}, spies={KABUL_BAZAAR: {"anna": 1}})
    moves = [{"spy": KABUL_BAZAAR, "to": AFGHAN_HANDICRAFTS}, {"spy": AFGHAN_HANDICRAFTS, "to": KABUL_BAZAAR}]
    assert "gives 1 move, not 2" in messages(problems(state, "move", AFGHAN_HANDICRAFTS, {"moves": moves}))


def test_13_move_2_an_army_crosses_a_border_holding_a_road_of_its_coalition() -> None:
    state = make_state(courts={"anna": [FARAH_ROAD]}, armies={"herat": {"british": 2}},
                       roads={"herat-kabul": {"british": 1}})
    ctx = run(state, "move", FARAH_ROAD, {"moves": [{"army": "herat", "to": "kabul"}]})
    assert state.armies == {"herat": {"british": 1}, "kabul": {"british": 1}}
    assert ctx.events[0].text == "anna moves a British army from Herat to Kabul."


def test_13_move_2_an_afghan_army_is_named_with_its_article() -> None:
    state = make_state(courts={"anna": [FARAH_ROAD]}, armies={"herat": {"afghan": 1}},
                       roads={"herat-kabul": {"afghan": 1}}, loyalty={"anna": "afghan"})
    ctx = run(state, "move", FARAH_ROAD, {"moves": [{"army": "herat", "to": "kabul"}]})
    assert ctx.events[0].text == "anna moves an Afghan army from Herat to Kabul."


def test_13_move_3_no_loyal_road_no_crossing_and_the_legal_steps_are_listed() -> None:
    state = make_state(courts={"anna": [FARAH_ROAD]}, armies={"herat": {"british": 1}},
                       roads={"herat-kabul": {"british": 1}, "herat-persia": {"russian": 2}})
    found = problems(state, "move", FARAH_ROAD, {"moves": [{"army": "herat", "to": "persia"}]})
    assert found[0].path == ("actions", 0, "moves", 0)
    assert found[0].message == "no british road on the border herat-persia: from herat you may go to kabul"


def test_13_move_4_only_to_an_adjacent_region() -> None:
    state = make_state(courts={"anna": [FARAH_ROAD]}, armies={"herat": {"british": 1}},
                       roads={"herat-kabul": {"british": 1}})
    assert "cannot go from herat to 'punjab' in one move; choices: kabul" in messages(
        problems(state, "move", FARAH_ROAD, {"moves": [{"army": "herat", "to": "punjab"}]}))


def test_13_move_5_only_loyal_armies_move() -> None:
    state = make_state(courts={"anna": [FARAH_ROAD]}, armies={"herat": {"russian": 1}},
                       roads={"herat-kabul": {"russian": 1, "british": 1}})
    assert "you have no army of yours in 'herat'" in messages(
        problems(state, "move", FARAH_ROAD, {"moves": [{"army": "herat", "to": "kabul"}]}))


def test_13_move_6_the_same_unit_may_move_again() -> None:
    state = make_state(courts={"anna": [FARAH_ROAD]}, armies={"herat": {"british": 1}},
                       roads={"herat-kabul": {"british": 1}, "kabul-punjab": {"british": 1}})
    run(state, "move", FARAH_ROAD, {"moves": [{"army": "herat", "to": "kabul"}, {"army": "kabul", "to": "punjab"},
                                              {"army": "punjab", "to": "kabul"}]})
    assert state.armies == {"kabul": {"british": 1}}


def test_13_move_7_a_later_move_is_checked_after_the_earlier_ones() -> None:
    state = make_state(courts={"anna": [FARAH_ROAD]}, armies={"herat": {"british": 1}},
                       roads={"herat-kabul": {"british": 1}})
    moves = [{"army": "herat", "to": "kabul"}, {"army": "herat", "to": "kabul"}]
    found = problems(state, "move", FARAH_ROAD, {"moves": moves})
    assert found[0].path == ("actions", 0, "moves", 1) and "you have no army of yours in 'herat'" in found[0].message


def test_13_move_8_spies_step_along_the_courts_as_one_loop() -> None:
    # The track: anna [5, 8] then bob [16] then cati [63], and back to anna's first card.
    state = make_state(courts={"anna": [SHAH_SHUJAH, KABUL_BAZAAR], "bob": [BALA_HISSAR], "cati": [FARAH_ROAD]},
                       spies={FARAH_ROAD: {"cati": 1}}, acting="cati")
    assert move.destinations(state, "cati", "spy", FARAH_ROAD) == [SHAH_SHUJAH, BALA_HISSAR]
    run(state, "move", FARAH_ROAD, {"moves": [{"spy": FARAH_ROAD, "to": SHAH_SHUJAH},
                                              {"spy": SHAH_SHUJAH, "to": KABUL_BAZAAR}]}, seat="cati")
    assert state.spies == {str(KABUL_BAZAAR): {"cati": 1}}


def test_13_move_9_a_spy_cannot_skip_a_card() -> None:
    state = make_state(courts={"anna": [SHAH_SHUJAH, KABUL_BAZAAR, FARAH_ROAD]}, spies={SHAH_SHUJAH: {"anna": 1}},
                       market=[[None] * 6, [None] * 6])
    found = problems(state, "move", FARAH_ROAD, {"moves": [{"spy": SHAH_SHUJAH, "to": FARAH_ROAD}]})
    # On a one-court track the first and last cards are neighbours through the loop.
    assert not found
    state.players["anna"].court.append(BALA_HISSAR)
    found = problems(state, "move", FARAH_ROAD, {"moves": [{"spy": SHAH_SHUJAH, "to": FARAH_ROAD}]})
    assert "choices: 8, 16" in messages(found)


def test_13_move_10_roads_never_move() -> None:
    state = make_state(courts={"anna": [FARAH_ROAD]}, roads={"herat-kabul": {"british": 1}})
    found = problems(state, "move", FARAH_ROAD, {"moves": [{"road": "herat-kabul", "to": "kabul-punjab"}]})
    assert "each move is {army: <region>, to: <region>} or {spy: <card>, to: <card>}" in messages(found)


def test_13_move_example_blake_moves_his_spy_two_cards_back_and_his_army_over_a_yellow_road() -> None:
    state = make_state(seats=("blake", "cati"), loyalty={"blake": "russian", "cati": "british"},
                       courts={"blake": [MOHAN_LAL, KABUL_BAZAAR], "cati": [SHAH_SHUJAH, BALA_HISSAR]},
                       spies={BALA_HISSAR: {"blake": 1}}, armies={"kabul": {"russian": 1}},
                       roads={"kabul-transcaspia": {"russian": 1}}, acting="blake")
    run(state, "move", MOHAN_LAL, {"moves": [{"spy": BALA_HISSAR, "to": SHAH_SHUJAH},
                                             {"spy": SHAH_SHUJAH, "to": KABUL_BAZAAR},
                                             {"army": "kabul", "to": "transcaspia"}]}, seat="blake")
    assert state.spies == {str(KABUL_BAZAAR): {"blake": 1}}
    assert state.armies == {"transcaspia": {"russian": 1}}


def test_ability_indian_supplies_armies_cross_borders_without_roads() -> None:
    state = make_state(courts={"anna": [SIR_JOHN_KEANE, FARAH_ROAD]}, armies={"kandahar": {"british": 1}})
    run(state, "move", FARAH_ROAD, {"moves": [{"army": "kandahar", "to": "punjab"}]})
    assert state.armies == {"punjab": {"british": 1}}


def test_ability_well_connected_a_spy_move_goes_up_to_two_cards() -> None:
    state = make_state(courts={"anna": [YAR_MOHAMMAD, HAZARA_CHIEFS], "bob": [SHAH_SHUJAH, KABUL_BAZAAR, BALA_HISSAR]},
                       spies={HAZARA_CHIEFS: {"anna": 1}})
    assert move.destinations(state, "anna", "spy", HAZARA_CHIEFS) == [YAR_MOHAMMAD, SHAH_SHUJAH, KABUL_BAZAAR,
                                                                      BALA_HISSAR]
    run(state, "move", HAZARA_CHIEFS, {"moves": [{"spy": HAZARA_CHIEFS, "to": KABUL_BAZAAR}]})
    assert state.spies == {str(KABUL_BAZAAR): {"anna": 1}}


def test_ability_strange_bedfellows_cards_of_one_region_are_neighbours_for_spies() -> None:
    # Hazara Chiefs (Herat) sits between Burnes and bob's first card; the other Herat cards are far along the loop.
    state = make_state(courts={"anna": [ALEXANDER_BURNES, HAZARA_CHIEFS],
                               "bob": [SHAH_SHUJAH, KABUL_BAZAAR, HERAT_CARDS[0]],
                               "cati": [BALA_HISSAR, HERAT_CARDS[1]]},
                       spies={HAZARA_CHIEFS: {"anna": 1}})
    assert move.destinations(state, "anna", "spy", HAZARA_CHIEFS) == [ALEXANDER_BURNES, SHAH_SHUJAH, HERAT_CARDS[0],
                                                                      HERAT_CARDS[1]]
    run(state, "move", ALEXANDER_BURNES, {"moves": [{"spy": HAZARA_CHIEFS, "to": HERAT_CARDS[1]}]})
    assert state.spies == {str(HERAT_CARDS[1]): {"anna": 1}}


def test_event_nationalism_tribes_move_like_armies() -> None:
    state = make_state(courts={"anna": [FARAH_ROAD]}, tribes={"herat": {"anna": 2}},
                       roads={"herat-kabul": {"british": 1}}, effects=[("nationalism", "anna")])
    run(state, "move", FARAH_ROAD, {"moves": [{"tribe": "herat", "to": "kabul"}]})
    assert state.tribes == {"herat": {"anna": 1}, "kabul": {"anna": 1}}
    assert "no british road on the border herat-persia" in messages(
        problems(state, "move", FARAH_ROAD, {"moves": [{"tribe": "herat", "to": "persia"}]}))


def test_event_nationalism_moving_the_last_tribe_away_overthrows_its_political_cards() -> None:
    state = make_state(courts={"anna": [FARAH_ROAD, HAZARA_CHIEFS]}, tribes={"herat": {"anna": 1}},
                       roads={"herat-kabul": {"british": 1}}, effects=[("nationalism", "anna")])
    run(state, "move", FARAH_ROAD, {"moves": [{"tribe": "herat", "to": "kabul"}]})
    assert state.players["anna"].court == [FARAH_ROAD] and HAZARA_CHIEFS in state.discard


def test_13_move_11_each_move_takes_effect_with_the_overthrow_rule_before_the_next_is_checked() -> None:
    """Moving the last Herat tribe away discards Hazara Chiefs (and the spy on it goes home) at once: the spy
    track closes up, so a spy may then step from Farah Road straight onto bob's first card."""
    state = make_state(courts={"anna": [FARAH_ROAD, HAZARA_CHIEFS], "bob": [18, 20], "cati": [22]},
                       tribes={"herat": {"anna": 1}}, roads={"herat-kabul": {"british": 1}},
                       spies={FARAH_ROAD: {"anna": 1}, HAZARA_CHIEFS: {"cati": 1}},
                       effects=[("nationalism", "anna")])
    moves = [{"tribe": "herat", "to": "kabul"}, {"spy": FARAH_ROAD, "to": 18}]
    ctx = run(state, "move", FARAH_ROAD, {"moves": moves})
    assert HAZARA_CHIEFS in state.discard and state.spies == {"18": {"anna": 1}}
    assert "overthrown" in texts(ctx)
    # The spy on the overthrown card went home: it can no longer move.
    state = make_state(courts={"anna": [FARAH_ROAD, HAZARA_CHIEFS], "bob": [18]}, tribes={"herat": {"anna": 1}},
                       roads={"herat-kabul": {"british": 1}}, spies={HAZARA_CHIEFS: {"anna": 1}},
                       effects=[("nationalism", "anna")])
    found = problems(state, "move", FARAH_ROAD, {"moves": [{"tribe": "herat", "to": "kabul"},
                                                           {"spy": HAZARA_CHIEFS, "to": 18}]})
    assert [p.path for p in found] == [("actions", 0, "moves", 1)]
    assert "you have no spy on card 55" in found[0].message


def test_event_nationalism_is_needed_to_move_tribes() -> None:
    state = make_state(courts={"anna": [FARAH_ROAD]}, tribes={"herat": {"anna": 2}},
                       roads={"herat-kabul": {"british": 1}}, effects=[("nationalism", "bob")])
    assert "tribes move only under your Nationalism" in messages(
        problems(state, "move", FARAH_ROAD, {"moves": [{"tribe": "herat", "to": "kabul"}]}))


def test_move_random_params_are_always_legal() -> None:
    state = make_state(courts={"anna": [FARAH_ROAD, KABUL_BAZAAR], "bob": [BALA_HISSAR]},
                       spies={BALA_HISSAR: {"anna": 1}}, armies={"herat": {"british": 2}},
                       tribes={"kabul": {"anna": 1}}, effects=[("nationalism", "anna")],
                       roads={"herat-kabul": {"british": 1}, "kabul-punjab": {"british": 1}})
    rng = Rng("move")
    for _ in range(50):
        params = move.random_params(state, "anna", FARAH_ROAD, rng)
        assert params is not None and not problems(state, "move", FARAH_ROAD, params)
    offer = move.offer(state, "anna", FARAH_ROAD)
    assert "army herat to kabul" in offer.note
    assert offer.examples and all(not problems(state, "move", FARAH_ROAD, e) for e in offer.examples)
    assert move.random_params(make_state(courts={"anna": [FARAH_ROAD]}), "anna", FARAH_ROAD, rng) is None
