"""Wakhan's action codes (rulebook p. 17-18 and the AI card codes in wakhan.yaml): one named test per code, plus
the Radicalize logic (arrows and their fall-backs, the Dominance Check logic, her ambition) and her impact icons.

Positions use AI card 1 read with the back of card 4: black arrow column 4, red arrow bottom row / right; loyalty
order russian, afghan, british; region order transcaspia, kabul, kandahar, persia, herat, punjab.
"""

from __future__ import annotations

from test_wakhan_helpers import CHECK, market_of, take, texts, the_reading, wakhan_state

from games.pax_pamir.wakhan import SEAT
from games.pax_pamir.wakhan.radicalize import ambition, by_arrows, market_title

# A filler market of events other than the checks: no impact icons, no patriots, nothing the codes look for.
FILL = [105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116]


def market(**slots: int) -> list[list[int | None]]:
    """The filler market with some slots replaced: market(b3=7) puts card 7 in the bottom row, column 3."""
    rows = [FILL[:6], FILL[6:]]
    for name, number in slots.items():
        rows[0 if name[0] == "t" else 1][int(name[1]) - 1] = number
    return market_of(*rows)


# --- radicalize with no instruction ----------------------------------------------------------------------


def test_code_radicalize_buys_at_the_arrows_and_plays_to_the_red_arrows_side():
    state = wakhan_state(market=market(b4=7), courts={SEAT: [18]})
    ctx, done = take(state, "radicalize")
    assert done and state.players[SEAT].court == [18, 7]  # bottom/right: the right end
    assert "the red arrow points to the bottom row, the black arrow to 3 (column 4)" in texts(ctx)
    assert state.players[SEAT].rupees == 4 - 3


def test_radicalize_falls_back_to_the_left_then_the_other_row():
    state = wakhan_state(market=market(b4=None, b3=None, b2=None, b1=None))
    pick = by_arrows(state, SEAT, the_reading(state))
    assert pick is not None and (pick.row, pick.column) == (0, 3)
    assert "bottom row column 4 was empty" in pick.reason and "; so she took top row column 4" in pick.reason


def test_radicalize_skips_cards_she_cannot_afford_or_paid_onto():
    state = wakhan_state(market=market(), rupees={SEAT: 2})
    state.turn.paid.append(FILL[6 + 2])  # bottom row column 3
    pick = by_arrows(state, SEAT, the_reading(state))
    assert pick is not None and (pick.row, pick.column) == (1, 1)
    assert f"bottom row column 3 ({market_title(FILL[8])}) had a rupee she paid onto it this turn" in pick.reason
    assert "more than her 2 rupees" in pick.reason


def test_radicalize_uses_the_dominance_check_logic_patriot_of_the_dominant_coalition():
    # british dominant, a check in the market: the cheapest british patriot (22 George Hayward), not the arrows
    state = wakhan_state(market=market(t6=CHECK, t3=22, t2=20), armies={"punjab": {"british": 4}})
    ctx, done = take(state, "radicalize")
    assert done and 20 in state.players[SEAT].court
    assert "patriot of the dominant british coalition" in texts(ctx)


def test_radicalize_dominance_logic_most_blocks_when_no_patriot():
    state = wakhan_state(market=market(t6=CHECK, t5=12), armies={"punjab": {"british": 4}}, rupees={SEAT: 6})
    take(state, "radicalize")
    assert 12 in state.players[SEAT].court  # City of Ghazni: three roads and an army


def test_radicalize_dominance_logic_most_cylinders_without_dominance():
    state = wakhan_state(market=market(t6=CHECK, t2=1))
    take(state, "radicalize")
    assert 1 in state.players[SEAT].court  # Mohan Lal: three spies


def test_ambition_buys_a_check_she_would_win_instead_of_her_listed_action():
    # no coalition dominant and she has the most cylinders in play: she scores 3 to anna's 1
    state = wakhan_state(market=market(t3=CHECK), tribes={"kabul": {SEAT: 2, "anna": 1}}, rupees={SEAT: 5})
    pick = ambition(state, SEAT)
    assert pick is not None and pick.card == CHECK and "ambition" in pick.reason


