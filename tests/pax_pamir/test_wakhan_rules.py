"""Wakhan's general rules (rulebook p. 16): card priority one rule at a time, the red arrow, pragmatic loyalty,
how her pieces rule, her Dominance Check scores, the favored suit, her cleanup priority, her AI deck and setup."""

from __future__ import annotations

import pytest
from test_wakhan_helpers import take, wakhan_state

from engine.rng import Rng
from games.pax.context import Question
from games.pax_pamir import cards
from games.pax_pamir.dominance import check_scores
from games.pax_pamir.ruling import ruler
from games.pax_pamir.wakhan import SEAT
from games.pax_pamir.wakhan.cleanup import court_order
from games.pax_pamir.wakhan.decide import WakhanContext, answer
from games.pax_pamir.wakhan.deck import draw, load, reading, store
from games.pax_pamir.wakhan.loyalty import pragmatic_loyalty
from games.pax_pamir.wakhan.priority import best, red_arrow_seats
from games.pax_pamir.wakhan.setup import first_turn, new_game

# --- card priority, highest rule first -------------------------------------------------------------------------


def test_priority_1_opponents_card_beats_everything():
    # 1 Mohan Lal (rank 3, hers) against 4 Charles Stoddart (rank 1, anna's)
    state = wakhan_state(courts={SEAT: [1], "anna": [4]})
    assert best(state, SEAT, [1, 4]) == 4


def test_priority_2_favored_suit():
    # both anna's: 5 Shah Shujah (political, favored) over 3 Prince Akbar Khan (intelligence, patriot, rank 2)
    state = wakhan_state(courts={"anna": [3, 5]})
    assert best(state, SEAT, [3, 5]) == 5


def test_priority_3_patriot_of_the_dominant_coalition():
    # afghan dominant: 3 Prince Akbar Khan (afghan patriot) over 69 Count Ivan Simonich (russian patriot, prize)
    state = wakhan_state(courts={"anna": [3, 69]}, armies={"kabul": {"afghan": 4}})
    assert best(state, SEAT, [3, 69]) == 3


def test_priority_4_prize_of_the_dominant_coalition():
    # afghan dominant: 4 Charles Stoddart (afghan prize) over 22 George Hayward (british patriot, russian prize)
    state = wakhan_state(courts={"anna": [4, 22]}, armies={"kabul": {"afghan": 4}})
    assert best(state, SEAT, [4, 22]) == 4


def test_priority_5_other_patriot():
    # no dominance: 22 George Hayward (british patriot, rank 1) over 2 Jan-Fishan Khan (rank 2, no patriot)
    state = wakhan_state(courts={"anna": [2, 22]})
    assert best(state, SEAT, [2, 22]) == 22


def test_priority_6_leveraged():
    # 40 Macnaghten is a patriot too, so compare two non-patriots: 54 Herati Bandits (leveraged, rank 1) over
    # 39 William Moorcroft (rank 1), both intelligence
    state = wakhan_state(courts={"anna": [39, 54]})
    assert best(state, SEAT, [39, 54]) == 54


def test_priority_7_highest_rank():
    # 2 Jan-Fishan Khan (rank 2) over 39 William Moorcroft (rank 1), both intelligence, no patriot, no leverage
    state = wakhan_state(courts={"anna": [2, 39]})
    assert best(state, SEAT, [2, 39]) == 2


def test_priority_8_highest_number():
    # 18 Harry Flashman and 39 William Moorcroft: intelligence, rank 1, nothing else
    state = wakhan_state(courts={"anna": [18, 39]})
    assert best(state, SEAT, [18, 39]) == 39


def test_red_arrow_top_looks_left_first_bottom_right_first():
    state = wakhan_state(humans=("anna", "bob"))
    assert red_arrow_seats(state, SEAT, "top_left") == ["anna", "bob"]
    assert red_arrow_seats(state, SEAT, "bottom_right") == ["bob", "anna"]


# --- loyalty and ruling --------------------------------------------------------------------------------------


def test_pragmatic_loyalty_is_leftmost_not_held_by_a_human():
    state = wakhan_state()  # AI card 1: russian, afghan, british
    assert pragmatic_loyalty(state, reading(state), SEAT) == "russian"
    state.players["anna"].loyalty = "russian"
    assert pragmatic_loyalty(state, reading(state), SEAT) == "afghan"


def test_her_ruling_pieces_count_only_the_most_numerous_coalition_armies():
    # her tribe plus the 2 afghan armies (not the russian one): 3 against anna's 2 tribes and british army
    state = wakhan_state(tribes={"kabul": {SEAT: 1, "anna": 2}}, armies={"kabul": {"afghan": 2, "russian": 1}})
    assert ruler(state, "kabul") == SEAT
    state.armies["kabul"]["british"] = 1
    assert ruler(state, "kabul") is None


