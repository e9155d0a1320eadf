"""Playing with Wakhan, Wakhan's Card-Based Actions (summary; rulebook p. 17-18): the same restrictions as the
players (the rulebook's Tax example), the highest-priority card that can act, and her default Tax, Gift, Betray,
Battle and Move. Played through the contract after the human's turn."""

from __future__ import annotations

import pytest
from wk_rulebook_helpers import EMPTY, before_her, hers, market, pass_to_her

from games.pax_pamir.wakhan import SEAT

# AI card 1 starts with Tax; read with the back of card 4 its red arrow points bottom/right, with card 7 top/left.
MARKET_RUPEES = [[0, 0, 2, 0, 0, 0], [0] * 6]


def test_tax_cannot_take_from_a_player_without_a_court_card_in_a_region_she_rules():
    """Card-Based Actions: "Wakhan cannot tax a player unless she rules a territory where that player has a court
    card": she rules kabul, anna's only card is of kandahar, so Kabul Bazaar taxes the market instead."""
    state = before_her(1, 4, market=market(), market_rupees=MARKET_RUPEES, courts={SEAT: [8], "anna": [39]},
                       tribes={"kabul": {SEAT: 1}}, rupees={"anna": 9})
    step = pass_to_her(state)
    assert step.state.players["anna"].rupees == 9
    taxes = [t for t in hers(step) if t.startswith("Wakhan taxes")]
    assert taxes == ["Wakhan taxes 1 rupee from Koh-i-Noor Recovered in the market (no player left to tax; "
                     "leftmost first)."] * 2


def test_tax_takes_from_players_before_the_market():
    """Tax: "Wakhan will always tax players instead of market cards if able": anna holds a kabul card."""
    state = before_her(1, 4, market=market(), market_rupees=MARKET_RUPEES, courts={SEAT: [8], "anna": [4]},
                       tribes={"kabul": {SEAT: 1}}, rupees={"anna": 9})
    step = pass_to_her(state)
    assert step.state.players["anna"].rupees == 7


def test_tax_leaves_the_rupees_in_a_players_tax_shelter():
    """Card-Based Actions: she may tax a player only if "that player has some rupees outside of their tax
    shelter": anna's Ghilzai Nomads shelter 2 of her 3 rupees, so one comes from anna and one from the market (the
    documented reading when a player cannot give the card's whole rank)."""
    state = before_her(1, 4, market=market(), market_rupees=MARKET_RUPEES, courts={SEAT: [8], "anna": [4, 13]},
                       tribes={"kabul": {SEAT: 1}}, rupees={"anna": 3})
    step = pass_to_her(state)
    assert step.state.players["anna"].rupees == 2
    taxes = [t for t in hers(step) if t.startswith("Wakhan taxes")]
    assert taxes[0].startswith("Wakhan taxes 1 rupee from anna") and "in the market" in taxes[1]


@pytest.mark.parametrize(("back", "taxed"), [(4, "bob"), (7, "anna")])
def test_tax_players_tied_for_the_most_rupees_the_red_arrow_decides(back, taxed):
    """Tax: "She will always tax from players with the most rupees first. If both players are tied, use the red
    arrow": bottom/right picks the player to her right (bob, who played before her), top/left the one to her left
    (anna, next to play)."""
    state = before_her(1, back, humans=("anna", "bob"), market=EMPTY, courts={SEAT: [16], "anna": [4], "bob": [2]},
                       tribes={"kabul": {SEAT: 1}}, rupees={"anna": 5, "bob": 5})
    step = pass_to_her(state)
    assert step.state.players[taxed].rupees == 4
    assert sum(step.state.players[s].rupees for s in ("anna", "bob")) == 9


@pytest.mark.parametrize(("gifts", "rupees", "bought"), [((), 4, [2]), ((2,), 3, [2]), ((2,), 4, [2, 4])])
def test_gift_buys_the_cheapest_gift_she_can_afford_onto_her_aid_card(gifts, rupees, bought):
    """Gift: "Wakhan will buy the cheapest gift she can afford to buy, placing it on her aid card": Ishaqzai
    Chiefs (political, favored) gifts as a bonus action; with the 2 taken and 3 rupees the 4 is out of reach."""
    # AI card 15: move, battle, radicalize -- nothing she can do, so her bonus actions follow
    state = before_her(15, 4, market=EMPTY, courts={SEAT: [58]}, gifts={SEAT: list(gifts)}, rupees={SEAT: rupees})
    step = pass_to_her(state)
    her = step.state.players[SEAT]
    assert her.gifts == bought and her.loyalty is None
    assert her.rupees == rupees - sum(bought) + sum(gifts)


