"""Playing with Wakhan, Wakhan's Turn (summary; rulebook p. 16-17): the AI card drawn face up onto the discard
pile, the back of the new top card read with it, the whole pile reshuffled when the deck runs out, two actions
from the card's list, bonus actions from her unused favored-suit cards (leftmost first, skipping actions she
cannot take), each card used once a turn. Played through the contract after the human's turn."""

from __future__ import annotations

from wk_rulebook_helpers import EMPTY, before_her, hers, market, pass_to_her

from games.pax_pamir import cards
from games.pax_pamir.wakhan import SEAT
from games.pax_pamir.wakhan.deck import KEY, AiDeck, load


def test_turn_draws_the_top_ai_card_face_up_and_reads_the_back_of_the_card_now_on_top():
    """Wakhan's Turn: "draw an AI card and place it face up ... in a discard pile. You will use this face-up card
    and the back of the card now on top of the draw deck to make decisions"."""
    state = before_her(8, 3, market=market())
    step = pass_to_her(state)
    ai = load(step.state)
    assert ai.card == 8 and ai.discard == [8] and ai.deck[0] == 3 and len(ai.deck) == 23
    first = hers(step)[0]
    back = cards.wakhan_cards()[3].back
    assert first.startswith("Wakhan's turn. AI card 8 lists the actions 1. tax; 2. betray; 3. radicalize.")
    assert f"shows the columns {', '.join(map(str, back.column_numbers))}" in first
    # card 8's black arrow picks the fifth number of card 3's back (0), its red arrow the second row (bottom)
    assert "the black arrow picks the fifth, 0 (market column 1" in first
    assert "the red arrow the second, bottom" in first


def test_turn_reshuffles_the_whole_pile_with_the_card_just_drawn_when_the_deck_runs_out():
    """Wakhan's Turn: "If the draw deck is empty, reshuffle the entire discard pile (including the card just
    drawn) to create a new draw deck and draw again." """
    state = before_her(1, 4, market=market())
    # card 24 is the last one left in her deck; the other 23 lie face up, 23 the card she played last turn
    state.automata[SEAT] = {KEY: AiDeck([24], list(range(1, 24)), 23).encode()}
    step = pass_to_her(state)
    ai = load(step.state)
    assert any("all 24 AI cards are reshuffled" in t for t in [e.text for e in step.events])
    assert len(ai.deck) == 23 and ai.discard == [ai.card]
    assert sorted(ai.deck + ai.discard) == list(range(1, 25))
    assert f"AI card {ai.card} lists" in hers(step)[0]


def test_bonus_actions_take_the_leftmost_action_she_can_skipping_those_she_cannot():
    """Wakhan's Turn: with no valid choice on the AI card she takes bonus actions from her unused favored-suit
    cards, "the leftmost action on the card, skipping any actions that cannot be taken": Baluchi Chiefs cannot
    Build (she holds one rupee), so it Taxes."""
    # AI card 15: move, battle, radicalize -- none possible with no armies and an empty market
    state = before_her(15, 4, market=EMPTY, courts={SEAT: [44], "anna": [39]}, rupees={SEAT: 1, "anna": 4},
                       tribes={"kandahar": {SEAT: 1}})
    step = pass_to_her(state)
    said = hers(step)
    assert any(t.startswith("Wakhan's bonus action: tax with Baluchi Chiefs") for t in said)
    assert not any("build" in t and "Baluchi" in t for t in said)
    assert step.state.players[SEAT].rupees == 2 and step.state.players["anna"].rupees == 3


def test_each_court_card_acts_once_a_turn_even_as_a_bonus():
    """Wakhan's Turn: "each of Wakhan's court cards can still only be used for a single action per turn": the
    favored Baluchi Chiefs builds for the card's Build code (a bonus action) and is not used again afterwards."""
    # AI card 19: build, move, radicalize; she rules kandahar; nothing she can radicalize (empty market)
    state = before_her(19, 4, market=EMPTY, courts={SEAT: [44], "anna": [39]}, rupees={SEAT: 6, "anna": 4},
                       tribes={"kandahar": {SEAT: 1}})
    step = pass_to_her(state)
    said = hers(step)
    uses = [t for t in said if "Baluchi Chiefs" in t and t.startswith(("Wakhan takes the action", "Wakhan's bonus"))]
    assert len(uses) == 1 and uses[0].startswith('Wakhan takes the action "build"')
    assert "Baluchi Chiefs is of the favored suit: a bonus action." in said
    assert step.state.players["anna"].rupees == 4  # it did not tax as well


def test_two_actions_counted_then_her_turn_ends_even_with_rupees_left():
    """Wakhan's Turn: she performs actions "until two (non-bonus) actions have been taken": two radicalizations
    (the second passes over the card she paid a rupee onto), and her last 3 rupees stay unspent."""
    state = before_her(1, 4, market=market(b4=7, b3=39), rupees={SEAT: 9})
    step = pass_to_her(state)
    bought = [t for t in hers(step) if t.startswith("Wakhan radicalizes")]
    assert len(bought) == 2 and "Courtly Manners (top row, column 4)" in bought[1]
    assert step.state.players[SEAT].court == [7] and step.state.players[SEAT].rupees == 3
