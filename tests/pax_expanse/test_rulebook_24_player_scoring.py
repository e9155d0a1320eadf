"""Rulebook "Player Scoring": the players controlling the most and second-most regions score first and second
place; ties as in faction scoring."""

from __future__ import annotations

from px_rulebook import market, put, table, turn

from games.pax_expanse.state import GameState

BUY_CHECK = {"actions": [{"action": "purchase", "row": 1, "column": 1}]}

# 21: Earth war 2 (two red stars).


def fragmented(**regions: list[str]) -> GameState:
    """No faction controls a region; each seat holds the regions given with one supporter each."""
    state = table()
    market(state, [101, 1], [21])
    for seat, held in regions.items():
        for region in held:
            put(state, "supporters", region, seat, 1)
    return state


def vps(state: GameState) -> dict[str, int]:
    return {s: p.vp for s, p in state.players.items()}


def test_most_and_second_most_regions_score_first_and_second() -> None:
    """"the two players who control the most and second-most regions will score VPs for 1st and 2nd place"."""
    step = turn(fragmented(anna=["earth", "mars"], ben=["tycho"]), BUY_CHECK)
    assert vps(step.state) == {"anna": 3, "ben": 1, "cleo": 0}


def test_only_two_places_score() -> None:
    """Only 1st and 2nd place score: the third player in regions scores nothing."""
    step = turn(fragmented(anna=["earth", "mars", "jupiter"], ben=["tycho", "outer_planets"], cleo=["belt"]),
                BUY_CHECK)
    assert vps(step.state)["cleo"] == 2  # the objective in the Belt only (see Objective Token)
    assert vps(step.state)["anna"] == 3 and vps(step.state)["ben"] == 1


def test_war_stars_break_a_tie_in_regions() -> None:
    """"Resolve ties in the same way as with faction scoring (using military stars first ...)"."""
    state = fragmented(anna=["earth"], ben=["mars"])
    state.players["ben"].network = [21]
    step = turn(state, BUY_CHECK)
    assert vps(step.state) == {"anna": 1, "ben": 3, "cleo": 0}


def test_still_tied_the_points_are_split_and_the_remainder_lost() -> None:
    """"... then splitting the VPs for any tied positions": three players tied on one region share 3 + 1, one each,
    the remainder lost."""
    step = turn(fragmented(anna=["earth"], ben=["mars"], cleo=["tycho"]), BUY_CHECK)
    assert vps(step.state) == {"anna": 1, "ben": 1, "cleo": 1}


def test_a_player_controlling_no_region_is_placed_too() -> None:
    """Our reading (orders.md, "Player scoring counts none as a number"): none is the second-most regions when
    only one player holds any, as Pax Pamir scores cylinders in play "even zero". anna holds two regions, ben and
    cleo none; ben's war stars break their tie, so ben takes 2nd place's point."""
    state = fragmented(anna=["earth", "mars"])
    state.players["ben"].network = [21]
    step = turn(state, BUY_CHECK)
    assert vps(step.state) == {"anna": 3, "ben": 1, "cleo": 0}


def test_nobody_controlling_a_region_ties_everyone_for_first() -> None:
    """With no region held by anyone, every player holds the most (none): all tie for 1st, war stars first, so ben
    takes 1st place's 3 and anna and cleo split 2nd place's point, the remainder lost."""
    state = fragmented()
    state.players["ben"].network = [21]
    step = turn(state, BUY_CHECK)
    assert vps(step.state) == {"anna": 0, "ben": 3, "cleo": 0}

