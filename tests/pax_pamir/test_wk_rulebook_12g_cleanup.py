"""Playing with Wakhan, Cleanup (summary; rulebook p. 18): over her court limit she discards "non-political cards
first, then non-patriots, then non-leveraged cards, then cards with the most player spies more than Wakhan spies,
fewest spies, lowest rank, not matching the favored suit, and then lowest card number". Played through the
contract: AI card 15 (move, battle, radicalize) gives her nothing to do, so her turn goes straight to cleanup."""

from __future__ import annotations

from wk_rulebook_helpers import EMPTY, before_her, hers, pass_to_her

from games.pax_pamir.wakhan import SEAT


def her_court_after(courts, **kw):
    state = before_her(15, 4, market=EMPTY, courts={SEAT: courts}, rupees={SEAT: 0}, **kw)
    step = pass_to_her(state)
    return step.state.players[SEAT].court, hers(step)


def test_cleanup_keeps_her_patriots_and_discards_a_non_patriot_first():
    """Cleanup: non-political cards first, "then non-patriots": of her four intelligence cards (limit 4 with Shah
    Shujah Durrani's political star) the British patriots George Hayward (22) and Joseph Wolff (71) stay, and of
    the others William Moorcroft (39), the lower number, goes."""
    court, said = her_court_after([5, 22, 39, 71, 73])
    assert court == [5, 22, 71, 73]
    assert any(t.startswith("Wakhan decides") and "William Moorcroft" in t for t in said)


def test_cleanup_keeps_a_leveraged_card_over_an_unleveraged_one():
    """Cleanup: "then non-leveraged cards": Sikh Merchants in Lahore (30, leverage) stays; of Harry Flashman and
    William Moorcroft (both rank 1, no spies) the lower number goes."""
    court, _ = her_court_after([5, 30, 18, 39, 22])
    assert court == [5, 30, 39, 22]


def test_cleanup_discards_the_card_where_other_players_spies_outnumber_hers_before_a_lower_rank():
    """Cleanup: "then cards with the most player spies more than Wakhan spies" before "lowest rank": anna's spy on
    Jan-Fishan Khan (rank 2) sends it away ahead of the rank-1 Harry Flashman and William Moorcroft."""
    court, _ = her_court_after([5, 18, 2, 30, 39], spies={2: {"anna": 1}})
    assert court == [5, 18, 30, 39]


def test_cleanup_discards_nothing_within_her_court_limit():
    """Cleanup: the limit is a player's, 3 plus her political stars: four cards with one political star stay."""
    court, said = her_court_after([5, 18, 2, 39])
    assert court == [5, 18, 2, 39] and not any(t.startswith("Wakhan decides") for t in said)
