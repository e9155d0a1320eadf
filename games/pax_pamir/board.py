"""The Pax Pamir map as a Drawing, laid out as the printed board: the six regions in the board's arrangement
inside the victory point track, roads on the nine borders, tribes and armies as pieces, each seat's marker on
the track, and beside it the favored suit track, the Dominance Check and a legend."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.draw.boards import (
    BOARD_HEIGHT,
    MAP_FRAME,
    WIDTH,
    Panel,
    border_shapes,
    draw_ground,
    draw_score_track,
    region_shapes,
    seat_cues,
)
from engine.draw.layout import (
    BorderShape,
    Box,
    Drawing,
    Piece,
    Point,
    RegionShape,
    label,
    place_in_box,
    place_on_border,
)
from games.pax_pamir.palette import LAND, coalition_cue

# The map inside the victory point track, in the printed board's arrangement (north is up): Transcaspia across
# the north-west, Kabul north of the centre towards the east, Punjab the whole east edge, Persia the south-west,
# Herat the centre and Kandahar the south-centre. J points are where three regions meet, the others where a border
# reaches the map's edge (W the west, N the north, S the south).
_NW, _NE, _SE, _SW = ((MAP_FRAME.x0, MAP_FRAME.y0), (MAP_FRAME.x1, MAP_FRAME.y0), (MAP_FRAME.x1, MAP_FRAME.y1),
                      (MAP_FRAME.x0, MAP_FRAME.y1))
_W = (MAP_FRAME.x0, 178.0)
_N1, _N2 = (300.0, MAP_FRAME.y0), (452.0, MAP_FRAME.y0)
_S1, _S2, _S3 = (170.0, MAP_FRAME.y1), (306.0, MAP_FRAME.y1), (470.0, MAP_FRAME.y1)
_J_PERSIA, _J_NORTH, _J_SOUTH, _J_EAST = (178.0, 196.0), (318.0, 150.0), (330.0, 262.0), (456.0, 246.0)

#: Each border's line, from one end to the other; the strip of road slots lies along the chord between its ends,
#: so a line bends only a little away from it.
_LINES: dict[str, list[Point]] = {
    "persia-transcaspia": [_W, (100.0, 183.0), _J_PERSIA],
    "herat-transcaspia": [_J_PERSIA, (250.0, 162.0), _J_NORTH],
    "kabul-transcaspia": [_J_NORTH, (315.0, 86.0), _N1],
    "herat-persia": [_J_PERSIA, (166.0, 290.0), _S1],
    "herat-kabul": [_J_NORTH, (331.0, 204.0), _J_SOUTH],
    "herat-kandahar": [_J_SOUTH, (313.0, 322.0), _S2],
    "kabul-kandahar": [_J_SOUTH, (392.0, 261.0), _J_EAST],
    "kabul-punjab": [_J_EAST, (447.0, 132.0), _N2],
    "kandahar-punjab": [_J_EAST, (467.0, 316.0), _S3],
}
#: Ends of a line that lie on the map's edge rather than where borders meet: the strip may run closer to them.
_OPEN_ENDS = {_W, _N1, _N2, _S1, _S2, _S3}


def _along(border: str, backwards: bool = False) -> list[Point]:
    """A border's line without its first point (walking an outline, the point before it is that one)."""
    line = _LINES[border][::-1] if backwards else _LINES[border]
    return line[1:]


#: Each region's outline, clockwise, made of the border lines it shares, so neighbours meet exactly.
_OUTLINES: dict[str, list[Point]] = {
    "transcaspia": [_NW, _N1, *_along("kabul-transcaspia", True), *_along("herat-transcaspia", True),
                    *_along("persia-transcaspia", True)],
    "kabul": [_N1, _N2, *_along("kabul-punjab", True), *_along("kabul-kandahar", True),
              *_along("herat-kabul", True), *_along("kabul-transcaspia")[:-1]],
    "punjab": [_N2, _NE, _SE, _S3, *_along("kandahar-punjab", True), *_along("kabul-punjab")[:-1]],
    "kandahar": [_J_SOUTH, *_along("kabul-kandahar"), *_along("kandahar-punjab"), _S2,
                 *_along("herat-kandahar", True)[:-1]],
    "herat": [_J_PERSIA, *_along("herat-transcaspia"), *_along("herat-kabul"), *_along("herat-kandahar"), _S1,
              *_along("herat-persia", True)[:-1]],
    "persia": [_W, *_along("persia-transcaspia"), *_along("herat-persia"), _SW],
}

#: Name and notes spots and the box each region's pieces fill, kept clear of the border strips.
_SPOTS: dict[str, tuple[Point, Point, Box, float]] = {
    "transcaspia": ((32.0, 42.0), (32.0, 56.0), Box(32.0, 66.0, 276.0, 140.0), 244.0),
    "kabul": ((340.0, 42.0), (340.0, 56.0), Box(348.0, 66.0, 432.0, 232.0), 92.0),
    "punjab": ((476.0, 42.0), (476.0, 56.0), Box(476.0, 66.0, 572.0, 250.0), 96.0),
    "persia": ((30.0, 234.0), (30.0, 248.0), Box(30.0, 258.0, 150.0, 374.0), 120.0),
    "herat": ((200.0, 230.0), (200.0, 244.0), Box(198.0, 254.0, 288.0, 374.0), 96.0),
    "kandahar": ((346.0, 294.0), (346.0, 308.0), Box(340.0, 316.0, 446.0, 376.0), 96.0),
}

