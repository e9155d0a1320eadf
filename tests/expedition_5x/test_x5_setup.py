"""Components, game setup and the card data's structure (rulebook: Components, Game Setup, card descriptions)."""

from __future__ import annotations

import re
from collections import Counter
from importlib.resources import files

import pytest

from engine.carddata import CardDataError
from engine.contract import Game
from engine.registry import get
from engine.rng import Rng
from games.expedition_5x import GAME
from games.expedition_5x.cards import ACTIONS, DIE_FACES, JOKER, cards, parse_cards
from games.expedition_5x.state import CHOOSE


def test_game_implements_the_contract_and_is_registered():
    assert isinstance(GAME, Game)
    assert (GAME.id, GAME.title, GAME.player_counts) == ("expedition-5x", "Expedition to 5X", range(3, 6))
    assert get("expedition-5x") is GAME


def test_components_15_technologies_5_settlements_and_the_die():
    assert len(cards().technologies) == 15
    assert len(cards().settlements) == 5
    assert sorted(DIE_FACES) == [0, 0, 1, 1, 1, 2, 2, 3]
    assert ACTIONS == ("excavate", "drill", "plunder", "scout", "expand")  # activation order 1..5


def test_card_data_every_action_three_times_on_each_side():
    techs = cards().technologies.values()
    assert Counter(t.left.action for t in techs) == {a: 3 for a in ACTIONS}
    assert Counter(t.right.action for t in techs) == {a: 3 for a in ACTIONS}
    assert all(t.left.action != t.right.action for t in techs)
    assert Counter(s.left for s in cards().settlements.values()) == {a: 1 for a in ACTIONS}
    assert Counter(s.right for s in cards().settlements.values()) == {a: 1 for a in ACTIONS}


def test_card_data_uses_all_four_improvements_and_balanced_crystals():
    techs = list(cards().technologies.values())
    sides = [side for t in techs for side in (t.left, t.right)]
    assert {s.improvement for s in sides} == {"water", "die", "count", "steal"}
    colours = Counter([t.centre for t in techs] + [s.crystal for s in sides if s.crystal])
    assert colours == {"blue": 10, "green": 10, "purple": 10, JOKER: 2}
    # No improvement steals from players of its own action: Excavate cannot shrink another bidder's water.
    assert not [s for s in sides if s.improvement == "steal" and s.target == s.action]


def test_card_data_loader_rejects_a_count_without_target():
    bad = """
technologies:
  - id: T01
    name: A
    centre: blue
    left: {action: drill, improvement: count}
    right: {action: scout, improvement: die}
settlements: []
"""
    with pytest.raises(CardDataError, match=r"^cards.yaml:6: technology T01 \(A\) left: field 'improvement': count "
                                            r"and steal need a target action"):
        parse_cards(bad)


SHIPPED = (files("games.expedition_5x") / "data" / "cards.yaml").read_text(encoding="utf-8")
FIRST = "  - id: T01\n    name: Dew Condenser\n    centre: blue\n    left:  {action: drill, improvement: water"


@pytest.mark.parametrize(
    ("new", "expected"),
    [
        (FIRST.replace("improvement: water", "improvement: 3"),
         r":29: technology T01 \(Dew Condenser\) left: field 'improvement': unknown improvement 3 \(expected one of"),
        (FIRST.replace("    name: Dew Condenser\n", ""), r":26: technology T01: missing field 'name'"),
        (FIRST.replace("centre: blue", "centre: blue\n    cost: 1"),
         r":29: technology T01 \(Dew Condenser\): field 'cost': unknown field 'cost'"),
        (FIRST.replace("T01", "T02"), r":31: technology T02 \(Wind Scanner\): field 'id': technology listed twice "
                                      r"\(first at line 26\)$"),
        (FIRST.replace("- id", "- &first id"), r":26: anchors and aliases are not allowed"),
        (FIRST.replace("centre: blue", "centre: [blue"), r":\d+: not valid YAML"),
    ],
    ids=["wrong type", "missing field", "unknown field", "duplicate id", "anchor", "bad YAML"],
)
def test_a_broken_card_file_names_its_line_and_field(new: str, expected: str) -> None:
    assert SHIPPED.index(FIRST) == SHIPPED.index("technologies:") + len("technologies:\n")  # line 26
    with pytest.raises(CardDataError) as error:
        parse_cards(SHIPPED.replace(FIRST, new, 1))
    assert re.match("cards.yaml" + expected, str(error.value)), str(error.value)


def test_the_shipped_cards_read_alike_with_and_without_line_numbers():
    assert parse_cards(SHIPPED) == cards()


@pytest.mark.parametrize("players", [3, 4, 5])
def test_game_setup_each_clan_gets_5_cards_5_water_and_a_settlement(players):
    seats = ["anna", "bob", "cora", "dan", "eve"][:players]
    state = GAME.setup(seats, {}, Rng("setup"))
    assert state.stage == CHOOSE and state.round == 1
    for seat in seats:
        player = state.players[seat]
        assert (player.water, player.hand, player.discards) == (5, list(ACTIONS), [])
        assert [g.cards for g in player.tableau] == [[player.settlement]]
    assert len({p.settlement for p in state.players.values()}) == players
    # Round 1's technology is revealed at once; the next one shows face up on the deck.
    assert len(state.market) == 1 and len(state.deck) == 14
    assert sorted(state.market + state.deck) == sorted(cards().technologies)


def test_game_setup_is_random_but_seeded():
    seats = ["anna", "bob", "cora"]
    assert GAME.setup(seats, {}, Rng("a")) == GAME.setup(seats, {}, Rng("a"))
    decks = {tuple(GAME.setup(seats, {}, Rng(f"s{i}")).deck) for i in range(10)}
    assert len(decks) == 10


@pytest.mark.parametrize("seats", [["anna", "bob"], ["a", "b", "c", "d", "e", "f"], ["anna", "anna", "bob"]])
def test_game_setup_rejects_bad_seat_lists(seats):
    with pytest.raises(ValueError):
        GAME.setup(seats, {}, Rng("x"))
