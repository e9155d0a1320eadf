"""Just enough PDF reading for tests: the page count, through compressed object streams; and how full each page
of a laid-out report is."""

from __future__ import annotations

import re
import zlib
from dataclasses import dataclass
from typing import Any

from weasyprint.formatting_structure import boxes

_STREAM = re.compile(rb"stream\r?\n(.*?)\r?\nendstream", re.S)
_PAGES = re.compile(rb"/Type\s*/Pages\b.*?/Count\s+(\d+)|/Count\s+(\d+)[^>]*?/Type\s*/Pages\b", re.S)


def chunks(pdf: bytes) -> list[bytes]:
    """The file itself and every stream in it that inflates (object streams hold most dictionaries)."""
    found = [pdf]
    for raw in _STREAM.findall(pdf):
        try:
            found.append(zlib.decompress(raw))
        except zlib.error:
            continue  # not Flate, or not whole
    return found


def base_fonts(pdf: bytes) -> set[str]:
    """The /BaseFont names of every font in the PDF."""
    return {m.decode() for chunk in chunks(pdf) for m in re.findall(rb"/BaseFont\s*/([^\s/<>\[\]]+)", chunk)}


def page_count(pdf: bytes) -> int:
    """The /Count of the page tree root: the largest one, as nested page trees count a part each."""
    counts = [int(a or b) for chunk in chunks(pdf) for a, b in _PAGES.findall(chunk)]
    if not counts:
        raise AssertionError("no page tree found in the PDF")
    return max(counts)


# What a page of a laid-out report (WeasyPrint's `Document.pages[i]`) paints, measured from its boxes: the
# layout is the PDF's, and no rasteriser is needed to find where the ink is.

HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})


@dataclass(frozen=True)
class Ink:
    """A painted band of a page, from `top` to `bottom` (CSS px), and the elements it lies in, outermost first."""

    top: float
    bottom: float
    tags: tuple[str, ...]


def _painted(box: Any) -> list[tuple[float, float]]:
    """The bands a box paints itself: its text or picture, its background, the edges of its borders."""
    if isinstance(box, (boxes.TextBox, boxes.ReplacedBox)):
        return [(box.position_y, box.position_y + box.margin_height())]
    if box.element_tag in (None, "html", "body"):
        return []
    style = box.style
    top, height = box.border_box_y(), box.border_height()
    bands = []
    if style["background_color"].alpha > 0 and style["visibility"] == "visible":
        bands.append((top, top + height))
    if box.border_left_width or box.border_right_width:
        bands.append((top, top + height))  # a frame's sides mark its whole height as used
    if box.border_top_width:
        bands.append((top, top + box.border_top_width))
    if box.border_bottom_width:
        bands.append((top + height - box.border_bottom_width, top + height))
    return bands


def ink(page: Any) -> list[Ink]:
    """Every painted band in the page area of `page`, with the elements each lies in."""
    found: list[Ink] = []
    todo: list[tuple[Any, tuple[str, ...]]] = [(_page_area(page), ())]
    while todo:
        box, tags = todo.pop()
        tags = (*tags, box.element_tag) if box.element_tag else tags
        found.extend(Ink(top, bottom, tags) for top, bottom in _painted(box) if bottom > top)
        todo.extend((child, tags) for child in getattr(box, "children", []))
    return found


def _page_area(page: Any) -> Any:
    """The page area of a laid-out page: its one child that is not a margin box (running heads, page number)."""
    return next(child for child in page._page_box.children if not isinstance(child, boxes.MarginBox))


#: The white band that counts as blank: one line of body text (10pt at a line height of 1.4, in CSS px). A narrower
#: one is the spacing between paragraphs, headings and table rows, which a full page has too.
LINE = 14 * 96 / 72


def blank_share(page: Any, gap: float = LINE) -> float:
    """The share of the page area's height in white bands at least `gap` tall, the foot of a page cut short too."""
    area = _page_area(page)
    top, bottom = area.content_box_y(), area.content_box_y() + area.height
    blank, reach = 0.0, top
    for band in sorted(ink(page), key=lambda b: b.top):
        if band.top - reach >= gap:
            blank += band.top - reach
        reach = min(max(reach, band.bottom), bottom)
    if bottom - reach >= gap:
        blank += bottom - reach
    return blank / (bottom - top)


def last_ink(page: Any) -> Ink:
    """The lowest text or picture on a page: what a reader sees at its foot."""
    return max((band for band in ink(page) if band.tags), key=lambda b: (b.bottom, len(b.tags)))


def text_lines(page: Any) -> list[str]:
    """The text of a page, a line per line box, top to bottom."""
    found: list[tuple[int, float, str]] = []
    todo = [_page_area(page)]
    while todo:
        box = todo.pop()
        if isinstance(box, boxes.TextBox):
            found.append((round(box.position_y), box.position_x, box.text))
        todo.extend(getattr(box, "children", []))
    lines: dict[int, list[tuple[float, str]]] = {}
    for top, left, text in found:
        lines.setdefault(top, []).append((left, text))
    return [" ".join(text for _, text in sorted(parts)) for _, parts in sorted(lines.items())]


def body_rows(page: Any) -> dict[int, int]:
    """For each table on a page (by its element's id), how many of its body rows the page holds."""
    counts: dict[int, int] = {}
    todo: list[tuple[Any, int | None]] = [(_page_area(page), None)]
    while todo:
        box, table = todo.pop()
        if isinstance(box, boxes.TableBox):
            table = id(box.element)
        if isinstance(box, boxes.TableRowBox) and table is not None:
            counts[table] = counts.get(table, 0) + 1
        todo.extend((child, table) for child in getattr(box, "children", []) if not _is_head(child))
    return counts


def _is_head(box: Any) -> bool:
    """A table's head row group, which WeasyPrint repeats on every page the table runs onto."""
    return isinstance(box, boxes.TableRowGroupBox) and bool(box.is_header)
