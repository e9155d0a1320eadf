"""Colour arithmetic the drawings need: which ink reads best on a piece's fill."""

from __future__ import annotations

LIGHT, DARK = "#fff", "#222"


def luminance(css: str) -> float:
    """The relative luminance (WCAG 2) of a "#rgb" or "#rrggbb" colour, 0 to 1."""
    value = css.lstrip("#")
    if len(value) == 3:
        value = "".join(c * 2 for c in value)
    channels = [int(value[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two colours, 1 to 21."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def ink_on(fill: str) -> str:
    """White or near-black, whichever contrasts more with `fill`: at least 4.5:1 whatever the fill."""
    return LIGHT if contrast(LIGHT, fill) >= contrast(DARK, fill) else DARK
