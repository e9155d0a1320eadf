"""The Pax Expanse map: six regions of the Solar System and nine borders, every piece drawn, none overlapping.

Extreme positions are the rulebook's component limits ("Components": twelve faction tokens per faction, eleven
control markers per player, one of them on the victory point track, so ten to place; at most four players),
placed as the rules allow: every piece in play, all of them in one region, all tokens as transports on one
border, every victory point marker on one space of the track. Each region also carries its dominance token, and one of them the objective and the Rocinante.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

import pytest

from engine.draw import layout
from engine.draw.svg import svg
from games.pax_expanse import board as expanse_map
from games.pax_expanse import cards

from .colourvision import contrast
from .drawings import assert_drawn_at_geometry

TOKENS, MARKERS = 12, 10  # per faction; per player, less the one on the victory point track
#: Four players (the most) with the longest names a seat may have, so labels are as wide as they get.
SEATS = [f"{letter}{'w' * 31}" for letter in "ABCD"]
BOARD = cards.board()
REGIONS = list(BOARD.regions)
BORDERS = list(BOARD.borders)
FACTIONS = [f.id for f in BOARD.factions]


def setup_view() -> dict[str, Any]:
    """The map's part of a public report view at setup: no pieces, every dominance token uncontrolled."""
    colours = cards.loyalty()
    return {
        "game": "pax-expanse",
        "factions": [{"id": f.id, "name": f.name, "short": f.short, "colour": f.colour, "tokens_in_play": 0,
                      "tokens_in_supply": TOKENS} for f in BOARD.factions],
        "seat_colours": {s: colours.colour_css[colours.colours[i]] for i, s in enumerate(SEATS)},
        "regions": [{"id": r, "name": BOARD.region_names[r], "fleets": {}, "supporters": {}, "faction_control": None,
                     "player_control": None} for r in REGIONS],
        "borders": [{"id": b, "regions": list(BOARD.border_regions[b]), "transports": {}} for b in BORDERS],
        "climate": {"at": BOARD.climate_at_start,
                    "track": [{"id": c.id, "name": c.name, "suit": c.suit} for c in BOARD.climate]},
        "objective": BOARD.objective_at_start,
        "rocinante": {"region": BOARD.rocinante_at_start, "damaged": False},
        "players": [{"seat": s, "vp": 0} for s in SEATS],
    }


def region(view: dict[str, Any], ident: str) -> dict[str, Any]:
    return next(r for r in view["regions"] if r["id"] == ident)


def assert_clean(view: dict[str, Any]) -> layout.Drawing:
    drawing = expanse_map.draw(view)
    assert layout.problems(drawing) == []
    return drawing


def marks(drawing: layout.Drawing, kind: str) -> list[str]:
    return [m.id for m in drawing.marks if m.id.startswith(kind + ":")]


def texts(drawing: layout.Drawing) -> dict[str, str]:
    return {m.id: m.text for m in drawing.marks if m.shape == "text"}


def test_board_has_the_six_regions_and_nine_borders_of_the_map_data() -> None:
    assert sorted(expanse_map.regions()) == sorted(REGIONS)
    assert sorted(expanse_map.borders()) == sorted(BORDERS)
    for ident, shape in expanse_map.borders().items():
        assert shape.regions == BOARD.border_regions[ident]


def test_board_regions_touch_exactly_along_their_borders() -> None:
    """Each border's line is an edge of both its regions' outlines, and regions without a border share none."""
    shapes = expanse_map.regions()

    def edges(points: tuple[layout.Point, ...]) -> set[frozenset[layout.Point]]:
        return {frozenset((points[i], points[(i + 1) % len(points)])) for i in range(len(points))}

    for border in expanse_map.borders().values():
        line = {frozenset(pair) for pair in zip(border.line, border.line[1:], strict=False)}
        a, b = border.regions
        assert line <= edges(shapes[a].outline) and line <= edges(shapes[b].outline), border.id
    neighbours = {frozenset(b) for b in BOARD.border_regions.values()}
    for a, b in combinations(REGIONS, 2):
        shared = edges(shapes[a].outline) & edges(shapes[b].outline)
        assert bool(shared) == (frozenset((a, b)) in neighbours), (a, b)


