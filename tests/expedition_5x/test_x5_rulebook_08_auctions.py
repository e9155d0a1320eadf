"""Rulebook, Holding an Auction: alone against the die, or sealed bids among 2 or more Excavate players."""

from __future__ import annotations

import pytest
from x5_helpers import make_state, play, water_of

from games.expedition_5x import GAME

DRILL = {"action": "drill"}


def _techs(state, seat):
    return [c for g in state.players[seat].tableau for c in g.cards if c.startswith("T")]


def test_auction_for_1_player_a_bid_below_the_roll_leaves_and_returns_1_water():
    """Auction for 1 Player: a bid "less than or equal to the die roll": return 1 water, keep the rest."""
    state = make_state(3, market=("T01", "T02"))
    step = play(state, {"anna": {"action": "excavate", "bid": 2}, "bob": DRILL, "cora": DRILL}, rolls=[3])
    assert water_of(step)["anna"] == 4 and _techs(step.state, "anna") == []
    assert "excavate" in step.state.players["anna"].hand


def test_auction_for_1_player_the_winner_takes_any_technology_from_the_market():
    """Auction for 1 Player: "you receive any technology from the market" (here the newest) and pay the whole bid."""
    state = make_state(4, market=("T01", "T02", "T03"))
    step = play(state, {"anna": {"action": "excavate", "bid": 1, "wishes": ["T03"]}, "bob": DRILL, "cora": DRILL,
                        "dan": DRILL}, rolls=[0])
    assert _techs(step.state, "anna") == ["T03"] and water_of(step)["anna"] == 4


def test_auction_for_1_player_a_bid_above_the_highest_face_always_wins():
    """Auction for 1 Player: the die shows at most 3, so a bid of 4 is always "greater than the die roll result"."""
    state = make_state(3, market=("T01", "T02"))
    step = play(state, {"anna": {"action": "excavate", "bid": 4, "wishes": ["T02"]}, "bob": DRILL, "cora": DRILL},
                rolls=[3])
    assert _techs(step.state, "anna") == ["T02"] and water_of(step)["anna"] == 1


@pytest.mark.parametrize("bid", [0, -1])
def test_auction_every_bid_is_at_least_1_water(bid):
    """Holding an Auction: "You must bid at least 1 water token" / "Participants must bid at least 1"."""
    state = make_state(3)
    problems = GAME.check(state, "anna", {"action": "excavate", "bid": bid})
    assert [p.path for p in problems] == [("bid",)] and "from 1 to 5" in problems[0].message


def test_auction_for_2_or_more_players_rolls_no_die():
    """Auction for 2 or More Players: the bids are compared with each other only (a die roll would fail here)."""
    state = make_state(3, market=("T01", "T02"))
    step = play(state, {"anna": {"action": "excavate", "bid": 1, "wishes": ["T01"]},
                        "bob": {"action": "excavate", "bid": 2, "wishes": ["T01"]}, "cora": DRILL}, rolls=[])
    assert _techs(step.state, "bob") == ["T01"] and _techs(step.state, "anna") == ["T02"]


def test_auction_identical_bids_removed_so_a_lower_bid_can_win():
    """Auction for 2+: identical bids "are removed from the auction. The remaining player with the highest bid wins"."""
    state = make_state(3, market=("T01", "T02"))
    step = play(state, {"anna": {"action": "excavate", "bid": 3}, "bob": {"action": "excavate", "bid": 3},
                        "cora": {"action": "excavate", "bid": 1, "wishes": ["T02"]}})
    assert water_of(step) == {"anna": 4, "bob": 4, "cora": 4}
    assert _techs(step.state, "cora") == ["T02"] and _techs(step.state, "anna") == _techs(step.state, "bob") == []


def test_auction_removed_participants_get_nothing_even_with_cards_left_in_the_market():
    """Auction for 2+: only the participants left after the removal take technologies, in order of their bids."""
    state = make_state(5, market=("T01", "T02", "T03", "T04"))
    step = play(state, {"anna": {"action": "excavate", "bid": 5}, "bob": {"action": "excavate", "bid": 2},
                        "cora": {"action": "excavate", "bid": 2}, "dan": DRILL, "eve": DRILL})
    assert len(_techs(step.state, "anna")) == 1
    assert _techs(step.state, "bob") == _techs(step.state, "cora") == []
    assert water_of(step)["bob"] == water_of(step)["cora"] == 4
    assert all("excavate" in step.state.players[s].hand for s in ("bob", "cora"))


def test_auction_two_pairs_of_identical_bids_leave_no_winner():
    """Auction for 2+: "It is possible that all players are removed from the auction. In this case there is no winner"."""
    state = make_state(4, market=("T01", "T02", "T03"))
    step = play(state, {"anna": {"action": "excavate", "bid": 2}, "bob": {"action": "excavate", "bid": 3},
                        "cora": {"action": "excavate", "bid": 2}, "dan": {"action": "excavate", "bid": 3}})
    assert water_of(step) == {"anna": 4, "bob": 4, "cora": 4, "dan": 4}
    assert all(_techs(step.state, s) == [] for s in step.state.seats)
    # Nobody bought: round 2's card pushes out only the card there longest.
    assert (step.state.market, step.state.discard) == (["T02", "T03", "T04"], ["T01"])


def test_auction_the_bids_are_revealed_simultaneously_to_everyone():
    """Auction for 2+: "Auction participants must reveal their bids simultaneously": one public account of all bids."""
    state = make_state(3, market=("T01", "T02"))
    step = play(state, {"anna": {"action": "excavate", "bid": 4}, "bob": {"action": "excavate", "bid": 2},
                        "cora": DRILL})
    shown = [e for e in step.events if e.data.get("kind") == "bids"]
    assert len(shown) == 1 and shown[0].to is None and shown[0].data["bids"] == {"anna": 4, "bob": 2}
