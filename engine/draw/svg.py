"""A Drawing as SVG text: every mark drawn at the coordinates its geometry gives, nothing placed here.

Plain text, escaped here; whoever puts it into a page marks it safe there (pbem.reports.pictures).
"""

from __future__ import annotations

from html import escape

from engine.draw.layout import Drawing, Mark, Point

FONT = "DejaVu Sans, Verdana, sans-serif"


def _num(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _points(points: tuple[Point, ...]) -> str:
    return " ".join(f"{_num(x)},{_num(y)}" for x, y in points)


def _paint(mark: Mark) -> str:
    # Presentation attributes, not CSS: PDF renderers and mail clients do not style inline SVG from the page.
    parts = [f'fill="{escape(mark.fill)}"']
    if mark.stroke != "none":
        parts.append(f'stroke="{escape(mark.stroke)}" stroke-width="{_num(mark.stroke_width)}"')
        if mark.dash:
            parts.append(f'stroke-dasharray="{escape(mark.dash)}"')
    return " ".join(parts)


def mark_svg(mark: Mark) -> str:
    """One mark as an SVG element, tagged with its id so the picture can be checked against the geometry."""
    ident = f'data-mark="{escape(mark.id)}"' + (f' class="{escape(mark.css)}"' if mark.css else "")
    title = f"<title>{escape(mark.title)}</title>" if mark.title else ""
    end = f">{title}</%s>" if title else "/>"
    if mark.shape == "rect":
        box = mark.box()
        tag = (f'<rect {ident} x="{_num(box.x0)}" y="{_num(box.y0)}" width="{_num(box.width)}" '
               f'height="{_num(box.height)}" {_paint(mark)}')
        return tag + (end % "rect" if title else end)
    if mark.shape == "circle":
        tag = f'<circle {ident} cx="{_num(mark.at[0])}" cy="{_num(mark.at[1])}" r="{_num(mark.radius)}" {_paint(mark)}'
        return tag + (end % "circle" if title else end)
    if mark.shape == "polygon":
        tag = f'<polygon {ident} points="{_points(mark.points or mark.outline)}" {_paint(mark)}'
        return tag + (end % "polygon" if title else end)
    if mark.shape == "line":
        tag = f'<polyline {ident} points="{_points(mark.points or mark.outline)}" {_paint(mark)}'
        return tag + (end % "polyline" if title else end)
    if mark.shape == "curve":  # a quadratic curve: start, control point, end
        (x0, y0), (cx, cy), (x1, y1) = mark.points or mark.outline
        d = f"M {_num(x0)},{_num(y0)} Q {_num(cx)},{_num(cy)} {_num(x1)},{_num(y1)}"
        tag = f'<path {ident} d="{d}" {_paint(mark)} stroke-linecap="round"'
        return tag + (end % "path" if title else end)
    if mark.shape == "text":
        weight = ' font-weight="bold"' if mark.bold else ""
        return (f'<text {ident} x="{_num(mark.at[0])}" y="{_num(mark.at[1])}" font-size="{_num(mark.size)}"'
                f'{weight} text-anchor="{mark.anchor}" fill="{escape(mark.fill)}">{title}{escape(mark.text)}</text>')
    raise ValueError(f"unknown mark shape {mark.shape!r}")


def svg(drawing: Drawing, css_class: str = "drawing") -> str:
    """The drawing as one standalone <svg> element (it also renders alone, as a file or a picture in mail)."""
    w, h = _num(drawing.width), _num(drawing.height)
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" class="{escape(css_class)}" viewBox="0 0 {w} {h}" '
            f'width="{w}" height="{h}" font-family="{FONT}" role="img" aria-label="{escape(drawing.title)}">')
    # Marks with neither fill nor stroke (a region's box for pieces) are geometry only: nothing to draw.
    body = "\n".join(mark_svg(m) for m in drawing.marks if m.fill != "none" or m.stroke != "none")
    return f"{head}\n{body}\n</svg>"
