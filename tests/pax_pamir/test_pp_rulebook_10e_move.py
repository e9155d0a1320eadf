"""Rulebook, Card-Based Actions, Move: one move of a loyal army or spy per rank of the acting card; an army
crosses a border only along a road of its own loyalty; spies step along all courts as one continuous track.

Each test plays a whole turn through the game's check and apply, with orders as a player writes them.
"""

from __future__ import annotations

from typing import Any

from actions_helpers import make_state
from pp_helpers import turn

from games.pax_pamir import GAME
from games.pax_pamir.state import GameState

FARAH_ROAD = 63  # Herat economic rank 3: move
AFGHAN_HANDICRAFTS = 9  # Kabul economic rank 1: tax, move
MARKET = [[1, 2, 3, 4, 6, 7], [8, 10, 11, 13, 15, 17]]


def _position(**kw: Any) -> GameState:
    """Anna to move (British; Bob Russian, Cati Afghan)."""
    state = make_state(market=MARKET, **kw)
    state.turn = None
    return state


def _move(card: int, *moves: dict[str, Any]) -> dict[str, Any]:
    return {"actions": [{"action": "move", "card": card, "moves": list(moves)}]}


def test_an_army_crosses_only_a_road_of_its_own_loyalty() -> None:
    """'there must be a road matching the moving army's loyalty on the border crossed': a Russian road on
    Herat-Kabul carries no British army; a British one does."""
    state = _position(courts={"anna": [FARAH_ROAD]}, armies={"kabul": {"british": 1}},
                      roads={"herat-kabul": {"russian": 1}})
    (problem,) = GAME.check(state, "anna", _move(FARAH_ROAD, {"army": "kabul", "to": "herat"}))
    assert problem.path == ("actions", 0, "moves", 0) and "no british road" in problem.message
    state.roads["herat-kabul"]["british"] = 1
    assert turn(state, _move(FARAH_ROAD, {"army": "kabul", "to": "herat"})).state.armies == {
        "herat": {"british": 1}}


def test_only_loyal_armies_move() -> None:
    """'move one loyal army or spy': the Russian army in Kabul is not Anna's to move, even along a Russian road."""
    state = _position(courts={"anna": [FARAH_ROAD]}, armies={"kabul": {"russian": 1}},
                      roads={"herat-kabul": {"russian": 1, "british": 1}})
    (problem,) = GAME.check(state, "anna", _move(FARAH_ROAD, {"army": "kabul", "to": "herat"}))
    assert "no army of yours in 'kabul'" in problem.message


def test_one_army_may_use_every_move_of_the_card() -> None:
    """'For each rank of the acting card, move one loyal army or spy. The same unit can be moved multiple times':
    a rank-three card takes one army over three roads, and gives no fourth move."""
    state = _position(courts={"anna": [FARAH_ROAD]}, armies={"punjab": {"british": 1}},
                      roads={b: {"british": 1} for b in ("kabul-punjab", "herat-kabul", "herat-persia")})
    after = turn(state, _move(FARAH_ROAD, {"army": "punjab", "to": "kabul"}, {"army": "kabul", "to": "herat"},
                              {"army": "herat", "to": "persia"})).state
    assert after.armies == {"persia": {"british": 1}}
    (problem,) = GAME.check(state, "anna", _move(FARAH_ROAD, *[{"army": "punjab", "to": "kabul"},
                                                            {"army": "kabul", "to": "punjab"}] * 2))
    assert "gives 3 moves, not 4" in problem.message  # one move per rank, no more
    (problem,) = GAME.check(state, "anna", _move(AFGHAN_HANDICRAFTS, {"army": "punjab", "to": "kabul"}))
    assert "cards that can move now" in problem.message  # Anna does not hold Afghan Handicrafts


def test_spies_step_along_all_courts_as_one_loop_skipping_an_empty_court() -> None:
    """'Spies move along cards in players' courts (clockwise or counter-clockwise), as if a single continuous
    track': with Bob's court empty, Anna's spy on Cati's only card steps on to Anna's first card (round the loop)
    or back to Anna's last card; it cannot reach Anna's middle card in one move."""
    state = _position(courts={"anna": [FARAH_ROAD, 30, 31], "cati": [61]}, spies={61: {"anna": 1}})
    forward = turn(state, _move(FARAH_ROAD, {"spy": 61, "to": FARAH_ROAD})).state
    assert forward.spies == {str(FARAH_ROAD): {"anna": 1}}
    back = turn(state, _move(FARAH_ROAD, {"spy": 61, "to": 31})).state
    assert back.spies == {"31": {"anna": 1}}
    (problem,) = GAME.check(state, "anna", _move(FARAH_ROAD, {"spy": 61, "to": 30}))
    assert "choices: 63, 31" in problem.message


def test_the_rulebook_move_example_a_spy_two_cards_back_then_an_army_over_a_yellow_road() -> None:
    """Move example: Blake, Russian, with a rank-three card moves his spy two cards counter-clockwise, then his army
    to an adjacent region along a Russian (yellow) road."""
    state = make_state(seats=("blake", "hope"), acting="blake", loyalty={"blake": "russian", "hope": "british"},
                       market=MARKET, courts={"blake": [FARAH_ROAD, 30], "hope": [31, 61, 62]},
                       spies={61: {"blake": 1}}, armies={"herat": {"russian": 1}},
                       roads={"herat-transcaspia": {"russian": 1}})
    state.turn = None
    after = turn(state, _move(FARAH_ROAD, {"spy": 61, "to": 31}, {"spy": 31, "to": 30},
                              {"army": "herat", "to": "transcaspia"}), seat="blake").state
    assert after.spies == {"30": {"blake": 1}} and after.armies == {"transcaspia": {"russian": 1}}
