"""The Pax Expanse map as a Drawing: the six regions of the Solar System from Earth outward inside the victory
point track (each player's marker on it), transports on the nine borders, fleets and supporters in the regions,
each region's dominance token, the objective and the Rocinante, and beside the board the political climate
track, the faction tokens in play and a legend.

Drawn from a plain dict (the report view of games/pax_expanse/view.py; the keys `draw` reads are listed in its
docstring), never from game state, so a test can place any position it likes.
"""

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
    Mark,
    Piece,
    Point,
    RegionShape,
    circle,
    cue_mark,
    label,
    place_in_box,
    place_on_border,
)
from games.pax_expanse.palette import SPACE, faction_cue

# The board runs outward from the Sun on the left. Earth, Mars, Tycho Station and the Outer Planets lie along
# the top, the Belt and the Jupiter System along the bottom; J1-J4 are where three regions meet, the T points
# where a border reaches the top edge, L, R and B the left, right and bottom edges (games/pax_expanse/DESIGN.md,
# "The map", draws the same strip of four triangles).
_J1, _J2, _J3, _J4 = (158.0, 222.0), (278.0, 174.0), (398.0, 234.0), (498.0, 180.0)
_T1, _T2, _T3 = (148.0, MAP_FRAME.y0), (300.0, MAP_FRAME.y0), (410.0, MAP_FRAME.y0)
_L, _R, _B = (MAP_FRAME.x0, 206.0), (MAP_FRAME.x1, 206.0), (386.0, MAP_FRAME.y1)
_TL, _TR, _BR, _BL = ((MAP_FRAME.x0, MAP_FRAME.y0), (MAP_FRAME.x1, MAP_FRAME.y0), (MAP_FRAME.x1, MAP_FRAME.y1),
                      (MAP_FRAME.x0, MAP_FRAME.y1))

#: Each border's line, from one end to the other; the strip of transport slots lies along the chord of its ends,
#: so a line bends only a little away from it.
_LINES: dict[str, list[Point]] = {
    "earth-mars": [_J1, (151.0, 124.0), _T1],
    "belt-earth": [_L, (90.0, 217.0), _J1],
    "belt-mars": [_J1, _J2],
    "mars-tycho": [_J2, (292.0, 98.0), _T2],
    "belt-tycho": [_J2, _J3],
    "belt-jupiter": [_J3, (395.0, 307.0), _B],
    "jupiter-tycho": [_J3, _J4],
    "outer_planets-tycho": [_J4, (446.0, 98.0), _T3],
    "jupiter-outer_planets": [_J4, _R],
}
#: Ends of a line on the board's edge rather than where borders meet: the strip may run closer to them.
_OPEN_ENDS = {_T1, _T2, _T3, _L, _R, _B}


def _bend(border: str) -> list[Point]:
    """The points of a border's line between its two ends."""
    return _LINES[border][1:-1]


#: Each region's outline, clockwise, made of the border lines it shares, so neighbours meet exactly.
_OUTLINES: dict[str, list[Point]] = {
    "earth": [_TL, _T1, *_bend("earth-mars")[::-1], _J1, *_bend("belt-earth")[::-1], _L],
    "mars": [_T1, _T2, *_bend("mars-tycho")[::-1], _J2, _J1, *_bend("earth-mars")],
    "tycho": [_T2, _T3, *_bend("outer_planets-tycho")[::-1], _J4, _J3, _J2, *_bend("mars-tycho")],
    "outer_planets": [_T3, _TR, _R, _J4, *_bend("outer_planets-tycho")],
    "jupiter": [_J3, _J4, _R, _BR, _B, *_bend("belt-jupiter")[::-1]],
    "belt": [_L, *_bend("belt-earth"), _J1, _J2, _J3, *_bend("belt-jupiter"), _B, _BL],
}

