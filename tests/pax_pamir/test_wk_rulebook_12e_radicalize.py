"""Playing with Wakhan, Wakhan's Core Action -- Radicalize (summary; rulebook p. 17): she buys one market card and
plays it at once; specific instructions first (ties: the cheapest, then the highest number), the Dominance Check
logic while a check is in the market, otherwise the red and black arrows; she plays the card to the left of her
court when the red arrow points to the top; her spies, roads and patriots' blocks follow her own rules. Played
through the contract after the human's turn."""

from __future__ import annotations

from wk_rulebook_helpers import CHECK, EMPTY, before_her, hers, market, pass_to_her

from games.pax_pamir.wakhan import SEAT


def radicalized(step) -> list[str]:
    return [t for t in hers(step) if t.startswith("Wakhan radicalizes")]


def test_radicalize_plays_to_the_left_of_her_court_when_the_red_arrow_points_to_the_top():
    """Radicalize: "play the card to the left side of her court if the red arrow is pointing to top"; AI card 1
    read with the back of card 7 points to the top row, column 4."""
    state = before_her(1, 7, market=market(t4=7), courts={SEAT: [18]})
    step = pass_to_her(state)
    assert radicalized(step)[0].startswith("Wakhan radicalizes Dost Mohammad (top row, column 4)")
    assert step.state.players[SEAT].court[:2] == [7, 18]


def test_radicalize_with_an_instruction_ties_go_to_the_cheapest_card():
    """Radicalize: "If there are specific instructions: Follow them. Ties are decided by the cheapest card in the
    market": AI card 23 says to radicalize the highest-ranked political card; three rank-2 political cards, Dost
    Mohammad the cheapest."""
    state = before_her(23, 4, market=market(t3=93, b3=24, t2=7), rupees={SEAT: 2})
    step = pass_to_her(state)
    assert radicalized(step)[0].startswith("Wakhan radicalizes Dost Mohammad (top row, column 2) for 1")


def test_radicalize_with_an_instruction_equal_cost_goes_to_the_highest_card_number():
    """Radicalize: ties of cost go to "the highest card number": Madali Khan (93) over Ranjit Singh (24), both in
    column 2."""
    state = before_her(23, 4, market=market(t2=24, b2=93), rupees={SEAT: 2})
    step = pass_to_her(state)
    assert radicalized(step)[0].startswith("Wakhan radicalizes Madali Khan (bottom row, column 2)")


def test_radicalize_with_a_check_in_the_market_takes_the_most_spy_and_tribe_icons_before_the_cheapest():
    """Radicalize, with a Dominance Check in the market and no coalition dominant: "the cheapest card with the most
    spy and/or tribe icons": Mohan Lal's three spies (column 5) over Charles Stoddart's one (column 2)."""
    state = before_her(1, 4, market=market(t6=CHECK, t5=1, t2=4), tribes={"kabul": {"anna": 2}},
                       standing={"anna": {"bribe": "waive"}})
    step = pass_to_her(state)
    assert radicalized(step)[0].startswith("Wakhan radicalizes Mohan Lal (top row, column 5) for 4")


def test_radicalize_with_a_check_in_the_market_equal_icons_and_cost_go_to_the_highest_number():
    """Radicalize, Dominance Check logic: "If there is a tie, use the highest card number": Mohan Lal (1, three
    spies) and Dost Mohammad (7, two tribes and a spy), both in column 2: Dost Mohammad."""
    state = before_her(1, 4, market=market(t6=CHECK, t2=1, b2=7), tribes={"kabul": {"anna": 2}},
                       standing={"anna": {"bribe": "waive"}})
    step = pass_to_her(state)
    assert radicalized(step)[0].startswith("Wakhan radicalizes Dost Mohammad (bottom row, column 2)")


def test_radicalize_discards_the_card_when_the_bribe_exceeds_what_she_has_left():
    """Radicalize: "Wakhan will play the card if she can afford to bribe the player ruling the region ... If she
    cannot pay the bribe, she will discard the card": anna rules kabul with 2 tribes and asks 2; after paying 3
    for Dost Mohammad she holds 1."""
    state = before_her(1, 4, market=market(b4=7), rupees={SEAT: 4}, tribes={"kabul": {"anna": 2}},
                       standing={"anna": {"bribe": "full"}})
    step = pass_to_her(state)
    assert 7 in step.state.discard and 7 not in step.state.players[SEAT].court
    assert step.state.players["anna"].rupees == 4  # no bribe changed hands


