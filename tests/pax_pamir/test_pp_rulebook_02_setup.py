"""Rulebook, Setup: favored suit, draw deck, market, player pieces, bank, and the starting loyalty choices."""

from __future__ import annotations

from pp_helpers import check_invariants, turn

from engine.rng import Rng
from games.pax_pamir import GAME, cards

SEATS = ["anna", "bob", "cati"]


def test_setup_starts_with_political_favored_an_empty_map_and_no_rupees_in_the_market() -> None:
    """Setup: the favored suit marker starts next to political; the bank keeps the coins and the coalition blocks
    (none on the map); the market holds no rupees; hands and courts are empty."""
    state = GAME.setup(SEATS, {}, Rng("setup-empty"))
    assert state.favored == "political" == cards.board().suits[0]
    assert state.tribes == {} and state.armies == {} and state.roads == {} and state.spies == {}
    assert state.market_rupees == [[0] * 6, [0] * 6]
    for player in state.players.values():
        assert player.hand == [] and player.court == [] and player.gifts == [] and player.prizes == []
    check_invariants(state)


def test_setup_only_the_seat_whose_turn_it_is_chooses_a_loyalty() -> None:
    """Setup, Starting Loyalty: starting with a random player and clockwise, each player in turn chooses."""
    state = GAME.setup(SEATS, {}, Rng("loyalty-turn"))
    first = state.loyalty_order[0]
    other = next(s for s in SEATS if s != first)
    assert GAME.check(state, other, {"loyalty": "british"})
    assert not GAME.check(state, first, {"loyalty": "british"})


def test_setup_players_may_choose_the_same_loyalty_and_the_last_to_choose_moves_first() -> None:
    """Setup, Starting Loyalty: every player picks freely (nothing stops two choosing the same coalition), and
    the last player to choose takes the first turn."""
    state = GAME.setup(SEATS, {}, Rng("same"))
    order = list(state.loyalty_order)
    for seat in order:
        state = turn(state, {"loyalty": "afghan"}, seat).state
    assert all(state.players[s].loyalty == "afghan" for s in SEATS)
    assert state.phase == "turns" and state.current == order[-1]
    (prompt,) = GAME.prompts(state)
    assert prompt.seat == order[-1]
