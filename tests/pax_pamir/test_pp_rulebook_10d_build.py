"""Rulebook, Card-Based Actions, Build: up to three armies and/or roads among the regions you rule (roads on any
of their borders), two rupees per unit placed.

Each test plays a whole turn through the game's check and apply, with orders as a player writes them.
"""

from __future__ import annotations

from typing import Any

from actions_helpers import make_state
from pp_helpers import turn

from games.pax_pamir import GAME
from games.pax_pamir.state import GameState

MONEY_LENDERS = 14  # Kabul economic: gift, build
MARKET = [[1, 2, 3, 4, 6, 7], [8, 10, 11, 13, 15, 17]]


def _position(**kw: Any) -> GameState:
    """Anna to move (British; Bob Russian, Cati Afghan), Money Lenders in her court, four rupees unless said."""
    state = make_state(market=MARKET, courts={"anna": [MONEY_LENDERS]}, **kw)
    state.turn = None
    return state


def _build(*places: str) -> dict[str, Any]:
    return {"actions": [{"action": "build", "card": MONEY_LENDERS, "place": list(places)}]}


def test_the_rulebook_build_example_two_british_armies_in_kabul_for_four_rupees() -> None:
    """Build example: Cati, British, rules only Kabul and places two armies there, paying four rupees to the
    market (the two rightmost cards of each row)."""
    state = _position(tribes={"kabul": {"anna": 1}})
    after = turn(state, _build("kabul", "kabul")).state
    assert after.armies == {"kabul": {"british": 2}} and after.players["anna"].rupees == 0
    assert after.market_rupees == [[0, 0, 0, 0, 1, 1], [0, 0, 0, 0, 1, 1]]


def test_roads_go_on_any_border_of_a_ruled_region_even_towards_an_unruled_one() -> None:
    """'roads on any adjacent borders': ruling Kabul, Anna may build a road on Kabul-Punjab (Punjab unruled), but
    no army in Punjab and no road on Kandahar-Punjab, which does not touch Kabul."""
    state = _position(tribes={"kabul": {"anna": 1}})
    after = turn(state, _build("kabul-punjab")).state
    assert after.roads == {"kabul-punjab": {"british": 1}}
    for place in ("punjab", "kandahar-punjab"):
        (problem,) = GAME.check(state, "anna", _build(place))
        assert problem.path == ("actions", 0, "place", 0) and "regions you rule" in problem.message


def test_one_build_may_spread_its_blocks_among_every_region_ruled() -> None:
    """'among regions you rule': an army in Kabul, an army in Herat and a road on Herat-Persia in one action."""
    state = _position(tribes={"kabul": {"anna": 1}, "herat": {"anna": 1}}, rupees={"anna": 6})
    after = turn(state, _build("kabul", "herat", "herat-persia")).state
    assert after.armies == {"kabul": {"british": 1}, "herat": {"british": 1}}
    assert after.roads == {"herat-persia": {"british": 1}} and after.players["anna"].rupees == 0


def test_at_most_three_blocks_and_two_rupees_for_each() -> None:
    """'Place up to three armies and/or roads' ... 'two rupees per unit placed': four blocks are refused even
    with eight rupees; three rupees pay for one block, not two."""
    state = _position(tribes={"kabul": {"anna": 1}}, rupees={"anna": 8})
    (problem,) = GAME.check(state, "anna", _build("kabul", "kabul", "kabul", "kabul"))
    assert "at most 3 blocks, not 4" in problem.message
    state = _position(tribes={"kabul": {"anna": 1}}, rupees={"anna": 3})
    (problem,) = GAME.check(state, "anna", _build("kabul", "kabul"))
    assert "cost 4 rupees and you have 3" in problem.message


def test_no_build_without_ruling_a_region() -> None:
    """A tie for the most ruling pieces means nobody rules: Anna's tribe against Bob's gives her no Build."""
    state = _position(tribes={"kabul": {"anna": 1, "bob": 1}})
    (problem,) = GAME.check(state, "anna", _build("kabul"))
    assert "rule no region" in problem.message