def test_she_is_loyal_to_every_coalition_at_a_dominance_check():
    # afghan dominant; anna is british, so only Wakhan is in the running and scores 5
    state = wakhan_state(armies={"kabul": {"afghan": 4}}, gifts={SEAT: [2]})
    coalition, awards = check_scores(state, final=False)
    assert coalition == "afghan" and awards == {SEAT: 5}


def test_her_gifts_count_for_every_coalition_her_patriots_for_their_own():
    # british dominant: anna influence 1+1 patriot; Wakhan 1 + gift + british patriot 20, not afghan patriot 4
    state = wakhan_state(armies={"punjab": {"british": 4}}, gifts={SEAT: [2]}, courts={SEAT: [20, 4], "anna": [22]})
    coalition, awards = check_scores(state, final=False)
    assert coalition == "british" and awards == {SEAT: 5, "anna": 3}


def test_she_chooses_the_favored_suit():
    state = wakhan_state()
    state.favored = "economic"
    ctx = WakhanContext(state, SEAT, {}, where=("wakhan", 0))
    suits = tuple(cards.board().suits)
    assert answer(ctx, Question(SEAT, "wakhan.0.suit", "choice", "choose the favored suit", suits)) == "economic"


def test_she_asks_the_full_bribe_and_pays_bribes_she_is_asked():
    state = wakhan_state()
    ctx = WakhanContext(state, SEAT, {}, where=("wakhan", 0))
    assert answer(ctx, Question(SEAT, "x.bribe-play", "bribe", "ask", (0, 1, 2))) == 2
    assert answer(ctx, Question(SEAT, "x.bribe-play-pay", "choice", "pay?", ("pay", "refuse"))) == "pay"


@pytest.mark.parametrize("rupees", [0, 1])
def test_leveraged_card_lost_without_rupees_costs_her_no_cards(rupees):
    # she holds fewer than the 2 rupees owed and loses the leveraged Herati Bandits (betrayed in anna's turn):
    # she pays what she has and discards nothing more, where anyone else would discard cards for the rest
    from games.pax_pamir.court import discard_court_card

    state = wakhan_state(courts={SEAT: [54, 18, 39]}, rupees={SEAT: rupees})
    ctx = WakhanContext(state, "anna", {})
    discard_court_card(ctx, SEAT, 54, "betrayed")
    assert state.players[SEAT].court == [18, 39] and state.players[SEAT].rupees == 0
    assert not any(e.text.startswith("Wakhan decides") for e in ctx.events)


# --- cleanup priority ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("keep", "drop", "rule"), [
    (5, 2, "non-political before political"),        # Shah Shujah political vs Jan-Fishan Khan
    (22, 2, "non-patriot before patriot"),            # George Hayward (patriot) vs Jan-Fishan Khan
    (54, 39, "non-leveraged before leveraged"),       # Herati Bandits (leverage) vs William Moorcroft
    (2, 39, "lowest rank first"),                     # Jan-Fishan Khan (rank 2) vs Moorcroft (rank 1)
])
def test_cleanup_priority_first_criteria(keep, drop, rule):
    state = wakhan_state(courts={SEAT: [keep, drop]})
    assert court_order(state, SEAT, [keep, drop])[0] == drop, rule


def test_cleanup_priority_most_other_spies_over_hers_first():
    state = wakhan_state(courts={SEAT: [18, 39]}, spies={18: {"anna": 2}, 39: {SEAT: 1}})
    assert court_order(state, SEAT, [18, 39])[0] == 18


def test_cleanup_priority_fewest_spies_next():
    state = wakhan_state(courts={SEAT: [18, 39]}, spies={18: {SEAT: 1, "anna": 1}})
    assert court_order(state, SEAT, [18, 39])[0] == 39


def test_cleanup_priority_not_favored_then_lowest_number():
    state = wakhan_state(courts={SEAT: [18, 39, 9]})
    state.favored = "intelligence"
    assert court_order(state, SEAT, [18, 39, 9])[0] == 9  # Afghan Handicrafts: economic, rank 1, not favored
    assert court_order(state, SEAT, [18, 39]) == [18, 39]


# --- AI deck and setup ---------------------------------------------------------------------------------------


def test_ai_deck_draws_and_reads_the_back_of_the_next_card():
    state = wakhan_state()
    ai = load(state)
    top, after = ai.deck[0], ai.deck[1]
    draw(state, Rng("x"))
    now = reading(state)
    assert now.card == top and now.back_of == after


