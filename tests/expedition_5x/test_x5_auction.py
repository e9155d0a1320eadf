"""Holding an auction: alone against the die, or sealed bids with identical bids removed."""

from __future__ import annotations

from x5_helpers import make_state, play, water_of

from games.expedition_5x.auction import effective_bid
from games.expedition_5x.state import Choice

DRILL = {"action": "drill"}


def test_holding_an_auction_for_1_player_bid_above_the_roll_wins_and_pays_all():
    state = make_state(3, market=("T01", "T02"))
    step = play(state, {"anna": {"action": "excavate", "bid": 3, "wishes": ["T02"]}, "bob": DRILL, "cora": DRILL},
                rolls=[2])
    anna = step.state.players["anna"]
    assert anna.water == 2
    assert "T02" in [c for g in anna.tableau for c in g.cards]
    assert "T02" not in step.state.market
    assert anna.discards == ["excavate"] and "excavate" not in anna.hand


def test_holding_an_auction_for_1_player_bid_equal_to_the_roll_leaves_and_pays_1():
    state = make_state(3, market=("T01", "T02"))
    step = play(state, {"anna": {"action": "excavate", "bid": 2}, "bob": DRILL, "cora": DRILL}, rolls=[2])
    anna = step.state.players["anna"]
    assert anna.water == 4
    assert [g.cards for g in anna.tableau] == [["S1"]]
    assert anna.discards == [] and "excavate" in anna.hand  # Excavate returns to hand without a technology
    assert step.state.market[:1] == ["T02"]  # T01 stayed until Phase I of round 2 pushed it out


def test_holding_an_auction_identical_bids_removed():
    state = make_state(4, market=("T01", "T02", "T03"))
    step = play(state, {"anna": {"action": "excavate", "bid": 3}, "bob": {"action": "excavate", "bid": 3},
                        "cora": {"action": "excavate", "bid": 2, "wishes": ["T03"]}, "dan": DRILL})
    assert water_of(step) == {"anna": 4, "bob": 4, "cora": 3, "dan": 9}
    players = step.state.players
    assert "T03" in players["cora"].tableau[-1].cards or "T03" in players["cora"].tableau[0].cards
    assert "excavate" in players["anna"].hand and "excavate" in players["bob"].hand
    assert players["cora"].discards == ["excavate"]


def test_holding_an_auction_all_bidders_removed_no_winner():
    state = make_state(3, market=("T01", "T02"))
    step = play(state, {"anna": {"action": "excavate", "bid": 2}, "bob": {"action": "excavate", "bid": 2},
                        "cora": DRILL})
    assert water_of(step) == {"anna": 4, "bob": 4, "cora": 9}
    assert [e.data["kind"] for e in step.events if e.data["kind"] in ("tied", "no-winner")] == ["tied", "no-winner"]
    assert all(len(p.tableau) == 1 and len(p.tableau[0].cards) == 1 for p in step.state.players.values())


def test_holding_an_auction_second_place_chooses_from_what_is_left():
    state = make_state(5, market=("T01", "T02", "T03", "T04"))
    step = play(state, {
        "anna": {"action": "excavate", "bid": 4, "wishes": ["T02"]},
        "bob": {"action": "excavate", "bid": 5, "wishes": ["T02", "T04"]},
        "cora": {"action": "excavate", "bid": 1, "wishes": ["T02", "T04"]},
        "dan": DRILL, "eve": DRILL})
    owned = {s: [c for g in p.tableau for c in g.cards if c.startswith("T")] for s, p in step.state.players.items()}
    # bob bid most and takes T02; anna's only wish is gone, so she gets the default choice; cora falls to T04.
    assert owned["bob"] == ["T02"] and owned["cora"] == ["T04"]
    assert len(owned["anna"]) == 1 and owned["anna"][0] in ("T01", "T03")
    assert water_of(step)["bob"] == 0 and water_of(step)["anna"] == 1 and water_of(step)["cora"] == 4


def test_holding_an_auction_market_runs_out_and_the_last_bidder_pays_1():
    state = make_state(3, market=("T01", "T02"))
    step = play(state, {"anna": {"action": "excavate", "bid": 3}, "bob": {"action": "excavate", "bid": 2},
                        "cora": {"action": "excavate", "bid": 1}})
    assert water_of(step) == {"anna": 2, "bob": 3, "cora": 4}
    assert "excavate" in step.state.players["cora"].hand
    assert step.state.market == [step.state.market[0]] and step.state.market[0] not in ("T01", "T02")


