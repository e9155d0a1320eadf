"""Pictures in reports: each game's drawings as inline SVG, and as PNG for mail clients that strip SVG."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from markupsafe import Markup

from engine.draw.layout import Drawing
from engine.draw.svg import svg
from games.expedition_5x import draw as x5_draw
from games.pax_expanse import board as expanse_map
from games.pax_pamir import board as pamir_map

#: The drawing of a game's board, by game id, from the reader's view.
BOARDS: dict[str, Callable[[Mapping[str, Any]], Drawing]] = {"pax-pamir": pamir_map.draw,
                                                              "pax-expanse": expanse_map.draw}
#: PNGs are drawn at this many pixels per SVG unit: sharper than the page on most screens, yet a map stays
#: near 100 KB.
PNG_SCALE = 1.5
_SVG = re.compile(r"<svg\b[^>]*>.*?</svg>", re.S)
_ATTR = re.compile(r'\b(width|height|aria-label)="([^"]*)"')


def board_svg(view: Mapping[str, Any]) -> Markup:
    """The board of a view as inline SVG (empty for a game without a board drawing)."""
    draw = BOARDS.get(str(view.get("game")))
    return svg(draw(view), "board") if draw else Markup("")


def x5_card_svg(card: Mapping[str, Any], forsale: bool = True) -> Markup:
    """An Expedition to 5X card on its own, as inline SVG."""
    return svg(x5_draw.single(card, forsale), "x5-svg")


def x5_group_svg(group: Mapping[str, Any]) -> Markup:
    """A group of an Expedition to 5X play area, as inline SVG."""
    return svg(x5_draw.group(group), "x5-svg x5-group")


#: What report templates may call to draw.
TEMPLATE_GLOBALS = {"board_svg": board_svg, "x5_card_svg": x5_card_svg, "x5_group_svg": x5_group_svg}


@dataclass(frozen=True)
class Picture:
    """A PNG to send with a mail, referred to from its HTML as cid:<cid>."""

    cid: str
    png: bytes
    name: str


@lru_cache(maxsize=64)
def png(svg_text: str) -> bytes:
    """An SVG picture as PNG; remembered, since every seat's mail of a step shows the same public board."""
    import cairosvg  # a library with C parts: loaded only when a mail needs it

    data = cairosvg.svg2png(bytestring=svg_text.encode("utf-8"), scale=PNG_SCALE)
    assert isinstance(data, bytes)
    return data


def mail_safe(html: str, domain: str) -> tuple[str, list[Picture]]:
    """`html` with every inline <svg> replaced by an <img> of the same picture as PNG, and those PNGs.

    Gmail and Outlook drop inline SVG; an image sent along as a related part (cid:) they show. The <img>
    keeps the SVG's size and its description as alt text.
    """
    pictures: dict[str, Picture] = {}

    def replace(match: re.Match[str]) -> str:
        source = match.group(0)
        if 'xmlns="http://www.w3.org/2000/svg"' not in source.split(">", 1)[0]:
            source = source.replace("<svg", '<svg xmlns="http://www.w3.org/2000/svg"', 1)
        digest = hashlib.sha256(source.encode("utf-8")).hexdigest()[:16]
        cid = f"pic-{digest}@{domain}"
        if cid not in pictures:
            pictures[cid] = Picture(cid, png(source), f"picture-{len(pictures) + 1}.png")
        attrs = dict(_ATTR.findall(match.group(0).split(">", 1)[0]))
        size = "".join(f' {k}="{attrs[k]}"' for k in ("width", "height") if k in attrs)
        alt = attrs.get("aria-label", "picture")
        return f'<img src="cid:{cid}"{size} alt="{alt}" style="max-width: 100%; height: auto;">'

    return _SVG.sub(replace, html), list(pictures.values())
