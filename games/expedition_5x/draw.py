"""Expedition to 5X cards and play areas as Drawings: corners, crystals and names placed so none overlap.

A play area's group is a chain of cards; a long chain wraps onto further rows (the junction between two
rows is drawn at the end of the one and the start of the next), so the largest play area stays readable.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from engine.draw.layout import Box, Drawing, Mark, cue_mark, label, rect, text_width
from games.expedition_5x.palette import CARD, CARD_NOT_YET, CRYSTAL, crystal_cue

W, H, GAP = 160.0, 100.0, 16.0
#: Cards per row of a play area: four fill the width of a printed page at a readable size.
PER_ROW = 4
PAD = 7.0  # from the card's edge to its corner text
CORNER = W / 2 - PAD - 3  # how wide a corner's text may be, leaving a gap between the two corners
ABBR = {"excavate": "Excavate", "drill": "Drill", "plunder": "Plunder", "scout": "Scout", "expand": "Expand"}
PALE, INK, LAUREL = "#b5aa98", "#222", "#4f8a2b"


def improvement(side: Mapping[str, Any]) -> str:
    """A corner's improvement in a few words (the legend and the text report spell them out)."""
    kind = side["improvement"]
    if kind == "water":
        return "+1 water"
    if kind == "die":
        return "+die roll"
    if kind == "count":
        return f"+1 per {ABBR[side['target']]}"
    if kind == "steal":
        return f"steal {ABBR[side['target']]}"
    return ""


def _fitted(mark_id: str, text: str, at: tuple[float, float], size: float, width: float, owner: str, *,
            bold: bool = False, anchor: str = "start", fill: str = INK, smallest: float = 7.0) -> Mark:
    """A label at `size`, or smaller down to `smallest` so it fits `width` (shortened only beyond that)."""
    while size > smallest and text_width(text, size, bold) > width:
        size -= 0.5
    return label(mark_id, text, at, size, width=width, bold=bold, anchor=anchor, fill=fill, owner=owner)


def _corner(drawing: Drawing, cid: str, which: str, side: Mapping[str, Any], x: float, y: float, visible: bool) -> None:
    anchor = "start" if which == "left" else "end"
    owner = f"card:{cid}"
    tag = f"{cid}:{which}"
    action = _fitted(f"{tag}:action", ABBR[side["action"]], (x, y + 14), 11, CORNER, owner, bold=True,
                     anchor=anchor, fill=INK if visible else PALE)
    drawing.add(replace(action, css="x5-corner " + ("x5-active" if visible else "x5-covered")))
    if side["improvement"]:
        drawing.add(_fitted(f"{tag}:improvement", improvement(side), (x, y + 27), 9, CORNER, owner, anchor=anchor,
                            fill="#333" if visible else PALE))
    if not visible:
        drawing.add(_fitted(f"{tag}:covered", "(covered)", (x, y + 39), 8, CORNER, owner, anchor=anchor,
                            fill="#9c8f7a"))


def _crystal(drawing: Drawing, mark_id: str, colour: str, cx: float, cy: float, r: float, active: bool) -> None:
    """A crystal: a diamond, solid between two laurel branches when activated, pale and dashed when not."""
    reach = r + 6 if active else r  # the laurel branches are part of the mark, so nothing may touch them
    outline = Box(cx - reach, cy - r, cx + reach, cy + r).corners()
    diamond = ((cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy))
    crystal = Mark(mark_id, "polygon", outline, points=diamond, fill=CRYSTAL[colour] if active else _pale(colour),
                   stroke=INK, stroke_width=1.5 if active else 1, dash="" if active else "2 2",
                   title=f"{colour} crystal, {'activated' if active else 'not activated'}",
                   css=f"x5-crystal x5-c-{colour.lower()} {'x5-on' if active else 'x5-off'}")
    drawing.add(crystal, *cue_mark(crystal, crystal_cue(colour), 1.1 * r))
    if active:
        for sign in (-1, 1):
            x0 = cx + sign * (r + 1)
            bend = ((x0, cy - r), (cx + sign * (r + 6), cy), (x0, cy + r))  # start, control point, end
            drawing.add(Mark(f"{mark_id}:laurel{sign:+d}", "curve", bend, layer="ground", stroke=LAUREL,
                             stroke_width=2))


