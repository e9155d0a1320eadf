"""Rulebook, Cleanup: court limit, then hand limit, then leftmost events, then the market refill."""

from __future__ import annotations

from pp_helpers import position, turn

from games.pax_pamir import GAME

MOHAN_LAL = 1  # Kabul intelligence rank 3
AFGHAN_HANDICRAFTS = 9
GHILZAI_NOMADS = 13
KHYBER_PASS = 29
RUMOR = 108  # discarded: every player discards every prize
NEW_TACTICS = 105  # discarded: favor military
EXILED_DURRANI_NOBILITY = 57  # a British prize
JEZAIL_SHARPSHOOTERS = 53  # a Russian prize


def test_the_court_limit_is_met_first_so_its_discards_can_lower_the_hand_limit() -> None:
    """Cleanup: the court step comes before the hand step: discarding Mohan Lal (three blue stars) from an overfull
    court leaves a hand limit of two for the five cards in hand."""
    state = position(courts={"anna": [MOHAN_LAL, AFGHAN_HANDICRAFTS, GHILZAI_NOMADS, KHYBER_PASS]},
                     hands={"anna": [40, 41, 42, 43, 44]})
    step = turn(state, {"cleanup": {"court": [MOHAN_LAL]}})
    (prompt,) = GAME.prompts(step.state)
    assert prompt.seat == "anna" and "hand" in prompt.text
    step = turn(step.state, {"answer": [40, 41, 42]})
    anna = step.state.players["anna"]
    assert anna.court == [AFGHAN_HANDICRAFTS, GHILZAI_NOMADS, KHYBER_PASS] and anna.hand == [43, 44]


def test_a_discarded_event_affects_all_players_not_only_the_active_one() -> None:
    """Cleanup: when an event card is discarded, all players are affected by the text at its top (Rumor discarded:
    every player loses every prize)."""
    state = position(market=[[1, 2, 3, 4, 5, 6], [RUMOR, 8, 9, 10, 11, 12]], deck=[20, 21])
    state.players["bob"].prizes = [JEZAIL_SHARPSHOOTERS]
    state.players["cati"].loyalty = "british"
    state.players["cati"].prizes = [EXILED_DURRANI_NOBILITY]
    step = turn(state, {})
    assert step.state.players["bob"].prizes == [] and step.state.players["cati"].prizes == []
    assert {RUMOR, JEZAIL_SHARPSHOOTERS, EXILED_DURRANI_NOBILITY} <= set(step.state.discard)


def test_a_dominance_check_in_the_leftmost_column_is_resolved_at_cleanup() -> None:
    """Cleanup: event cards in the leftmost column are discarded and their top resolved; for a Dominance Check
    that is a Dominance Check."""
    state = position(market=[[101, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12]], deck=[20, 102, 103, 104])
    state.tribes = {"kabul": {"bob": 2, "cati": 1}}
    step = turn(state, {})
    new = step.state
    assert new.checks_done == 1 and 101 in new.discard
    assert [new.players[s].score for s in ("anna", "bob", "cati")] == [0, 3, 1]
    assert new.market[0] == [2, 3, 4, 5, 6, 20]


def test_an_event_the_refill_slides_into_the_leftmost_column_waits_for_the_next_cleanup() -> None:
    """Cleanup: events in the leftmost column are discarded before the market is refilled, so an event that the
    refill moves there stays until the following cleanup."""
    state = position(market=[[1, NEW_TACTICS, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12]], deck=[20, 21, 22, 23])
    step = turn(state, {"actions": [{"action": "purchase", "row": 1, "column": 1}]})
    assert step.state.market[0][0] == NEW_TACTICS and step.state.favored == "political"
    step = turn(step.state, {})
    assert NEW_TACTICS in step.state.discard and step.state.favored == "military"


def test_the_refill_moves_cards_left_before_drawing_into_the_rightmost_spaces() -> None:
    """Cleanup: fill empty spaces by moving all cards of the row (with their rupees) to the leftmost positions,
    then draw new cards into the rightmost empty spaces."""
    state = position(market=[[1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12]], deck=[20, 21, 22])
    state.market_rupees = [[0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0]]
    step = turn(state, {"actions": [{"action": "purchase", "row": 1, "column": 3},
                                    {"action": "purchase", "row": 2, "column": 2}]})
    new = step.state
    assert new.market[0] == [1, 2, 4, 5, 6, 20]
    assert new.market[1] == [7, 9, 10, 11, 12, 21]
    assert new.market_rupees == [[1, 1, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0]]


