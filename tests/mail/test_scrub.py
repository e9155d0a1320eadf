"""No seat's token is stored in clear: quoted, forwarded, attached, encoded, in any game's folder or pbem's own."""

from __future__ import annotations

import base64
import email
import email.header
import email.policy
import gzip
import io
import quopri
import zipfile
from email.message import EmailMessage
from pathlib import Path

from pbem import store
from pbem.mail.handle import handle

from .conftest import SEATS, Site
from .mails import order_mail, order_text
from .test_handle import send


def _every_token(site: Site, others: dict[str, str]) -> list[str]:
    return [*site.tokens.values(), *others.values()]


def _readable(path: Path) -> list[bytes]:
    """A stored file as a person or a program could read it: its bytes and, for a mail, every part decoded."""
    raw = path.read_bytes()
    found = [raw]
    if path.suffix != ".eml":
        return found
    msg = email.message_from_bytes(raw, policy=email.policy.compat32)
    for part in msg.walk():
        for _name, value in part.items():
            found.append(str(email.header.make_header(email.header.decode_header(str(value)))).encode("utf-8"))
        if not part.is_multipart():
            data = part.get_payload(decode=True)
            if isinstance(data, bytes):
                found.append(data)
                try:
                    found.append(data.decode(part.get_content_charset() or "utf-8").encode("utf-8"))
                except (LookupError, UnicodeDecodeError):
                    pass
    return found


def _attacks(site: Site, other: str) -> list[bytes]:
    """Mails that carry a seat's token where the order header is not: every way a client or a player does it."""
    anna, ben, cleo = (site.tokens[s] for s in ("anna", "ben", "cleo"))
    mails: list[EmailMessage | bytes] = []
    # A reply quoting the player's own order mail, with a wrong token of its own.
    mails.append(order_mail(order_text("g1", "anna", 1, "W" * 22) + f"\nOn Monday anna wrote:\n> token: {anna}\n> pick: 3\n"))
    # A right order mail whose quoted part holds another seat's token, and its HTML twin.
    right = order_mail(order_text("g1", "anna", 1, anna, "pick: 2\n") + f"\n> ben's was {ben}\n")
    right.add_alternative(f"<p>game: g1<br>seat: anna<br>token: {anna}<br>pick: 2</p><blockquote>{cleo}</blockquote>",
                          subtype="html")
    mails.append(right)
    # A forwarded mail (message/rfc822) whose own body is base64.
    inner = EmailMessage()
    inner["Subject"] = "my orders"
    inner.set_content(f"game: g1\nseat: ben\nstep: 1\ntoken: {ben}\npick: 1\n", cte="base64")
    forward = order_mail("see the forwarded mail", subject="Fwd: orders [g1]", sender="ben@example.org")
    forward.add_attachment(inner)
    mails.append(forward)
    # Quoted-printable with a soft line break inside the token.
    qp = quopri.encodestring(f"game: g1\nseat: cleo\nstep: 1\ntoken: {cleo}\npick: 1\n".encode()).replace(
        cleo[:10].encode(), cleo[:10].encode() + b"=\r\n")
    mails.append(b"From: cleo@example.org\r\nTo: pbem@games.example\r\nSubject: [g1] qp\r\nMessage-ID: <qp@x.example>\r\n"
                 b"Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n" + qp)
    # Attachments: a base64 text file, a UTF-16 one, and another game's token in a .yaml attachment.
    attached = order_mail("orders attached", subject="[g1] files", sender="ben@example.org")
    attached.add_attachment(f"my token is {ben}\n".encode(), maintype="text", subtype="plain", filename="notes.txt")
    attached.add_attachment(f"token {cleo}".encode("utf-16"), maintype="application", subtype="octet-stream",
                            filename="x.bin")
    mails.append(attached)
    yaml_other = order_mail("see attachment", subject="[g1] yaml")
    yaml_other.add_attachment(order_text("g1", "anna", 1, other).encode(), maintype="text", subtype="plain",
                              filename="orders.yaml")
    mails.append(yaml_other)
    # An encoded-word subject, a mail for no known game, and an auto-reply quoting a token.
    subject = email.header.Header(f"token {anna}", "utf-8").encode()
    mails.append(order_mail(order_text("g1", "anna", 1, "X" * 22), subject=subject))
    mails.append(order_mail(order_text("nogame", "anna", 1, anna)))
    mails.append(order_mail(f"I am away. Your mail said: token: {cleo}", headers={"Auto-Submitted": "auto-replied"}))
    # An order mail in base64 whose wrong token is followed by the real one in a signature.
    b64 = EmailMessage()
    b64["From"], b64["To"], b64["Subject"], b64["Message-ID"] = "anna@example.org", "pbem@games.example", "x", "<b@x.example>"
    b64.set_content(order_text("g1", "anna", 1, "Y" * 22) + f"\n-- \n{anna}\n", cte="base64")
    mails.append(b64)
    return [m if isinstance(m, bytes) else m.as_bytes(policy=email.policy.SMTP) for m in mails]