def test_p17_wakhan_ambition_buys_the_final_check_she_wins_on_the_military_stars_tie_break():
    """The last Dominance Check: both would end on 12 points, and her military stars break the tie for her."""
    # equal cylinders in play: 3 + 1 points doubled, shared: 4 each on top of 8
    state = wakhan_state(market=market(t1=CHECK), tribes={"kabul": {SEAT: 1, "anna": 1}}, courts={SEAT: [38]})
    state.players[SEAT].score = state.players["anna"].score = 8
    pick = ambition(state, SEAT)
    assert pick is not None and pick.card == CHECK and "win" in pick.reason
    state.players["anna"].court = [100]  # Count Perovsky: anna now has as many military stars, and more rupees
    state.players["anna"].rupees = 9
    assert ambition(state, SEAT) is None


def test_no_ambition_and_no_check_bought_when_she_would_not_score_most():
    state = wakhan_state(market=market(b4=CHECK), tribes={"kabul": {"anna": 2}})
    assert ambition(state, SEAT) is None
    take(state, "radicalize")  # the check in the market switches to the Dominance Check logic
    assert CHECK in [n for row in state.market for n in row]


def test_radicalize_discards_the_card_when_she_cannot_pay_the_bribe():
    # anna rules kabul with 2 tribes; Wakhan spends her last rupees on the card
    state = wakhan_state(market=market(b4=7), rupees={SEAT: 3}, tribes={"kabul": {"anna": 2}},
                         standing={"anna": {"bribe": "full"}})
    ctx, _ = take(state, "radicalize")
    assert 7 in state.discard and 7 not in state.players[SEAT].court
    assert "cannot pay" in texts(ctx)


# --- radicalize with instructions ----------------------------------------------------------------------------


def test_code_radicalize_top_military_if_military_favored():
    state = wakhan_state(market=market(t2=38, t3=32), rupees={SEAT: 9})
    assert not take(state, "radicalize_top_military_if_military_favored")[1]
    state.favored = "military"
    take(state, "radicalize_top_military_if_military_favored")
    assert 32 in state.players[SEAT].court  # Army of the Indus, rank 3


def test_code_radicalize_top_economic_if_political_favored():
    state = wakhan_state(market=market(t2=61, t4=12), rupees={SEAT: 9})
    take(state, "radicalize_top_economic_if_political_favored")
    assert 12 in state.players[SEAT].court  # City of Ghazni, rank 3
    state.favored = "military"
    assert not take(state, "radicalize_top_economic_if_political_favored")[1]


def test_code_radicalize_top_political():
    state = wakhan_state(market=market(t5=7, t2=24))
    take(state, "radicalize_top_political")
    assert 24 in state.players[SEAT].court  # rank 2 like Dost Mohammad, and cheaper


def test_code_radicalize_top_intelligence():
    state = wakhan_state(market=market(t2=39, t3=2))
    take(state, "radicalize_top_intelligence")
    assert 2 in state.players[SEAT].court


def test_code_radicalize_richest_if_short_of_rupees():
    state = wakhan_state(market=market(t2=39, b2=2), rupees={SEAT: 1},
                         market_rupees=([0, 1, 0, 0, 0, 0], [0, 3, 0, 0, 0, 0]))
    take(state, "radicalize_richest_if_short_of_rupees")
    assert 2 in state.players[SEAT].court and state.players[SEAT].rupees == 1 - 1 + 3
    state.players[SEAT].rupees = 2
    assert not take(state, "radicalize_richest_if_short_of_rupees")[1]


def test_radicalize_richest_counts_the_leverage_she_takes_on_playing():
    # Herati Bandits (leveraged) in column 1 brings her 2 rupees for nothing; Moorcroft nets 2 - 1 = 1
    state = wakhan_state(market=market(t1=54, b2=39), rupees={SEAT: 1},
                         market_rupees=([0] * 6, [0, 2, 0, 0, 0, 0]))
    ctx, done = take(state, "radicalize_richest_if_short_of_rupees")
    assert done and 54 in state.players[SEAT].court and state.players[SEAT].rupees == 3


def test_code_radicalize_to_gain_rule():
    # Dost Mohammad brings two tribes and an army to Kabul, where anna has one tribe; the cheaper Ranjit Singh
    # would only tie anna's three tribes in Punjab
    state = wakhan_state(market=market(t5=7, t2=24), tribes={"kabul": {"anna": 1}, "punjab": {"anna": 3}},
                         rupees={SEAT: 6},
                         standing={"anna": {"bribe": "waive"}})
    take(state, "radicalize_to_gain_rule")
    assert 7 in state.players[SEAT].court


def test_code_radicalize_intelligence():
    state = wakhan_state(market=market(t3=39, t2=5))
    take(state, "radicalize_intelligence")
    assert 39 in state.players[SEAT].court


