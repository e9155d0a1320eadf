"""The links of a built site's pages, read with the standard library's HTML parser."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for key, value in attrs:
            if key in ("href", "src") and value is not None:
                self.hrefs.append(value)


def links(page: Path) -> list[str]:
    """Every href and src of a page, as written."""
    return links_in(page.read_text(encoding="utf-8"))


def target(page: Path, href: str) -> Path:
    """The file a relative link of `page` points at."""
    return (page.parent / urlsplit(href).path).resolve()


def links_in(html: str) -> list[str]:
    """Every href and src of an HTML text (a page, or a server's folder listing), as written."""
    parser = _Links()
    parser.feed(html)
    return parser.hrefs
