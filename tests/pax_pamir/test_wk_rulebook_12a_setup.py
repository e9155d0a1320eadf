"""Playing with Wakhan, Setup (summary "Playing with Wakhan"; rulebook p. 16 "Setting Up"): she counts for the
deck size, her 24 AI cards are shuffled face down, she has cylinders but no loyalty dial, she sits to the right of
the last human to choose loyalty and takes the first turn. Driven through GAME.setup / check / apply."""

from __future__ import annotations

import pytest

from engine.rng import Rng
from games.pax_pamir import GAME, queries
from games.pax_pamir.state import CYLINDERS
from games.pax_pamir.wakhan import SEAT
from games.pax_pamir.wakhan.deck import load


def choose_loyalties(state, loyalties):
    """Each prompted human chooses a loyalty through the contract; returns the last step and who chose when."""
    chose = []
    step = None
    for i in range(len(loyalties)):
        (prompt,) = GAME.prompts(state)
        order = {"loyalty": loyalties[i]}
        assert GAME.check(state, prompt.seat, order) == []
        step = GAME.apply(state, {prompt.seat: order}, Rng.for_step("wk-setup", i))
        chose.append(prompt.seat)
        state = step.state
    return step, chose


@pytest.mark.parametrize("humans", [("anna",), ("anna", "ben")])
def test_setup_includes_wakhan_as_a_player_when_sizing_the_deck(humans):
    """Setup: "Include Wakhan as a player when determining the size of the deck" (piles of 5 + players)."""
    state = GAME.setup(list(humans), {"wakhan": True}, Rng("wk-deck"))
    players = len(humans) + 1
    assert len(state.deck) + 12 == 6 * (5 + players) + 6 + 4
    plain = GAME.setup([f"p{i}" for i in range(players)], {}, Rng("wk-deck"))
    assert len(state.deck) == len(plain.deck)


def test_setup_shuffles_the_24_ai_cards_face_down_and_no_view_shows_their_order():
    """Setup: "Shuffle the deck of 24 AI cards and place them in a stack face down."""
    orders = set()
    for seed in range(4):
        state = GAME.setup(["anna"], {"wakhan": True}, Rng(f"wk-ai-{seed}"))
        ai = load(state)
        assert sorted(ai.deck) == list(range(1, 25)) and ai.card is None and ai.discard == []
        orders.add(tuple(ai.deck))
        view = str(GAME.view(state, "anna"))
        assert str(ai.deck[1:6])[1:-1] not in view  # the order below the top is nobody's to see
    assert len(orders) > 1


def test_setup_wakhan_has_a_set_of_cylinders_and_no_loyalty_dial():
    """Setup: Wakhan uses a spare set of player cylinders and does not take a loyalty dial; like every player she
    starts with four rupees (Take Player Pieces)."""
    state = GAME.setup(["anna"], {"wakhan": True}, Rng("wk-pieces"))
    assert state.players[SEAT].rupees == 4 and state.players[SEAT].loyalty is None
    step, _ = choose_loyalties(state, ["russian"])
    after = step.state
    assert after.players[SEAT].loyalty is None
    assert queries.cylinders_in_supply(after, SEAT) + queries.cylinders_in_play(after, SEAT) == CYLINDERS
    assert GAME.prompts(after)[0].seat == "anna"  # she is never asked to choose a loyalty


@pytest.mark.parametrize("seed", range(4))
def test_setup_wakhan_sits_right_of_the_last_chooser_and_takes_the_first_turn(seed):
    """Setup: "Place Wakhan's pieces to the right of the player who chooses their loyalty last. Wakhan will take
    the first turn of the game." Play passes to the left, so the last chooser plays right after her."""
    state = GAME.setup(["anna", "ben"], {"wakhan": True}, Rng(f"wk-seat-{seed}"))
    step, chose = choose_loyalties(state, ["british", "afghan"])
    texts = [e.text for e in step.events]
    first = next(i for i, t in enumerate(texts) if t.startswith("Wakhan's turn."))
    # nothing but the loyalty choices and the first-turn notice comes before her turn
    assert all("loyalty" in t or "first turn" in t for t in texts[:first]), texts[:first]
    after = step.state
    assert load(after).card is not None  # she has already drawn and played an AI card
    seats = after.seats
    assert seats[(seats.index(SEAT) + 1) % len(seats)] == chose[-1]
    (prompt,) = GAME.prompts(after)
    assert prompt.seat == chose[-1]
