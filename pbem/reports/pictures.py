"""Pictures in reports: each game's drawings as inline SVG, and as PNG for mail clients that strip SVG."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from markupsafe import Markup

from engine import registry
from engine.contract import GameBase
from engine.draw.svg import svg

#: PNGs are drawn at this many pixels per SVG unit: sharper than the page on most screens, yet a map stays
#: near 100 KB.
PNG_SCALE = 1.5
_SVG = re.compile(r"<svg\b[^>]*>.*?</svg>", re.S)
_ATTR = re.compile(r'\b(width|height|aria-label)="([^"]*)"')


def board_svg(view: Mapping[str, Any]) -> Markup:
    """The board of a view as inline SVG (empty for a game without a board drawing)."""
    try:
        game = registry.get(str(view.get("game")))
    except registry.UnknownGame:
        return Markup("")
    drawing = game.board(view) if isinstance(game, GameBase) else None
    return Markup(svg(drawing, "board")) if drawing is not None else Markup("")


def _picture(name: str) -> Callable[..., Markup]:
    """A template global drawing picture `name` of whichever game declares it."""
    def call(*args: Any, **kwargs: Any) -> Markup:
        for game in registry.games().values():
            found = game.pictures().get(name) if isinstance(game, GameBase) else None
            if found is not None:
                # The drawing kit escapes what it writes and returns plain text: the page holds it as it is.
                return Markup(svg(found.draw(*args, **kwargs), found.css))
        raise LookupError(f"no game draws a picture {name!r}")
    call.__name__ = name
    return call


class _Globals(Mapping[str, Callable[..., Markup]]):
    """What report templates may call to draw: board_svg and every game's named pictures, found when asked."""

    def _names(self) -> list[str]:
        named = {n for g in registry.games().values() if isinstance(g, GameBase) for n in g.pictures()}
        return ["board_svg", *sorted(named)]

    def __getitem__(self, name: str) -> Callable[..., Markup]:
        if name == "board_svg":
            return board_svg
        if name not in self._names():
            raise KeyError(name)
        return _picture(name)

    def __iter__(self) -> Iterator[str]:
        return iter(self._names())

    def __len__(self) -> int:
        return len(self._names())


#: What report templates may call to draw.
TEMPLATE_GLOBALS: Mapping[str, Callable[..., Markup]] = _Globals()


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
