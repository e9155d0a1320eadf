"""Build (rulebook p. 13, "Build", and the Build example on p. 12), one test per rule case."""

from __future__ import annotations

from actions_helpers import make_state, market_total, messages, pause_of, problems, run

from engine.rng import Rng
from games.pax_pamir.actions import build

SHAH_SHUJAH = 5  # kabul political rank 1: build
MONEY_LENDERS = 14  # gift, build
CIVIC_IMPROVEMENTS = 78  # build; Infrastructure


def _ruling_kabul(**kw):
    return make_state(courts={"anna": [MONEY_LENDERS]}, tribes={"kabul": {"anna": 1}}, **kw)


def test_13_build_1_needs_a_region_you_rule() -> None:
    state = make_state(courts={"anna": [MONEY_LENDERS]}, tribes={"kabul": {"anna": 1, "bob": 1}})
    assert "you rule no region" in messages(problems(state, "build", MONEY_LENDERS, {"place": ["kabul"]}))
    assert build.random_params(state, "anna", MONEY_LENDERS, Rng("b")) is None


def test_13_build_2_armies_in_ruled_regions_and_roads_on_their_borders() -> None:
    state = _ruling_kabul(rupees={"anna": 6})
    assert build.places(state, "anna") == ["kabul", "herat-kabul", "kabul-kandahar", "kabul-punjab",
                                           "kabul-transcaspia"]
    run(state, "build", MONEY_LENDERS, {"place": ["kabul", "kabul-punjab", "herat-kabul"]})
    assert state.armies == {"kabul": {"british": 1}}
    assert state.roads == {"kabul-punjab": {"british": 1}, "herat-kabul": {"british": 1}}


def test_13_build_3_not_in_a_region_you_do_not_rule_nor_on_a_border_away_from_it() -> None:
    state = _ruling_kabul()
    found = problems(state, "build", MONEY_LENDERS, {"place": ["herat", "herat-persia"]})
    assert [p.path for p in found] == [("actions", 0, "place", 0), ("actions", 0, "place", 1)]
    assert "kabul, herat-kabul" in found[0].message  # the legal places are listed


def test_13_build_4_at_most_three_blocks() -> None:
    state = _ruling_kabul(rupees={"anna": 8})
    assert "at most 3 blocks, not 4" in messages(problems(state, "build", MONEY_LENDERS, {"place": ["kabul"] * 4}))


def test_13_build_5_two_rupees_per_block_paid_into_the_market() -> None:
    state = _ruling_kabul(rupees={"anna": 5})
    assert "3 blocks cost 6 rupees and you have 5: you can pay for 2" in messages(
        problems(state, "build", MONEY_LENDERS, {"place": ["kabul"] * 3}))
    run(state, "build", MONEY_LENDERS, {"place": ["kabul", "kabul"]})
    assert (state.players["anna"].rupees, market_total(state)) == (1, 4)


def test_12_build_example_cati_places_two_armies_in_kabul_and_pays_the_rightmost_cards() -> None:
    state = make_state(seats=("cati", "hope"), loyalty={"cati": "british", "hope": "russian"},
                       courts={"cati": [MONEY_LENDERS]}, tribes={"kabul": {"cati": 1}}, rupees={"cati": 4},
                       acting="cati")
    run(state, "build", MONEY_LENDERS, {"place": ["kabul", "kabul"]}, seat="cati")
    assert state.armies == {"kabul": {"british": 2}}
    assert [row[4:] for row in state.market_rupees] == [[1, 1], [1, 1]]  # one rupee each, rightmost first


def test_12_action_cost_skips_a_vacant_market_slot() -> None:
    state = _ruling_kabul(rupees={"anna": 6})
    state.market[0][5] = None
    run(state, "build", MONEY_LENDERS, {"place": ["kabul"] * 3})
    # Six rupees: the bottom card of column 6, then both cards of columns 5 and 4, then the top card of column 3.
    assert state.market_rupees == [[0, 0, 1, 1, 1, 0], [0, 0, 0, 1, 1, 1]]


def test_12_action_cost_beyond_the_market_cards_leaves_the_game() -> None:
    state = _ruling_kabul(rupees={"anna": 6})
    state.market = [[None] * 5 + [40], [None] * 6]
    ctx = run(state, "build", MONEY_LENDERS, {"place": ["kabul"] * 3})
    assert market_total(state) == 1 and state.players["anna"].rupees == 0
    assert any("5 rupees" in e.text and "leave the game" in e.text for e in ctx.events)


