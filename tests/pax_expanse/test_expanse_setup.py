"""Setup, as the rulebook's "Setup" section lays it out."""

from __future__ import annotations

import pytest

from engine.rng import Rng
from games.pax_expanse import cards
from games.pax_expanse.setup import new_game
from games.pax_expanse.state import GameState

SEATS4 = ["anna", "ben", "cleo", "dan"]


def game(seats: list[str] = SEATS4, seed: str = "s1") -> GameState:
    return new_game(seats, Rng(seed))


def test_setup_starting_political_climate_is_peace() -> None:
    assert game().climate == "peace"


def test_setup_draw_deck_six_piles_with_dominance_checks_on_piles_3_to_6() -> None:
    state = game()
    whole = [c for row in state.market for c in row if c is not None] + state.deck
    assert len(whole) == 60 + 12 + 4
    # The market took pile 1 (12 assets), so the deck starts with pile 2: 9 assets, then pile 3 topped by check 1.
    checks = {e.dominance.check: n for n, e in cards.events().items() if e.dominance}
    piles = [state.deck[:9], state.deck[9:22], state.deck[22:35], state.deck[35:48], state.deck[48:]]
    assert all(n in cards.assets() for n in piles[0])
    for index, pile in enumerate(piles[1:]):
        assert pile[0] == checks[index + 1]
        assert sum(n in cards.assets() for n in pile) == (12 if index == 3 else 9)
        assert sum(n in cards.events() and n not in checks.values() for n in pile) == 3
    assert len(piles[4]) == 1 + 12 + 3


def test_setup_forty_assets_stay_out_unseen() -> None:
    state = game()
    in_play = {c for row in state.market for c in row if c is not None} | set(state.deck)
    assert len(state.unused) == 40
    assert not in_play & set(state.unused)
    assert in_play | set(state.unused) == set(cards.assets()) | set(cards.events())


def test_setup_market_filled_column_by_column_top_row_first() -> None:
    # Rebuild the deck from the same seed and check the first twelve cards went in column order.
    from games.pax_expanse.setup import build_deck

    deck, _ = build_deck(Rng("s1"))
    state = game()
    expected = [[deck[2 * c + r] for c in range(6)] for r in range(2)]
    assert state.market == expected
    assert state.deck == deck[12:]
    assert state.market_influence == [[0] * 6, [0] * 6]


def test_setup_first_player_random_and_influence_by_turn_order() -> None:
    firsts = set()
    for seed in range(20):
        state = game(seed=str(seed))
        firsts.add(state.order[0])
        assert state.order == SEATS4[SEATS4.index(state.order[0]):] + SEATS4[:SEATS4.index(state.order[0])]
        assert [state.players[s].influence for s in state.order] == [1, 2, 3, 4]
        assert state.current == state.order[0]
    assert len(firsts) > 1
    three = game(SEATS4[:3])
    assert [three.players[s].influence for s in three.order] == [2, 3, 4]


def test_setup_objective_in_the_belt_rocinante_in_the_outer_planets() -> None:
    state = game()
    assert state.objective == "belt"
    assert state.rocinante.region == "outer_planets"
    assert not state.rocinante.damaged
    assert sorted(state.rocinante.deck) == list(range(1, 25))
    assert state.rocinante.face_up == state.rocinante.deck[0]
    assert state.rocinante.discard == []


def test_setup_dominance_tokens_uncontrolled_and_no_pieces() -> None:
    from games.pax_expanse import queries

    state = game()
    assert not state.supporters and not state.fleets and not state.transports and not state.agents
    for region in cards.board().regions:
        assert queries.faction_control(state, region) is None
        assert queries.player_control(state, region) is None


def test_setup_starting_loyalty_is_chosen_by_everyone_at_once() -> None:
    state = game()
    assert state.phase == "loyalty"
    assert state.due_seats() == state.order
    assert all(p.loyalty is None and p.vp == 0 and not p.hand and not p.network for p in state.players.values())


def test_setup_players_take_colours_in_turn_order() -> None:
    state = game()
    assert [state.players[s].colour for s in state.order] == list(cards.loyalty().colours)


def test_setup_is_deterministic_and_differs_by_seed() -> None:
    assert game(seed="x") == game(seed="x")
    assert game(seed="x").deck != game(seed="y").deck


@pytest.mark.parametrize("seats", [["a", "b"], ["a", "b", "c", "d", "e"], ["a", "a", "b"]])
def test_setup_takes_three_or_four_different_players(seats: list[str]) -> None:
    with pytest.raises(ValueError):
        game(seats)