def test_holding_an_auction_default_choice_takes_the_best_scoring_card():
    # anna owns Rover Tracks (T14: green centre, Drill on its right). T01 (Drill on its left, green edge crystal)
    # joins it on top: green, green, blue = 3 + 1 = 4 points. T02 only stands alone: two greens, 3 points.
    from games.expedition_5x.state import Group

    state = make_state(3, market=("T02", "T01"))
    state.players["anna"].tableau = [Group(["S1"]), Group(["T14"])]
    step = play(state, {"anna": {"action": "excavate", "bid": 2}, "bob": DRILL, "cora": DRILL}, rolls=[0])
    assert [(g.cards, g.tops) for g in step.state.players["anna"].tableau] == [(["S1"], []),
                                                                             (["T14", "T01"], ["right"])]


def test_holding_an_auction_bid_is_capped_by_the_water_behind_the_screen():
    state = make_state(3, water=(2, 5, 5))
    assert effective_bid(state, "anna", Choice("excavate", 2)) == 2
    state.players["anna"].water = 1
    assert effective_bid(state, "anna", Choice("excavate", 2)) == 1


def test_holding_an_auction_bids_are_revealed_to_everyone():
    state = make_state(3)
    step = play(state, {"anna": {"action": "excavate", "bid": 3}, "bob": {"action": "excavate", "bid": 1},
                        "cora": DRILL})
    bids = [e for e in step.events if e.data.get("kind") == "bids"]
    assert len(bids) == 1 and bids[0].to is None and bids[0].data["bids"] == {"anna": 3, "bob": 1}


def test_holding_an_auction_a_lowered_bid_is_compared_as_lowered():
    # Only other card data could lower a bidder's water before the auction; the cap still decides fairly.
    from x5_helpers import LoadedDie

    from games.expedition_5x.auction import hold_auction
    from games.expedition_5x.cards import cards

    state = make_state(3, water=(2, 5, 0))
    choices = {"anna": Choice("excavate", 3), "bob": Choice("excavate", 2), "cora": Choice("excavate", 2)}
    events = []
    winners = hold_auction(state, ["anna", "bob", "cora"], choices, LoadedDie([]), cards(), events)
    assert winners == set()  # anna's 3 became 2, the same as bob's; cora had nothing left to bid
    assert {s: p.water for s, p in state.players.items()} == {"anna": 1, "bob": 4, "cora": 0}


def test_III_I_a_bid_may_spend_the_water_excavate_improvements_surely_give_first():
    # Improvements come before the basic action: Sand Sifter's Excavate corner (+1 water) pays before the bids.
    from games.expedition_5x import GAME
    from games.expedition_5x.state import Group

    state = make_state(3, water=(0, 5, 5), market=("T01", "T02"))
    state.players["anna"].tableau = [Group(["S1"]), Group(["T04"])]
    assert "excavate" in GAME.view(state, "anna")["you"]["playable"]
    problems = GAME.check(state, "anna", {"action": "excavate", "bid": 2})
    assert [(p.path, p.message) for p in problems] == [(("bid",), (
        "bid must be a whole number of water from 1 to 1 (you have 0, and your Excavate improvements "
        "give 1 more before the bids), not 2"))]
    step = play(state, {"anna": {"action": "excavate", "bid": 1, "wishes": ["T02"]}, "bob": DRILL, "cora": DRILL},
                rolls=[0])
    assert water_of(step)["anna"] == 0 and "T02" in [c for g in step.state.players["anna"].tableau for c in g.cards]


def test_III_I_a_late_scout_s_bid_counts_the_revealed_excavate_cards_for_a_count_improvement():
    # Glass Kiln's Excavate corner: 1 water per Excavate card played. Seen by a late scout, bob's Excavate counts.
    from games.expedition_5x.orders import bid_limit
    from games.expedition_5x.state import Group

    state = play(make_state(3, water=(2, 5, 5)), {"anna": {"action": "scout"}, "bob": DRILL, "cora": DRILL},
                 rolls=[0]).state
    state.players["anna"].tableau = [Group(["S1"]), Group(["T03"])]
    assert bid_limit(state, "anna") == 2 + 1
    state = play(state, {"bob": {"action": "excavate", "bid": 1}, "cora": {"action": "expand"}}).state
    assert bid_limit(state, "anna") == 2 + 2
    step = play(state, {"anna": {"action": "excavate", "bid": 4, "wishes": [state.market[0]]}})
    assert water_of(step)["anna"] == 0  # 2 + 2 from Glass Kiln, all spent on the winning bid
