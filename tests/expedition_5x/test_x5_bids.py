"""Holding an auction: a bid is placed after the cards are revealed, or answered in advance for either case."""

from __future__ import annotations

import pytest
from x5_helpers import make_state, play, texts, water_of

from games.expedition_5x import GAME
from games.expedition_5x.state import BID, CHOOSE, Group

DRILL = {"action": "drill"}


def _kinds(step):
    return [e.data["kind"] for e in step.events]


def test_holding_an_auction_for_1_player_the_lone_excavator_bids_after_the_reveal_knowing_it_is_alone():
    state = make_state(3, market=("T01", "T02"))
    paused = play(state, {"anna": {"action": "excavate", "wishes": ["T02"]}, "bob": DRILL, "cora": DRILL})
    assert paused.state.stage == BID and paused.state.round == 1
    assert _kinds(paused) == ["played", "bidding"]  # revealed, and nothing resolved yet
    assert "Round 1: the cards are revealed: anna Excavate, bob Drill, cora Drill." in texts(paused.events)
    [prompt] = GAME.prompts(paused.state)
    assert (prompt.seat, prompt.kind) == ("anna", "bid")
    assert "you are the only one who played Excavate: you bid against the die" in prompt.text
    assert "higher than the roll" in prompt.text
    assert GAME.label(paused.state) == "round 1, bids"
    step = play(paused.state, {"anna": {"bid": 3}}, rolls=[2])
    assert "anna bids 3 water alone and rolls 2." in texts(step.events)
    assert water_of(step) == {"anna": 2, "bob": 7, "cora": 7}
    assert "T02" in [c for g in step.state.players["anna"].tableau for c in g.cards]
    assert step.state.stage == CHOOSE and step.state.round == 2


def test_holding_an_auction_for_2_or_more_players_each_bids_after_the_reveal_knowing_the_others():
    state = make_state(4, market=("T01", "T02", "T03"))
    # anna answered only the lone case; bob gave one number for either: only anna is asked.
    paused = play(state, {"anna": {"action": "excavate", "bid": {"alone": 5}}, "bob": {"action": "excavate", "bid": 2},
                          "cora": DRILL, "dan": DRILL})
    assert paused.state.stage == BID
    [prompt] = GAME.prompts(paused.state)
    assert prompt.seat == "anna"
    assert "Excavate was also played by bob: the bids are revealed together, identical bids are removed" in prompt.text
    assert [p.message for p in GAME.check(paused.state, "bob", {"bid": 4})] == [
        "only the Excavate players whose order gave no bid for this auction bid now; "
        "your order for this round is complete"]
    step = play(paused.state, {"anna": {"bid": 3}})
    bids = next(e for e in step.events if e.data["kind"] == "bids")
    assert bids.data["bids"] == {"anna": 3, "bob": 2} and bids.to is None
    assert water_of(step) == {"anna": 2, "bob": 3, "cora": 7, "dan": 7}


def test_holding_an_auction_both_excavators_without_bids_are_asked_together():
    state = make_state(3, market=("T01", "T02"))
    paused = play(state, {"anna": {"action": "excavate"}, "bob": {"action": "excavate", "bid": {}}, "cora": DRILL})
    assert sorted(p.seat for p in GAME.prompts(paused.state)) == ["anna", "bob"]
    step = play(paused.state, {"anna": {"bid": 2}, "bob": {"bid": 2}})
    assert "Identical bids are removed from the auction: anna, bob." in texts(step.events)


@pytest.mark.parametrize("bid, used", [(4, 4), ({"alone": 4, "contested": 1}, 4), ({"alone": 4}, 4)])
def test_holding_an_auction_for_1_player_a_bid_given_in_advance_for_that_case_needs_no_pause(bid, used):
    state = make_state(3, market=("T01", "T02"))
    step = play(state, {"anna": {"action": "excavate", "bid": bid}, "bob": DRILL, "cora": DRILL}, rolls=[3])
    assert step.state.stage == CHOOSE and step.state.round == 2
    assert f"anna bids {used} water alone and rolls 3." in texts(step.events)