def test_code_radicalize_most_blocks():
    state = wakhan_state(market=market(t5=12, t2=32), rupees={SEAT: 6})
    take(state, "radicalize_most_blocks")
    assert 12 in state.players[SEAT].court  # four blocks beat Army of the Indus's three


def test_code_radicalize_most_cylinders_if_no_dominance():
    state = wakhan_state(market=market(t3=1, t2=7))
    take(state, "radicalize_most_cylinders_if_no_dominance")
    assert 7 in state.players[SEAT].court  # Dost Mohammad and Mohan Lal both place 3: the cheaper one
    state.armies = {"kabul": {"afghan": 4}}
    assert not take(state, "radicalize_most_cylinders_if_no_dominance")[1]


def test_code_radicalize_move_card_if_none():
    state = wakhan_state(market=market(t2=5, t3=9), courts={SEAT: [7]})
    take(state, "radicalize_move_card_if_none")
    assert 9 in state.players[SEAT].court  # Afghan Handicrafts: tax, move
    assert not take(state, "radicalize_move_card_if_none")[1]


def test_code_radicalize_dominant_patriot():
    state = wakhan_state(market=market(t3=6, t2=22))
    assert not take(state, "radicalize_dominant_patriot")[1]
    state.armies = {"kabul": {"afghan": 4}}
    take(state, "radicalize_dominant_patriot")
    assert 6 in state.players[SEAT].court


def test_code_radicalize_top_political_if_court_full():
    state = wakhan_state(market=market(t2=24), courts={SEAT: [18, 39]})
    assert not take(state, "radicalize_top_political_if_court_full")[1]
    state.players[SEAT].court.append(9)
    take(state, "radicalize_top_political_if_court_full")
    assert 24 in state.players[SEAT].court


def test_code_radicalize_top_intelligence_if_outspied():
    state = wakhan_state(market=market(t3=2), courts={"anna": [18]}, spies={18: {"anna": 1}})
    take(state, "radicalize_top_intelligence_if_outspied")
    assert 2 in state.players[SEAT].court
    state.spies = {"18": {SEAT: 1}}
    assert not take(state, "radicalize_top_intelligence_if_outspied")[1]


# --- card-based actions --------------------------------------------------------------------------------------


def test_code_tax_takes_from_the_richest_taxable_player_first():
    # she rules kabul; anna and bob have kabul cards; bob is richer
    state = wakhan_state(humans=("anna", "bob"), courts={SEAT: [8], "anna": [4], "bob": [2]},
                         tribes={"kabul": {SEAT: 1}}, rupees={"anna": 3, "bob": 4},
                         market_rupees=([1, 0, 0, 0, 0, 0], [0] * 6))
    take(state, "tax")
    # rank 2: bob (richest), then bob again: at 3 each the red arrow (bottom/right) names bob, to her right
    assert state.players["bob"].rupees == 2 and state.players["anna"].rupees == 3
    assert state.players[SEAT].rupees == 6 and state.market_rupees[0][0] == 1


def test_code_tax_takes_from_the_leftmost_market_cards_when_no_player_can_be_taxed():
    state = wakhan_state(courts={SEAT: [8]}, market_rupees=([0, 0, 1, 0, 0, 0], [0, 1, 0, 0, 0, 0]))
    take(state, "tax")
    assert state.market_rupees == [[0] * 6, [0] * 6] and state.players[SEAT].rupees == 6


def test_code_gift_buys_the_cheapest_affordable_gift():
    state = wakhan_state(courts={SEAT: [4]}, gifts={SEAT: [2]}, rupees={SEAT: 5})
    take(state, "gift")
    assert state.players[SEAT].gifts == [2, 4] and state.players[SEAT].rupees == 1


def test_code_build_in_the_first_region_she_rules_with_all_her_money():
    state = wakhan_state(courts={SEAT: [5]}, tribes={"kabul": {SEAT: 1}, "transcaspia": {SEAT: 1}},
                         rupees={SEAT: 5})
    take(state, "build")
    assert state.armies == {"transcaspia": {"russian": 2}} and state.players[SEAT].rupees == 1


def test_code_move_sends_armies_where_other_tribes_outnumber_them():
    # two russian armies in transcaspia (which she rules with a tribe); anna has a tribe in persia
    state = wakhan_state(courts={SEAT: [9]}, tribes={"transcaspia": {SEAT: 1}, "persia": {"anna": 1}},
                         armies={"transcaspia": {"russian": 2}})
    take(state, "move")
    assert state.armies == {"transcaspia": {"russian": 1}, "persia": {"russian": 1}}