def _pale(colour: str) -> str:
    """A crystal colour at 15 % on white (PDF output mangles opacity)."""
    value = CRYSTAL[colour].lstrip("#")
    channels = [int(value[i:i + 2], 16) for i in (0, 2, 4)]
    return "#" + "".join(f"{round(255 - (255 - c) * 0.15):02x}" for c in channels)


def card(drawing: Drawing, c: Mapping[str, Any], x: float, y: float, *, placed: bool, forsale: bool = True) -> None:
    """One card with its top left corner at (x, y); `placed` cards (in a play area) show covered corners."""
    cid = str(c["id"])
    left_visible = c["left"].get("visible", True) if placed else True
    right_visible = c["right"].get("visible", True) if placed else True
    fill = "#e3c99a" if c["kind"] == "settlement" else (CARD if forsale else CARD_NOT_YET)
    drawing.add(rect(f"region:card:{cid}", Box(x, y, x + W, y + H), layer="ground", fill=fill, stroke="#5b4a3a",
                     stroke_width=1.5, dash="" if forsale else "6 3"))
    _corner(drawing, cid, "left", c["left"], x + PAD, y, left_visible)
    _corner(drawing, cid, "right", c["right"], x + W - PAD, y, right_visible)
    owner = f"card:{cid}"
    if c["kind"] == "technology":
        _crystal(drawing, f"{cid}:centre", c["centre"], x + W / 2, y + 58, 11, True)
        for which, cx in (("left", x + 16), ("right", x + W - 16)):
            if c[which]["crystal"]:
                _crystal(drawing, f"{cid}:{which}:crystal", c[which]["crystal"], cx, y + 62, 7,
                         placed and bool(c[which].get("crystal_active")))
    else:
        drawing.add(label(f"{cid}:kind", "settlement", (x + W / 2, y + 62), 9, anchor="middle", fill="#5b4a3a",
                          owner=owner))
    drawing.add(_fitted(f"{cid}:name", f"{cid} {c['name']}", (x + W / 2, y + H - 8), 9, W - 2 * PAD, owner,
                        anchor="middle"))
    if not forsale:
        drawing.add(label(f"{cid}:notyet", "NOT FOR SALE YET", (x + W / 2, y + 40), 8, bold=True, anchor="middle",
                          fill="#a33", owner=owner))


def single(c: Mapping[str, Any], forsale: bool = True) -> Drawing:
    """A card on its own (the market, the top of the deck)."""
    drawing = Drawing(W + 2, H + 2, title=f"{c['id']} {c['name']}")
    card(drawing, c, 1, 1, placed=False, forsale=forsale)
    return drawing


def _junction(drawing: Drawing, mark_id: str, x: float, y: float, top: str) -> None:
    """The mark between two joined cards: its arrow points to the card lying on top."""
    drawing.add(rect(mark_id, Box(x, y + 4, x + GAP, y + 34), fill="#6f9a3c", title=f"the {top} card lies on top"))
    drawing.add(Mark(f"{mark_id}:arrow", "text", ((x, y),), layer="ground", text="◀" if top == "left" else "▶",
                     size=10, anchor="middle", at=(x + GAP / 2, y + 23), fill="#fff"))


def group(g: Mapping[str, Any], per_row: int = PER_ROW) -> Drawing:
    """A group of joined cards, left to right, wrapped every `per_row` cards; a wrapped junction shows twice."""
    cards, tops = list(g["cards"]), list(g["tops"])
    rows = (len(cards) + per_row - 1) // per_row
    wrapped = rows > 1
    # Wrapped rows keep a junction's width free at both ends for the junction that continues them.
    lead = GAP if wrapped else 0.0
    width = lead + min(len(cards), per_row) * (W + GAP) - GAP + lead + 2
    drawing = Drawing(width, rows * (H + GAP) - GAP + 2, title=", ".join(str(c["name"]) for c in cards))
    for index, c in enumerate(cards):
        row, col = divmod(index, per_row)
        x = 1 + lead + col * (W + GAP)
        y = 1 + row * (H + GAP)
        card(drawing, c, x, y, placed=True)
        if index < len(tops):
            if col < per_row - 1:
                _junction(drawing, f"junction:{index}", x + W, y, tops[index])
            else:  # the chain goes on in the next row: the junction at this row's end and the next row's start
                _junction(drawing, f"junction:{index}:end", x + W, y, tops[index])
                _junction(drawing, f"junction:{index}:start", 1, y + H + GAP, tops[index])
    return drawing
