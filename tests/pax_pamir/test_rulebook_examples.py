"""The rulebook's worked examples, one test each, named after the rulebook page they come from (our DATC)."""

from __future__ import annotations

from actions_helpers import messages, problems
from pp_helpers import context, position, turn

from games.pax.dominance import split_points
from games.pax_pamir import queries
from games.pax_pamir.dominance import check_scores, dominant_coalition
from games.pax_pamir.rules import RULES
from games.pax_pamir.ruling import ruler
from games.pax_pamir.state import TurnState

HOPE_SEATS = ("cati", "blake", "hope")


def test_p07_ruling_example_tribe_and_loyal_armies_beat_two_enemy_coalitions() -> None:
    """One tribe and two loyal Afghan armies (three ruling pieces) against two British and two Russian armies."""
    state = position(loyalty={"anna": "afghan", "bob": "british", "cati": "russian"})
    state.tribes = {"kandahar": {"anna": 1}}
    state.armies = {"kandahar": {"afghan": 2, "british": 2, "russian": 2}}
    assert ruler(state, "kandahar") == "anna"


def test_p07_ruling_enemy_armies_prevent_rule_without_enemy_tribes() -> None:
    state = position(loyalty={"anna": "afghan", "bob": "british", "cati": "russian"})
    state.tribes = {"kandahar": {"anna": 1}}
    state.armies = {"kandahar": {"british": 2}}
    assert ruler(state, "kandahar") is None  # bob has more ruling pieces but no tribe: nobody rules


def test_p07_ruling_enemy_coalition_armies_block_ruler_even_with_no_player_loyal_to_them() -> None:
    """'Armies belonging to enemy coalitions can prevent you from taking a ruler token': nobody is Afghan, anna has
    one tribe in Kabul beside two Afghan armies, so nobody rules Kabul (no bribe, no tax or build as its ruler)."""
    state = position(loyalty={"anna": "british", "bob": "russian", "cati": "british"},
                     courts={"anna": [8, 14]}, hands={"bob": [9]}, current="bob")
    state.tribes = {"kabul": {"anna": 1}}
    state.armies = {"kabul": {"afghan": 2}}
    assert ruler(state, "kabul") is None
    step = turn(state, {"actions": [{"action": "play", "card": 9, "side": "left",
                                     "roads": ["kabul-punjab"]}]})
    assert not [e for e in step.events if e.data.get("kind") in ("bribe", "bribe-refused")]
    assert step.state.players["bob"].court == [9] and step.state.players["bob"].rupees == 4
    state.current = "anna"
    state.turn = TurnState("anna", 1)
    state.players["bob"].court = [9]
    assert "you rule no region" in messages(problems(state, "build", 14, {"place": ["kabul"]}))
    assert problems(state, "tax", 8, {"take": ["bob"]})
    state.armies = {"kabul": {"afghan": 1}}
    assert ruler(state, "kabul") is None  # one tribe against one Afghan army is a tie
    state.tribes = {"kabul": {"anna": 2}}
    assert ruler(state, "kabul") == "anna"  # two tribes outnumber them
    assert not problems(state, "tax", 8, {"take": ["bob"]})


def test_p07_ruling_tie_means_no_ruler_and_a_tribe_is_required() -> None:
    state = position()
    state.tribes = {"kabul": {"anna": 1, "bob": 1}, "herat": {}}
    state.armies = {"herat": {"british": 3}}
    assert ruler(state, "kabul") is None
    assert ruler(state, "herat") is None


def test_p07_loyalty_change_example_blake_plays_sir_john_keane() -> None:
    """Blake (Afghan, one gift, one prize, one patriot) plays the British patriot Sir John Keane (51)."""
    state = position(seats=HOPE_SEATS, loyalty={"cati": "british", "blake": "afghan", "hope": "russian"},
                     courts={"blake": [3]}, hands={"blake": [51]}, current="blake")
    state.players["blake"].gifts = [2]
    state.players["blake"].prizes = [10]
    step = turn(state, {"actions": [{"action": "play", "card": 51, "side": "right"}]})
    blake = step.state.players["blake"]
    assert blake.loyalty == "british"
    assert blake.gifts == [] and blake.prizes == [] and blake.court == [51]
    assert {3, 10} <= set(step.state.discard)
    assert step.state.armies == {"kandahar": {"british": 1}}


