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

#: PNGs are drawn at this many pixels per SVG unit (sharper than the page on most screens); a picture that
#: would not fit MAIL_PICTURE_BYTES is drawn again at the next, smaller scale.
PNG_SCALES = (1.5, 1.25, 1.0, 0.75)
#: The most one picture may weigh in a mail, as it travels there (base64, in lines of 76 and CRLF): a map
#: drawn in full colour came to 187 KB and was sent with every report mail.
MAIL_PICTURE_BYTES = 60_000
#: Palette sizes tried, largest first: 256 colours keep the boards' faint region tints apart.
PALETTES = (256, 128, 64)
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


def mailed_size(data: bytes) -> int:
    """How many bytes `data` takes in a mail: base64 (4 for every 3), in lines of 76 characters ending in CRLF."""
    encoded = -(-len(data) // 3) * 4
    return encoded + 2 * -(-encoded // 76)


@lru_cache(maxsize=64)
def png(svg_text: str) -> bytes:
    """An SVG picture as a palette PNG of at most MAIL_PICTURE_BYTES in a mail (the smallest tried, should none
    fit); remembered, since every seat's mail of a step shows the same public board."""
    import cairosvg  # a library with C parts: loaded only when a mail needs it

    smallest = b""
    for scale in PNG_SCALES:
        raster = cairosvg.svg2png(bytestring=svg_text.encode("utf-8"), scale=scale)
        assert isinstance(raster, bytes)
        for colours in PALETTES:
            data = _palette(raster, colours)
            if mailed_size(data) <= MAIL_PICTURE_BYTES:
                return data
            smallest = data if not smallest or len(data) < len(smallest) else smallest
    return smallest


def _palette(raster: bytes, colours: int) -> bytes:
    """A full-colour PNG as one of at most `colours` colours, on white: a third of the size, and a board's flat
    fills lose nothing (median cut keeps rare colours, such as a seat's pieces, apart)."""
    import io

    from PIL import Image  # loaded with cairosvg, which needs it too

    with Image.open(io.BytesIO(raster)) as image:
        flat = Image.new("RGB", image.size, "white")
        flat.paste(image, mask=image.getchannel("A") if image.mode == "RGBA" else None)
    reduced = flat.quantize(colors=colours, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    out = io.BytesIO()
    reduced.save(out, "PNG", optimize=True)
    return out.getvalue()


#: What a light mail says where its HTML would show its first picture (pbem.mail.policy: mail that asks
#: nothing); each later one is named only, so a page of small card drawings does not repeat it.
LEFT_OUT = ("{alt}: not drawn in this mail, which asks nothing of you (to have the pictures in every mail, "
            "send 'attach: map' with your header lines).")
NAMED_ONLY = "{alt}: not drawn."


def mail_safe(html: str, domain: str, *, pictures: bool = True) -> tuple[str, list[Picture]]:
    """`html` with every inline <svg> replaced by an <img> of the same picture as PNG, and those PNGs.

    Gmail and Outlook drop inline SVG; an image sent along as a related part (cid:) they show. The <img>
    keeps the SVG's size and its description as alt text. Without `pictures` (a light mail) each picture
    becomes a line saying it was left out, and no PNG is made.
    """
    found: dict[str, Picture] = {}
    left_out: list[str] = []

    def replace(match: re.Match[str]) -> str:
        attrs = dict(_ATTR.findall(match.group(0).split(">", 1)[0]))
        alt = attrs.get("aria-label", "picture")
        if not pictures:
            words = (NAMED_ONLY if left_out else LEFT_OUT).format(alt=alt[:1].upper() + alt[1:])
            left_out.append(alt)
            return f'<p class="picture-left-out"><em>{words}</em></p>'
        source = match.group(0)
        if 'xmlns="http://www.w3.org/2000/svg"' not in source.split(">", 1)[0]:
            source = source.replace("<svg", '<svg xmlns="http://www.w3.org/2000/svg"', 1)
        digest = hashlib.sha256(source.encode("utf-8")).hexdigest()[:16]
        cid = f"pic-{digest}@{domain}"
        if cid not in found:
            found[cid] = Picture(cid, png(source), f"picture-{len(found) + 1}.png")
        size = "".join(f' {k}="{attrs[k]}"' for k in ("width", "height") if k in attrs)
        return f'<img src="cid:{cid}"{size} alt="{alt}" style="max-width: 100%; height: auto;">'

    return _SVG.sub(replace, html), list(found.values())
