"""Pictures in reports: each game's drawings as inline SVG, and as PNG for mail clients that strip SVG."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from markupsafe import Markup

from engine import contract, registry
from engine.draw.svg import svg

#: PNGs are drawn at this many pixels per SVG unit: sharper than the page on most screens, yet a map stays
#: near 100 KB.
PNG_SCALE = 1.5
_SVG = re.compile(r"<svg\b[^>]*>.*?</svg>", re.S)
_ATTR = re.compile(r'\b(width|height|aria-label)="([^"]*)"')


def _game(game_id: str | None) -> contract.GameBase | None:
    """The registered game of this id with its optional capabilities; None for none, or a game pbem does not know."""
    if game_id is None:
        return None
    try:
        game = registry.get(game_id)
    except registry.UnknownGame:
        return None
    return game if isinstance(game, contract.GameBase) else None


def _board(game: contract.GameBase | None, view: Mapping[str, Any]) -> Markup:
    # The drawing kit escapes what it writes and returns plain text: the page holds it as it is.
    drawing = game.board(view) if game is not None else None
    return Markup(svg(drawing, "board")) if drawing is not None else Markup("")


def board_svg(view: Mapping[str, Any]) -> Markup:
    """The board of a view (of the game it names) as inline SVG; empty for a game without a board drawing."""
    return _board(_game(str(view.get("game"))), view)


def _drawn(name: str, picture: contract.Picture) -> Callable[..., Markup]:
    """Template global `name`: the picture drawn from the template's arguments, as SVG the page holds as it is."""
    def call(*args: Any, **kwargs: Any) -> Markup:
        return Markup(svg(picture.draw(*args, **kwargs), picture.css))
    call.__name__ = name
    return call


def template_globals(game_id: str | None) -> dict[str, Callable[..., Markup]]:
    """What the templates of a report of this game may call to draw: `board_svg` and the game's own pictures.

    Only that game is loaded; a page of no game, or a report of a game pbem does not know, draws no board.
    """
    game = _game(game_id)

    def board(view: Mapping[str, Any]) -> Markup:
        return _board(game, view)

    board.__name__ = "board_svg"
    pictures = game.pictures() if game is not None else {}
    return {"board_svg": board, **{name: _drawn(name, picture) for name, picture in pictures.items()}}


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
