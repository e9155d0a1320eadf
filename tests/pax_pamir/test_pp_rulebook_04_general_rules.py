"""Rulebook, General Rules: component limits, access to actions, discarding a court card, the overthrow rule."""

from __future__ import annotations

from pp_helpers import position, turn

from games.pax_pamir import GAME, queries

AKALI_SIKHS = 38  # Punjab military: two army icons
GHILZAI_NOMADS = 13  # Kabul economic rank 2: tax and move
AFGHAN_HANDICRAFTS = 9  # Kabul economic rank 1
KHYBER_PASS = 29  # Punjab economic
MONEY_LENDERS = 14  # Kabul economic, leveraged
SHAH_SHUJAH_DURRANI = 5  # Kabul political
DOST_MOHAMMAD = 7  # Kabul political
KARAKUL_SHEEP = 61  # Herat economic
TAJIK_WARBAND = 59  # Herat military rank 2: battle and betray


def test_component_limits_a_block_is_taken_from_play_and_a_road_becomes_an_army() -> None:
    """Component Limits: with no block of the coalition in supply, take one from anywhere in play, converting one
    unit type to another if needed (here two roads become the two armies of Akali Sikhs)."""
    state = position(hands={"anna": [AKALI_SIKHS]})
    state.roads = {"herat-kabul": {"british": 12, "russian": 1}}
    assert queries.blocks_in_supply(state, "british") == 0
    step = turn(state, {"actions": [{"action": "play", "card": AKALI_SIKHS, "side": "left"}]})
    assert step.state.armies == {"punjab": {"british": 2}}
    assert step.state.roads == {"herat-kabul": {"british": 10, "russian": 1}}


def test_component_limits_never_take_a_piece_placed_this_turn() -> None:
    """Component Limits: pieces placed this turn are excluded: the second army comes from the old Kabul armies,
    not from the Punjab army just placed from the last block in supply."""
    state = position(hands={"anna": [AKALI_SIKHS]})
    state.armies = {"kabul": {"british": 11}}
    step = turn(state, {"actions": [{"action": "play", "card": AKALI_SIKHS, "side": "left"}]})
    assert step.state.armies == {"kabul": {"british": 10}, "punjab": {"british": 2}}
    assert queries.blocks_in_supply(step.state, "british") == 0


def test_you_always_have_access_to_purchase_and_play() -> None:
    """Access to Actions: purchase and play are always available, even with an empty court."""
    state = position(market=[[AKALI_SIKHS, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12]])
    step = turn(state, {"actions": [{"action": "purchase", "row": 1, "column": 1},
                                    {"action": "play", "card": AKALI_SIKHS, "side": "left"}]})
    assert step.state.players["anna"].court == [AKALI_SIKHS]


def test_a_card_with_several_actions_is_still_used_for_one_action_per_turn() -> None:
    """Access to Actions: each card in your court can only be used for one action per turn, even if it has several
    actions (Ghilzai Nomads shows tax and move)."""
    state = position(courts={"anna": [GHILZAI_NOMADS]})
    state.armies = {"kabul": {"british": 1}}
    state.roads = {"kabul-punjab": {"british": 1}}
    state.market_rupees[0][2] = 2
    taxed = state.market[0][2]
    order = {"actions": [{"action": "tax", "card": GHILZAI_NOMADS, "take": [taxed]},
                         {"action": "move", "card": GHILZAI_NOMADS, "moves": [{"army": "kabul", "to": "punjab"}]}]}
    problems = GAME.check(state, "anna", order)
    assert problems and problems[0].path[:2] == ("actions", 1)
    assert "already acted" in problems[0].message


