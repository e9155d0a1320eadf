"""Questions the rules put to Wakhan, answered by her rules (and the project's readings where the rulebook is
silent, see WAKHAN.md), and the abilities that limit what she may do to others."""

from __future__ import annotations

from test_wakhan_helpers import take, wakhan_state

from games.pax.context import Pause, Question
from games.pax_pamir import cards
from games.pax_pamir.wakhan import SEAT
from games.pax_pamir.wakhan.decide import WakhanContext, answer


def ask(state, key: str, options, text: str = "choose", kind: str = "choice", count=None):
    ctx = WakhanContext(state, SEAT, {}, where=("wakhan", 0))
    return answer(ctx, Question(SEAT, key, kind, text, tuple(options), count=count))


def test_component_limit_cylinder_a_spy_on_her_lowest_priority_card_first():
    state = wakhan_state(courts={"anna": [18, 39]}, spies={18: {SEAT: 1}, 39: {SEAT: 1}},
                         tribes={"kabul": {SEAT: 1}})
    assert ask(state, "wakhan.0.take-cylinder-3", ["tribe:kabul", "spy:18", "spy:39", "gift:2"]) == "spy:18"


def test_component_limit_cylinder_then_a_tribe_from_her_last_region():
    state = wakhan_state()  # card 1's region order ends with herat, punjab
    assert ask(state, "wakhan.0.take-cylinder-3", ["tribe:kabul", "tribe:herat", "gift:4"]) == "tribe:herat"
    assert ask(state, "wakhan.0.take-cylinder-3", ["gift:4", "gift:2"]) == "gift:2"


def test_component_limit_block_a_road_before_an_army():
    state = wakhan_state()
    assert ask(state, "wakhan.0.take-block-1", ["army:punjab", "road:kabul-transcaspia", "road:kandahar-punjab"]) \
        == "road:kandahar-punjab"


def test_rumor_targets_the_most_influential_opponent():
    state = wakhan_state(humans=("anna", "bob"), gifts={"bob": [2]})
    seats = tuple(state.seats)
    assert ask(state, "wakhan.0.target", seats, text="Rumor: name the player") == "bob"


def test_other_persuasive_methods_takes_the_largest_hand():
    state = wakhan_state(humans=("anna", "bob"), hands={"anna": [18, 39]})
    assert ask(state, "wakhan.0.target", ("anna", "bob"), text="Other Persuasive Methods: name") == "anna"


def test_rebuke_clears_where_other_tribes_outnumber_hers_most():
    state = wakhan_state(tribes={"kabul": {"anna": 1}, "herat": {"anna": 2, SEAT: 1}, "punjab": {"anna": 2}})
    assert ask(state, "wakhan.0.region", cards.board().regions) == "punjab"


def test_courtly_manners_she_always_declines_the_bribe_it_lets_her_decline():
    """Courtly Manners says its buyer may decline a bribe; a "may" she always uses (rulebook p. 16)."""
    # Kabul Bazaar is held hostage by anna's two spies; her Courtly Manners spares her the bribe
    state = wakhan_state(courts={SEAT: [8], "anna": [9]}, spies={8: {"anna": 2}}, tribes={"kabul": {SEAT: 1}},
                         rupees={SEAT: 0, "anna": 4}, effects=[("courtly_manners", SEAT)],
                         standing={"anna": {"bribe": "full"}})
    ctx, done = take(state, "tax")
    assert done and state.players[SEAT].rupees == 2 and state.players["anna"].rupees == 2
    assert "declines to pay anna" in "\n".join(e.text for e in ctx.events)


def test_a_question_no_rule_covers_takes_its_default_and_says_so():
    state = wakhan_state()
    ctx = WakhanContext(state, SEAT, {}, where=("wakhan", 0))
    assert answer(ctx, Question(SEAT, "wakhan.0.mystery", "choice", "pick", ("a", "b"), default="b")) == "b"
    assert "stated default" in ctx.events[-1].text


def test_her_battle_spares_tribes_under_a_citadel():
    state = wakhan_state(courts={SEAT: [50], "anna": [17]}, tribes={"kabul": {"anna": 1}},
                         armies={"kabul": {"russian": 2}})
    _, done = take(state, "battle")
    assert not done and state.tribes == {"kabul": {"anna": 1}}