def test_betray_takes_a_prize_from_her_own_court_when_no_opponents_card_qualifies():
    """Betray: "the highest priority card with a loyalty prize where she also has a spy, including those in her
    court. She will always take the loyalty prize": her own Shah Shujah Durrani (afghan prize)."""
    state = before_her(22, 4, market=EMPTY, courts={SEAT: [18, 5]}, spies={5: {SEAT: 1}})
    step = pass_to_her(state)
    her = step.state.players[SEAT]
    assert her.prizes == [5] and her.court == [18] and her.rupees == 2


def test_battle_in_the_leftmost_region_of_the_ai_card_where_she_has_an_army_and_another_player_pieces():
    """Battle: "in the region where another player has pieces ... and she has at least one army. If multiple
    regions fulfill this condition, use the leftmost region as listed on the AI card": card 5 lists herat before
    kabul."""
    # card 5: radicalize_to_gain_rule, battle, radicalize; pragmatic loyalty afghan (anna is british)
    state = before_her(5, 4, market=EMPTY, courts={SEAT: [2]}, tribes={"herat": {"anna": 1}, "kabul": {"anna": 1}},
                       armies={"herat": {"afghan": 1}, "kabul": {"afghan": 1}})
    step = pass_to_her(state)
    assert "anna" not in step.state.tribes.get("herat", {})
    assert step.state.tribes["kabul"] == {"anna": 1}


def test_battle_ignores_armies_of_a_coalition_no_other_player_is_loyal_to():
    """Battle: the targets are another player's "tribes, loyal armies or roads": russian armies, with no player
    loyal to Russia, do not make herat a battle region, so she fights anna's tribe in kabul."""
    state = before_her(5, 4, market=EMPTY, courts={SEAT: [2]}, tribes={"kabul": {"anna": 1}},
                       armies={"herat": {"afghan": 1, "russian": 2}, "kabul": {"afghan": 1}})
    step = pass_to_her(state)
    assert step.state.armies["herat"] == {"afghan": 1, "russian": 2}
    assert "anna" not in step.state.tribes.get("kabul", {})


def test_move_needs_no_road_and_brings_only_as_many_armies_as_there_are_tribes():
    """Move: "Wakhan only moves armies and does not require any roads ... She will seek to have only as many armies
    as there are tribes in that region": Mohan Lal (rank 3) moves two of her three herat armies to kandahar, where
    anna has two tribes, with no road on the border."""
    # card 12: move, betray, radicalize; pragmatic loyalty afghan (anna is british)
    state = before_her(12, 4, market=EMPTY, courts={SEAT: [1]}, tribes={"kandahar": {"anna": 2}},
                       armies={"herat": {"afghan": 3}})
    step = pass_to_her(state)
    assert step.state.armies == {"herat": {"afghan": 1}, "kandahar": {"afghan": 2}}
    assert step.state.roads == {}


def test_move_chooses_between_equally_viable_origins_by_the_ai_cards_region_priority():
    """Move: "using the region priority on the AI card to determine the choice between equally viable origins and
    destinations": card 12 lists herat before kabul, so the one army kandahar needs comes from herat."""
    state = before_her(12, 4, market=EMPTY, courts={SEAT: [1]}, tribes={"kandahar": {"anna": 1}},
                       armies={"herat": {"afghan": 1}, "kabul": {"afghan": 1}})
    step = pass_to_her(state)
    assert step.state.armies == {"kabul": {"afghan": 1}, "kandahar": {"afghan": 1}}


def test_a_card_based_action_uses_her_highest_priority_card_a_favored_one_first():
    """Card-Based Actions: "Wakhan will always used the highest priority card among those that could legally take
    the action": Baluchi Chiefs (political, the favored suit) taxes ahead of the higher-ranked Kabul Bazaar, and
    being a bonus action it leaves her two actions."""
    state = before_her(1, 4, market=EMPTY, courts={SEAT: [8, 44], "anna": [4]}, tribes={"kabul": {SEAT: 1}},
                       rupees={"anna": 9})
    step = pass_to_her(state)
    said = hers(step)
    assert said[1].startswith('Wakhan takes the action "tax" with Baluchi Chiefs (card priority: of the favored suit')
    assert "Baluchi Chiefs is of the favored suit: a bonus action." in said
    # the list goes round again: the second "tax" with Kabul Bazaar (rank 2) counts as an action
    assert any(t.startswith('Wakhan takes the action "tax" with Kabul Bazaar') for t in said)
    assert step.state.players["anna"].rupees == 9 - 1 - 2
