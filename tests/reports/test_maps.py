"""The Pax Pamir map: the board's six regions and nine borders, every piece drawn, no two marks overlapping.

Extreme positions are the component limits of the rulebook ("Components": eleven cylinders per player, one
of them on the victory point track, so ten to place; twelve blocks per coalition), placed as the rules allow:
every piece in play, all of them in one region, all blocks as roads on one border, every victory point marker on
one space of the track.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

import pytest

from engine.draw import layout
from engine.rng import Rng
from games.pax_pamir import GAME
from games.pax_pamir import board as pamir_map
from games.pax_pamir.palette import SEAT_COLOURS
from games.pax_pamir.state import BLOCKS, CYLINDERS, GameState
from pbem.reports.pictures import board_svg

from .colourvision import contrast
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
    view["players"] = [{**view["players"][0], "seat": "<b>&"}]  # its victory point marker is titled with the name
    svg = str(board_svg(view))
    assert "<b>&" not in svg and "&lt;b&gt;&amp;" in svg


def test_regions_lie_in_the_printed_boards_arrangement() -> None:
    """Transcaspia across the north-west, Kabul north of the centre towards the east, Punjab the whole east edge,
    Persia the south-west, Herat the centre, Kandahar the south-centre (north is up: y grows southward)."""
    middle = {r: _centre(s.outline) for r, s in pamir_map.regions().items()}
    frame = pamir_map.MAP_FRAME
    ys = {r: [y for _, y in s.outline] for r, s in pamir_map.regions().items()}
    xs = {r: [x for x, _ in s.outline] for r, s in pamir_map.regions().items()}
    assert min(ys["punjab"]) == frame.y0 and max(ys["punjab"]) == frame.y1 and max(xs["punjab"]) == frame.x1
    assert min(xs["transcaspia"]) == frame.x0 and min(ys["transcaspia"]) == frame.y0
    assert middle["transcaspia"][1] < middle["herat"][1] and middle["transcaspia"][0] < middle["kabul"][0]
    assert middle["kabul"][1] < middle["herat"][1] < middle["kandahar"][1]
    assert middle["persia"][0] < middle["herat"][0] < middle["kandahar"][0] < middle["punjab"][0]
    assert middle["persia"][1] > middle["transcaspia"][1] and min(xs["persia"]) == frame.x0
    assert max(ys["persia"]) == max(ys["kandahar"]) == frame.y1


def _centre(points: tuple[layout.Point, ...]) -> layout.Point:
    return sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points)


def test_victory_point_track_runs_around_the_map_from_0_to_23() -> None:
    """Setup: 'Place one cylinder from each player on the zero space of the victory point track'; the map is
    bordered by the track, whose spaces touch end to end around it."""
    drawing = assert_clean(view_of(fresh()))
    by_id = {m.id: m for m in drawing.marks}
    spaces = [by_id[f"track:{n}"].box() for n in range(pamir_map.VP_END + 1)]
    assert f"track:{pamir_map.VP_END + 1}" not in by_id
    assert [by_id[f"track:{n}:number"].text for n in range(len(spaces))] == [str(n) for n in range(24)]
    for a, b in zip(spaces, spaces[1:] + spaces[:1], strict=True):  # each space touches the next, 23 touches 0
        assert a.x0 <= b.x1 and b.x0 <= a.x1 and a.y0 <= b.y1 and b.y0 <= a.y1
    frame = pamir_map.MAP_FRAME
    for space in spaces:  # around the map, never on it
        assert space.x1 <= frame.x0 or space.x0 >= frame.x1 or space.y1 <= frame.y0 or space.y0 >= frame.y1
    markers = [m for m in drawing.marks if m.id.startswith("vp:")]
    assert sorted(m.owner for m in markers) == ["vp:0"] * len(SEATS)
    assert {m.fill for m in markers} == set(view_of(fresh())["seat_colours"].values())


def test_victory_point_track_end_follows_the_rules() -> None:
    """The leader of a Dominance Check before the last leads by less than four or the game ends; the last one
    doubles its points: 5 + 4 + 4 (a tie for first splits 5 + 3) and then 10 is the most a player can reach."""
    successful = (5, 3, 1)
    tie_for_first = (successful[0] + successful[1]) // 2
    assert pamir_map.VP_END == successful[0] + 2 * tie_for_first + 2 * successful[0]


@pytest.mark.parametrize("space", range(pamir_map.VP_END + 1))
def test_every_marker_on_one_space(space: int) -> None:
    """Five markers on any one space of the track, beside the fullest region."""
    state = fresh()
    for seat in SEATS:
        state.players[seat].score = space
    state.armies["transcaspia"] = dict.fromkeys(COALITIONS, BLOCKS)
    state.tribes["transcaspia"] = dict.fromkeys(SEATS, CYLINDERS)
    drawing = assert_clean(view_of(state))
    assert sorted(m.owner for m in drawing.marks if m.id.startswith("vp:")) == [f"vp:{space}"] * len(SEATS)


def test_a_score_past_the_track_stands_on_its_end_and_says_the_score() -> None:
    state = fresh()
    state.players[SEATS[0]].score = 25
    state.players[SEATS[1]].score = 1
    drawing = assert_clean(view_of(state))
    markers = {m.title: m.owner for m in drawing.marks if m.id.startswith("vp:")}
    assert markers[f"{SEATS[0]}: 25 victory points"] == "vp:23"
    assert markers[f"{SEATS[1]}: 1 victory point"] == "vp:1"


def test_favored_suit_marker_stands_on_one_space_of_the_track() -> None:
    """Setup: 'place the favored suit marker on the space next to the political suit'."""
    state = fresh()
    drawing = assert_clean(view_of(state))
    by_id = {m.id: m for m in drawing.marks}
    suits = view_of(state)["suits"]
    assert [s for s in suits if by_id[f"suit:{s}:mark"].fill != "none"] == ["political"]
    spaces = [by_id[f"suit:{s}:space"].box() for s in suits]
    assert all(a.y1 == b.y0 for a, b in zip(spaces, spaces[1:], strict=False))  # one track, space after space


def test_every_seats_marker_stands_out_on_the_track() -> None:
    """As on the land (tests/reports/test_palettes.py): WCAG's 3:1 for graphics, for every seat colour."""
    for colour in SEAT_COLOURS:
        for fill in pamir_map.TRACK:
            assert contrast(colour, fill) >= 3.0, (colour, fill)
