"""III. Performing actions: activation order, improvements (III/I) and the basic actions (III/II)."""

from __future__ import annotations

import pytest
from x5_helpers import SEATS, make_state, play, texts, water_of

from games.expedition_5x.state import Group

EXPAND = {"action": "expand"}


@pytest.mark.parametrize(("players", "drillers", "each"), [(3, 1, 4), (3, 2, 2), (3, 3, 1), (4, 4, 0), (5, 5, 0)])
def test_III_II_drill_table(players, drillers, each):
    state = make_state(players)
    orders = {s: {"action": "drill"} if i < drillers else EXPAND for i, s in enumerate(state.seats)}
    after = water_of(play(state, orders))
    assert after == {s: 5 + each if i < drillers else 5 for i, s in enumerate(state.seats)}


@pytest.mark.parametrize(("plunderers", "each"), [(1, 2), (2, 1), (3, 0)])
def test_III_II_plunder_table(plunderers, each):
    state = make_state(5)
    orders = {s: {"action": "plunder"} if i < plunderers else EXPAND for i, s in enumerate(state.seats)}
    victims = 5 - plunderers
    after = water_of(play(state, orders))
    assert after == {s: 5 + each * victims if i < plunderers else 5 - each * plunderers
                     for i, s in enumerate(state.seats)}


def test_III_II_plunder_takes_from_excavate_players_after_their_auction_and_supply_covers_shortfall():
    state = make_state(3, water=(5, 5, 5))
    step = play(state, {"anna": {"action": "excavate", "bid": 4, "wishes": ["T01"]}, "bob": {"action": "plunder"},
                        "cora": {"action": "drill"}}, rolls=[2])
    # anna pays 4 for T01 and has 1 left; bob's plunder takes that 1 and the supply adds the other.
    assert water_of(step) == {"anna": 0, "bob": 7, "cora": 9}
    secret = [e for e in step.events if e.data.get("kind") == "plundered"]
    assert [e.to for e in secret] == [("bob", "anna")]
    assert "supply adds 1" in secret[0].text


def test_III_II_plunder_two_plunderers_share_a_poor_victim():
    state = make_state(3, water=(1, 5, 5))
    step = play(state, {"anna": EXPAND, "bob": {"action": "plunder"}, "cora": {"action": "plunder"}})
    assert water_of(step) == {"anna": 0, "bob": 6, "cora": 6}


def test_III_II_plunder_without_excavate_or_expand_player_takes_nothing():
    state = make_state(3)
    assert water_of(play(state, {"anna": {"action": "drill"}, "bob": {"action": "plunder"},
                                 "cora": {"action": "scout"}}, rolls=[3])) == {"anna": 9, "bob": 5, "cora": 8}


def test_III_II_scout_rolls_the_die_for_water():
    state = make_state(3)
    step = play(state, {"anna": {"action": "scout"}, "bob": {"action": "scout"}, "cora": EXPAND}, rolls=[3, 0])
    assert water_of(step) == {"anna": 8, "bob": 5, "cora": 5}
    assert step.state.players["anna"].late and step.state.players["bob"].late
    assert not step.state.players["cora"].late


def test_III_II_expand_returns_every_discarded_card():
    state = make_state(3)
    state.players["anna"].hand = ["excavate", "expand"]
    state.players["anna"].discards = ["drill", "scout", "plunder"]
    step = play(state, {"anna": EXPAND, "bob": {"action": "drill"}, "cora": {"action": "drill"}})
    anna = step.state.players["anna"]
    assert (anna.hand, anna.discards) == (["excavate", "drill", "plunder", "scout", "expand"], [])


def test_III_actions_resolve_in_activation_order():
    state = make_state(5)
    orders = {"anna": EXPAND, "bob": {"action": "scout"}, "cora": {"action": "plunder"},
              "dan": {"action": "drill"}, "eve": {"action": "excavate", "bid": 1}}
    step = play(state, orders, rolls=[0, 1])
    kinds = [e.data["kind"] for e in step.events if e.data.get("kind") in
             ("solo-bid", "drill", "plunder", "scout", "expand")]
    assert kinds == ["solo-bid", "drill", "plunder", "plunder", "scout", "expand"]


def _with_tech(state, seat, groups):
    state.players[seat].tableau = [Group(list(cards), list(tops)) for cards, tops in groups]
    return state


def test_III_I_water_improvement_before_the_basic_action():
    # T01's left corner (Drill: 1 water) lies on top of Dune Hollow's Drill symbol.
    state = _with_tech(make_state(3), "anna", [(["S1", "T01"], ["right"])])
    step = play(state, {"anna": {"action": "drill"}, "bob": EXPAND, "cora": EXPAND})
    assert water_of(step)["anna"] == 5 + 1 + 4
    kinds = [e.data["kind"] for e in step.events if e.data.get("kind") in ("improve", "drill")]
    assert kinds == ["improve", "drill"]


def test_III_I_covered_improvement_is_inactive():
    state = _with_tech(make_state(3), "anna", [(["S1", "T01"], ["left"])])  # the settlement lies on top
    assert water_of(play(state, {"anna": {"action": "drill"}, "bob": EXPAND, "cora": EXPAND}))["anna"] == 9


def test_III_I_die_improvement_rolls_before_the_scout_roll():
    # T01's right corner: Scout, roll the die. Placed on its own, both corners are visible.
    state = _with_tech(make_state(3), "anna", [(["S1"], []), (["T01"], [])])
    step = play(state, {"anna": {"action": "scout"}, "bob": EXPAND, "cora": EXPAND}, rolls=[2, 3])
    assert water_of(step)["anna"] == 10
    rolls = [e.data.get("roll") for e in step.events if "roll" in e.data]
    assert rolls == [2, 3]