def test_setup_places_the_objective_in_the_belt_the_rocinante_in_the_outer_planets_tokens_uncontrolled() -> None:
    """Setup: "Place the Eros objective token in the Belt region. Place the Rocinante token in the Outer Planets
    region. Place 1 Dominance token in each region showing the white "uncontrolled" side faceup.\""""
    drawing = assert_clean(setup_view())
    by_id = {m.id: m for m in drawing.marks}
    assert marks(drawing, "objective") == ["objective:belt"]
    assert marks(drawing, "rocinante") == ["rocinante:outer_planets"]
    assert sorted(marks(drawing, "dominance")) == sorted(f"dominance:{r}" for r in REGIONS)
    assert {by_id[f"dominance:{r}"].fill for r in REGIONS} == {expanse_map.UNCONTROLLED}
    assert marks(drawing, "fleet") == marks(drawing, "supporter") == marks(drawing, "transport") == []
    assert {texts(drawing)[f"faction:{r}"] for r in REGIONS} == {"no faction control"}


def test_dominance_token_shows_the_faction_in_control_and_the_player_in_control_is_named() -> None:
    """Controlling a Region: the Dominance token shows the controlling faction's emblem; a controlling
    player's supporters stand on it (here: the region names its controller)."""
    view = setup_view()
    belt = region(view, "belt")
    belt.update(fleets={"opa": 1, "mcr": 2}, supporters={SEATS[0]: 2}, faction_control="opa",
                player_control=SEATS[0])
    drawing = assert_clean(view)
    by_id = {m.id: m for m in drawing.marks}
    assert by_id["dominance:belt"].fill == BOARD.faction("opa").colour
    assert by_id["dominance:belt"].stroke == view["seat_colours"][SEATS[0]]  # the controller's supporters on it
    assert by_id["dominance:earth"].fill == expanse_map.UNCONTROLLED
    assert by_id["dominance:earth"].stroke == expanse_map.INK
    assert texts(drawing)["faction:belt"] == "OPA control"
    assert texts(drawing)["player:belt"].startswith("controlled by A")
    assert "player:earth" not in texts(drawing)


def test_fleets_take_their_factions_colour_and_supporters_their_players_colour() -> None:
    """Faction Tokens: blue for the UN, red for the MCR, yellow for the OPA; control markers in player colours."""
    view = setup_view()
    region(view, "mars").update(fleets={"un": 1, "mcr": 1, "opa": 1}, supporters={SEATS[3]: 1})
    view["borders"][0]["transports"] = {"mcr": 1}
    drawing = assert_clean(view)
    by_id = {m.id: m for m in drawing.marks}
    for faction in FACTIONS:
        assert by_id[f"fleet:mars:{faction}:0"].fill == BOARD.faction(faction).colour
    assert by_id[f"supporter:mars:{SEATS[3]}:0"].fill == view["seat_colours"][SEATS[3]]
    assert by_id[f"transport:{BORDERS[0]}:mcr:0"].fill == BOARD.faction("mcr").colour
    assert by_id[f"supporter:mars:{SEATS[3]}:0"].shape == "circle"
    assert by_id["fleet:mars:un:0"].shape == "rect"


def test_every_piece_in_play_spread_over_the_map() -> None:
    """Components: all 36 faction tokens and all 40 placeable control markers on the map at once."""
    view = setup_view()
    for i, faction in enumerate(FACTIONS):
        for n in range(TOKENS):
            if n % 2:
                fleets = region(view, REGIONS[(n + i) % len(REGIONS)])["fleets"]
                fleets[faction] = fleets.get(faction, 0) + 1
            else:
                transports = view["borders"][(n + i) % len(BORDERS)]["transports"]
                transports[faction] = transports.get(faction, 0) + 1
    for i, seat in enumerate(SEATS):
        for n in range(MARKERS):
            supporters = region(view, REGIONS[(n + i) % len(REGIONS)])["supporters"]
            supporters[seat] = supporters.get(seat, 0) + 1
    drawing = assert_clean(view)
    assert len(marks(drawing, "fleet")) + len(marks(drawing, "transport")) == 3 * TOKENS
    assert len(marks(drawing, "supporter")) == len(SEATS) * MARKERS


