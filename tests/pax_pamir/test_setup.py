"""Rulebook page 4, Setup: the draw deck by player count, the market, rupees, and the loyalty choices."""

from __future__ import annotations

import pytest
from pp_helpers import check_invariants, turn

from engine.rng import Rng
from games.pax_pamir import GAME, cards
from games.pax_pamir.setup import build_deck

CHECKS = {n for n, e in cards.event_cards().items() if e.dominance_check}
EVENTS = set(cards.event_cards())


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", range(3))
def test_p04_draw_deck_is_built_pile_by_pile(players: int, seed: int) -> None:
    deck, unused = build_deck(players, Rng(f"deck/{seed}"))
    size = 5 + players
    assert len(deck) == 6 * size + 4 + 6
    assert len(unused) == (100 - 6 * size) + 6
    assert sorted(deck + unused) == list(range(1, 117))
    spans = [size, size + 2] + [size + 2] * 4
    piles, start = [], 0
    for span in spans:
        piles.append(deck[start:start + span])
        start += span
    assert not EVENTS & set(piles[0])
    assert len(EVENTS & set(piles[1])) == 2 and not CHECKS & set(piles[1])
    for pile in piles[2:]:
        assert len(CHECKS & set(pile)) == 1
        assert len((EVENTS - CHECKS) & set(pile)) == 1
        assert len(set(pile) - EVENTS) == size
    assert len((EVENTS - CHECKS) & set(unused)) == 6


def test_p04_market_is_filled_by_columns_top_row_first() -> None:
    rng = Rng("market")
    deck, _ = build_deck(3, Rng("market"))
    state = GAME.setup(["anna", "bob", "cati"], {}, rng)
    assert [state.market[r][c] for c in range(6) for r in range(2)] == deck[:12]
    assert state.deck == deck[12:]
    assert all(p.rupees == 4 and p.loyalty is None for p in state.players.values())
    assert state.favored == "political"
    check_invariants(state)


def test_p04_loyalty_is_chosen_in_turn_from_a_random_seat_and_the_last_goes_first() -> None:
    seats = ["anna", "bob", "cati", "dora"]
    starts = {GAME.setup(seats, {}, Rng(f"s{i}")).loyalty_order[0] for i in range(40)}
    assert starts == set(seats)
    state = GAME.setup(seats, {}, Rng("s1"))
    order = state.loyalty_order
    assert order == [seats[(seats.index(order[0]) + i) % 4] for i in range(4)]
    for seat, coalition in zip(order, ["british", "afghan", "british", "russian"], strict=True):
        (prompt,) = GAME.prompts(state)
        assert prompt.seat == seat and prompt.kind == "loyalty"
        state = turn(state, {"loyalty": coalition}).state
    assert state.phase == "turns"
    assert GAME.prompts(state)[0].seat == order[-1]
    assert [state.players[s].loyalty for s in order] == ["british", "afghan", "british", "russian"]


def test_p04_later_choosers_see_earlier_choices_in_their_prompt() -> None:
    state = GAME.setup(["anna", "bob"], {}, Rng("see"))
    first = state.loyalty_order[0]
    state = turn(state, {"loyalty": "russian"}).state
    (prompt,) = GAME.prompts(state)
    assert f"{first}: russian" in prompt.text


def test_p04_loyalty_must_be_a_coalition() -> None:
    state = GAME.setup(["anna", "bob"], {}, Rng("bad"))
    seat = GAME.prompts(state)[0].seat
    (problem,) = GAME.check(state, seat, {"loyalty": "french"})
    assert problem.path == ("loyalty",) and "afghan, british, russian" in problem.message


def test_setup_refuses_wrong_player_counts() -> None:
    with pytest.raises(ValueError):
        GAME.setup(["anna"], {}, Rng("x"))
    with pytest.raises(ValueError):
        GAME.setup(["a", "b", "c", "d", "e", "f"], {}, Rng("x"))


def test_wakhan_option_as_the_command_line_spells_it() -> None:
    state = GAME.setup(["anna"], {"wakhan": "true"}, Rng("w"))
    assert "wakhan" in state.seats and state.players["wakhan"].automaton == "wakhan"
    assert "wakhan" not in GAME.setup(["anna", "bob"], {"wakhan": "false"}, Rng("w")).seats
    with pytest.raises(ValueError):
        GAME.setup(["anna"], {"wakhan": "perhaps"}, Rng("w"))
    with pytest.raises(ValueError):
        GAME.setup(["anna", "bob"], {"colour": "red"}, Rng("w"))
