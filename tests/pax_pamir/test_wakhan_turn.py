"""Wakhan's whole turn (rulebook p. 17): the action list top down and round again, bonus actions from the left,
her ambition, Blackmail, cleanup by her priority, and pausing only for the humans' decisions."""

from __future__ import annotations

from test_wakhan_codes import market
from test_wakhan_helpers import CHECK, wakhan_state

from engine.rng import Rng
from games.pax.context import Question
from games.pax.paused import settle
from games.pax_pamir import GAME
from games.pax_pamir.wakhan import SEAT, turn
from games.pax_pamir.wakhan.decide import WakhanContext, answer


def texts(outcome) -> list[str]:
    return [e.text for e in outcome.ctx.events]


def test_turn_starts_with_the_ai_card_and_the_back_she_reads():
    outcome = turn.run(wakhan_state(market=market(b4=7)))
    first = texts(outcome)[0]
    assert first.startswith("Wakhan's turn. AI card 1 lists the actions 1. tax; 2. if military is the favored suit")
    # the back of card 4 (hidden by number): columns 1 2 3 4 5 0, rows top bottom; card 1's arrows pick the
    # third column and the second row
    assert "the black arrow picks the third, 3 (market column 4 from the left)" in first
    assert "the red arrow the second, bottom: the bottom market row and the right end of her court" in first
    assert "pragmatic loyalty is Russian" in first


def test_action_list_goes_round_again_until_two_actions_count():
    # card 1: tax, radicalize_top_military_if_military_favored, radicalize. Nothing to tax, military not favored:
    # the plain radicalize is the only action she can take, so she takes it on two passes down the list
    state = wakhan_state(market=market(b4=7, b3=39), rupees={SEAT: 9}, standing={"anna": {"bribe": "waive"}})
    outcome = turn.run(state)
    said = texts(outcome)
    assert sum(t.startswith("Wakhan radicalizes") for t in said) == 2
    assert sum(t.startswith('Wakhan skips "tax"') for t in said) >= 2


def test_a_pass_with_nothing_possible_ends_the_actions():
    state = wakhan_state(market=market(), rupees={SEAT: 0})
    state.market = [[None] * 6, [None] * 6]
    outcome = turn.run(state)
    assert outcome.question is None and not any(t.startswith("Wakhan radicalizes") for t in texts(outcome))


def test_ambition_comes_before_the_listed_action():
    state = wakhan_state(market=market(t3=CHECK), tribes={"kabul": {SEAT: 2, "anna": 1}}, rupees={SEAT: 5},
                         courts={SEAT: [5]})
    said = texts(turn.run(state))
    # right after the AI card, before the card's first action (tax) is even considered
    assert "Wakhan's ambition" in said[1] and said[1].startswith("Wakhan radicalizes Dominance Check")


def test_bonus_actions_from_the_leftmost_unused_favored_card():
    # two political cards (favored) that can build where she rules; the leftmost acts first
    state = wakhan_state(courts={SEAT: [44, 5]}, tribes={"transcaspia": {SEAT: 1}}, rupees={SEAT: 4},
                         market=market(), standing={"anna": {"bribe": "waive"}})
    state.market = [[None] * 6, [None] * 6]
    said = texts(turn.run(state))
    bonus = [t for t in said if t.startswith("Wakhan's bonus action")]
    assert bonus and "Baluchi Chiefs" in bonus[0]


def test_blackmail_is_always_used_on_the_best_card():
    state = wakhan_state(courts={SEAT: [54], "anna": [61, 67]}, market=market())
    state.market = [[None] * 6, [None] * 6]
    outcome = turn.run(state)
    assert outcome.ctx.state.spies.get("67") == {SEAT: 1}  # anna's Wheat Fields: the higher number


def test_cleanup_discards_by_her_priority():
    # four cards, limit three (no political card): the non-political, non-patriot, unleveraged, lowest-rank,
    # lowest-numbered card goes
    state = wakhan_state(courts={SEAT: [18, 39, 2, 54]}, market=market(), rupees={SEAT: 0})
    state.market = [[None] * 6, [None] * 6]
    outcome = turn.run(state)
    assert outcome.ctx.state.players[SEAT].court == [39, 2, 54]


def test_her_turn_pauses_for_a_human_bribe_and_resumes_from_the_answer():
    # anna rules kabul; Wakhan radicalizes Dost Mohammad (kabul) and anna is asked how much she wants
    state = wakhan_state(market=market(b4=7), tribes={"kabul": {"anna": 2}}, rupees={SEAT: 6})
    state.phase, state.current = "turns", SEAT
    new = settle(GAME, turn.run(state), state, SEAT, 0, Rng("unused")).state
    assert new.paused is not None and new.paused.questions[0]["seat"] == "anna"
    assert new.paused.seat == SEAT and new.paused.order == {}
    # the game's one resume path: anna's answer is an order like any other answer to a prompt
    (prompt,) = GAME.prompts(new)
    assert prompt.seat == "anna" and GAME.check(new, "anna", {"answer": 1}) == []
    step = GAME.apply(new, {"anna": {"answer": 1}}, Rng.for_step("resume", 1))
    resumed, more = step.state, step.events
    assert resumed.paused is None and 7 in resumed.players[SEAT].court
    assert any("pays anna a bribe of 1" in e.text for e in more)
    assert resumed.current == "anna"


def test_questions_put_to_her_in_a_humans_turn_are_answered_by_her_rules():
    state = wakhan_state(courts={SEAT: [18, 39]})
    ctx = WakhanContext(state, "anna", {})
    chosen = answer(ctx, Question(SEAT, "actions.0.leverage-40", "discard", "discard 1", (18, 39), count=1))
    assert chosen == [18]


def test_the_game_plays_her_turns_after_a_step_of_the_core_rules():
    # PaxPamir.apply resolves the human's step, then follows with her part (wakhan.runner.follow)
    from games.pax_pamir.wakhan.setup import new_game

    state = new_game(["anna"], Rng("whole"))
    turns = 0
    for step in range(40):
        if GAME.result(state) is not None:
            break
        (prompt,) = GAME.prompts(state)
        assert prompt.seat != SEAT
        order = GAME.random_order(state, prompt.seat, Rng.for_step("whole", step, "robot"))
        result = GAME.apply(state, {prompt.seat: order}, Rng.for_step("whole", step))
        turns += sum(e.text.startswith("Wakhan's turn.") for e in result.events)
        state = result.state
    assert turns >= 2


def test_a_dominance_check_she_passes_over_is_reported_with_the_scores():
    # the check is in the market and affordable, but anna's tribes would outscore her with no coalition dominant
    # (the only check left, so the final one: points doubled, 6 for the first and 2 for the second)
    state = wakhan_state(market=market(t3=CHECK), tribes={"kabul": {"anna": 2}}, rupees={SEAT: 5})
    said = texts(turn.run(state))
    passes = [t for t in said if t.startswith("Wakhan's ambition passes")]
    assert len(passes) == 1
    assert "top row column 3: with no coalition dominant she would score 2 against 6" in passes[0]