#: Each region: where its name is written, where its notes start, the box its fleets and supporters fill, and
#: how wide its name and notes may be. The row of its dominance token, objective and Rocinante lies between
#: the notes and the box (see `_token_box`). All of it is kept clear of the border strips.
_SPOTS: dict[str, tuple[Point, Point, Box, float]] = {
    "earth": ((30.0, 42.0), (30.0, 56.0), Box(30.0, 104.0, 130.0, 184.0), 100.0),
    "mars": ((172.0, 42.0), (172.0, 56.0), Box(172.0, 104.0, 262.0, 160.0), 90.0),
    "tycho": ((312.0, 70.0), (312.0, 84.0), Box(312.0, 128.0, 440.0, 166.0), 104.0),
    "outer_planets": ((442.0, 40.0), (462.0, 54.0), Box(504.0, 96.0, 578.0, 160.0), 115.0),
    "belt": ((30.0, 262.0), (30.0, 276.0), Box(30.0, 320.0, 366.0, 374.0), 200.0),
    "jupiter": ((420.0, 262.0), (420.0, 276.0), Box(420.0, 320.0, 572.0, 374.0), 152.0),
}
#: The last space of the victory point track: the most the Dominance Check cards let a player score, the first
#: place of each check and its objective (tests/reports/test_expanse_map.py adds them up from the cards).
VP_END = 36
TOKEN = 16.0  # the size of a dominance token, the objective and the Rocinante


def regions() -> dict[str, RegionShape]:
    """The six regions' shapes."""
    return region_shapes(_OUTLINES, _SPOTS)


def borders() -> dict[str, BorderShape]:
    """The nine borders' shapes."""
    return border_shapes(_LINES, _OPEN_ENDS)


def _token_box(shape: RegionShape) -> Box:
    """Where a region's dominance token, the objective and the Rocinante stand: a row above its pieces."""
    x, y = shape.pieces.x0, shape.pieces.y0 - TOKEN - 8
    return Box(x, y, x + 3 * TOKEN + 2 * 6 + 2, y + TOKEN + 2)


#: Colours of the board (the space's are in games.pax_expanse.palette): outlines, border lines, transport slots.
EDGE, LINE, SLOT, SLOT_EDGE, INK = "#33415c", "#51607d", "#f8f9fc", "#9aa4ba", "#1c2438"
UNCONTROLLED, OBJECTIVE, SHIP, SHIP_DAMAGED = "#ffffff", "#00897b", "#37474f", "#b0bec5"
#: The victory point track's spaces, alternately (light, so every player's marker keeps 3:1 contrast on them, as
#: on the map), and the political climate track's.
TRACK, CLIMATE = ("#f0f2f8", "#e4e8f1"), "#e4e8f1"


def draw(view: Mapping[str, Any]) -> Drawing:
    """The map of a Pax Expanse report view, as geometry.

    Reads `factions` (id, name, short, colour, tokens_in_play, tokens_in_supply), `seat_colours`, `regions`
    (id, name, fleets by faction, supporters by seat, faction_control, player_control), `borders` (id,
    transports by faction), `climate` (track of id/name/suit, and `at`), `objective` (a region or None),
    `rocinante` (region, damaged) and `players` (seat, vp).
    """
    factions = {f["id"]: f for f in view["factions"]}
    seats: Mapping[str, str] = view["seat_colours"]
    cues = seat_cues(seats)
    drawing = Drawing(WIDTH, BOARD_HEIGHT,
                      title="Map of the six regions, with the political climate, the faction tokens and a legend")
    shapes, lines = regions(), borders()
    draw_score_track(drawing, VP_END, {p["seat"]: p["vp"] for p in view["players"]}, seats, fills=TRACK,
                     edge=EDGE, ink=INK)
    draw_ground(drawing, shapes, lines, SPACE, edge=EDGE, line=LINE, slot=SLOT, slot_edge=SLOT_EDGE)
    for shape in shapes.values():  # invisible, like the boxes of pieces
        drawing.add(Mark(f"area:{shape.id}:tokens", "rect", _token_box(shape).corners(), layer="area"))
    rocinante = view["rocinante"]
    for region in view["regions"]:
        shape = shapes[region["id"]]
        _region_notes(drawing, shape, region, factions, seats)
        _region_tokens(drawing, shape, region, factions, seats, view["objective"], rocinante)
        pieces = [Piece(f"fleet:{shape.id}:{f}:{i}", "block", factions[f]["colour"], f"{factions[f]['short']} fleet",
                        faction_cue(factions[f]["short"]))
                  for f, n in region["fleets"].items() for i in range(n)]
        pieces += [Piece(f"supporter:{shape.id}:{s}:{i}", "cylinder", seats[s], f"{s}'s supporter", cues[s])
                   for s, n in region["supporters"].items() for i in range(n)]
        drawing.add(*place_in_box(pieces, shape.pieces, shape.id))
    for border in view["borders"]:
        transports = [Piece(f"transport:{border['id']}:{f}:{i}", "road", factions[f]["colour"],
                            f"{factions[f]['short']} transport", faction_cue(factions[f]["short"]))
                      for f, n in border["transports"].items() for i in range(n)]
        drawing.add(*place_on_border(transports, lines[border["id"]]))
    _panel(drawing, view, factions, seats)
    return drawing


