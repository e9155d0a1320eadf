"""II. Choosing action cards, the Scout's late choice next round, and IV. discarding the played card."""

from __future__ import annotations

import json

from x5_helpers import make_state, play

from games.expedition_5x import GAME
from games.expedition_5x.state import SCOUT

DRILL, EXPAND, SCOUT_CARD = {"action": "drill"}, {"action": "expand"}, {"action": "scout"}


def test_II_a_card_in_the_discard_pile_cannot_be_chosen():
    state = make_state(3)
    state.players["anna"].hand = ["excavate", "drill", "expand"]
    state.players["anna"].discards = ["plunder", "scout"]
    problems = GAME.check(state, "anna", {"action": "plunder"})
    assert [(p.path, p.message) for p in problems] == [
        (("action",), "Plunder is in your discard pile until you play Expand; you can play: excavate, drill, expand")]


def test_II_everyone_chooses_at_once_when_nobody_scouted():
    state = make_state(4)
    assert [(p.seat, p.kind) for p in GAME.prompts(state)] == [(s, "action") for s in state.seats]


def test_III_II_scout_chooses_next_round_after_the_others_reveal():
    state = play(make_state(3), {"anna": DRILL, "bob": SCOUT_CARD, "cora": EXPAND}, rolls=[1]).state
    assert [(p.seat, p.kind) for p in GAME.prompts(state)] == [("anna", "action"), ("cora", "action")]
    anna_order = {"action": "excavate", "bid": 4, "wishes": [state.market[0]]}
    step = play(state, {"anna": anna_order, "cora": EXPAND})
    held = step.state
    assert held.stage == SCOUT and GAME.label(held) == "round 2, scouts choose"
    assert [(p.seat, p.kind) for p in GAME.prompts(held)] == [("bob", "scout")]
    bob_view = GAME.view(held, "bob")
    revealed = {p["seat"]: p["revealed"] for p in bob_view["players"]}
    assert revealed == {"anna": "excavate", "bob": None, "cora": "expand"}
    # The revealed card is public; anna's sealed bid and wish list are not.
    assert '"bid": 4' not in json.dumps(bob_view) and "wishes" not in json.dumps(bob_view)
    assert GAME.view(held, "anna")["you"]["choice"]["bid"] == 4
    assert "excavate" not in GAME.view(held, "anna")["you"]["hand"]  # face down on the table now
    assert all(e.to is None and "4" not in e.text for e in step.events)
    # Nothing has been resolved yet: water, hands and the market are as they were.
    assert held.players["anna"].water == state.players["anna"].water and held.market == state.market
    done = play(held, {"bob": {"action": "plunder"}}, rolls=[0])
    assert done.state.round == 3 and done.state.players["bob"].discards == ["scout", "plunder"]


def test_III_II_several_scouts_choose_together_after_the_others():
    state = play(make_state(4), {"anna": SCOUT_CARD, "bob": SCOUT_CARD, "cora": EXPAND, "dan": DRILL},
                 rolls=[0, 0]).state
    assert [p.seat for p in GAME.prompts(state)] == ["cora", "dan"]
    held = play(state, {"cora": DRILL, "dan": EXPAND}).state
    assert [(p.seat, p.kind) for p in GAME.prompts(held)] == [("anna", "scout"), ("bob", "scout")]


def test_III_II_when_everyone_scouted_all_choose_together_in_one_step():
    state = play(make_state(3), {s: SCOUT_CARD for s in ("anna", "bob", "cora")}, rolls=[0, 0, 0]).state
    assert [(p.seat, p.kind) for p in GAME.prompts(state)] == [(s, "action") for s in ("anna", "bob", "cora")]
    after = play(state, {"anna": DRILL, "bob": EXPAND, "cora": EXPAND}).state
    assert after.round == 3


def test_III_II_scout_is_late_only_for_the_round_after():
    state = play(make_state(3), {"anna": SCOUT_CARD, "bob": DRILL, "cora": EXPAND}, rolls=[0]).state
    state = play(state, {"bob": EXPAND, "cora": DRILL}).state
    state = play(state, {"anna": DRILL}).state
    assert [p.seat for p in GAME.prompts(state)] == ["anna", "bob", "cora"]


def test_IV_discards_drill_plunder_scout_go_to_the_discard_pile_face_up():
    state = make_state(4)
    step = play(state, {"anna": DRILL, "bob": {"action": "plunder"}, "cora": SCOUT_CARD, "dan": EXPAND}, rolls=[0])
    assert {s: p.discards for s, p in step.state.players.items()} == {
        "anna": ["drill"], "bob": ["plunder"], "cora": ["scout"], "dan": []}
    public = GAME.view(step.state, None)
    assert {p["seat"]: p["discards"] for p in public["players"]}["bob"] == ["plunder"]


def test_IV_default_order_is_drill_or_expand_and_never_costs_water():
    state = make_state(3)
    assert GAME.default_order(state, "anna") == {"action": "drill"}
    state.players["anna"].hand = ["excavate", "expand"]
    state.players["anna"].discards = ["drill", "plunder", "scout"]
    assert GAME.default_order(state, "anna") == {"action": "expand"}
