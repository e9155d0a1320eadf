"""The Pax Pamir map as a Drawing: the six regions in the board's arrangement, roads on the nine borders,
tribes, armies and rulers as pieces, and beside it the favored suit, the Dominance Check and a legend."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.draw.boards import BOARD_HEIGHT, WIDTH, Panel, border_shapes, draw_ground, region_shapes, seat_cues
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

# The board's corners and the points where borders meet (north is up, Persia in the west, Punjab in the east).
_P1, _P2, _P3, _P4 = (2.0, 112.0), (150.0, 118.0), (335.0, 106.0), (598.0, 116.0)
_P5, _P7, _P9, _P10, _P11 = (335.0, 250.0), (240.0, 398.0), (455.0, 246.0), (596.0, 252.0), (462.0, 398.0)
_HERAT_WEST = [(162.0, 200.0), (148.0, 300.0), (158.0, 398.0)]  # the Persia–Herat border, north to south
_NORTH = [(6.0, 18.0), (120.0, 4.0), (260.0, 14.0), (420.0, 2.0), (594.0, 16.0)]

#: Each border's line, from one end to the other; the strip of road slots lies along the chord between its ends.
_LINES: dict[str, list[Point]] = {
    "persia-transcaspia": [_P1, (70.0, 106.0), _P2],
    "herat-transcaspia": [_P2, (240.0, 98.0), _P3],
    "kabul-transcaspia": [_P3, (470.0, 124.0), _P4],
    "herat-persia": [_P2, *_HERAT_WEST],
    "herat-kabul": [_P3, (325.0, 180.0), _P5],
    "herat-kandahar": [_P5, _P7],
    "kabul-kandahar": [_P5, (395.0, 240.0), _P9],
    "kabul-punjab": [_P9, (530.0, 258.0), _P10],
    "kandahar-punjab": [_P9, (470.0, 320.0), _P11],
}
#: Ends of a line that lie on the board's edge rather than where borders meet: the strip may run closer to them.
_OPEN_ENDS = {_P1, _P4, _P10, _P11, _HERAT_WEST[-1], _P7}


def _rev(points: Sequence[Point]) -> list[Point]:
    return list(reversed(points))


_OUTLINES: dict[str, list[Point]] = {
    "transcaspia": [*_NORTH, _P4, *_rev(_LINES["kabul-transcaspia"])[1:], *_rev(_LINES["herat-transcaspia"])[1:],
                    *_rev(_LINES["persia-transcaspia"])[1:]],
    "persia": [*_LINES["persia-transcaspia"], *_HERAT_WEST, (80.0, 392.0), (4.0, 398.0), (12.0, 250.0)],
    "herat": [*_LINES["herat-transcaspia"], *_LINES["herat-kabul"][1:], _P7, *_rev(_LINES["herat-persia"])[:-1]],
    "kabul": [*_LINES["kabul-transcaspia"], _P10, *_rev(_LINES["kabul-punjab"])[1:],
              *_rev(_LINES["kabul-kandahar"])[1:], *_rev(_LINES["herat-kabul"])[1:-1]],
    "kandahar": [*_LINES["kabul-kandahar"], *_LINES["kandahar-punjab"][1:], (350.0, 394.0), _P7],
    "punjab": [*_LINES["kabul-punjab"], (592.0, 330.0), (598.0, 398.0), *_rev(_LINES["kandahar-punjab"])[:-1]],
}

#: Name and notes spots and the box each region's pieces fill, kept clear of the border strips.
_SPOTS: dict[str, tuple[Point, Point, Box, float]] = {
    "transcaspia": ((16.0, 40.0), (16.0, 56.0), Box(150.0, 26.0, 586.0, 86.0), 128.0),
    "persia": ((18.0, 152.0), (18.0, 168.0), Box(18.0, 178.0, 128.0, 386.0), 112.0),
    "herat": ((180.0, 152.0), (180.0, 168.0), Box(180.0, 176.0, 280.0, 300.0), 136.0),
    "kabul": ((362.0, 152.0), (362.0, 168.0), Box(362.0, 176.0, 586.0, 226.0), 220.0),
    "kandahar": ((345.0, 288.0), (345.0, 304.0), Box(322.0, 312.0, 436.0, 388.0), 90.0),
    "punjab": ((484.0, 288.0), (484.0, 304.0), Box(484.0, 312.0, 584.0, 388.0), 100.0),
}


def regions() -> dict[str, RegionShape]:
    """The six regions' shapes."""
    return region_shapes(_OUTLINES, _SPOTS)


def borders() -> dict[str, BorderShape]:
    """The nine borders' shapes."""
    return border_shapes(_LINES, _OPEN_ENDS)


#: Colours of the board (the land's are in games.pax_pamir.palette): the outline, border lines, road slots.
COAST, LINE, SLOT, SLOT_EDGE = "#7a6a4f", "#8a6f4a", "#fbf6ea", "#b9a98c"


def draw(view: Mapping[str, Any]) -> Drawing:
    """The map of a Pax Pamir report view (games/pax_pamir/view.py), as geometry."""
    coalitions = {c["id"]: c for c in view["coalitions"]}
    seats: Mapping[str, str] = view["seat_colours"]
    cues = seat_cues(seats)
    drawing = Drawing(WIDTH, BOARD_HEIGHT, title="Map of the six regions, with the favored suit and the Dominance Check")
    shapes, lines = regions(), borders()
    draw_ground(drawing, shapes, lines, LAND, edge=COAST, line=LINE, slot=SLOT, slot_edge=SLOT_EDGE)
    for region in view["regions"]:
        shape = shapes[region["id"]]
        drawing.add(label(f"name:{shape.id}", region["name"], shape.name_at, 13, bold=True, width=shape.label_width,
                          fill="#3b2f1e", owner=shape.id))
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
    for suit in view["suits"]:
        panel.next()
        favored = suit == view["favored"]
        panel.mark(f"suit:{suit}:mark", "#3b2f1e" if favored else "none", "#3b2f1e")
        panel.text(f"suit:{suit}", f"{suit} (favored)" if favored else suit, bold=favored)

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
