"""A built site served over HTTP on loopback, and a crawler that reads it as a stranger would."""

from __future__ import annotations

import functools
import http.server
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote, urldefrag, urljoin, urlsplit

from .links import links_in


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    """The standard library's server: it serves dotfiles and lists any folder without an index, as a careless
    nginx or Apache would."""

    def log_message(self, format: str, *args: object) -> None:  # the standard library's signature
        pass


@contextmanager
def serving(folder: Path) -> Iterator[str]:
    """`folder` served on 127.0.0.1 at a free port; yields its base URL."""
    handler = functools.partial(_QuietHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def fetch(url: str) -> tuple[int, bytes]:
    """The status and body of one GET."""
    try:
        with urllib.request.urlopen(url, timeout=10) as answer:  # a loopback URL the test made
            return answer.status, answer.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read()


def url_of(base: str, relative: Path) -> str:
    """The URL of a file of the served folder."""
    return base + quote(relative.as_posix())


def crawl(base: str, guesses: list[str]) -> dict[str, bytes]:
    """Every URL a stranger reaches from the index: links, the listing of every folder above a page reached,
    and the `guesses` (dotfiles a curious reader tries); the body of each that answers 200."""
    found: dict[str, bytes] = {}
    queue = [base, *(urljoin(base, guess) for guess in guesses)]
    seen: set[str] = set()
    while queue:
        url = urldefrag(queue.pop()).url.split("?", 1)[0]
        if url in seen or not url.startswith(base):
            continue
        seen.add(url)
        path = urlsplit(url).path
        parts = path.strip("/").split("/")
        queue += [urljoin(base, "/".join(parts[:n]) + "/") for n in range(1, len(parts))]
        status, body = fetch(url)
        if status != 200:
            continue
        found[url] = body
        if path.endswith("/") or path.endswith(".html"):
            queue += [urljoin(url, href) for href in links_in(body.decode("utf-8", "replace"))]
    return found
