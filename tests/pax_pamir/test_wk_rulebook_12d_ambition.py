"""Playing with Wakhan, Wakhan's Ambition (summary; rulebook p. 17): "If Wakhan is able to purchase the Dominance
Check and score the most victory points and/or win the game, she will use her action to do that, regardless of
the actions listed on her AI card." Played through the contract after the human's turn."""

from __future__ import annotations

from wk_rulebook_helpers import CHECK, before_her, hers, market, pass_to_her

from games.pax_pamir import GAME
from games.pax_pamir.wakhan import SEAT

#: The draw deck: court cards her cleanup refills the market from, then another Dominance Check.
LATER = [100, 99, 98, 102]


def test_ambition_buys_the_check_before_an_action_her_card_lists_and_she_could_take():
    """Ambition, "regardless of the actions listed": AI card 8 starts with Tax, and she could tax the rupee on a
    market card, yet her first action buys the Dominance Check she scores most from (no coalition dominant: her
    two tribes against anna's one)."""
    state = before_her(8, 4, market=market(t3=CHECK), market_rupees=[[0, 0, 0, 0, 1, 0], [0] * 6],
                       courts={SEAT: [61]}, tribes={"kabul": {SEAT: 2, "anna": 1}}, rupees={SEAT: 5})
    state.deck = list(LATER)  # another check to come: this one is not the final check
    step = pass_to_her(state)
    said = hers(step)
    assert said[1].startswith("Wakhan radicalizes Dominance Check") and "Wakhan's ambition" in said[1]
    assert step.state.players[SEAT].score == 3 and step.state.players["anna"].score == 1
    assert GAME.result(step.state) is None  # a lead of 2: the game goes on


def test_ambition_does_not_buy_a_check_on_which_she_only_ties_for_the_most_points():
    """Ambition: she buys it to "score the most victory points"; tied for the most cylinders in play (3 + 1 shared,
    2 each) she scores no more than anna, so she leaves the check (this reads "the most" as strictly most)."""
    state = before_her(8, 4, market=market(t3=CHECK), tribes={"kabul": {SEAT: 1, "anna": 1}}, rupees={SEAT: 5})
    state.deck = list(LATER)
    step = pass_to_her(state)
    said = hers(step)
    assert not any(t.startswith("Wakhan radicalizes Dominance Check") for t in said)
    assert any(t.startswith("Wakhan's ambition passes") and "she would score 2 against 2" in t for t in said)
    assert CHECK in [n for row in step.state.market for n in row]


def test_ambition_buys_the_check_that_wins_her_the_game_by_a_four_point_lead():
    """Ambition, "and/or win the game": afghan dominant and nobody else loyal to it, she scores 5 and leads by 5;
    the game ends at once with her the only winner (Game End: a lead of four after a check)."""
    state = before_her(8, 4, market=market(t2=CHECK), armies={"kabul": {"afghan": 4}}, rupees={SEAT: 2})
    state.deck = list(LATER)
    step = pass_to_her(state)
    assert any(t.startswith("Wakhan radicalizes Dominance Check") for t in hers(step))
    result = GAME.result(step.state)
    assert result is not None and result.winners == (SEAT,)
    assert result.scores[SEAT] == 5 and result.scores["anna"] == 0