def test_p08_component_limits_example_spy_taken_from_a_tribe() -> None:
    """No cylinders left in stock: placing a spy takes one of your tribes in play (not one placed this turn)."""
    state = position(courts={"anna": [1, 7]})
    state.tribes = {"kabul": {"anna": 10}}
    state.players["anna"].court = [7]  # Dost Mohammad keeps the Kabul tribes from being overthrown
    ctx = context(state)
    from games.pax_pamir.pieces import place_spy

    assert place_spy(ctx, "anna", 7)
    assert state.tribes == {"kabul": {"anna": 9}}
    assert state.spies == {"7": {"anna": 1}}


def test_p08_component_limits_pieces_placed_this_turn_are_not_taken() -> None:
    state = position(courts={"anna": [7]})
    ctx = context(state)
    from games.pax_pamir.pieces import place_tribe

    for _ in range(10):
        assert place_tribe(ctx, "anna", "kabul")
    assert not place_tribe(ctx, "anna", "kabul")  # every cylinder was placed this turn
    assert state.tribes == {"kabul": {"anna": 10}}


def test_p08_discarding_a_court_card_returns_spies_and_repays_leverage() -> None:
    state = position(courts={"anna": [14]}, rupees={"anna": 5})
    state.spies = {"14": {"bob": 2, "anna": 1}}
    from games.pax_pamir.court import discard_court_card

    discard_court_card(context(state), "anna", 14, "test")
    assert state.spies == {}
    assert state.players["anna"].rupees == 3
    assert state.discard == [14]


def test_p08_leverage_short_of_rupees_discards_a_card_per_missing_rupee() -> None:
    state = position(courts={"anna": [14, 9]}, hands={"anna": [12, 13]}, rupees={"anna": 0})
    state.standing = {"anna": {"discard": [13, 9]}}
    from games.pax_pamir.court import discard_court_card

    discard_court_card(context(state), "anna", 14, "test")
    assert state.players["anna"].hand == [12]
    assert state.players["anna"].court == []
    assert sorted(state.discard) == [9, 13, 14]


def test_p08_leverage_with_no_cards_left_owes_nothing_more() -> None:
    state = position(courts={"anna": [14]}, rupees={"anna": 1})
    from games.pax_pamir.court import discard_court_card

    discard_court_card(context(state), "anna", 14, "test")
    assert state.players["anna"].rupees == 0 and state.players["anna"].court == []


def test_p08_overthrow_losing_last_tribe_discards_political_cards_of_the_region() -> None:
    state = position(courts={"anna": [5, 7, 8, 24]})  # 5, 7 Kabul political; 8 Kabul economic; 24 Punjab political
    state.tribes = {"kabul": {"anna": 1}, "punjab": {"anna": 1}}
    from games.pax_pamir.court import remove_tribe

    remove_tribe(context(state), "anna", "kabul")
    assert state.players["anna"].court == [8, 24]
    assert state.tribes == {"punjab": {"anna": 1}}


def test_p08_overthrow_losing_last_political_card_removes_tribes_of_the_region() -> None:
    state = position(courts={"anna": [5, 7, 8]})
    state.tribes = {"kabul": {"anna": 3, "bob": 1}}
    from games.pax_pamir.court import discard_court_card

    ctx = context(state)
    discard_court_card(ctx, "anna", 5, "test")
    assert state.tribes == {"kabul": {"anna": 3, "bob": 1}}  # Dost Mohammad is still there
    discard_court_card(ctx, "anna", 7, "test")
    assert state.tribes == {"kabul": {"bob": 1}}
    assert state.players["anna"].court == [8]


def test_p10_purchase_example_chas_pays_the_other_row_over_a_gap() -> None:
    """Chas buys the third top card, then Arthur Conolly (fourth): the vacant third slot is paid below."""
    top, bottom = [40, 41, 42, 88, 44, 45], [46, 47, 48, 49, 50, 52]
    state = position(seats=("chas", "bob", "cati"), loyalty={"chas": "british", "bob": "russian", "cati": "afghan"},
                     market=[top, bottom], rupees={"chas": 10}, current="chas")
    state.market_rupees[0][3] = 2
    step = turn(state, {"actions": [{"action": "purchase", "row": 1, "column": 3},
                                    {"action": "purchase", "row": 1, "column": 4}],
                        "cleanup": {"hand": []}}, seat="chas")
    new = step.state
    assert new.players["chas"].hand == [42, 88]
    assert new.players["chas"].rupees == 10 - 2 - 3 + 2
    # Cleanup slid the top row left: 40 and 41 keep their two rupees each; 48 below got the third coin.
    assert new.market[0][:4] == [40, 41, 44, 45]
    assert new.market_rupees[0][:2] == [2, 2]
    assert new.market_rupees[1][2] == 1