def _region_notes(drawing: Drawing, shape: RegionShape, region: Mapping[str, Any],
                  factions: Mapping[str, Any], seats: Mapping[str, str]) -> None:
    """The region's name, and who controls it: the faction on its dominance token, the player on top of it."""
    name = region["name"][:1].upper() + region["name"][1:]
    # Name and notes end at the same right edge: a name written further left may be that much wider.
    width = shape.label_width + shape.notes_at[0] - shape.name_at[0]
    drawing.add(label(f"name:{shape.id}", name, shape.name_at, 13, bold=True, width=width, fill=INK, owner=shape.id))
    x, y = shape.notes_at
    faction = region["faction_control"]
    text = f"{factions[faction]['short']} control" if faction else "no faction control"
    colour = factions[faction]["colour"] if faction else "#555"
    drawing.add(label(f"faction:{shape.id}", text, (x, y), 10, width=shape.label_width, fill=colour,
                      owner=shape.id))
    player = region["player_control"]
    if player:
        drawing.add(label(f"player:{shape.id}", f"controlled by {player}", (x, y + 12), 10,
                          width=shape.label_width, fill=seats.get(player, "#222"), owner=shape.id))


def _region_tokens(drawing: Drawing, shape: RegionShape, region: Mapping[str, Any], factions: Mapping[str, Any],
                   seats: Mapping[str, str], objective: str | None, rocinante: Mapping[str, Any]) -> None:
    """The dominance token (its faction's colour, white when uncontrolled; ringed in the colour of the player in
    control, whose supporters stand on it), then the objective and the Rocinante."""
    box = _token_box(shape)
    owner = f"{shape.id}:tokens"
    faction, player = region["faction_control"], region["player_control"]
    x, y = box.x0 + 1, box.y0 + 1
    title = (f"dominance token: {factions[faction]['name']} controls {region['name']}" if faction
             else f"dominance token: no faction controls {region['name']}")
    if player:
        title += f"; {player}'s supporters stand on it"
    token = dominance_token(f"dominance:{shape.id}", (x, y), factions[faction]["colour"] if faction else None,
                            owner=owner, title=title, ring=seats.get(player, INK) if player else None)
    drawing.add(token, *cue_mark(token, faction_cue(factions[faction]["short"]) if faction else "", TOKEN * 0.8))
    x += TOKEN + 6
    if objective == shape.id:
        drawing.add(objective_token(f"objective:{shape.id}", (x, y), owner=owner))
    x += TOKEN + 6
    if rocinante["region"] == shape.id:
        drawing.add(rocinante_token(f"rocinante:{shape.id}", (x, y), bool(rocinante["damaged"]), owner=owner))


def dominance_token(mark_id: str, at: Point, colour: str | None, owner: str = "", title: str = "",
                    ring: str | None = None) -> Mark:
    """A dominance token with its top left corner at `at`: a disc of the faction's colour, white if uncontrolled,
    with a thick `ring` in the colour of the player in control, if one is."""
    r = TOKEN / 2
    return circle(mark_id, (at[0] + r, at[1] + r), r, fill=colour or UNCONTROLLED, stroke=ring or INK,
                  stroke_width=2.4 if ring else 1.2, owner=owner, title=title)