def test_two_dominance_checks_revealed_by_one_refill_cause_instability() -> None:
    """Cleanup, Instability: a Dominance Check revealed while another is already in the market (here the one just
    drawn into the space above) triggers a Dominance Check; both are discarded and the spaces filled again."""
    state = position(market=[[1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12]], deck=[102, 103, 40, 41, 104])
    state.tribes = {"kabul": {"cati": 1}}
    step = turn(state, {"actions": [{"action": "purchase", "row": 1, "column": 1},
                                    {"action": "purchase", "row": 2, "column": 1}]})
    new = step.state
    assert new.checks_done == 1 and new.players["cati"].score == 3
    assert {102, 103} <= set(new.discard)
    assert new.market == [[2, 3, 4, 5, 6, 40], [8, 9, 10, 11, 12, 41]]
    assert new.deck == [104]


def test_cleanup_limits_are_the_active_players_own() -> None:
    """Cleanup: the limits are checked in the acting player's cleanup; a player pushed over the court limit in
    another's turn (Bob loses Dost Mohammad's two purple stars to Anna's betrayal) discards in his own cleanup."""
    durrani_royal_guard = 15  # Kabul military: betray
    dost_mohammad = 7  # Kabul political rank 2
    bob_court = [dost_mohammad, 8, 9, 13, 29]
    state = position(courts={"anna": [durrani_royal_guard], "bob": bob_court}, hands={"anna": [40]})
    state.spies = {str(dost_mohammad): {"anna": 1}}
    step = turn(state, {"actions": [{"action": "betray", "card": durrani_royal_guard,
                                     "target": dost_mohammad}]})
    assert step.state.players["bob"].court == [8, 9, 13, 29]
    (prompt,) = GAME.prompts(step.state)
    assert prompt.seat == "bob" and prompt.kind == "turn" and step.state.current == "bob"
    step = turn(step.state, {})
    (prompt,) = GAME.prompts(step.state)
    assert prompt.seat == "bob" and "court is over its limit of 3" in prompt.text


def test_a_check_drawn_after_the_leftmost_check_was_discarded_is_no_instability() -> None:
    """Cleanup: the leftmost check is discarded (and resolved) in the third step, before the refill; the check
    the fourth step then draws finds no other check in the market, so it simply waits there."""
    state = position(market=[[101, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12]], deck=[102, 40, 103, 104])
    state.tribes = {"kabul": {"bob": 1}}
    new = turn(state, {}).state
    assert new.checks_done == 1 and new.players["bob"].score == 3
    assert new.market[0] == [2, 3, 4, 5, 6, 102]
    assert new.deck == [40, 103, 104]


def test_the_refill_leaves_spaces_empty_when_the_deck_runs_out() -> None:
    """Cleanup: draw new cards to return the market to its normal size 'if possible': with the deck empty the
    rightmost spaces stay empty and the game goes on."""
    state = position(market=[[1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12]], deck=[40])
    step = turn(state, {"actions": [{"action": "purchase", "row": 2, "column": 1},
                                    {"action": "purchase", "row": 2, "column": 2}]})
    new = step.state
    assert new.market[1] == [9, 10, 11, 12, 40, None]
    assert new.market[0] == [1, 2, 3, 4, 5, 6] and new.deck == []
    assert new.phase == "turns" and GAME.prompts(new)[0].seat == "bob"


def test_a_card_moving_onto_a_discarded_events_rupees_adds_them_to_its_own() -> None:
    """Cleanup (and the Overview's cleanup): rupees left where an event was discarded go to the card that moves into
    that space, even when it already carries rupees of its own; cards further right keep theirs."""
    state = position(market=[[NEW_TACTICS, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12]], deck=[20])
    state.market_rupees = [[2, 1, 3, 0, 0, 0], [0] * 6]
    new = turn(state, {}).state
    assert new.market[0] == [2, 3, 4, 5, 6, 20]
    assert new.market_rupees[0] == [3, 3, 0, 0, 0, 0]


def test_riots_discarded_at_cleanup_remove_everyones_tribes_and_armies_there_and_overthrow() -> None:
    """Cleanup: a discarded event affects all players: Nation Building's top (riots in Kabul) removes every tribe and
    army in Kabul, and each player who loses their last tribe there loses their Kabul political cards."""
    shah_shujah, dost_mohammad = 5, 7  # Kabul political cards
    state = position(market=[[112, 2, 3, 4, 6, 8], [9, 10, 11, 12, 13, 14]], deck=[20],
                     courts={"anna": [shah_shujah], "bob": [dost_mohammad, 29]})
    state.tribes = {"kabul": {"anna": 1, "bob": 2}, "herat": {"cati": 1}}
    state.armies = {"kabul": {"british": 2, "russian": 1}, "punjab": {"afghan": 1}}
    new = turn(state, {}).state
    assert new.tribes == {"herat": {"cati": 1}}
    assert new.armies == {"punjab": {"afghan": 1}}
    assert new.players["anna"].court == [] and new.players["bob"].court == [29]
    assert {112, shah_shujah, dost_mohammad} <= set(new.discard)
