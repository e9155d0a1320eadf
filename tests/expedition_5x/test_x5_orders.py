"""Bad orders from strangers: every key, type and value is checked, with a precise path and message."""

from __future__ import annotations

from pathlib import Path

import pytest
from ruamel.yaml import YAML
from x5_helpers import make_state, play

from games.expedition_5x import GAME
from games.expedition_5x.state import Group

EXAMPLES = Path(__file__).resolve().parents[2] / "games" / "expedition_5x" / "examples"
HEADER = ("game", "seat", "step", "token")


def _problems(order, seat="anna", state=None):
    state = state or make_state(3, water=(7, 5, 5))
    return [(p.path, p.message) for p in GAME.check(state, seat, order)]


@pytest.mark.parametrize("bid", ["three", [3], -1, 0, 8, 10**30, True, 2.5])
def test_orders_bad_bid(bid):
    problems = _problems({"action": "excavate", "bid": bid})
    assert len(problems) == 1 and problems[0][0] == ("bid",)
    assert "bid must be a whole number of water from 1 to 7 (you have 7)" in problems[0][1]


def test_orders_huge_values_are_cut_short_in_messages():
    problems = _problems({"action": "x" * 10_000})
    assert len(problems[0][1]) < 200 and "..." in problems[0][1]


def test_orders_bid_is_ignored_with_another_action():
    assert _problems({"action": "drill", "bid": "three", "wishes": "nonsense"}) == []


@pytest.mark.parametrize("action", ["dig", 3, None, ["drill"], ""])
def test_orders_bad_action_lists_the_playable_cards(action):
    problems = _problems({"action": action})
    assert [p for p, _ in problems] == [("action",)]
    assert problems[0][1].endswith("you can play: excavate, drill, plunder, scout, expand")


def test_orders_action_names_are_case_insensitive():
    assert _problems({"action": " Drill "}) == []


def test_orders_excavate_needs_water():
    assert _problems({"action": "excavate", "bid": 1}, state=make_state(3, water=(0, 5, 5))) == [
        (("action",), "Excavate needs a bid of at least 1 water and you have none; "
                      "you can play: drill, plunder, scout, expand")]


def test_orders_unknown_keys_and_non_mapping():
    assert _problems({"action": "drill", "bidd": 3}) == [
        (("bidd",), "unknown key 'bidd'; the keys are: action, bid, wishes")]
    assert _problems(["drill"]) == [((), "an order is a set of keys: action, bid, wishes")]


def test_orders_only_prompted_seats_may_order():
    state = play(make_state(3), {"anna": {"action": "scout"}, "bob": {"action": "drill"},
                                 "cora": {"action": "drill"}}, rolls=[0]).state
    assert _problems({"action": "drill"}, "anna", state) == [
        ((), "you scouted last round, so you choose after the others have revealed their cards; "
             "wait for that prompt")]
    assert _problems({"action": "drill"}, "zed", state) == [((), "'zed' is not a seat in this game")]
    state = play(state, {"bob": {"action": "expand"}, "cora": {"action": "expand"}}).state
    assert _problems({"action": "drill"}, "bob", state) == [
        ((), "your card for this round is already chosen; only last round's scouts choose now")]
    state.stage = "over"
    assert _problems({"action": "drill"}, "anna", state) == [((), "the game is over: no more orders")]


def test_orders_the_top_card_of_the_deck_is_named_as_not_for_sale():
    state = make_state(3, market=("T01", "T02"), deck=("T09", "T10"))
    problems = _problems({"action": "excavate", "bid": 1, "wishes": ["t09"]}, state=state)
    assert problems == [(("wishes", 0), "T09 is on top of the deck and not for sale yet; "
                                        "the market holds T01 (Dew Condenser), T02 (Wind Scanner)")]


@pytest.mark.parametrize(("wishes", "path", "fragment"), [
    ("T01", ("wishes",), "must be a list"),
    (["T09"], ("wishes", 0), "T09 is not in the market yet; the market holds T01 (Dew Condenser), T02 (Wind Scanner)"),
    (["T99"], ("wishes", 0), "there is no technology 'T99'; the market holds"),
    ([{"card": 5}], ("wishes", 0, "card"), "not 5"),
    (["T01", "t01"], ("wishes", 1), "T01 is already on your wish list (entry 1)"),
    ([{"card": "T01", "colour": "red"}], ("wishes", 0, "colour"), "unknown key 'colour' in a wish"),
    ([{"card": "T01", "left": "T05"}], ("wishes", 0, "left"), "it can join the right end of: S1 (Dune Hollow)"),
    ([{"card": "T01", "right": "settlement"}], ("wishes", 0, "right"), "no group of yours shows Scout"),
    ([{"card": "T01", "left": "S1", "left_top": "above"}], ("wishes", 0, "left_top"), "write new"),
    (["T01"] * 16, ("wishes",), "at most 15 wishes"),
])
def test_orders_bad_wishes(wishes, path, fragment):
    problems = _problems({"action": "excavate", "bid": 2, "wishes": wishes})
    assert len(problems) == 1 and problems[0][0] == path and fragment in problems[0][1], problems