def test_her_battle_spares_the_owners_spies_under_indispensable_advisors():
    state = wakhan_state(courts={SEAT: [39], "anna": [1]}, spies={1: {SEAT: 1, "anna": 1}})
    _, done = take(state, "battle")
    assert not done and state.spies == {"1": {SEAT: 1, "anna": 1}}


def test_her_betrayal_spares_political_cards_under_bodyguards():
    state = wakhan_state(courts={SEAT: [10], "anna": [15, 56]}, spies={56: {SEAT: 1}})
    _, done = take(state, "betray")
    assert not done and state.players["anna"].court == [15, 56]


def test_safe_house_asks_the_human_whose_spy_she_removes():
    state = wakhan_state(courts={SEAT: [39], "anna": [18, 41]}, spies={18: {SEAT: 1, "anna": 1}})
    try:
        take(state, "battle")
    except Pause as pause:
        assert pause.question.seat == "anna" and pause.question.options == (41, "supply")
    else:
        raise AssertionError("the Safe House question was not asked")
    state = wakhan_state(courts={SEAT: [39], "anna": [18, 41]}, spies={18: {SEAT: 1, "anna": 1}},
                         standing={"anna": {"safe_house": True}})
    take(state, "battle")
    assert state.spies == {"18": {SEAT: 1}, "41": {"anna": 1}}


# --- how her decisions read in the humans' reports -----------------------------------------------------------


def test_her_decisions_name_cards_and_speak_of_her_not_you():
    # court limit 3, four non-political cards: the event names what she discards and whose court it is
    state = wakhan_state(courts={SEAT: [18, 39, 2, 54]})
    ctx = WakhanContext(state, SEAT, {}, where=("cleanup",))
    chosen = answer(ctx, Question(SEAT, "cleanup.court-0", "discard", "your court is over its limit of 3: discard "
                                  "1 court card(s)", (18, 39, 2, 54), count=1))
    said = ctx.events[-1].text
    assert chosen == [18]
    assert said.startswith("Wakhan decides (her court is over its limit of 3") and "Harry Flashman" in said
    assert "your" not in said and "[18]" not in said


def test_a_bribe_she_asks_is_said_in_rupees_not_as_a_card():
    state = wakhan_state()
    ctx = WakhanContext(state, "anna", {})
    answer(ctx, Question(SEAT, "actions.0.bribe-play", "bribe", "anna wants to play X; you may ask up to 2",
                         (0, 1, 2)))
    assert "): 2 rupees; she always asks the full bribe" in ctx.events[-1].text


def test_component_limit_never_takes_the_piece_from_where_it_goes():
    # all her blocks are out and the road is for kabul-kandahar: moving that very road would place nothing
    state = wakhan_state()
    options = ["road:kabul-kandahar", "road:herat-kabul"]
    text = "all russian blocks are in play: take one for a road on kabul-kandahar from"
    assert ask(state, "wakhan.0.take-block-1", options, text=text) == "road:herat-kabul"
    text = "all your cylinders are in play: take one for a spy on card 18 from"
    assert ask(state, "wakhan.0.take-cylinder-1", ["spy:18", "spy:39"], text=text) == "spy:39"


def test_she_always_uses_infrastructure_for_a_free_army():
    # Civic Improvements (78, Infrastructure) builds; 2 rupees pay one army, and the "may" gives a second
    state = wakhan_state(courts={SEAT: [78]}, tribes={"transcaspia": {SEAT: 1}}, rupees={SEAT: 2})
    _, done = take(state, "build")
    assert done and state.armies == {"transcaspia": {"russian": 2}} and state.players[SEAT].rupees == 0


def test_she_always_hides_a_spy_in_her_safe_house():
    state = wakhan_state()
    assert ask(state, "actions.0.safe-house-0", (41, "supply")) == 41


def test_a_card_the_question_names_by_number_is_reported_by_name():
    state = wakhan_state(courts={"anna": [18, 39]}, spies={18: {SEAT: 1}, 39: {SEAT: 1}})
    ctx = WakhanContext(state, SEAT, {}, where=("wakhan", 0))
    answer(ctx, Question(SEAT, "wakhan.0.take-cylinder-1", "choice",
                         "all of wakhan's cylinders are in play: take one for a spy on card 7 from",
                         ("spy:18", "spy:39")))
    said = ctx.events[-1].text
    assert "for a spy on Dost Mohammad from): her spy on Harry Flashman" in said