def test_code_move_never_costs_her_a_ruler_token():
    # she rules transcaspia with a tribe and 3 russian armies against anna's tribe and 2 british armies
    state = wakhan_state(courts={SEAT: [9]}, tribes={"transcaspia": {SEAT: 1, "anna": 1}, "persia": {"anna": 1}},
                         armies={"transcaspia": {"russian": 3, "british": 2}})
    _, done = take(state, "move")
    assert not done and state.armies == {"transcaspia": {"russian": 3, "british": 2}}


def test_p18_wakhan_move_only_a_ruler_token_she_would_lose_keeps_an_army_back():
    """Her army may leave a region she does not rule even where another player's tribe stays (rulebook p. 18)."""
    # kabul: her russian army and anna's tribe (nobody rules); transcaspia: anna's tribe and no army of hers
    state = wakhan_state(courts={SEAT: [9]}, tribes={"kabul": {"anna": 1}, "transcaspia": {"anna": 1}},
                         armies={"kabul": {"russian": 1}})
    ctx, done = take(state, "move")
    assert done and state.armies == {"transcaspia": {"russian": 1}}
    assert "lose" not in texts(ctx)


def test_code_betray_takes_the_highest_priority_prize_and_keeps_her_loyalties():
    state = wakhan_state(courts={SEAT: [10, 1], "anna": [4, 18]}, spies={4: {SEAT: 1}, 1: {SEAT: 1}})
    ctx, done = take(state, "betray")
    assert done and state.players[SEAT].prizes == [4]  # anna's card beats her own Mohan Lal
    assert state.players[SEAT].loyalty is None and state.players["anna"].court == [18]
    assert state.players[SEAT].rupees == 2


def test_code_battle_removes_tribes_then_armies_then_roads():
    # three russian armies in kandahar; anna (british) has a tribe, an army and a road there
    state = wakhan_state(courts={SEAT: [50]}, tribes={"kandahar": {"anna": 1}},
                         armies={"kandahar": {"russian": 3, "british": 2}}, roads={"kandahar-punjab": {"british": 1}})
    take(state, "battle")  # British Regulars, rank 2
    assert "kandahar" not in state.tribes and state.armies["kandahar"] == {"russian": 3, "british": 1}
    assert state.roads == {"kandahar-punjab": {"british": 1}}


def test_p18_wakhan_battle_piece_type_first_the_red_arrow_only_between_players():
    """Tribes, then armies, then roads (rulebook p. 18): every player's tribes go before anyone's army."""
    # pragmatic loyalty afghan (anna british, bob russian); the red arrow points bottom/right: bob before anna
    state = wakhan_state(humans=("anna", "bob"), courts={SEAT: [50]}, tribes={"kandahar": {"anna": 1, "bob": 1}},
                         armies={"kandahar": {"afghan": 3, "russian": 1}})
    take(state, "battle")  # British Regulars, rank 2
    assert "kandahar" not in state.tribes and state.armies["kandahar"] == {"afghan": 3, "russian": 1}


def test_code_battle_falls_back_to_the_best_spied_card():
    state = wakhan_state(courts={SEAT: [39], "anna": [18, 22]},
                         spies={18: {SEAT: 1, "anna": 1}, 22: {SEAT: 1, "anna": 2}})
    take(state, "battle")
    assert state.spies["22"] == {SEAT: 1, "anna": 1} and state.spies["18"] == {SEAT: 1, "anna": 1}


def test_code_battle_on_spied_card_picks_the_card_with_the_most_spies():
    state = wakhan_state(courts={SEAT: [39], "anna": [18, 54]},
                         spies={18: {SEAT: 1, "anna": 1}, 54: {SEAT: 2, "anna": 2}})
    take(state, "battle_on_spied_card")
    assert state.spies["54"] == {SEAT: 2, "anna": 1}


def test_favored_suit_card_actions_are_bonus_actions():
    state = wakhan_state(courts={SEAT: [24]}, spies={4: {SEAT: 1}})  # political Ranjit Singh: betray
    state.players["anna"].court = [4]
    take(state, "betray")
    assert state.turn.actions == 0 and state.turn.used == [24]


# --- impact icons --------------------------------------------------------------------------------------------