def test_ai_deck_reshuffles_everything_when_the_last_card_is_drawn():
    state = wakhan_state()
    ai = load(state)
    ai.discard, ai.deck = ai.deck[:-1] + ai.discard, ai.deck[-1:]
    store(state, ai)
    said = draw(state, Rng("seed"))
    ai = load(state)
    assert said and len(ai.deck) == 23 and ai.discard == [ai.card]
    assert sorted(ai.deck + ai.discard) == list(range(1, 25))


def test_setup_counts_her_for_the_deck_and_seats_her_right_of_the_last_chooser():
    for seed in range(6):
        state = new_game(["anna", "ben"], Rng(f"setup-{seed}"))
        assert len(state.deck) + 12 == 6 * (5 + 3) + 2 + 4 + 4  # court piles for 3 seats plus ten events
        last = state.loyalty_order[-1]
        assert SEAT not in state.loyalty_order
        assert state.seats[(state.seats.index(SEAT) + 1) % 3] == last
        assert sorted(load(state).deck) == list(range(1, 25))


def test_she_takes_the_first_turn_after_loyalty():
    state = new_game(["anna"], Rng("first"))
    state.players["anna"].loyalty = "british"
    state.phase, state.current = "turns", "anna"
    assert first_turn(state) and state.current == SEAT


def test_setup_refuses_three_humans():
    with pytest.raises(ValueError):
        new_game(["a", "b", "c"], Rng("x"))


def test_skipped_actions_say_why():
    state = wakhan_state()
    ctx, done = take(state, "betray")
    assert not done and ctx.events[-1].text.startswith('Wakhan skips "betray": no card with a prize')


def test_public_view_shows_the_card_in_play_and_the_back_but_not_the_deck_order():
    from games.pax_pamir.wakhan.deck import public

    shown = public(wakhan_state())
    assert shown is not None and shown["card"] == 1 and shown["deck_count"] == 23
    assert shown["back_columns"] == [1, 2, 3, 4, 5, 0] and shown["back_rows"] == ["top_left", "bottom_right"]
    assert "deck" not in shown and "back_of" not in shown and "AI card 1" in shown["reading"]


def test_the_report_shows_the_back_she_reads_but_not_which_card_carries_it():
    # the next AI card is hidden: the first event of her turn names the card drawn, never the one on top (card 4)
    from games.pax_pamir.wakhan import turn

    outcome = turn.run(wakhan_state())
    first = outcome.ctx.events[0]
    assert "AI card 4" not in first.text and 4 not in first.data.values()
    assert "The back of the next AI card shows the columns 1, 2, 3, 4, 5, 0 and the rows top, bottom" in first.text


def test_the_wakhan_option_reads_yes_and_no_as_the_cli_passes_them():
    from games.pax_pamir.wakhan.setup import wanted

    assert wanted({"wakhan": True}) and wanted({"wakhan": "yes"}) and wanted({"wakhan": "TRUE"})
    assert not wanted({}) and not wanted({"wakhan": "no"}) and not wanted({"wakhan": False})
    with pytest.raises(ValueError):
        wanted({"wakhan": "maybe"})


def test_card_priority_reasons_name_the_runner_up():
    from games.pax_pamir.wakhan.priority import why_best

    state = wakhan_state(courts={"anna": [18, 39]})
    assert why_best(state, SEAT, 39, [18, 39]) == "card priority: the highest number (ahead of Harry Flashman)"


def test_every_action_code_has_plain_words_for_the_reports():
    from games.pax_pamir.wakhan.deck import LABELS

    assert set(LABELS) == set(cards.wakhan_action_codes())
    assert all("_" not in words for words in LABELS.values())


def test_a_savvy_operator_matches_the_favored_suit_for_card_priority():
    # economic favored: Allah Quli Bahadur (91, political, rank 1, Savvy Operator) counts as economic and beats
    # Jan-Fishan Khan (2, intelligence, rank 2), which would win on rank otherwise
    state = wakhan_state(courts={"anna": [2, 91]})
    state.favored = "economic"
    assert best(state, SEAT, [2, 91]) == 91


def test_a_savvy_operator_matches_the_favored_suit_for_her_cleanup():
    # economic favored: Mir Murad Beg (92) and Allah Quli Bahadur (91) are alike but for the Savvy Operator, so
    # 92 goes first although 91 has the lower number
    state = wakhan_state(courts={SEAT: [91, 92]})
    state.favored = "economic"
    assert court_order(state, SEAT, [91, 92])[0] == 92