def test_p10_purchase_example_cards_paid_this_turn_cannot_be_bought() -> None:
    from games.pax_pamir import GAME

    state = position(rupees={"anna": 10})
    order = {"actions": [{"action": "purchase", "row": 1, "column": 3}, {"action": "purchase", "row": 1, "column": 1}]}
    (problem,) = GAME.check(state, "anna", order)
    assert problem.path == ("actions", 1, "column")
    assert "you placed a rupee on it this turn" in problem.message


def test_p10_purchase_costs_double_while_military_is_favored() -> None:
    state = position(rupees={"anna": 10})
    state.favored = "military"
    step = turn(state, {"actions": [{"action": "purchase", "row": 2, "column": 3}]})
    assert step.state.players["anna"].rupees == 6
    assert step.state.market_rupees[1][:2] == [2, 2]


def test_p11_play_example_cati_bribes_hope_and_plays_sikh_merchants() -> None:
    """Cati (British) plays Sikh Merchants in Lahore (30); Hope rules the Punjab with two tribes."""
    state = position(seats=HOPE_SEATS, loyalty={"cati": "british", "blake": "russian", "hope": "afghan"},
                     courts={"hope": [25]}, hands={"cati": [30]}, current="cati")
    state.tribes = {"punjab": {"hope": 2}}
    state.standing = {"hope": {"bribe": "full"}}
    step = turn(state, {"actions": [{"action": "play", "card": 30, "side": "left", "bribe": 2,
                                     "roads": ["kandahar-punjab"], "spies": [25]}]}, seat="cati")
    new = step.state
    assert new.players["cati"].court == [30]
    assert new.players["cati"].rupees == 4 - 2 + 2
    assert new.players["hope"].rupees == 6
    assert new.roads == {"kandahar-punjab": {"british": 1}}
    assert new.spies == {"25": {"cati": 1}}


def test_p11_play_a_refused_bribe_costs_no_action() -> None:
    state = position(seats=HOPE_SEATS, loyalty={"cati": "british", "blake": "russian", "hope": "afghan"},
                     courts={"hope": [25]}, hands={"cati": [30, 29]}, current="cati", rupees={"cati": 1})
    state.tribes = {"punjab": {"hope": 2}}
    state.standing = {"hope": {"bribe": "full"}}
    order = {"actions": [{"action": "play", "card": 30, "side": "left", "bribe": 0},
                         {"action": "purchase", "row": 1, "column": 1},
                         {"action": "purchase", "row": 2, "column": 1}],
             "cleanup": {"hand": [29, 1]}}
    step = turn(state, order, seat="cati")
    # Not played, and both purchases still happened (cards 1 and 7 from the first column).
    assert step.state.players["cati"].hand == [30, 7]
    assert step.state.players["hope"].rupees == 4


def test_p12_action_costs_paid_from_the_right_skipping_gaps_and_excess_leaves() -> None:
    state = position()
    state.market[0][5] = None
    ctx = context(state)
    RULES.pay_action_cost(ctx, "anna", 4)
    # Column by column from the right, top row first: the vacant top slot of column 6 is skipped.
    assert state.market_rupees[0] == [0, 0, 0, 1, 1, 0]
    assert state.market_rupees[1] == [0, 0, 0, 0, 1, 1]
    state.market = [[None] * 6, [None, None, None, None, None, 77]]
    state.players["anna"].rupees = 4
    RULES.pay_action_cost(ctx, "anna", 3)
    assert state.market_rupees[1][5] == 2
    assert any(e.data.get("kind") == "rupees-removed" and e.data["amount"] == 2 for e in ctx.events)


def test_p12_hostage_example_cati_holds_hopes_card() -> None:
    state = position(seats=HOPE_SEATS, courts={"hope": [25]})
    state.spies = {"25": {"cati": 2, "hope": 1}}
    assert RULES.hostage_holder(state, 25) == "cati"
    state.spies = {"25": {"cati": 2, "blake": 2}}
    assert RULES.hostage_holder(state, 25) is None
    state.spies = {"25": {"hope": 2, "cati": 1}}
    assert RULES.hostage_holder(state, 25) is None


