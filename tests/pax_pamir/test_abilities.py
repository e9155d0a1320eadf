"""Special abilities that are not card-action modifiers: bribes, purchase costs, checks, turn start, the favored suit."""

from __future__ import annotations

from pp_helpers import MARKET, context, position, turn

from games.pax_pamir import GAME, queries
from games.pax_pamir.dominance import resolve_dominance_check
from games.pax_pamir.rules import RULES


def test_charismatic_courtiers_pays_no_bribe_to_play() -> None:
    state = position(courts={"anna": [42], "bob": [24]}, hands={"anna": [25]}, market=MARKET,
                     loyalty={"anna": "afghan", "bob": "russian", "cati": "british"})
    state.tribes = {"punjab": {"bob": 3}, "kandahar": {"anna": 1}}
    new = turn(state, {"actions": [{"action": "play", "card": 25, "side": "right"}]}).state
    assert new.players["anna"].court == [42, 25] and new.players["bob"].rupees == 4


def test_herat_persian_and_russian_influence_make_purchases_free() -> None:
    # 55 Herat; 71 Persia (a British patriot); 100 Transcaspia (a Russian patriot)
    market = [[1, 2, 3, 55, 71, 100], [7, 8, 9, 10, 11, 12]]
    state = position(courts={"anna": [66], "bob": [68], "cati": [70]}, market=market)
    assert RULES.purchase_cost(state, "anna", 0, 3) == 0 and RULES.purchase_cost(state, "anna", 0, 4) == 4
    assert RULES.purchase_cost(state, "bob", 0, 4) == 0 and RULES.purchase_cost(state, "bob", 0, 3) == 3
    assert RULES.purchase_cost(state, "cati", 0, 5) == 0 and RULES.purchase_cost(state, "cati", 0, 4) == 4
    new = turn(state, {"actions": [{"action": "purchase", "row": 1, "column": 4}]}).state
    assert new.players["anna"].rupees == 4 and new.market_rupees[0] == [0] * 6


def test_insurrection_places_two_afghan_armies_in_kabul_after_each_check() -> None:
    state = position(courts={"cati": [3]}, deck=[102])
    state.armies = {"herat": {"afghan": 4}}  # Afghan dominant: the blocks are cleared first
    state.players["cati"].gifts = [2]
    state.players["anna"].score = state.players["bob"].score = 3  # nobody wins early
    ctx = context(state)
    resolve_dominance_check(ctx)
    assert state.armies == {"kabul": {"afghan": 2}}
    assert state.players["cati"].score == 5


def test_blackmail_places_a_spy_at_the_start_of_the_turn() -> None:
    state = position(courts={"anna": [43], "bob": [44, 45], "cati": [54]}, market=MARKET)
    state.tribes = {"kandahar": {"anna": 1, "bob": 1}}
    state.spies = {"44": {"cati": 1}}
    (problem,) = GAME.check(state, "anna", {"blackmail": {"kandahar": 44}})
    assert problem.path == ("blackmail", "kandahar") and "43, 45, none" in problem.message
    new = turn(state, {"blackmail": {"kandahar": 45}}).state
    assert new.spies == {"44": {"cati": 1}, "45": {"anna": 1}}


def test_blackmail_unanswered_asks_the_player() -> None:
    state = position(courts={"anna": [54]}, market=MARKET)
    state.tribes = {"herat": {"anna": 1}}
    step = turn(state, {})
    (prompt,) = GAME.prompts(step.state)
    assert prompt.seat == "anna" and "Blackmail" in prompt.text
    new = turn(step.state, {"answer": "none"}).state
    assert new.spies == {} and new.current == "bob"


def test_irregulars_count_as_favored_whatever_the_suit() -> None:
    state = position(courts={"anna": [99, 100]}, market=MARKET)
    for suit in ("political", "economic", "intelligence"):
        state.favored = suit
        assert queries.is_favored(state, "anna", 99) and not queries.is_favored(state, "anna", 100)


def test_blackmail_orders_need_the_blackmail_card_of_that_region() -> None:
    state = position(courts={"anna": [54], "bob": [44]}, market=MARKET)
    state.tribes = {"herat": {"anna": 1}}
    (problem,) = GAME.check(state, "anna", {"blackmail": {"kandahar": 44, "herat": "none"}})
    assert problem.path == ("blackmail", "kandahar") and "no Blackmail card for kandahar" in problem.message
    assert GAME.check(state, "anna", {"blackmail": {"herat": "none"}}) == []
