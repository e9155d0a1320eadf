"""The Pax Pamir map: the board's six regions and nine borders, every piece drawn, no two marks overlapping.

Extreme positions are the component limits of the rulebook ("Components": eleven cylinders per player, one
of them on the victory point track, so ten to place; twelve blocks per coalition), placed as the rules allow:
every piece in play, all of them in one region, all blocks as roads on one border.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

import pytest

from engine.draw import layout
from engine.rng import Rng
from games.pax_pamir import GAME
from games.pax_pamir import board as pamir_map
from games.pax_pamir.state import BLOCKS, CYLINDERS, GameState
from pbem.reports.pictures import board_svg

from .drawings import assert_drawn_at_geometry, svg_marks

#: Five players (the most) with the longest names a seat may have, so labels are as wide as they get.
SEATS = [f"{letter}{'w' * 31}" for letter in "ABCDE"]
REGIONS = ["transcaspia", "kabul", "persia", "herat", "kandahar", "punjab"]
BORDERS = ["herat-kabul", "herat-kandahar", "herat-persia", "herat-transcaspia", "kabul-kandahar", "kabul-punjab",
           "kabul-transcaspia", "kandahar-punjab", "persia-transcaspia"]
COALITIONS = ["afghan", "british", "russian"]


def fresh() -> GameState:
    """A five-player game just set up."""
    state = GAME.setup(SEATS, {}, Rng.for_step("maps", 0))
    assert isinstance(state, GameState)
    return state


def view_of(state: GameState) -> dict[str, Any]:
    """The public view, as reports draw it."""
    return GAME.view(state, None)


def assert_clean(view: dict[str, Any]) -> layout.Drawing:
    drawing = pamir_map.draw(view)
    assert layout.problems(drawing) == []
    return drawing


def pieces(drawing: layout.Drawing, kind: str) -> list[str]:
    return [m.id for m in drawing.marks if m.id.startswith(kind + ":")]


def test_board_has_the_six_regions_and_nine_borders_of_the_map_data() -> None:
    assert sorted(pamir_map.regions()) == sorted(REGIONS)
    assert sorted(pamir_map.borders()) == sorted(BORDERS)
    assert [b["id"] for b in view_of(fresh())["borders"]] == BORDERS  # games/pax_pamir/data/map.yaml


def test_board_regions_touch_exactly_along_their_borders() -> None:
    """Each border's line is an edge of both its regions' outlines, and regions without a border share none."""
    regions = pamir_map.regions()
    borders = pamir_map.borders()

    def edges(points: tuple[layout.Point, ...]) -> set[frozenset[layout.Point]]:
        return {frozenset((points[i], points[(i + 1) % len(points)])) for i in range(len(points))}

    for border in borders.values():
        line = {frozenset(pair) for pair in zip(border.line, border.line[1:], strict=False)}
        a, b = border.regions
        assert line <= edges(regions[a].outline) and line <= edges(regions[b].outline), border.id
    neighbours = {frozenset(b.regions) for b in borders.values()}
    for a, b in combinations(REGIONS, 2):
        shared = edges(regions[a].outline) & edges(regions[b].outline)
        assert bool(shared) == (frozenset((a, b)) in neighbours), (a, b)


def test_setup_map_is_clean_and_has_no_pieces() -> None:
    drawing = assert_clean(view_of(fresh()))
    assert pieces(drawing, "army") == pieces(drawing, "tribe") == pieces(drawing, "road") == []


def test_every_piece_in_play_spread_over_the_map() -> None:
    """Components: all 36 blocks and all 50 cylinders on the map at once, armies, roads and tribes everywhere."""
    state = fresh()
    for i, coalition in enumerate(COALITIONS):
        for n in range(BLOCKS):
            if n % 2:
                region = REGIONS[(n + i) % len(REGIONS)]
                state.armies.setdefault(region, {})[coalition] = state.armies.get(region, {}).get(coalition, 0) + 1
            else:
                border = BORDERS[(n + i) % len(BORDERS)]
                state.roads.setdefault(border, {})[coalition] = state.roads.get(border, {}).get(coalition, 0) + 1
    for i, seat in enumerate(SEATS):
        for n in range(CYLINDERS):
            region = REGIONS[(n + i) % len(REGIONS)]
            state.tribes.setdefault(region, {})[seat] = state.tribes.get(region, {}).get(seat, 0) + 1
    drawing = assert_clean(view_of(state))
    assert len(pieces(drawing, "army")) + len(pieces(drawing, "road")) == 3 * BLOCKS
    assert len(pieces(drawing, "tribe")) == len(SEATS) * CYLINDERS


@pytest.mark.parametrize("region", REGIONS)
def test_every_piece_in_play_on_one_region(region: str) -> None:
    """Every block an army and every cylinder a tribe, all in one region, with the longest ruler name."""
    state = fresh()
    state.armies[region] = dict.fromkeys(COALITIONS, BLOCKS)
    state.tribes[region] = dict.fromkeys(SEATS, CYLINDERS)
    view = view_of(state)
    for r in view["regions"]:  # whoever rules: the label must fit beside the name
        r["ruler"] = SEATS[0] if r["id"] == region else None
    drawing = assert_clean(view)
    assert len(pieces(drawing, "army")) == 3 * BLOCKS
    assert len(pieces(drawing, "tribe")) == len(SEATS) * CYLINDERS
    assert f"ruler:{region}" in {m.id for m in drawing.marks}


@pytest.mark.parametrize("border", BORDERS)
def test_all_roads_on_one_border(border: str) -> None:
    """All 36 blocks as roads on one border, every cylinder a tribe in the two regions it joins."""
    state = fresh()
    state.roads[border] = dict.fromkeys(COALITIONS, BLOCKS)
    a, b = border.split("-")
    for i, seat in enumerate(SEATS):
        state.tribes.setdefault(a if i % 2 else b, {})[seat] = CYLINDERS
    drawing = assert_clean(view_of(state))
    assert len(pieces(drawing, f"road:{border}")) == 3 * BLOCKS


def test_more_than_the_rules_allow_still_fits() -> None:
    """A margin beyond the limits: every region and every border full at once."""
    view = view_of(fresh())
    for r in view["regions"]:
        r["armies"] = dict.fromkeys(COALITIONS, BLOCKS)
        r["tribes"] = dict.fromkeys(SEATS, CYLINDERS)
        r["ruler"] = SEATS[-1]
    for b in view["borders"]:
        b["roads"] = dict.fromkeys(COALITIONS, BLOCKS)
    assert_clean(view)


def test_favored_suit_and_dominance_check_beside_the_map() -> None:
    state = fresh()
    state.favored = "military"
    drawing = pamir_map.draw(view_of(state))
    texts = {m.id: m.text for m in drawing.marks if m.shape == "text"}
    assert texts["suit:military"] == "military (favored)"
    assert texts["suit:political"] == "political"
    assert texts["check:0"] == "0 of 4 done"
    assert texts["check:1"].startswith("next after ")
    assert texts["check:2"] == "no coalition dominant now"
    for i, seat in enumerate(SEATS):  # the longest names are shortened to fit the panel, never drawn over the map
        shown = texts[f"legend:seat:{i}"]
        assert shown.endswith("…") and seat.startswith(shown[:-1])


def test_svg_draws_every_mark_at_its_geometry() -> None:
    """The picture is the geometry the tests check: each mark drawn where its outline says, nothing else.

    The position is the demo's last step, where Kabul's roads and armies used to print on top of each other.
    """
    state = fresh()
    state.armies["kabul"] = {"british": 3, "russian": 2}
    state.roads["herat-kabul"] = {"british": 2, "russian": 3}
    state.tribes["kabul"] = {SEATS[0]: 2}
    view = view_of(state)
    drawing = assert_clean(view)
    assert_drawn_at_geometry(drawing, str(board_svg(view)))


def test_pieces_are_drawn_one_by_one_not_counted() -> None:
    state = fresh()
    state.armies["kabul"] = {"british": 3}
    state.roads["herat-kabul"] = {"russian": 4}
    svg = str(board_svg(view_of(state)))
    assert "×" not in svg
    drawn = svg_marks(svg)
    assert len([k for k in drawn if k.startswith("army:kabul:british:")]) == 3
    assert len([k for k in drawn if k.startswith("road:herat-kabul:russian:")]) == 4


def test_seat_names_are_escaped_in_the_picture() -> None:
    view = view_of(fresh())
    view["seat_colours"] = {"<b>&": "#123456"}
    svg = str(board_svg(view))
    assert "<b>&" not in svg and "&lt;b&gt;&amp;" in svg