def test_her_spies_go_where_she_lacks_the_most_spies():
    # Kabul Bazaar (8) brings a spy; Kabul cards in play: anna's 4 (she has the most spies there) and 2
    state = wakhan_state(market=market(b4=8), courts={"anna": [4, 2]}, spies={4: {SEAT: 1}})
    take(state, "radicalize")
    assert state.spies["2"] == {SEAT: 1} and state.spies["4"] == {SEAT: 1}


def test_her_roads_follow_her_region_order():
    # City of Ghazni (kabul, three roads): kabul's neighbours in card 1's order are transcaspia, kandahar, herat,
    # punjab, so the three roads go on the first three of those borders
    state = wakhan_state(market=market(b4=12), rupees={SEAT: 5})
    take(state, "radicalize")
    assert set(state.roads) == {"kabul-transcaspia", "kabul-kandahar", "herat-kabul"}


def test_her_patriots_place_blocks_of_her_pragmatic_loyalty():
    # Army of the Indus is a british patriot; her pragmatic loyalty on card 1 is russian
    state = wakhan_state(market=market(b4=32), loyalty={"anna": "afghan"})
    take(state, "radicalize")
    assert state.armies == {"punjab": {"russian": 3}} and state.players[SEAT].loyalty is None


def test_a_skipped_conditional_code_says_which_condition_failed():
    state = wakhan_state(market=market(t2=38))
    ctx, done = take(state, "radicalize_top_military_if_military_favored")
    assert not done and ctx.events[-1].text.endswith("military is not the favored suit (political is).")


def test_every_action_code_in_the_data_is_one_she_can_take_or_skip():
    from games.pax_pamir import cards
    from games.pax_pamir.wakhan.deck import label

    for code in cards.wakhan_action_codes():
        state = wakhan_state(market=market(b4=7))
        ctx, done = take(state, code)
        assert ctx.events, code
        assert done or ctx.events[-1].text.startswith(f'Wakhan skips "{label(code)}":'), code


def test_battle_under_her_nationalism_fights_with_her_tribes_too():
    # no army of hers in kandahar, only two tribes; anna has a tribe there. Nationalism lets the tribes fight.
    state = wakhan_state(courts={SEAT: [50]}, tribes={"kandahar": {SEAT: 2, "anna": 1}})
    assert not take(state, "battle")[1]
    state = wakhan_state(courts={SEAT: [50]}, tribes={"kandahar": {SEAT: 2, "anna": 1}},
                         effects=[("nationalism", SEAT)])
    assert take(state, "battle")[1] and state.tribes == {"kandahar": {SEAT: 2}}


def test_build_under_a_hostage_bribe_spends_what_is_left_after_the_bribe():
    # 4 rupees; anna holds her Build card hostage with a spy (bribe 1): she pays 1 and builds one army with 3
    state = wakhan_state(courts={SEAT: [5]}, spies={5: {"anna": 1}}, tribes={"transcaspia": {SEAT: 1}},
                         rupees={SEAT: 4}, standing={"anna": {"bribe": "full"}})
    ctx, done = take(state, "build")
    assert done and state.armies == {"transcaspia": {"russian": 1}}
    assert state.players[SEAT].rupees == 1 and state.players["anna"].rupees == 5


def test_tax_from_the_market_takes_the_red_arrows_row_first_within_a_column():
    # Herati Bandits taxes 1; column 1 of both rows carries a rupee; the red arrow reads bottom
    state = wakhan_state(courts={SEAT: [54]}, market_rupees=([1, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0]))
    take(state, "tax")
    assert state.market_rupees == [[1, 0, 0, 0, 0, 0], [0] * 6]


def test_battle_targets_the_red_arrows_player_first():
    # anna is british and bob russian, so she is afghan; two afghan armies in kandahar with Sir John Keane
    # (rank 1); anna and bob each have a tribe there. The red arrow reads bottom/right: bob, to her right, loses his.
    state = wakhan_state(humans=("anna", "bob"), courts={SEAT: [51]},
                         tribes={"kandahar": {"anna": 1, "bob": 1}}, armies={"kandahar": {"afghan": 2}})
    take(state, "battle")
    assert state.tribes == {"kandahar": {"anna": 1}}


def test_radicalize_never_buys_public_withdrawal():
    state = wakhan_state(market=market(b4=111, b1=105))
    pick = by_arrows(state, SEAT, the_reading(state))
    assert pick is not None and (pick.row, pick.column) == (1, 2)
    assert "bottom row column 4 (the event Public Withdrawal) may never be bought" in pick.reason