def test_orders_good_wishes_in_every_form():
    state = make_state(3, market=("T01", "T02"))
    state.players["anna"].tableau = [Group(["S1"]), Group(["T14"])]
    order = {"action": "excavate", "bid": 3, "wishes": [
        {"card": "t01", "left": "settlement", "left_top": "old", "right": "none"}, "T02"]}
    assert _problems(order, state=state) == []
    assert _problems({"action": "excavate", "bid": 3, "wishes": [{"card": "T01", "left": "any", "right": "T14"}]},
                     state=state) == []


def _examples():
    return sorted(EXAMPLES.glob("*.yaml"))


def test_orders_examples_exist():
    assert len(_examples()) >= 3


@pytest.mark.parametrize("path", _examples(), ids=lambda p: p.name)
def test_orders_example_files_pass_check(path):
    document = YAML(typ="safe", pure=True).load(path.read_text(encoding="utf-8"))
    assert (document["game"], document["seat"], document["step"]) == ("my-game", "anna", 1)
    body = {k: v for k, v in document.items() if k not in HEADER}
    state = make_state(3, water=(7, 5, 5), market=("T01", "T02"))
    if path.name.startswith("bid-"):  # an answer at the bid stage, after anna's Excavate without a bid
        state = play(state, {"anna": {"action": "excavate"}, "bob": {"action": "drill"},
                             "cora": {"action": "drill"}}).state
    assert _problems(body, state=state) == []


def test_orders_a_wished_card_out_of_the_market_says_where_it_is():
    state = make_state(3, market=("T01", "T02"), deck=("T09", "T10"))
    state.discard = ["T05"]
    state.players["bob"].tableau = [Group(["S2"]), Group(["T06"])]
    wanted = {"T05": "T05 was discarded from the market", "T06": "T06 already belongs to bob",
              "T09": "T09 is on top of the deck and not for sale yet"}
    for card, why in wanted.items():
        problems = _problems({"action": "excavate", "bid": 1, "wishes": [card]}, state=state)
        assert problems == [(("wishes", 0), f"{why}; the market holds T01 (Dew Condenser), T02 (Wind Scanner)")]


def _flat(template: str) -> str:
    """The template as one line of words, so a wrapped comment can be searched whole."""
    return " ".join(template.replace("\n#", " ").split())


def test_order_template_lists_the_legal_choices_and_the_deck_top_apart():
    state = make_state(3, water=(7, 5, 5), market=("T01", "T02"), deck=("T09", "T10"))
    state.players["anna"].hand = ["excavate", "drill", "expand"]
    state.players["anna"].discards = ["plunder", "scout"]
    template = GAME.template(state, "anna")
    assert max(len(line) for line in template.splitlines()) <= 72  # fits a mail, and a printed report's order box
    assert "\naction: drill\n" in template and "\nbid: {alone: 1, contested: 1}\n" in template
    # The other cards in hand are ready lines; a card in the discard pile is only named.
    assert "\n#action: excavate\n" in template and "\n#action: expand\n" in template
    assert "#action: plunder" not in template and "#action: scout" not in template
    assert "  - card: T09" not in template and "  - card: T01" in template
    text = _flat(template)
    assert "In your discard pile until you play expand: plunder, scout." in text
    assert "bid: a whole number of water from 1 to 7 (you have 7)." in text
    assert "Not for sale yet (top of the deck): T09 Star Chart" in text
    # Dune Hollow shows Drill on its right, T01 shows Drill on its left: the only join it offers.
    assert "left: S1 (Dune Hollow), none or any" in text
    assert "best placement: with its left side over Dune Hollow; your crystals would then score 1" in text


def test_order_template_for_a_late_scout_counts_the_revealed_cards():
    state = play(make_state(3), {"anna": {"action": "scout"}, "bob": {"action": "drill"},
                                 "cora": {"action": "drill"}}, rolls=[0]).state
    state = play(state, {"bob": {"action": "expand"}, "cora": {"action": "plunder"}}).state
    text = _flat(GAME.template(state, "anna"))
    assert "Already revealed: bob expand, cora plunder" in text
    assert "So far: drill would give you 4 water, plunder 1 from each of 1 Excavate/Expand player" in text


def test_order_template_lists_wishes_by_the_default_policy():
    # With Rover Tracks owned, T01 joins it for 4 crystal points, T02 stands alone for 3: T01 comes first.
    state = make_state(3, market=("T02", "T01"))
    state.players["anna"].tableau = [Group(["S1"]), Group(["T14"])]
    assert GAME.template(state, "anna").endswith("wishes:\n  - card: T01\n  - card: T02\n")
    state.players["anna"].tableau = [Group(["S1"])]  # now both score 1: the older card first
    assert GAME.template(state, "anna").endswith("wishes:\n  - card: T02\n  - card: T01\n")