def test_build_places_blocks_of_the_builders_loyalty() -> None:
    state = _ruling_kabul(loyalty={"anna": "afghan", "bob": "russian", "cati": "british"})
    run(state, "build", MONEY_LENDERS, {"place": ["kabul-transcaspia"]})
    assert state.roads == {"kabul-transcaspia": {"afghan": 1}}


def test_ability_infrastructure_places_one_more_block_free() -> None:
    state = make_state(courts={"anna": [CIVIC_IMPROVEMENTS]}, tribes={"persia": {"anna": 1}}, rupees={"anna": 2})
    run(state, "build", CIVIC_IMPROVEMENTS, {"place": ["persia"], "extra": "persia-transcaspia"})
    assert state.armies == {"persia": {"british": 1}}
    assert state.roads == {"persia-transcaspia": {"british": 1}}
    assert state.players["anna"].rupees == 0


def test_ability_infrastructure_asks_where_when_the_order_does_not_say() -> None:
    state = make_state(courts={"anna": [CIVIC_IMPROVEMENTS]}, tribes={"persia": {"anna": 1}}, rupees={"anna": 2})
    pause = pause_of(state, "build", CIVIC_IMPROVEMENTS, {"place": ["persia"]})
    assert pause.question.path == ("actions", 0, "extra") and pause.question.default == "persia"
    assert "persia-transcaspia" in pause.question.options


def test_ability_infrastructure_extra_must_be_a_legal_place_and_needs_the_ability() -> None:
    state = make_state(courts={"anna": [CIVIC_IMPROVEMENTS, MONEY_LENDERS]}, tribes={"persia": {"anna": 1}})
    assert "cannot build at 'kabul'" in messages(problems(state, "build", CIVIC_IMPROVEMENTS, {"place": [],
                                                                                               "extra": "kabul"}))
    state = _ruling_kabul()
    assert "only Infrastructure" in messages(problems(state, "build", MONEY_LENDERS, {"place": [], "extra": "kabul"}))


def test_event_nation_building_places_two_blocks_per_unit_paid() -> None:
    state = _ruling_kabul(rupees={"anna": 6}, effects=[("nation_building", "anna")])
    assert build.most_blocks(state, "anna") == 6
    run(state, "build", MONEY_LENDERS, {"place": ["kabul"] * 5})
    assert state.armies == {"kabul": {"british": 5}}
    assert state.players["anna"].rupees == 0  # five blocks: three units begun


def test_event_nation_building_helps_only_its_buyer() -> None:
    state = _ruling_kabul(rupees={"anna": 8}, effects=[("nation_building", "bob")])
    assert "at most 3 blocks" in messages(problems(state, "build", MONEY_LENDERS, {"place": ["kabul"] * 4}))


def test_component_limits_build_takes_a_block_from_the_map_when_the_supply_is_empty() -> None:
    def position():
        return _ruling_kabul(armies={"punjab": {"british": 11}}, roads={"kabul-punjab": {"british": 1}})

    pause = pause_of(position(), "build", MONEY_LENDERS, {"place": ["kabul"]})
    assert pause.question.seat == "anna" and pause.question.options == ("army:punjab", "road:kabul-punjab")
    state = position()
    run(state, "build", MONEY_LENDERS, {"place": ["kabul"]}, answers={pause.question.key: "road:kabul-punjab"})
    assert state.roads == {} and state.armies == {"kabul": {"british": 1}, "punjab": {"british": 11}}


def test_build_random_params_are_always_legal() -> None:
    state = make_state(courts={"anna": [CIVIC_IMPROVEMENTS]}, tribes={"persia": {"anna": 1}, "kabul": {"anna": 2}},
                       rupees={"anna": 5})
    rng = Rng("build")
    for _ in range(30):
        params = build.random_params(state, "anna", CIVIC_IMPROVEMENTS, rng)
        assert params is not None and not problems(state, "build", CIVIC_IMPROVEMENTS, params)
        assert len(params["place"]) <= 2
    offer = build.offer(state, "anna", CIVIC_IMPROVEMENTS)
    assert "armies in kabul, persia" in offer.note
    assert offer.examples and all(not problems(state, "build", CIVIC_IMPROVEMENTS, e) for e in offer.examples)
