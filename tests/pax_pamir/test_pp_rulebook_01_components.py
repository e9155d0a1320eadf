"""Rulebook, Components: the map, coalition blocks, cylinders, the money supply and the cards."""

from __future__ import annotations

from pp_helpers import position, turn

from engine.rng import Rng
from games.pax_pamir import GAME, cards, queries
from games.pax_pamir.ruling import ruler

COUNT_PEROVSKY = 100  # Transcaspia, military, a Russian patriot: two army icons
AKALI_SIKHS = 38  # Punjab, military: two army icons
MONEY_LENDERS = 14  # Kabul, economic: two roads and the leverage icon


def test_the_map_has_six_regions_and_the_borders_between_them() -> None:
    """Components, The Map: 'The map consists of six regions'; pieces stand in regions or on borders."""
    board = cards.board()
    assert sorted(board.regions) == ["herat", "kabul", "kandahar", "persia", "punjab", "transcaspia"]
    for border in board.borders:
        a, b = board.border_regions[border]
        assert b in board.neighbours[a] and a in board.neighbours[b]


def test_cards_are_one_hundred_court_cards_and_sixteen_events_of_which_four_are_dominance_checks() -> None:
    """Components, Cards: court cards (100) and event cards (16); four events are special Dominance Checks."""
    assert sorted(cards.court_cards()) == list(range(1, 101))
    events = cards.event_cards()
    assert len(events) == 16
    assert sum(1 for e in events.values() if e.dominance_check) == 4


def test_each_coalition_has_twelve_blocks_and_each_player_ten_cylinders_besides_the_score_marker() -> None:
    """Components: each coalition has twelve blocks; each player eleven cylinders, one of which marks victory
    points (Setup: it starts on the zero space), so ten can be placed as tribes, spies and gifts."""
    state = GAME.setup(["anna", "bob", "cati"], {}, Rng("components"))
    for coalition in ("afghan", "british", "russian"):
        assert queries.blocks_in_supply(state, coalition) == 12
    for seat in state.seats:
        assert queries.cylinders_in_supply(state, seat) == 10
        assert state.players[seat].score == 0


def test_no_stacking_limit_pieces_of_different_players_and_coalitions_share_a_region() -> None:
    """Components, The Map: no limit to the pieces on a region or border; pieces of different players and
    coalitions can occupy the same region or border."""
    state = position(hands={"anna": [AKALI_SIKHS]})
    state.armies = {"punjab": {"russian": 5, "afghan": 4, "british": 3}}
    state.roads = {"kandahar-punjab": {"russian": 2, "afghan": 1}}
    state.tribes = {"punjab": {"cati": 1}}  # Cati rules nothing (Afghan and Russian armies match her), no bribe
    step = turn(state, {"actions": [{"action": "play", "card": AKALI_SIKHS, "side": "left"}]})
    assert step.state.armies["punjab"] == {"russian": 5, "afghan": 4, "british": 5}
    assert step.state.tribes == {"punjab": {"cati": 1}}


def test_coalition_blocks_only_help_players_currently_loyal_to_that_coalition() -> None:
    """Components, Coalition Blocks: blocks only help players currently loyal to that coalition; after a change
    of loyalty the armies a player raised no longer count for them (here they even keep them from ruling)."""
    state = position(hands={"anna": [COUNT_PEROVSKY]})
    state.tribes = {"kandahar": {"anna": 1}}
    state.armies = {"kandahar": {"british": 2}}
    assert ruler(state, "kandahar") == "anna"
    step = turn(state, {"actions": [{"action": "play", "card": COUNT_PEROVSKY, "side": "left"}]})
    assert step.state.players["anna"].loyalty == "russian"
    assert step.state.armies["kandahar"] == {"british": 2}
    assert ruler(step.state, "kandahar") is None


def test_cylinders_stay_on_your_side_when_you_change_loyalty() -> None:
    """Components, Cylinders: 'Cylinders will always be on your side, even if you change loyalty.'"""
    state = position(hands={"anna": [COUNT_PEROVSKY]}, courts={"anna": [4], "bob": [5]})
    state.tribes = {"kandahar": {"anna": 1}}
    state.spies = {"5": {"anna": 2}}
    step = turn(state, {"actions": [{"action": "play", "card": COUNT_PEROVSKY, "side": "left"}]})
    assert step.state.players["anna"].loyalty == "russian"
    assert step.state.tribes == {"kandahar": {"anna": 1}}
    assert step.state.spies == {"5": {"anna": 2}}
    assert ruler(step.state, "kandahar") == "anna"


def test_the_money_supply_has_no_hard_limit() -> None:
    """Components, Money Supply: 36 coins, but 'There is no hard limit': the bank pays leverage even when the
    players already hold every one of the 36 coins."""
    state = position(hands={"anna": [MONEY_LENDERS]}, rupees={"anna": 30, "bob": 6, "cati": 0})
    step = turn(state, {"actions": [{"action": "play", "card": MONEY_LENDERS, "side": "left",
                                     "roads": ["kabul-punjab", "kabul-punjab"]}]})
    assert step.state.players["anna"].rupees == 32
    assert sum(p.rupees for p in step.state.players.values()) == 38