def test_no_token_of_any_seat_is_stored_anywhere_after_the_attack_mails(offline: Site) -> None:
    _, others = store.create(offline.root / "g2", offline.gd.meta.game, "seed-2", SEATS)
    outcomes = [handle(offline.root, offline.settings, raw).status for raw in _attacks(offline, others["anna"])]
    assert "accepted" in outcomes and "rejected" in outcomes and "unroutable" in outcomes and "ignored" in outcomes
    tokens = [t.encode() for t in _every_token(offline, others)]
    stored = [p for p in offline.root.rglob("*") if p.is_file()]
    assert any(p.parent.name == "in" for p in stored) and any(p.parent.name == "unrouted" for p in stored)
    for path in stored:
        for view in _readable(path):
            for token in tokens:
                assert token not in view, f"{path.relative_to(offline.root)} keeps a token"
                assert base64.b64encode(token) not in view


def test_orders_with_the_token_in_a_quoted_part_still_count_and_keep_their_text(offline: Site) -> None:
    anna, ben = offline.tokens["anna"], offline.tokens["ben"]
    outcome = send(offline, order_mail(order_text("g1", "anna", 1, anna, "pick: 2\n") + f"\n> {ben}\n"))
    assert outcome.status == "accepted"
    [stored] = (offline.gd.mail_dir() / "in").glob("*.eml")
    text = stored.read_bytes()
    assert b"pick: 2" in text and b"removed-by-pbem" in text and anna.encode() not in text and ben.encode() not in text



def _zipped(files: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def test_a_token_inside_a_zip_or_gzip_attachment_is_not_stored(offline: Site) -> None:
    ben, cleo = offline.tokens["ben"], offline.tokens["cleo"]
    mail = order_mail("my notes are attached", subject="[g1] notes", sender="ben@example.org")
    mail.add_attachment(_zipped({"notes/orders.yaml": f"token: {ben}\n".encode(),
                                 "win.txt": f"token {cleo}".encode("utf-16")}),
                        maintype="application", subtype="zip", filename="notes.zip")
    mail.add_attachment(gzip.compress(f"token: {ben}\n".encode()), maintype="application", subtype="gzip",
                        filename="orders.yaml.gz")
    handle(offline.root, offline.settings, mail.as_bytes(policy=email.policy.SMTP))
    stored = [p for p in offline.root.rglob("*.eml")]
    assert stored
    for path in stored:
        for view in _readable(path):
            for packed in _unpacked_views(view):
                assert ben.encode() not in packed and cleo.encode() not in packed, f"{path.name} keeps a token"


def _unpacked_views(data: bytes) -> list[bytes]:
    """A stored part and, when it is an archive, every file in it (as the test reads them, independently)."""
    found = [data]
    if data[:4] == b"PK\x03\x04":
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            for name in archive.namelist():
                member = archive.read(name)
                found += [member, member.decode("utf-16", "replace").encode()]
    elif data[:2] == b"\x1f\x8b":
        found.append(gzip.decompress(data))
    return found


def test_a_zip_bomb_attachment_is_left_out_of_the_stored_copy_unread(offline: Site) -> None:
    bomb = _zipped({f"part{n}.txt": b"\0" * (3 * 1024 * 1024) for n in range(4)})  # 12 MiB unpacked, a few KiB sent
    mail = order_mail("look", subject="[g1] big", sender="ben@example.org")
    mail.add_attachment(bomb, maintype="application", subtype="zip", filename="bomb.zip")
    handle(offline.root, offline.settings, mail.as_bytes(policy=email.policy.SMTP))
    kept = [p for p in offline.root.rglob("*.eml") if b"[g1] big" in p.read_bytes() and p.parent.name == "in"]
    assert kept
    for stored in kept:
        assert b"bomb.zip" not in stored.read_bytes()  # too large to search to its end: not kept
        assert b"1 attachment left out" in stored.read_bytes()