#: The last space of the victory point track. The rulebook prints no number; this is the most the rules let a
#: player reach: before the final Dominance Check a player who leads by four wins, so the leader has at most 13
#: (5 + 4 + 4, the others 3 + 4 + 4), and the final check, doubled, adds at most 10.
VP_END = 23


def regions() -> dict[str, RegionShape]:
    """The six regions' shapes."""
    return region_shapes(_OUTLINES, _SPOTS)


def borders() -> dict[str, BorderShape]:
    """The nine borders' shapes."""
    return border_shapes(_LINES, _OPEN_ENDS)


#: Colours of the board (the land's are in games.pax_pamir.palette): the outline, border lines, road slots.
COAST, LINE, SLOT, SLOT_EDGE = "#7a6a4f", "#8a6f4a", "#fbf6ea", "#b9a98c"
#: The victory point track's spaces, alternately (light, so every seat's marker keeps 3:1 contrast on them, as on
#: the land), and the ink of its numbers and of the favored suit marker.
TRACK, INK = ("#f6efdc", "#efe5cc"), "#3b2f1e"


def draw(view: Mapping[str, Any]) -> Drawing:
    """The map of a Pax Pamir report view (games/pax_pamir/view.py), as geometry."""
    coalitions = {c["id"]: c for c in view["coalitions"]}
    seats: Mapping[str, str] = view["seat_colours"]
    cues = seat_cues(seats)
    drawing = Drawing(WIDTH, BOARD_HEIGHT, title="Map of the six regions, with the favored suit and the Dominance Check")
    shapes, lines = regions(), borders()
    draw_score_track(drawing, VP_END, {p["seat"]: p["score"] for p in view["players"]}, seats, fills=TRACK,
                     edge=COAST, ink=INK)
    draw_ground(drawing, shapes, lines, LAND, edge=COAST, line=LINE, slot=SLOT, slot_edge=SLOT_EDGE)
    for region in view["regions"]:
        shape = shapes[region["id"]]
        drawing.add(label(f"name:{shape.id}", region["name"], shape.name_at, 13, bold=True, width=shape.label_width,
                          fill=INK, owner=shape.id))
        if region["ruler"]:
            drawing.add(label(f"ruler:{shape.id}", f"ruled by {region['ruler']}", shape.notes_at, 10,
                              width=shape.label_width, fill=seats.get(region["ruler"], "#222"), owner=shape.id))
        pieces = [Piece(f"army:{shape.id}:{c}:{i}", "block", coalitions[c]["colour"], f"{coalitions[c]['name']} army",
                        coalition_cue(coalitions[c]["name"]))
                  for c, n in region["armies"].items() for i in range(n)]
        pieces += [Piece(f"tribe:{shape.id}:{s}:{i}", "cylinder", seats[s], f"{s}'s tribe", cues[s])
                   for s, n in region["tribes"].items() for i in range(n)]
        drawing.add(*place_in_box(pieces, shape.pieces, shape.id))
    for border in view["borders"]:
        roads = [Piece(f"road:{border['id']}:{c}:{i}", "road", coalitions[c]["colour"], f"{coalitions[c]['name']} road",
                       coalition_cue(coalitions[c]["name"]))
                 for c, n in border["roads"].items() for i in range(n)]
        drawing.add(*place_on_border(roads, lines[border["id"]]))
    _panel(drawing, view, coalitions, seats)
    return drawing


def _panel(drawing: Drawing, view: Mapping[str, Any], coalitions: Mapping[str, Any], seats: Mapping[str, str]) -> None:
    """Beside the board, top to bottom: the favored suit, the Dominance Check, the legend."""
    panel = Panel(drawing, fill="#faf6ec", stroke=COAST)
    panel.head("suit:head", "Favored suit")
    for suit in view["suits"]:  # the track's spaces, the marker on the favored one
        panel.next()
        favored = suit == view["favored"]
        panel.space(f"suit:{suit}", f"{suit} (favored)" if favored else suit, favored, marker=INK, fill=TRACK[0],
                    edge=COAST)

    panel.section()
    windows = view["deck"]["check_windows"]
    lines = [f"{view['checks_done']} of 4 done",
             f"next after {windows[0]['from']} to {windows[0]['to']} cards" if windows else "none left in the deck",
             f"dominant now: {coalitions[view['dominant']]['name']}" if view["dominant"] else "no coalition dominant now"]
    panel.head("check:head", "Dominance Check")
    for i, text in enumerate(lines):
        panel.next()
        panel.text(f"check:{i}", text, indent=0)
    panel.next()
    panel.text("blocks:head", "blocks in play (in supply)", indent=0, fill="#555")
    for c in coalitions.values():
        panel.item(f"blocks:{c['id']}", "square", c["colour"],
                   f"{c['name']} {c['blocks_in_play']} ({c['blocks_in_supply']})", coalition_cue(c["name"]))

    panel.section()
    panel.head("legend:head", "Legend")
    for kind, shape, text in (("tribe", "circle", "tribe (a player's cylinder)"),
                              ("army", "square", "army (a coalition's block)"),
                              ("road", "bar", "road (a block on a border)")):
        panel.item(f"legend:{kind}", shape, "#fff", text)
    panel.seats(seats)
