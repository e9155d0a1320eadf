"""Mail pictures stay light: a palette PNG within MAIL_PICTURE_BYTES, and none at all in mail that asks nothing."""

from __future__ import annotations

import base64
import io
import random

import pytest
from PIL import Image

from pbem.reports import pictures
from pbem.reports.pictures import mail_safe, mailed_size


def _noise_svg() -> str:
    """A small picture that compresses badly: random pixels, drawn 10 SVG units each."""
    rng = random.Random(5)
    noise = Image.new("RGB", (10, 7))
    noise.putdata([(rng.randrange(256), rng.randrange(256), rng.randrange(256)) for _ in range(10 * 7)])
    raw = io.BytesIO()
    noise.save(raw, "PNG")
    uri = "data:image/png;base64," + base64.b64encode(raw.getvalue()).decode()
    return ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 70" '
            f'width="100" height="70"><image width="100" height="70" xlink:href="{uri}"/></svg>')


def test_a_picture_over_the_cap_is_drawn_smaller_until_it_fits(monkeypatch: pytest.MonkeyPatch) -> None:
    import cairosvg

    svg = _noise_svg()
    full = cairosvg.svg2png(bytestring=svg.encode(), scale=pictures.PNG_SCALES[0])
    smallest_palette = mailed_size(pictures._palette(full, pictures.PALETTES[-1]))
    # A cap the first scale cannot meet with any palette: the next scale must be tried.
    monkeypatch.setattr(pictures, "MAIL_PICTURE_BYTES", smallest_palette - 1)
    pictures.png.cache_clear()
    data = pictures.png(svg)
    assert mailed_size(data) <= smallest_palette - 1
    with Image.open(io.BytesIO(data)) as image:
        assert image.mode == "P" and image.width < 100 * pictures.PNG_SCALES[0]
    pictures.png.cache_clear()


def test_mailed_size_counts_base64_lines_as_a_mail_carries_them() -> None:
    for n in (0, 1, 57, 58, 1000, 45_000):
        data = bytes(range(256)) * (n // 256) + bytes(n % 256)
        assert mailed_size(data) == len(base64.encodebytes(data).replace(b"\n", b"\r\n"))


def test_a_light_mail_names_its_pictures_and_carries_none() -> None:
    dot = '<svg viewBox="0 0 10 10" width="10" height="10" aria-label="{}"><circle cx="5" cy="5" r="4"/></svg>'
    page = f"<body>{dot.format('map of the board')}<p>text</p>{dot.format('the market')}</body>"
    html, pictures = mail_safe(page, "pbem.example", pictures=False)
    assert pictures == [] and "<svg" not in html and "cid:" not in html
    assert html.count("asks nothing of you") == 1, "said once, at the first picture"
    assert "Map of the board: not drawn in this mail" in html and "The market: not drawn." in html
    assert "send 'attach: map'" in html
