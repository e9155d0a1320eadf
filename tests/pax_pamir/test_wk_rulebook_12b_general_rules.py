"""Playing with Wakhan, General Rules (summary; rulebook p. 16 "General Rules"): she pays every cost and bribe,
holds prizes and patriots of different coalitions, places blocks of her pragmatic loyalty (the leftmost loyalty on
the AI card no other player holds), rules with her tribes and the most numerous armies of one coalition, chooses
the favored suit, and picks cards by her card priority (the rulebook's betrayal example). Each position is played
through the contract: the human before her submits an order, and the game plays her turn."""

from __future__ import annotations

import pytest
from wk_rulebook_helpers import EMPTY, before_her, hers, market, pass_to_her

from games.pax_pamir.wakhan import SEAT

# AI card 1 read with the back of card 4: black arrow market column 4 (cost 3), red arrow bottom row / right;
# loyalty order russian, afghan, british. Card 1 with the back of card 7: the same column, top row / left.


def test_she_pays_a_purchase_like_a_player_a_rupee_on_each_card_to_its_left():
    """General Rules: "Wakhan must pay all costs ... just like a regular player": buying market column 4 puts a
    rupee on each of the three cards to its left in the same row."""
    state = before_her(1, 4, market=market(b4=7), rupees={SEAT: 3})
    step = pass_to_her(state)
    bought = [t for t in hers(step) if t.startswith("Wakhan radicalizes")]
    assert bought and bought[0].startswith("Wakhan radicalizes Dost Mohammad (bottom row, column 4) for 3")
    assert 7 in step.state.players[SEAT].court and step.state.players[SEAT].rupees == 0
    # her cleanup shifted the bottom row one place left: the three paid rupees now lie in columns 1-3
    assert sum(step.state.market_rupees[1]) == 3 and sum(step.state.market_rupees[0]) == 0


def test_she_pays_a_hostage_bribe_to_use_a_card_held_hostage():
    """General Rules: she pays all costs "including bribes": anna's two spies hold her Kabul Bazaar hostage, so
    she pays anna 2 rupees before taxing with it (Hostage Actions)."""
    state = before_her(1, 4, market=market(), market_rupees=[[0, 1, 0, 0, 0, 0], [0] * 6], courts={SEAT: [8]},
                       spies={8: {"anna": 2}}, tribes={"kabul": {SEAT: 1}}, rupees={SEAT: 3, "anna": 6},
                       standing={"anna": {"bribe": "full"}})
    step = pass_to_her(state)
    assert "wakhan pays anna a bribe of 2 rupees to use Kabul Bazaar." in hers(step)
    assert step.state.players["anna"].rupees == 6 + 2  # anna has no court card she could be taxed for


def test_she_holds_patriots_of_different_coalitions_without_changing_loyalty():
    """General Rules: "Wakhan can hold loyalty prizes and patriots belonging to different coalitions": playing a
    british patriot beside a russian one discards nothing."""
    # Henry Rawlinson (20) is a british patriot; Jan Prosper Witkiewicz (86) a russian one
    state = before_her(1, 4, market=market(b4=20), courts={SEAT: [86]}, prizes={SEAT: [93]},
                       loyalty={"anna": "afghan"})
    step = pass_to_her(state)
    her = step.state.players[SEAT]
    assert her.court[:2] == [86, 20] and her.prizes == [93] and her.loyalty is None


def test_pragmatic_loyalty_skips_every_coalition_a_human_holds():
    """General Rules: her pragmatic loyalty is "the leftmost loyalty on the AI card that is not shared by any other
    player", and sets the blocks she places: card 1 reads russian, afghan, british; with bob russian and anna
    british, Dost Mohammad's army is afghan."""
    state = before_her(1, 4, humans=("anna", "bob"), market=market(b4=7),
                       loyalty={"anna": "british", "bob": "russian"})
    step = pass_to_her(state)
    assert "Her pragmatic loyalty is Afghan." in hers(step)[0]
    assert step.state.armies.get("kabul") == {"afghan": 1}