def objective_token(mark_id: str, at: Point, owner: str = "") -> Mark:
    """The objective token with its top left corner at `at`: a four-pointed star (its outline: the diamond)."""
    x, y, s = at[0], at[1], TOKEN
    c = (x + s / 2, y + s / 2)
    tips = ((c[0], y), (x + s, c[1]), (c[0], y + s), (x, c[1]))
    waist = s * 0.16
    star = (tips[0], (c[0] + waist, c[1] - waist), tips[1], (c[0] + waist, c[1] + waist), tips[2],
            (c[0] - waist, c[1] + waist), tips[3], (c[0] - waist, c[1] - waist))
    return Mark(mark_id, "polygon", tips, points=star, fill=OBJECTIVE, stroke=INK, stroke_width=0.8, owner=owner,
                title="the objective token")


def rocinante_token(mark_id: str, at: Point, damaged: bool, owner: str = "") -> Mark:
    """The Rocinante with its top left corner at `at`: a ship's hull, pale and dashed on its damaged side."""
    x, y, s = at[0], at[1], TOKEN
    hull = ((x, y + s * 0.3), (x + s * 0.55, y), (x + s, y + s / 2), (x + s * 0.55, y + s), (x, y + s * 0.7))
    title = "the Rocinante, damaged: it does not move on its next turn" if damaged else "the Rocinante"
    return Mark(mark_id, "polygon", hull, fill=SHIP_DAMAGED if damaged else SHIP, stroke="#b71c1c" if damaged else INK,
                stroke_width=1.2, dash="2 1.5" if damaged else "", owner=owner, title=title)


def _panel(drawing: Drawing, view: Mapping[str, Any], factions: Mapping[str, Any], seats: Mapping[str, str]) -> None:
    """Beside the board, top to bottom: the political climate track, the faction tokens, the legend."""
    panel = Panel(drawing, fill="#f4f6fa", stroke=EDGE)
    climate = view["climate"]
    panel.head("climate:head", "Political climate")
    for space in climate["track"]:
        panel.next()
        here = space["id"] == climate["at"]
        text = f"{space['name']}: {space['suit']}"
        panel.space(f"climate:{space['id']}", f"{text} (now)" if here else text, here, marker=INK, fill=CLIMATE,
                    edge=EDGE)

    panel.section()
    panel.head("tokens:head", "Faction tokens")
    panel.next()
    panel.text("tokens:note", "in play (in supply)", indent=0, fill="#555")
    for f in factions.values():
        panel.item(f"tokens:{f['id']}", "square", f["colour"],
                   f"{f['short']} {f['tokens_in_play']} ({f['tokens_in_supply']})", faction_cue(f["short"]))

    panel.section()
    panel.head("legend:head", "Legend")
    for kind, shape, text in (("fleet", "square", "fleet (a token in a region)"),
                              ("transport", "bar", "transport (on a border)"),
                              ("supporter", "circle", "supporter (a player's)")):
        panel.item(f"legend:{kind}", shape, "#fff", text)
    for kind, make, text in (
        ("dominance", lambda at: dominance_token("legend:dominance:mark", at, None), "dominance token"),
        ("ringed", lambda at: dominance_token("legend:ringed:mark", at, None, ring=INK), "ringed: a player controls"),
        ("objective", lambda at: objective_token("legend:objective:mark", at), "the objective"),
        ("rocinante", lambda at: rocinante_token("legend:rocinante:mark", at, False), "the Rocinante"),
        ("damaged", lambda at: rocinante_token("legend:damaged:mark", at, True), "the Rocinante, damaged"),
    ):
        panel.next()
        drawing.add(_shrunk(make((panel.x - 2, panel.y - 10)), 0.75))
        panel.text(f"legend:{kind}", text)
    panel.seats(seats)


def _shrunk(mark: Mark, factor: float) -> Mark:
    """A token drawn smaller for the legend, about its top left corner (a panel line is less than a token high)."""
    x0, y0 = mark.box().x0, mark.box().y0

    def scale(points: tuple[Point, ...]) -> tuple[Point, ...]:
        return tuple((x0 + (px - x0) * factor, y0 + (py - y0) * factor) for px, py in points)

    if mark.shape == "circle":
        r = mark.radius * factor
        return circle(mark.id, (x0 + r, y0 + r), r, fill=mark.fill, stroke=mark.stroke, stroke_width=mark.stroke_width,
                      title=mark.title)
    return Mark(mark.id, mark.shape, scale(mark.outline), points=scale(mark.points), fill=mark.fill,
                stroke=mark.stroke, stroke_width=mark.stroke_width, dash=mark.dash, title=mark.title)
