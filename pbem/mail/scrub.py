"""Every seat's token out of everything pbem stores: in clear, quoted, forwarded, attached or encoded.

Only the tokens' hashes are known, so a token is found as a run of token characters whose hash is a
seat's. A mail is searched in its bytes, in every header decoded and in every part decoded (base64,
quoted-printable, uuencode, any character set, forwarded mail inside it, the files of a zip or gzip
attachment). What is found is replaced in place; when a token would survive that (an encoded header, a
part in UTF-16, a compressed attachment …), the stored copy is rebuilt from the mail's headers and text
instead, without its attachments.
"""

from __future__ import annotations

import base64
import email
import email.header
import email.policy
import gzip
import hashlib
import io
import quopri
import re
import zipfile
from collections.abc import Iterable, Iterator
from email.message import Message

from engine.words import counted
from pbem.mail.headers import clean

#: What replaces a seat's token in the orders pbem keeps (the token was checked before).
REDACTED = "checked-by-pbem"
#: What replaces any token in the copy of a received mail kept in the game folder.
RAW_REDACTED = "removed-by-pbem"

#: Characters a token is made of (secrets.token_urlsafe) and its length: 16 random bytes in URL-safe base64.
_RUN = re.compile(rb"[A-Za-z0-9_-]{22,}")
TOKEN_LENGTH = 22
#: Runs longer than this are encoded data (read decoded instead), not words a person typed.
_LONGEST_RUN = 512
#: How much of a compressed attachment is read in search of tokens: a mail is capped in size, its
#: decompressed contents are not (a zip bomb), so reading stops here; what lies beyond is dropped unread.
_UNPACKED_LIMIT = 8 * 1024 * 1024
_MEMBERS_LIMIT = 200


def _hash(candidate: bytes) -> str:
    return "sha256:" + hashlib.sha256(candidate).hexdigest()


def tokens_in(data: bytes, hashes: frozenset[str] | set[str]) -> set[bytes]:
    """The seats' tokens that occur in `data` (found by hash)."""
    found: set[bytes] = set()
    if not hashes:
        return found
    for match in _RUN.finditer(data):
        run = match.group()
        if len(run) > _LONGEST_RUN:
            continue
        for start in range(len(run) - TOKEN_LENGTH + 1):
            window = run[start : start + TOKEN_LENGTH]
            if _hash(window) in hashes:
                found.add(window)
    return found


def _decoded_header(value: object) -> str:
    try:
        return str(email.header.make_header(email.header.decode_header(str(value))))
    except Exception:  # an undecodable header is searched as it is
        return str(value)


def _text_of(part: Message, data: bytes) -> str | None:
    charset = part.get_content_charset()
    if not charset:
        return None
    try:
        return data.decode(charset, "replace")
    except (LookupError, ValueError):
        return None


def views(raw: bytes) -> Iterator[bytes]:
    """Every form in which a reader of the stored mail could find a token: bytes, headers and parts decoded."""
    yield raw
    try:
        msg = email.message_from_bytes(raw, policy=email.policy.compat32)
        parts = list(msg.walk())
    except Exception:  # unreadable MIME: its bytes were searched above
        return
    for part in parts:
        for _name, value in part.items():
            yield _decoded_header(value).encode("utf-8", "replace")
        if part.is_multipart():
            continue
        try:
            data = part.get_payload(decode=True)
        except Exception:
            continue
        if isinstance(data, bytes):
            yield data
            text = _text_of(part, data)
            if text is not None:
                yield text.encode("utf-8", "replace")
            yield from _unpacked(data)


def _unpacked(data: bytes) -> Iterator[bytes]:
    """The files inside a zip or gzip attachment, read up to a limit; a file cut short counts as a token found.

    Compressed bytes cannot be scrubbed in place, so anything found here makes the stored copy a rebuilt one,
    which leaves attachments out. An archive too large to read to its end is treated the same way.
    """
    budget = _UNPACKED_LIMIT
    try:
        if data[:4] == b"PK\x03\x04":
            with zipfile.ZipFile(io.BytesIO(data)) as archive:
                for number, info in enumerate(archive.infolist()):
                    if number >= _MEMBERS_LIMIT or budget <= 0:
                        yield _UNREAD
                        return
                    with archive.open(info) as member:
                        chunk = member.read(budget + 1)
                    budget -= len(chunk)
                    yield chunk
                    if chunk[:2] in (b"\xff\xfe", b"\xfe\xff"):  # a text file saved by Windows Notepad
                        yield chunk.decode("utf-16", "replace").encode("utf-8", "replace")
                if budget < 0:
                    yield _UNREAD
        elif data[:2] == b"\x1f\x8b":
            with gzip.GzipFile(fileobj=io.BytesIO(data)) as packed:
                chunk = packed.read(budget + 1)
            yield chunk
            if len(chunk) > budget:
                yield _UNREAD
    except (zipfile.BadZipFile, OSError, EOFError, RuntimeError, ValueError, NotImplementedError):
        return  # not a readable archive (or encrypted): its bytes were searched as they are