def test_radicalize_pays_the_bribe_she_can_afford_and_plays_the_card():
    """Radicalize: she plays the card "if she can afford to bribe the player ruling the region": with 5 rupees she
    pays 3 for Dost Mohammad and anna's bribe of 2."""
    state = before_her(1, 4, market=market(b4=7), rupees={SEAT: 5}, tribes={"kabul": {"anna": 2}},
                       standing={"anna": {"bribe": "full"}})
    step = pass_to_her(state)
    assert 7 in step.state.players[SEAT].court
    assert any(t.startswith("wakhan pays anna a bribe of 2") for t in hers(step))
    assert step.state.players["anna"].rupees == 6


def test_her_roads_go_on_consecutive_borders_following_the_region_priority():
    """Radicalize, Wakhan's Roads: "Place roads on consecutive borders following the region priority on the AI card
    (leftmost first)": Farah Road (herat, three roads); herat's neighbours in card 1's order are transcaspia,
    kabul, kandahar, persia, so persia gets none. (No card has more roads than its region has borders, so the
    rulebook's second pass through the priority never comes up with these cards.)"""
    state = before_her(1, 4, market=market(b4=63), rupees={SEAT: 3})
    step = pass_to_her(state)
    assert 63 in step.state.players[SEAT].court
    herat = {border: pieces for border, pieces in step.state.roads.items() if "herat" in border}
    assert herat == {"herat-transcaspia": {"russian": 1}, "herat-kabul": {"russian": 1},
                     "herat-kandahar": {"russian": 1}}


def test_her_spy_goes_where_she_does_not_have_the_most_spies_highest_priority_first():
    """Radicalize, Wakhan's Spies: "Place spies on the highest priority cards associated with the played card's
    region where Wakhan does not have the most spies": Kabul Bazaar's spy skips anna's Charles Stoddart (her spy
    leads there) for anna's Jan-Fishan Khan, though her own Kabul card is there too (an opponent's card first)."""
    state = before_her(1, 4, market=market(b4=8), courts={"anna": [4, 2], SEAT: [16]}, spies={4: {SEAT: 1}},
                       rupees={SEAT: 3})
    step = pass_to_her(state)
    assert step.state.spies["2"] == {SEAT: 1} and step.state.spies["4"] == {SEAT: 1}
    assert "16" not in step.state.spies


def test_radicalize_with_nothing_she_may_buy_is_skipped():
    """Radicalize: like a human she cannot buy with no card she can afford (an empty market here): the action is
    skipped and no action is spent."""
    state = before_her(1, 4, market=EMPTY)
    step = pass_to_her(state)
    assert not radicalized(step)
    assert any(t.startswith('Wakhan skips "radicalize"') for t in hers(step))


def test_radicalize_plays_the_card_when_the_ruler_waives_the_bribe_she_could_not_pay():
    """Radicalize: she plays the card "if she can afford to bribe the player ruling the region": with nothing left
    after the purchase she can still afford a bribe anna waives, so Dost Mohammad is played, not discarded."""
    state = before_her(1, 4, market=market(b4=7), rupees={SEAT: 3}, tribes={"kabul": {"anna": 2}},
                       standing={"anna": {"bribe": "waive"}})
    step = pass_to_her(state)
    assert 7 in step.state.players[SEAT].court and 7 not in step.state.discard


def test_her_spies_spread_one_at_a_time_to_cards_where_she_lacks_the_most():
    """Radicalize, Wakhan's Spies: each of Mohan Lal's three spies goes on the highest-priority kabul card where she
    does not yet have the most spies: anna's Jan-Fishan Khan (higher rank), then anna's Charles Stoddart, then, with
    the most spies on both, Mohan Lal itself."""
    state = before_her(1, 4, market=market(b4=1), courts={"anna": [4, 2]}, rupees={SEAT: 3})
    step = pass_to_her(state)
    assert step.state.spies == {"2": {SEAT: 1}, "4": {SEAT: 1}, "1": {SEAT: 1}}
    order = [t.split(" goes on ")[1].split(":")[0] for t in hers(step) if t.startswith("Wakhan's spy goes on")]
    assert order == ["Jan-Fishan Khan", "Charles Stoddart", "Mohan Lal"]