def test_discarding_a_court_card_at_cleanup_returns_its_spies_and_repays_its_leverage() -> None:
    """Discarding a Court Card: spies on it return to their owners' supply; a leveraged card costs two rupees."""
    state = position(courts={"anna": [MONEY_LENDERS, AFGHAN_HANDICRAFTS, GHILZAI_NOMADS, KHYBER_PASS]},
                     rupees={"anna": 5})
    state.spies = {str(MONEY_LENDERS): {"bob": 2, "anna": 1}}
    step = turn(state, {"cleanup": {"court": [MONEY_LENDERS]}})
    new = step.state
    assert new.spies == {}
    assert queries.cylinders_in_supply(new, "bob") == 10 and queries.cylinders_in_supply(new, "anna") == 10
    assert new.players["anna"].rupees == 3
    assert new.players["anna"].court == [AFGHAN_HANDICRAFTS, GHILZAI_NOMADS, KHYBER_PASS]


def test_a_leveraged_card_discarded_short_of_rupees_costs_a_card_per_missing_rupee() -> None:
    """Discarding a Court Card: for each rupee you cannot return, discard one card from your hand or court."""
    state = position(courts={"anna": [MONEY_LENDERS, AFGHAN_HANDICRAFTS, GHILZAI_NOMADS, KHYBER_PASS]},
                     hands={"anna": [40]}, rupees={"anna": 1})
    step = turn(state, {"cleanup": {"court": [MONEY_LENDERS]}})
    (prompt,) = GAME.prompts(step.state)
    assert prompt.seat == "anna"
    step = turn(step.state, {"answer": [40]})
    anna = step.state.players["anna"]
    assert anna.rupees == 0 and anna.hand == []
    assert anna.court == [AFGHAN_HANDICRAFTS, GHILZAI_NOMADS, KHYBER_PASS]
    assert {MONEY_LENDERS, 40} <= set(step.state.discard)


def test_overthrow_discarding_the_last_political_card_of_a_region_at_cleanup_removes_its_tribes() -> None:
    """The Overthrow Rule: if you lose the last political card in your court associated with a region, immediately
    remove all your tribes in that region (also when cleanup discards it)."""
    # Five cards, limit four (Shah Shujah's political star): discarding him drops the limit to three.
    court = [SHAH_SHUJAH_DURRANI, AFGHAN_HANDICRAFTS, GHILZAI_NOMADS, KHYBER_PASS, KARAKUL_SHEEP]
    state = position(courts={"anna": court})
    state.tribes = {"kabul": {"anna": 2, "bob": 1}}
    step = turn(state, {"cleanup": {"court": [SHAH_SHUJAH_DURRANI]}})
    assert step.state.tribes == {"kabul": {"bob": 1}}  # at once, before the limit asks for one more card
    step = turn(step.state, {"answer": [KARAKUL_SHEEP]})
    assert step.state.players["anna"].court == [AFGHAN_HANDICRAFTS, GHILZAI_NOMADS, KHYBER_PASS]
    assert step.state.tribes == {"kabul": {"bob": 1}}
    assert queries.cylinders_in_supply(step.state, "anna") == 10


def test_overthrow_losing_the_last_tribe_in_battle_discards_the_political_cards_of_the_region() -> None:
    """The Overthrow Rule: if you lose your last tribe in a region, immediately discard all political cards
    associated with that region from your court (other cards of the region stay)."""
    state = position(courts={"anna": [SHAH_SHUJAH_DURRANI, AFGHAN_HANDICRAFTS, DOST_MOHAMMAD], "bob": [TAJIK_WARBAND]},
                     current="bob")
    state.tribes = {"kabul": {"anna": 1}}
    state.armies = {"kabul": {"russian": 1}}
    step = turn(state, {"actions": [{"action": "battle", "card": TAJIK_WARBAND, "site": "kabul",
                                     "remove": ["tribe:anna"]}]})
    assert step.state.tribes == {}
    assert step.state.players["anna"].court == [AFGHAN_HANDICRAFTS]
    assert {SHAH_SHUJAH_DURRANI, DOST_MOHAMMAD} <= set(step.state.discard)