def test_p15_dominance_example_eight_against_four_is_dominant() -> None:
    state = position()
    state.armies = {"kabul": {"british": 8, "afghan": 4, "russian": 4}}
    assert dominant_coalition(state) == "british"
    state.armies["kabul"]["afghan"] = 5
    assert dominant_coalition(state) is None


def test_p15_dominance_example_third_check_russian_dominant() -> None:
    """Cati and Blake are Russian: Cati has the most influence and scores five, Blake three, Hope nothing."""
    state = position(seats=HOPE_SEATS, loyalty={"cati": "russian", "blake": "russian", "hope": "british"})
    state.armies = {"transcaspia": {"russian": 6}}
    state.players["cati"].gifts = [2]
    coalition, awards = check_scores(state, final=False)
    assert coalition == "russian"
    assert awards == {"cati": 5, "blake": 3}


def test_p15_dominance_example_final_check_doubles_before_ties_split() -> None:
    """No coalition dominant: Blake has the most cylinders (6 points); Cati and Hope tie for second (1 each)."""
    state = position(seats=HOPE_SEATS, loyalty={"cati": "russian", "blake": "russian", "hope": "british"})
    state.tribes = {"kabul": {"blake": 3, "cati": 1, "hope": 1}}
    coalition, awards = check_scores(state, final=True)
    assert coalition is None
    assert awards == {"blake": 6, "cati": 1, "hope": 1}


def test_p15_ties_add_places_and_divide_rounding_down() -> None:
    assert split_points({"a": 2, "b": 2, "c": 0}, [3, 1]) == {"a": 2, "b": 2, "c": 0}
    assert split_points({"a": 3, "b": 2, "c": 2}, [5, 3, 1]) == {"a": 5, "b": 2, "c": 2}
    assert split_points({"a": 1, "b": 1, "c": 1}, [5, 3, 1]) == {"a": 3, "b": 3, "c": 3}
    assert split_points({"a": 1, "b": 1, "c": 1, "d": 0}, [3, 1]) == {"a": 1, "b": 1, "c": 1, "d": 0}


def test_p16_wakhan_rules_with_her_tribes_and_the_largest_single_coalition_army() -> None:
    state = position(seats=("anna", "wakhan"), loyalty={"anna": "british"})
    state.players["wakhan"].automaton = "wakhan"
    state.tribes = {"kabul": {"wakhan": 1, "anna": 1}}
    state.armies = {"kabul": {"russian": 2, "afghan": 1, "british": 2}}
    assert ruler(state, "kabul") is None  # 1 + 2 against anna's 1 + 2
    state.armies["kabul"]["russian"] = 3
    assert ruler(state, "kabul") == "wakhan"


def test_p16_wakhan_scores_in_every_successful_check_with_that_coalitions_influence() -> None:
    state = position(seats=("anna", "wakhan"), loyalty={"anna": "british"}, courts={"wakhan": [84, 99, 32]})
    state.players["wakhan"].automaton = "wakhan"
    state.players["wakhan"].prizes = [51]  # a Russian prize
    state.armies = {"kabul": {"russian": 5}}
    coalition, awards = check_scores(state, final=False)
    assert coalition == "russian"
    assert queries.influence(state, "wakhan", "russian") == 1 + 2 + 1
    assert awards == {"wakhan": 5}


def test_p12_action_costs_half_to_each_row_and_a_gap_passes_to_the_next_card_of_that_row() -> None:
    """'Placed on the rightmost market cards of both rows ... skip that vacancy and pay the next market card(s) in
    the row': each row takes half of the (always even) cost, however many vacancies it has."""
    state = position()
    state.market[0][5] = state.market[0][4] = None
    ctx = context(state)
    RULES.pay_action_cost(ctx, "anna", 4)
    assert state.market_rupees[0] == [0, 0, 1, 1, 0, 0]
    assert state.market_rupees[1] == [0, 0, 0, 0, 1, 1]
    # A row with too few cards: its part of the cost that finds no card leaves the game.
    state = position()
    state.market[0] = [None, None, None, None, None, 1]
    ctx = context(state)
    RULES.pay_action_cost(ctx, "anna", 4)
    assert state.market_rupees == [[0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 1, 1]]
    assert [e.data["amount"] for e in ctx.events if e.data.get("kind") == "rupees-removed"] == [1]