def test_III_I_example_b_scout_rolls_only_while_the_symbol_is_visible():
    # T02's left corner (the rulebook's example B): Scout, roll the die. Under Glass Spire's Scout side it is covered.
    visible = _with_tech(make_state(3), "anna", [(["S2", "T02"], ["right"])])
    assert water_of(play(visible, {"anna": {"action": "scout"}, "bob": EXPAND, "cora": EXPAND},
                         rolls=[3, 1]))["anna"] == 9
    covered = _with_tech(make_state(3), "anna", [(["S2", "T02"], ["left"])])
    assert water_of(play(covered, {"anna": {"action": "scout"}, "bob": EXPAND, "cora": EXPAND},
                         rolls=[1]))["anna"] == 6


def test_III_I_count_improvement_counts_every_card_of_the_type_including_your_own():
    # T14's right corner: Drill, 1 water per Drill card played this round.
    state = _with_tech(make_state(3), "anna", [(["S1"], []), (["T14"], [])])
    after = water_of(play(state, {"anna": {"action": "drill"}, "bob": {"action": "drill"}, "cora": EXPAND}))
    assert after == {"anna": 5 + 2 + 2, "bob": 7, "cora": 5}


def test_III_I_steal_improvement_takes_from_each_player_of_the_type():
    # T02's right corner (the rulebook's example A): Expand, steal 1 water from each Drill player.
    state = _with_tech(make_state(4), "anna", [(["S1"], []), (["T02"], [])])
    step = play(state, {"anna": EXPAND, "bob": {"action": "drill"}, "cora": {"action": "drill"},
                        "dan": {"action": "scout"}}, rolls=[1])
    assert water_of(step) == {"anna": 7, "bob": 6, "cora": 6, "dan": 6}
    private = [e for e in step.events if e.data.get("kind") == "steal" and e.to is not None]
    assert [e.to for e in private] == [("anna", "bob"), ("anna", "cora")]


def test_III_I_steal_from_a_player_without_water_takes_nothing():
    # T10's left corner: Excavate, steal 1 from each Scout player; Excavate resolves before Scout.
    state = _with_tech(make_state(3, water=(5, 0, 5)), "anna", [(["S1"], []), (["T10"], [])])
    step = play(state, {"anna": {"action": "excavate", "bid": 1}, "bob": {"action": "scout"}, "cora": EXPAND},
                rolls=[1, 2])
    assert water_of(step) == {"anna": 4, "bob": 2, "cora": 5}
    assert any("no water" in t for t in texts(step.events))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_III_the_events_account_for_every_water_change(players):
    state = make_state(players)
    seats = SEATS[:players]
    orders = dict(zip(seats, [{"action": "plunder"}, EXPAND, {"action": "drill"}, {"action": "scout"}, EXPAND],
                      strict=False))
    step = play(state, orders, rolls=[1] * (1 if players >= 4 else 0))
    ledger = {s: 5 for s in seats}
    for event in step.events:
        for seat, delta in event.data.get("water", {}).items():
            ledger[seat] += delta
    assert ledger == water_of(step)



def _two_thieves(victim_water: int, seed: str):
    """anna and cora both hold T02's Expand corner (steal 1 from each Drill player); bob drilled."""
    from engine.rng import Rng
    from games.expedition_5x.cards import cards
    from games.expedition_5x.resolve import _steal

    # The card data gives every steal a distinct action and target, so two thieves never meet one victim
    # with the printed deck; the rule for when they do is checked on the resolution function itself.
    state = make_state(3, water=(5, victim_water, 5))
    side = cards().technologies["T02"].right
    played = {"anna": "expand", "bob": "drill", "cora": "expand"}
    events = []
    _steal(state, [("anna", "T02", side), ("cora", "T02", side)], played, Rng(seed), cards(), events)
    return {s: p.water for s, p in state.players.items()}, events


def test_III_simultaneous_steals_all_paid_when_the_victim_can_pay_everyone():
    after, events = _two_thieves(2, "s")
    assert after == {"anna": 6, "bob": 0, "cora": 6}
    assert [e.to for e in events if e.to] == [("anna", "bob"), ("cora", "bob")]


def test_III_simultaneous_steals_a_poor_victim_pays_by_lot_not_by_seat():
    outcomes = set()
    for seed in range(12):
        after, _ = _two_thieves(1, f"lot{seed}")
        assert after["bob"] == 0 and after["anna"] + after["cora"] == 11
        outcomes.add((after["anna"], after["cora"]))
    assert outcomes == {(6, 5), (5, 6)}  # either thief may be the one paid


def test_III_II_plunder_outcome_does_not_depend_on_the_seating_order():
    state = make_state(4, water=(1, 5, 5, 5))
    step = play(state, {"anna": EXPAND, "bob": {"action": "plunder"}, "cora": {"action": "plunder"},
                        "dan": {"action": "drill"}})
    assert water_of(step) == {"anna": 0, "bob": 6, "cora": 6, "dan": 9}
    secret = [e for e in step.events if e.data.get("kind") == "plundered"]
    # One private account for the victim and both plunderers: 1 handed over, 1 from the supply.
    assert [(e.to, e.data["water"]) for e in secret] == [(("bob", "cora", "anna"), {"anna": -1})]
    assert "supply adds 1" in secret[0].text