@pytest.mark.parametrize("bid, used", [(1, 1), ({"alone": 4, "contested": 1}, 1), ({"contested": 1}, 1)])
def test_holding_an_auction_for_2_or_more_players_a_bid_given_in_advance_for_that_case_needs_no_pause(bid, used):
    state = make_state(3, market=("T01", "T02"))
    step = play(state, {"anna": {"action": "excavate", "bid": bid}, "bob": {"action": "excavate", "bid": 3},
                        "cora": DRILL})
    assert step.state.stage == CHOOSE and step.state.round == 2
    assert next(e for e in step.events if e.data["kind"] == "bids").data["bids"] == {"anna": used, "bob": 3}


def test_holding_an_auction_the_case_that_does_not_arise_is_never_asked():
    # anna left the contested case open, but she is alone: the round resolves at once.
    state = make_state(3, market=("T01", "T02"))
    step = play(state, {"anna": {"action": "excavate", "bid": {"alone": 2}}, "bob": DRILL, "cora": DRILL},
                rolls=[0])
    assert step.state.stage == CHOOSE and "bidding" not in _kinds(step)


def test_III_I_excavate_improvements_are_used_at_the_reveal_before_the_bids():
    # Sand Sifter's Excavate corner (+1 water) pays before the auction, so the late bid may spend it.
    state = make_state(3, water=(0, 5, 5), market=("T01", "T02"))
    state.players["anna"].tableau = [Group(["S1"]), Group(["T04"])]
    paused = play(state, {"anna": {"action": "excavate"}, "bob": DRILL, "cora": DRILL})
    assert _kinds(paused) == ["played", "improve", "bidding"]
    assert paused.state.players["anna"].water == 1
    assert [p.message for p in GAME.check(paused.state, "anna", {"bid": 2})] == [
        "bid must be a whole number of water from 1 to 1 (you have 1), not 2"]
    step = play(paused.state, {"anna": {"bid": 1}}, rolls=[0])
    assert _kinds(step)[:2] == ["solo-bid", "win"] and water_of(step)["anna"] == 0


def test_III_II_a_late_scout_who_plays_excavate_bids_after_every_card_is_revealed():
    state = play(make_state(3), {"anna": {"action": "scout"}, "bob": DRILL, "cora": DRILL}, rolls=[1]).state
    state = play(state, {"bob": {"action": "excavate", "bid": 2}, "cora": {"action": "plunder"}}).state
    paused = play(state, {"anna": {"action": "excavate"}})
    assert paused.state.stage == BID and [p.seat for p in GAME.prompts(paused.state)] == ["anna"]
    assert "Excavate was also played by bob" in GAME.prompts(paused.state)[0].text
    step = play(paused.state, {"anna": {"bid": 3}})
    assert next(e for e in step.events if e.data["kind"] == "bids").data["bids"] == {"anna": 3, "bob": 2}


def test_holding_an_auction_a_missed_bid_defaults_to_1():
    state = make_state(3, market=("T01", "T02"))
    paused = play(state, {"anna": {"action": "excavate"}, "bob": DRILL, "cora": DRILL})
    assert GAME.default_order(paused.state, "anna") == {"bid": 1}
    step = play(paused.state, {"anna": GAME.default_order(paused.state, "anna")}, rolls=[1])
    assert "anna bids 1 water alone and rolls 1." in texts(step.events)
    assert water_of(step)["anna"] == 4  # she returns 1 water and keeps her Excavate card
    assert "excavate" in step.state.players["anna"].hand


@pytest.mark.parametrize("order, path, fragment", [
    ({}, ("bid",), "the auction needs your bid: bid must be a whole number of water from 1 to 5 (you have 5)"),
    ({"bid": 6}, ("bid",), "from 1 to 5 (you have 5), not 6"),
    ({"bid": 0}, ("bid",), "from 1 to 5 (you have 5), not 0"),
    ({"bid": "two"}, ("bid",), "not 'two'"),
    ({"bid": {"alone": 2}}, ("bid",), "the auction is known now, so write one number"),
    ({"bid": 2, "action": "drill"}, ("action",), "unknown key 'action'; after the reveal only the bid is asked"),
])
def test_holding_an_auction_bad_bids_after_the_reveal(order, path, fragment):
    state = make_state(3, market=("T01", "T02"))
    paused = play(state, {"anna": {"action": "excavate"}, "bob": DRILL, "cora": DRILL})
    problems = GAME.check(paused.state, "anna", order)
    assert len(problems) == 1 and problems[0].path == path and fragment in problems[0].message