@pytest.mark.parametrize("where", REGIONS)
@pytest.mark.parametrize("damaged", [False, True])
def test_every_piece_in_play_on_one_region(where: str, damaged: bool) -> None:
    """Every token a fleet and every marker a supporter, all in one region with the objective, the Rocinante
    (either side up) and both kinds of control, named by the longest seat name."""
    view = setup_view()
    region(view, where).update(fleets=dict.fromkeys(FACTIONS, TOKENS), supporters=dict.fromkeys(SEATS, MARKERS),
                               faction_control="mcr", player_control=SEATS[-1])
    view["objective"] = where
    view["rocinante"] = {"region": where, "damaged": damaged}
    drawing = assert_clean(view)
    assert len(marks(drawing, f"fleet:{where}")) == 3 * TOKENS
    assert len(marks(drawing, f"supporter:{where}")) == len(SEATS) * MARKERS
    assert marks(drawing, "objective") == [f"objective:{where}"]
    assert marks(drawing, "rocinante") == [f"rocinante:{where}"]


@pytest.mark.parametrize("border", BORDERS)
def test_all_transports_on_one_border(border: str) -> None:
    """All 36 tokens as transports on one border, every marker a supporter in the two regions it joins."""
    view = setup_view()
    next(b for b in view["borders"] if b["id"] == border)["transports"] = dict.fromkeys(FACTIONS, TOKENS)
    a, b = BOARD.border_regions[border]
    for i, seat in enumerate(SEATS):
        region(view, a if i % 2 else b)["supporters"][seat] = MARKERS
    drawing = assert_clean(view)
    assert len(marks(drawing, f"transport:{border}")) == 3 * TOKENS


def test_more_than_the_rules_allow_still_fits() -> None:
    """A margin beyond the limits: every region and every border full at once."""
    view = setup_view()
    for r in view["regions"]:
        r.update(fleets=dict.fromkeys(FACTIONS, TOKENS), supporters=dict.fromkeys(SEATS, MARKERS),
                 faction_control="un", player_control=SEATS[0])
    for b in view["borders"]:
        b["transports"] = dict.fromkeys(FACTIONS, TOKENS)
    assert_clean(view)


def test_damaged_rocinante_is_drawn_on_its_damaged_side() -> None:
    """Attacking the Rocinante: it is flipped to its damaged side, never removed."""
    view = setup_view()
    whole = {m.id: m for m in assert_clean(view).marks}["rocinante:outer_planets"]
    view["rocinante"]["damaged"] = True
    damaged = {m.id: m for m in assert_clean(view).marks}["rocinante:outer_planets"]
    assert (damaged.fill, damaged.dash) != (whole.fill, whole.dash)
    assert "damaged" in damaged.title and "damaged" not in whole.title


def test_political_climate_track_marks_where_the_marker_stands() -> None:
    """The Political Climate: four spaces from Prosperity to War, each favouring a suit; the game starts at Peace."""
    view = setup_view()
    drawing = assert_clean(view)
    shown = texts(drawing)
    assert shown["climate:peace"] == "Peace: political (now)"
    assert shown["climate:war"] == "War: war"
    by_id = {m.id: m for m in drawing.marks}
    assert [c.id for c in BOARD.climate if by_id[f"climate:{c.id}:mark"].fill != "none"] == ["peace"]
    view["climate"]["at"] = "cold_war"
    assert texts(assert_clean(view))["climate:cold_war"] == "Cold War: subterfuge (now)"


def test_legend_names_every_kind_of_piece_and_every_seat() -> None:
    shown = texts(assert_clean(setup_view()))
    for kind in ("fleet", "transport", "supporter", "dominance", "ringed", "objective", "rocinante", "damaged"):
        assert f"legend:{kind}" in shown
    for i, seat in enumerate(SEATS):  # the longest names are shortened to fit the panel, never drawn over the map
        assert shown[f"legend:seat:{i}"].endswith("…") and seat.startswith(shown[f"legend:seat:{i}"][:-1])


def test_map_speaks_pax_expanse_not_pax_pamir() -> None:
    """The map uses the game's own words: nothing of Pax Pamir's vocabulary."""
    view = setup_view()
    region(view, "earth").update(fleets={"un": 2}, supporters={SEATS[0]: 1}, faction_control="un",
                                 player_control=SEATS[0])
    text = str(svg(expanse_map.draw(view))).lower()
    for word in ("army", "armies", "road", "tribe", "coalition", "rupee", "ruled", "favored", "afghan", "british",
                 "russian", "kabul", "punjab", "herat"):
        assert word not in text, word


