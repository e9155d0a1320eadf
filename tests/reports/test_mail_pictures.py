"""Pictures in report mail survive Gmail and Outlook, which drop inline SVG (and Gmail <style> in the body).

Each test takes a real report mail, removes what those clients remove, and checks the pictures are still
there: an <img> whose cid: names a PNG sent in the same multipart/related as the HTML.
"""

from __future__ import annotations

import io
import re
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path

import pytest
from PIL import Image

from pbem import game_yaml, store
from pbem.mail.report import render_and_queue
from pbem.reports import ReportConfig
from pbem.reports.pictures import mail_safe

SEATS = [game_yaml.Seat("anna", "anna@example.org"), game_yaml.Seat("ben", "ben@example.org"),
         game_yaml.Seat("cleo", "cleo@example.org")]


def as_gmail_and_outlook_show(html: str) -> str:
    """What is left of a mail's HTML in Gmail and Outlook: no <svg> anywhere, no <style> or <script> in the body."""
    html = re.sub(r"<svg\b.*?</svg>", "", html, flags=re.S | re.I)
    start = html.lower().index("<body")
    body = re.sub(r"<(style|script)\b.*?</\1>", "", html[start:], flags=re.S | re.I)
    return html[:start] + body


def _report_mail(tmp_path: Path, game: str, seats: list[game_yaml.Seat]) -> EmailMessage:
    gd, _ = store.create(tmp_path / "g", game, "pictures", seats, {})
    render_and_queue(gd, 0, ReportConfig(sender="turns@pbem.example"))
    # The mail of a seat asked for orders: mail that asks nothing carries no picture (pbem.mail.policy).
    due = gd.game.prompts(gd.state())[0].seat
    raw = (gd.outbox_dir() / f"0000-{due}.eml").read_bytes()
    msg = message_from_bytes(raw, policy=policy.default)
    assert isinstance(msg, EmailMessage)
    return msg


def _pictures_left(msg: EmailMessage) -> list[tuple[str, Image.Image]]:
    """Each <img> the stripped HTML still shows, with the PNG its cid: finds beside the HTML."""
    related = next(p for p in msg.walk() if p.get_content_type() == "multipart/related")
    parts = list(related.iter_parts())
    assert parts[0].get_content_type() == "text/html"  # the root of the related parts is the body
    html = as_gmail_and_outlook_show(parts[0].get_content())
    by_cid = {str(p["Content-ID"]).strip("<>"): p for p in parts[1:]}
    found = []
    for cid, alt in re.findall(r'<img src="cid:([^"]+)"[^>]*alt="([^"]*)"', html):
        part = by_cid[cid]
        assert part.get_content_type() == "image/png"
        found.append((alt, Image.open(io.BytesIO(part.get_payload(decode=True)))))
    return found


def test_pax_pamir_map_shows_without_inline_svg(tmp_path: Path) -> None:
    msg = _report_mail(tmp_path, "pax-pamir", SEATS)
    html = next(p for p in msg.walk() if p.get_content_type() == "text/html").get_content()
    assert "<svg" not in html  # nothing in the mail relies on inline SVG
    pictures = _pictures_left(msg)
    assert [alt for alt, _ in pictures] == ["Map of the six regions, with the favored suit and the Dominance Check"]
    image = pictures[0][1]
    assert image.width == 1200  # drawn at 1.5 times the report's size, sharp on most screens
    colours = {c for _, c in image.convert("RGB").getcolors(maxcolors=1 << 20) or []}
    assert (0xF1, 0xEC, 0xD4) in colours  # Herat's land: the board itself, not a blank picture
    assert len(colours) > 50


def test_expedition_cards_show_without_inline_svg(tmp_path: Path) -> None:
    seats = [*SEATS, game_yaml.Seat("dara", "dara@example.org")]
    msg = _report_mail(tmp_path, "expedition-5x", seats)
    pictures = _pictures_left(msg)
    assert len(pictures) >= 5  # the market's cards, the deck's top, the settlements
    assert all(image.width > 100 and image.height > 100 for _, image in pictures)


def test_the_same_picture_is_sent_once() -> None:
    svg = '<svg viewBox="0 0 10 10" width="10" height="10" aria-label="dot"><circle cx="5" cy="5" r="4"/></svg>'
    html, pictures = mail_safe(f"<body>{svg}<p>and again</p>{svg}</body>", "pbem.example")
    assert len(pictures) == 1
    assert html.count(f'src="cid:{pictures[0].cid}"') == 2
    assert 'width="10" height="10" alt="dot"' in html


@pytest.mark.parametrize("client_strips", ["<svg", "<style"])
def test_stripping_really_removes_what_clients_drop(client_strips: str) -> None:
    html = "<html><head></head><body><style>p{}</style><svg><g/></svg><p>x</p></body></html>"
    assert client_strips not in as_gmail_and_outlook_show(html)
