"""Atom 1.0 feeds of a game's steps, so a group can follow a game in any feed reader without mail.

A feed's ids are stable (urn:uuid, from the game's site secret, its seed and its name: neither can be read back
from them, and a seed known would tell every hidden card); each entry links to its step's page, absolutely under
`site.url` when the moderator set one, else relative to the feed.
"""

from __future__ import annotations

import hashlib
import hmac
import uuid
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

ATOM = "http://www.w3.org/2005/Atom"
#: Entries a feed keeps: the latest steps (a reader that polls daily misses none; a long game stays small).
ENTRIES = 50


@dataclass(frozen=True)
class Entry:
    """One step in a feed: its number, its label, what happened in it (as seen by the feed's reader) and when."""

    ident: str  # its own urn:uuid
    step: int
    title: str
    lines: Sequence[str]
    updated: datetime
    href: str  # the step's page, relative to the feed


def feed_uuid(key: bytes, seed: str, name: str, *parts: str) -> str:
    """A urn:uuid no one can guess or read back: a keyed hash of the game's seed, name and `parts`."""
    digest = hmac.new(key, "\0".join(["pbem-site/atom", seed, name, *parts]).encode(), hashlib.sha256).digest()
    return uuid.UUID(bytes=digest[:16], version=4).urn


def atom(*, ident: str, title: str, subtitle: str, entries: Sequence[Entry], base: str | None, home: str,
         self_href: str) -> str:
    """The feed as Atom 1.0 XML. `base` is the feed's folder's absolute URL (None: links stay relative);
    `home` and `self_href` are the game's page and the feed itself, relative to the feed."""
    ET.register_namespace("", ATOM)
    root = ET.Element(f"{{{ATOM}}}feed")
    _text(root, "id", ident)
    _text(root, "title", title)
    _text(root, "subtitle", subtitle)
    newest = max((e.updated for e in entries), default=datetime(1970, 1, 1, tzinfo=UTC))
    _text(root, "updated", _when(newest))
    author = ET.SubElement(root, f"{{{ATOM}}}author")
    _text(author, "name", "pbem")
    generator = _text(root, "generator", "pbem")
    generator.set("uri", "https://pypi.org/project/pbem/")
    ET.SubElement(root, f"{{{ATOM}}}link", rel="alternate", type="text/html", href=_href(base, home))
    ET.SubElement(root, f"{{{ATOM}}}link", rel="self", type="application/atom+xml", href=_href(base, self_href))
    for entry in sorted(entries, key=lambda e: e.step, reverse=True)[:ENTRIES]:
        item = ET.SubElement(root, f"{{{ATOM}}}entry")
        _text(item, "id", entry.ident)
        _text(item, "title", f"Step {entry.step}: {entry.title}")
        _text(item, "updated", _when(entry.updated))
        ET.SubElement(item, f"{{{ATOM}}}link", rel="alternate", type="text/html", href=_href(base, entry.href))
        summary = "\n".join(entry.lines) if entry.lines else "Nothing happened that this feed's reader could see."
        _text(item, "summary", summary)
    ET.indent(root)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def _text(parent: ET.Element, tag: str, text: str) -> ET.Element:
    element = ET.SubElement(parent, f"{{{ATOM}}}{tag}")
    element.text = text
    return element


def _href(base: str | None, relative: str) -> str:
    return f"{base.rstrip('/')}/{relative}" if base else relative


def _when(moment: datetime) -> str:
    """An Atom date (RFC 3339, UTC, whole seconds)."""
    return moment.astimezone(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")