@pytest.mark.parametrize(("armies", "rules"), [
    ({"afghan": 2}, True),                  # her tribe and 2 afghan armies: 3 against anna's 2 tribes
    ({"afghan": 1, "russian": 1}, False),   # only one coalition's armies count: 2 against 2, nobody rules
])
def test_she_rules_with_her_tribes_and_only_the_most_numerous_armies_of_one_coalition(armies, rules):
    """General Rules: for ruling, "count her tribes and only the most numerous Armies of a single coalition" (not
    her pragmatic loyalty's). AI card 19 starts with Build, which she takes only in a region she rules."""
    # card 19: build, move, radicalize; loyalty russian first (anna british), regions kandahar first
    state = before_her(19, 4, market=EMPTY, courts={SEAT: [73]}, rupees={SEAT: 4},
                       tribes={"kandahar": {SEAT: 1, "anna": 2}}, armies={"kandahar": dict(armies)})
    step = pass_to_her(state)
    built = step.state.armies["kandahar"].get("russian", 0) - armies.get("russian", 0)
    assert built == (2 if rules else 0)
    if not rules:
        assert any(t.startswith('Wakhan skips "build"') for t in hers(step))


def test_she_chooses_the_favored_suit_when_an_event_asks_for_a_suit():
    """General Rules: "If Wakhan needs to choose a suit, Wakhan will always select the current favored suit":
    buying Pashtunwali Values leaves the favored suit as it is."""
    state = before_her(1, 4, market=market(b4=115), rupees={SEAT: 3})
    state.favored = "economic"
    step = pass_to_her(state)
    assert any(t.startswith("Wakhan radicalizes") and "Pashtunwali Values" in t for t in hers(step))
    assert step.state.favored == "economic"


def test_card_priority_example_betrays_an_opponents_card_before_her_own():
    """General Rules, the betrayal example: the card must carry her spy; "Wakhan will first look for cards with her
    spies on her opponent's courts", even where her own card matches the favored suit."""
    # AI card 22 starts with Betray. Her own Shah Shujah Durrani (5, political = favored, afghan prize) and anna's
    # Ghilzai Nomads (13, economic, russian prize) both carry her spy; Harry Flashman (18) betrays.
    state = before_her(22, 4, market=EMPTY, courts={SEAT: [18, 5], "anna": [13]},
                       spies={5: {SEAT: 1}, 13: {SEAT: 1}})
    step = pass_to_her(state)
    her = step.state.players[SEAT]
    assert 13 in her.prizes and 13 not in step.state.players["anna"].court
    assert 5 in her.court


def test_card_priority_example_among_opponents_cards_the_favored_suit_first():
    """General Rules, the betrayal example: "If there is more than one option, she will prioritize those that
    match the favored suit": of anna's two cards with a prize and her spy, the political Madali Khan (93)."""
    state = before_her(22, 4, market=EMPTY, courts={SEAT: [18], "anna": [13, 93]},
                       spies={93: {SEAT: 1}, 13: {SEAT: 1}})
    step = pass_to_her(state)
    assert step.state.players[SEAT].prizes == [93]
    assert step.state.players["anna"].court == [13]


def test_a_human_playing_a_card_where_she_rules_is_asked_her_full_bribe():
    """General Rules: she plays "just like a regular player", so ruling kabul with two tribes she may ask a bribe of
    two when anna plays Dost Mohammad there; her rules always ask the full bribe (WAKHAN.md: questions put to her
    are answered by rule), and anna's order offering two pays it."""
    state = before_her(15, 4, market=EMPTY, hands={"anna": [7]}, tribes={"kabul": {SEAT: 2}}, rupees={SEAT: 0})
    order = {"actions": [{"action": "play", "card": 7, "side": "left", "bribe": 2, "spies": [7]}]}
    step = pass_to_her(state, order)
    assert step.state.players["anna"].court == [7]
    assert step.state.players["anna"].rupees == 2 and step.state.players[SEAT].rupees == 2


def test_a_human_offering_less_than_her_full_bribe_keeps_the_card():
    """General Rules (bribes like a regular player): offered one rupee where she asks two, the card stays in anna's
    hand and the action is not spent (Play: the most the player will pay)."""
    state = before_her(15, 4, market=EMPTY, hands={"anna": [7]}, tribes={"kabul": {SEAT: 2}}, rupees={SEAT: 0})
    order = {"actions": [{"action": "play", "card": 7, "side": "left", "bribe": 1, "spies": [7]}]}
    step = pass_to_her(state, order)
    assert step.state.players["anna"].hand == [7] and step.state.players["anna"].rupees == 4
    assert step.state.players[SEAT].rupees == 0