def test_svg_draws_every_mark_at_its_geometry() -> None:
    """The picture is the geometry the tests check: each mark drawn where its outline says, nothing else."""
    view = setup_view()
    region(view, "belt").update(fleets={"opa": 3, "un": 1}, supporters={SEATS[0]: 2}, faction_control="opa",
                                player_control=SEATS[0])
    view["borders"][4]["transports"] = {"opa": 2, "mcr": 3}
    view["rocinante"]["damaged"] = True
    drawing = assert_clean(view)
    assert_drawn_at_geometry(drawing, str(svg(drawing)))


def test_star_and_hull_lie_within_their_outlines() -> None:
    """The objective's star and the Rocinante's hull are drawn inside the outlines the overlap test uses."""
    for mark in (expanse_map.objective_token("o", (10, 10)), expanse_map.rocinante_token("r", (10, 10), True)):
        box = mark.box()
        for x, y in mark.points or mark.outline:
            assert box.x0 <= x <= box.x1 and box.y0 <= y <= box.y1
        assert all(layout.inside(p, mark.outline) or p in mark.outline for p in mark.points or mark.outline)


def test_seat_names_are_escaped_in_the_picture() -> None:
    view = setup_view()
    view["seat_colours"] = {"<b>&": "#123456"}
    view["players"] = [{"seat": "<b>&", "vp": 3}]  # its victory point marker is titled with the name
    region(view, "mars").update(supporters={"<b>&": 1}, player_control="<b>&")
    text = str(svg(expanse_map.draw(view)))
    assert "<b>&" not in text and "&lt;b&gt;&amp;" in text


def test_victory_point_track_runs_around_the_map_from_0_to_its_end() -> None:
    """Setup: 'Place one control marker from each player on the zero space of the victory point track'; the map
    is bordered by the track, whose spaces touch end to end around it."""
    drawing = assert_clean(setup_view())
    by_id = {m.id: m for m in drawing.marks}
    spaces = [by_id[f"track:{n}"].box() for n in range(expanse_map.VP_END + 1)]
    assert f"track:{expanse_map.VP_END + 1}" not in by_id
    assert [by_id[f"track:{n}:number"].text for n in range(len(spaces))] == [str(n) for n in range(len(spaces))]
    for a, b in zip(spaces, spaces[1:] + spaces[:1], strict=True):
        assert a.x0 <= b.x1 and b.x0 <= a.x1 and a.y0 <= b.y1 and b.y0 <= a.y1
    frame = expanse_map.MAP_FRAME
    for space in spaces:
        assert space.x1 <= frame.x0 or space.x0 >= frame.x1 or space.y1 <= frame.y0 or space.y0 >= frame.y1
    assert sorted(m.owner for m in drawing.marks if m.id.startswith("vp:")) == ["vp:0"] * len(SEATS)


def test_victory_point_track_ends_at_the_most_the_dominance_checks_can_give() -> None:
    """Each check gives its best place (faction or player scoring) and the objective's points to one player."""
    checks = [e.dominance for e in cards.events().values() if e.dominance is not None]
    assert len(checks) == 4
    best = sum(max(c.faction_scoring[0], c.player_scoring[0]) + c.objective_points for c in checks)
    assert expanse_map.VP_END == best


@pytest.mark.parametrize("space", range(expanse_map.VP_END + 1))
def test_every_marker_on_one_space(space: int) -> None:
    """Four markers on any one space of the track."""
    view = setup_view()
    view["players"] = [{"seat": s, "vp": space} for s in SEATS]
    drawing = assert_clean(view)
    assert sorted(m.owner for m in drawing.marks if m.id.startswith("vp:")) == [f"vp:{space}"] * len(SEATS)


def test_political_climate_is_one_track_of_spaces() -> None:
    """The political climate is a linear track from Prosperity to War; its marker stands on one space."""
    drawing = assert_clean(setup_view())
    by_id = {m.id: m for m in drawing.marks}
    spaces = [by_id[f"climate:{c.id}:space"].box() for c in BOARD.climate]
    assert all(a.y1 == b.y0 for a, b in zip(spaces, spaces[1:], strict=False))
    assert [c.id for c in BOARD.climate] == ["prosperity", "peace", "cold_war", "war"]


def test_every_players_marker_stands_out_on_the_track() -> None:
    """As on the map (tests/reports/test_palettes.py): WCAG's 3:1 for graphics, for every player colour."""
    colours = cards.loyalty()
    for colour in (colours.colour_css[c] for c in colours.colours):
        for fill in expanse_map.TRACK:
            assert contrast(colour, fill) >= 3.0, (colour, fill)