def test_overthrow_follows_a_last_tribe_taken_for_a_spy_under_component_limits() -> None:
    """Component Limits with The Overthrow Rule: with every cylinder in play, a spy may be taken from your last
    tribe in a region; losing that tribe discards your political cards of the region at once."""
    charles_stoddart = 4  # Kabul intelligence: one spy
    state = position(courts={"anna": [SHAH_SHUJAH_DURRANI], "bob": [AFGHAN_HANDICRAFTS]},
                     hands={"anna": [charles_stoddart]})
    state.tribes = {"kabul": {"anna": 1}}
    state.spies = {str(AFGHAN_HANDICRAFTS): {"anna": 9}}
    assert queries.cylinders_in_supply(state, "anna") == 0
    order = {"actions": [{"action": "play", "card": charles_stoddart, "side": "right", "spies": [AFGHAN_HANDICRAFTS]}],
             "answers": {"actions.0.take-cylinder-1": "tribe:kabul"}}
    new = turn(state, order).state
    assert new.tribes == {}
    assert new.spies == {str(AFGHAN_HANDICRAFTS): {"anna": 10}}
    assert new.players["anna"].court == [charles_stoddart]
    assert SHAH_SHUJAH_DURRANI in new.discard


def test_component_limits_a_piece_placed_this_turn_stays_excluded_after_it_moves() -> None:
    """Component Limits: pieces placed this turn are excluded, also once moved: the army Sindhi Warriors raises in
    Punjab and then marches to Kandahar cannot be the block Money Lenders' build takes from play."""
    sindhi_warriors = 34  # Punjab military rank 1: move; one army and the economic favored-suit icon
    state = position(courts={"anna": [MONEY_LENDERS]}, hands={"anna": [sindhi_warriors]}, rupees={"anna": 6})
    state.tribes = {"kabul": {"anna": 1}}
    state.armies = {"kabul": {"british": 10}}
    state.roads = {"kandahar-punjab": {"british": 1}}  # eleven British blocks in play, one in supply
    actions = [{"action": "play", "card": sindhi_warriors, "side": "left"},
               {"action": "move", "card": sindhi_warriors, "moves": [{"army": "punjab", "to": "kandahar"}]},
               {"action": "build", "card": MONEY_LENDERS, "place": ["kabul"]}]  # economic is favored by then
    (problem,) = GAME.check(state, "anna", {"actions": actions, "answers": {"actions.2.take-block-1": "army:kandahar"}})
    assert problem.path == ("answers", "actions.2.take-block-1")
    assert "army:kabul, road:kandahar-punjab" in problem.message
    new = turn(state, {"actions": actions, "answers": {"actions.2.take-block-1": "road:kandahar-punjab"}}).state
    assert new.armies == {"kabul": {"british": 11}, "kandahar": {"british": 1}} and new.roads == {}


def test_card_precedence_an_ability_overrides_the_rules_only_while_its_card_is_in_court() -> None:
    """Card Precedence: special abilities take precedence over the rules and are active as long as the card remains
    in your court: Shah Shujah's Claim of Ancient Lineage lets Anna tax Bob without ruling Herat, until Bob
    betrays the card."""
    kabul_bazaar = 8  # Kabul economic: tax
    state = position(courts={"anna": [SHAH_SHUJAH_DURRANI, kabul_bazaar], "bob": [KARAKUL_SHEEP, TAJIK_WARBAND]},
                     current="bob")
    state.spies = {str(SHAH_SHUJAH_DURRANI): {"bob": 1}}
    tax_bob = {"actions": [{"action": "tax", "card": kabul_bazaar, "take": ["bob"]}]}
    state.current = "anna"
    assert GAME.check(state, "anna", tax_bob) == []  # anna rules nothing; Bob's cards are of Herat
    state.current = "bob"
    step = turn(state, {"actions": [{"action": "betray", "card": TAJIK_WARBAND,
                                     "target": SHAH_SHUJAH_DURRANI, "prize": "refuse"}]})
    step = turn(step.state, {})  # cati passes
    assert step.state.current == "anna" and SHAH_SHUJAH_DURRANI in step.state.discard
    (problem,) = GAME.check(step.state, "anna", tax_bob)
    assert problem.path[:2] == ("actions", 0) and "cannot tax bob" in problem.message