@pytest.mark.parametrize("bid, path, fragment", [
    ({"alon": 2}, ("bid", "alon"), "unknown key 'alon' in bid; the keys are: alone, contested"),
    ({"alone": 9}, ("bid", "alone"), "bid alone must be a whole number of water from 1 to 7 (you have 7), not 9"),
    ({"contested": "lots"}, ("bid", "contested"), "bid contested must be a whole number of water from 1 to 7"),
    ({"alone": 0, "contested": 2}, ("bid", "alone"), "not 0"),
])
def test_holding_an_auction_bad_bids_in_advance(bid, path, fragment):
    state = make_state(3, water=(7, 5, 5))
    problems = GAME.check(state, "anna", {"action": "excavate", "bid": bid})
    assert len(problems) == 1 and problems[0].path == path and fragment in problems[0].message


def test_holding_an_auction_bids_held_in_advance_stay_behind_the_screen():
    state = make_state(4, market=("T01", "T02", "T03"))
    paused = play(state, {"anna": {"action": "excavate", "bid": {"alone": 5, "contested": 4}},
                          "bob": {"action": "excavate"}, "cora": DRILL, "dan": DRILL})
    assert GAME.view(paused.state, "anna")["you"]["choice"]["bid_text"] == "5 alone, 4 contested"
    for seat in ("bob", "cora", None):
        view = GAME.view(paused.state, seat)
        assert "5 alone" not in str(view) and "'contested': 4" not in str(view)
        assert [p["revealed"] for p in view["players"]] == ["excavate", "excavate", "drill", "drill"]
    public = [e.text for e in paused.events if e.visible_to(None)]
    assert public[-1] == "Round 1: the Excavate players bid now; waiting for bob."


def test_holding_an_auction_the_order_template_after_the_reveal_passes_check():
    from ruamel.yaml import YAML

    state = make_state(3, market=("T01", "T02"))
    paused = play(state, {"anna": {"action": "excavate"}, "bob": {"action": "excavate", "bid": 1}, "cora": DRILL})
    template = GAME.template(paused.state, "anna")
    assert "Excavate was also played by bob" in " ".join(template.replace("\n#", " ").split())
    assert GAME.check(paused.state, "anna", YAML(typ="safe", pure=True).load(template)) == []


def test_holding_an_auction_by_the_command_line_the_bid_prompt_waits_and_force_bids_1(tmp_path):
    import json

    from click.testing import CliRunner

    from pbem.cli import main

    def pbem(*args: str, code: int = 0) -> str:
        result = CliRunner().invoke(main, list(args), catch_exceptions=False)
        assert result.exit_code == code, result.output
        return result.output

    folder = tmp_path / "g"
    pbem("new", str(folder), "--game", "expedition-5x", "--seed", "bids", "--player", "anna", "--player", "ben",
         "--player", "cleo")
    orders = {"anna": "action: excavate\nbid: {alone: 2}\n", "ben": "action: excavate\nbid:\n  alon: 2\n",
              "cleo": "action: drill\n"}
    for seat, body in orders.items():
        (tmp_path / f"{seat}.yaml").write_text(f"game: g\nseat: {seat}\nstep: 1\n{body}", encoding="utf-8")
    refused = pbem("submit", str(folder), *(str(tmp_path / f"{s}.yaml") for s in orders), code=1)
    assert "ben.yaml:6:9: unknown key 'alon' in bid; the keys are: alone, contested" in refused
    (tmp_path / "ben.yaml").write_text("game: g\nseat: ben\nstep: 1\naction: excavate\n", encoding="utf-8")
    pbem("submit", str(folder), str(tmp_path / "ben.yaml"))
    assert "waiting for anna, ben" in pbem("run", "--no-reports", str(folder))
    status = pbem("status", str(folder))
    assert "round 1, bids" in status and "waiting for: anna, ben" in status
    assert "default orders for anna, ben" in pbem("run", "--force", "--no-reports", str(folder))
    events = json.loads((folder / "steps" / "0002" / "events.json").read_text(encoding="utf-8"))
    assert events[0]["text"] == "The Excavate bids are revealed: anna 1, ben 1."
    assert "replay exactly" in pbem("replay", str(folder))