#: Stands for the unread rest of an archive: its presence makes a mail with attachments be rebuilt.
_UNREAD = b"\x00pbem-unread-archive\x00"


def secrets_in(raw: bytes, hashes: frozenset[str] | set[str]) -> set[bytes]:
    """Every token in any view of a mail."""
    found: set[bytes] = set()
    for view in views(raw):
        found |= {_UNREAD} if view == _UNREAD else tokens_in(view, hashes)
    return found


def scrub_mail(raw: bytes, hashes: frozenset[str] | set[str], replacement: str, *, also: Iterable[str] = ()) -> bytes:
    """The mail without any seat's token (nor the strings in `also`), ready to be stored."""
    needles = secrets_in(raw, hashes) | {s.encode("utf-8") for s in also if s and len(s) >= 8}
    if not needles:
        return raw
    instead = replacement.encode("utf-8")
    cleaned = _in_place(raw, needles, instead)
    if not any(needle in view for view in views(cleaned) for needle in needles) and not secrets_in(cleaned, hashes):
        return cleaned
    return _rebuilt(raw, needles, instead)


def _replace_all(data: bytes, needles: set[bytes], instead: bytes) -> bytes:
    for needle in needles:
        data = data.replace(needle, instead)
    return data


def _in_place(raw: bytes, needles: set[bytes], instead: bytes) -> bytes:
    """Replace the tokens in the mail's bytes and inside its base64 and quoted-printable parts, re-encoded."""
    try:
        msg = email.message_from_bytes(raw, policy=email.policy.compat32)
        changed = False
        for part in msg.walk():
            for name in {n.lower() for n in part.keys()}:
                values = [str(v) for v in part.get_all(name, [])]
                decoded = [_decoded_header(v) for v in values]
                if any(needle in d.encode("utf-8", "replace") for d in decoded for needle in needles):
                    del part[name]
                    for text in decoded:
                        part[name] = clean(_replace_all(text.encode("utf-8", "replace"), needles, instead).decode(
                            "utf-8", "replace"), limit=998)
                    changed = True
            encoding = str(part.get("Content-Transfer-Encoding", "")).strip().lower()
            if part.is_multipart() or encoding not in ("base64", "quoted-printable"):
                continue
            data = part.get_payload(decode=True)
            if not isinstance(data, bytes) or not any(needle in data for needle in needles):
                continue
            data = _replace_all(data, needles, instead)
            part.set_payload(base64.encodebytes(data).decode("ascii") if encoding == "base64"
                             else quopri.encodestring(data).decode("ascii"))
            changed = True
        if changed:
            raw = msg.as_bytes(policy=email.policy.compat32)
    except Exception:  # a mail too broken to re-encode is checked below and rebuilt if need be
        pass
    return _replace_all(raw, needles, instead)


def _rebuilt(raw: bytes, needles: set[bytes], instead: bytes) -> bytes:
    """A plain-text copy: the headers and the text parts decoded, tokens replaced, attachments left out."""
    lines: list[str] = []
    texts: list[str] = []
    dropped = 0
    try:
        msg = email.message_from_bytes(raw, policy=email.policy.compat32)
        for name, value in msg.items():
            if not name.lower().startswith(("content-", "mime-version")):
                lines.append(f"{clean(name, limit=80)}: {clean(_decoded_header(value), limit=998)}")
        for part in msg.walk():
            if part.is_multipart():
                continue
            data = part.get_payload(decode=True)
            text = _text_of(part, data) if isinstance(data, bytes) else None
            if part.get_content_maintype() == "text" and not part.get_filename():
                texts.append(text if text is not None else (data or b"").decode("utf-8", "replace")
                             if isinstance(data, bytes) else "")
            else:
                dropped += 1
    except Exception:  # nothing readable: only the note is kept
        lines, texts = [], []
    note = (f"[pbem: this copy was rebuilt without a seat's secret token; {counted(dropped, 'attachment')} left out; "
            "the mail as it arrived is in the mailbox]")
    body = "\n\n".join([*texts, note])
    head = [line for line in lines if line.strip()]
    out = ("\r\n".join([*head, "MIME-Version: 1.0", 'Content-Type: text/plain; charset="utf-8"',
                        "Content-Transfer-Encoding: 8bit"]) + "\r\n\r\n" + body.replace("\n", "\r\n") + "\r\n")
    data = _replace_all(out.encode("utf-8", "replace"), needles, instead)
    return data


def scrub_text(text: str, hashes: frozenset[str] | set[str], replacement: str) -> str:
    """A text without any seat's token."""
    found = tokens_in(text.encode("utf-8", "replace"), hashes)
    for token in found:
        text = text.replace(token.decode("ascii"), replacement)
    return text
