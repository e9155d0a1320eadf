"""Inbound mail: from raw bytes (however broken) to the order text, who sent it, and whether to answer at all."""

from __future__ import annotations

import email
import email.header
import email.policy
import email.utils
import hashlib
import re
from dataclasses import dataclass, field
from datetime import UTC
from email.message import Message

from pbem.mail.headers import clean, message_id, plain_address
from pbem.mail.text import FORWARD_SUBJECT, clean_order_text, holds_orders, html_to_text

ORDER_SUFFIXES = (".yaml", ".yml")
#: Where orders read from the text of an attached mail come from (problems are at its own lines).
ATTACHED_MAIL = "attached-mail"
_BOUNCE_SENDERS = ("mailer-daemon", "postmaster", "mail-daemon", "noreply-dmarc-support")
_PRECEDENCE = ("bulk", "junk", "list", "auto_reply", "auto-reply")


@dataclass
class Inbound:
    """One received mail, read: the order text in it and what pbem needs to answer it (or not)."""

    key: str
    message_id: str | None
    sender: str | None
    subject: str
    date: float | None
    automatic: str | None
    text: str | None
    source: str
    references: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    digest: str = ""
    content: str = ""  # what the mail says and when it says it was written: the same under any Message-ID


def body_digest(raw: bytes) -> str:
    """A hash of a mail's body: the same mail delivered twice has the same, whatever Received lines it gathered."""
    data = raw.replace(b"\r\n", b"\n")
    _head, found, rest = data.partition(b"\n\n")
    return hashlib.sha256(rest if found else data).hexdigest()[:32]


def content_key(date: float | None, date_header: str, text: str | None, subject: str, references: list[str],
                sender: str | None = None) -> str:
    """The same orders sent again under another Message-ID (a resent or replayed mail) have the same key.

    The Date is part of it: a player who goes back to orders sent before writes a new mail, with a new Date.
    So are the subject and the thread, which can decide the game, and the sender: a mail from another
    address is not the same mail (a copy under a forged sender is judged on its own, stale date and all).
    A mail without order text has no key ('').
    """
    if text is None:
        return ""
    when = repr(date) if date is not None else "raw:" + date_header.strip()
    basis = "\0".join([when, subject, " ".join(references), (sender or "").lower(), text])
    return hashlib.sha256(basis.encode("utf-8", "replace")).hexdigest()[:32]


def mail_date(value: str) -> float | None:
    """A Date header as epoch seconds; None when it is missing or unreadable.

    RFC 5322's '-0000' (what Python's own formatdate writes) means UTC of unknown local time: it is UTC.
    """
    try:
        parsed = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError, OverflowError):
        return None
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=UTC)
    try:
        return parsed.timestamp()
    except (OverflowError, OSError, ValueError):
        return None


def mail_key(message_id: str | None, raw: bytes) -> str:
    """The name under which a mail is remembered: its Message-ID if it has one, else its content."""
    basis = ("mid:" + message_id).encode("utf-8") if message_id else b"raw:" + raw
    return hashlib.sha256(basis).hexdigest()[:32]


def header(msg: Message, name: str) -> str:
    """A header's decoded text ('' when absent or unreadable), with control characters removed."""
    try:
        value = msg.get(name)
        if value is None:
            return ""
        try:
            text = str(email.header.make_header(email.header.decode_header(str(value))))
        except (LookupError, UnicodeError, ValueError, email.errors.HeaderParseError):
            text = str(value)  # undecodable encoded words: the raw form still helps a moderator
        return clean(text, limit=998)
    except Exception:  # a header this broken is treated as missing
        return ""


def raw_header(msg: Message, name: str) -> str:
    """A header's undecoded value on one line ('' when absent): addresses are read from this form."""
    try:
        value = msg.get(name)
    except Exception:
        return ""
    return clean(str(value), limit=998) if value is not None else ""


def automatic_reason(msg: Message, own: tuple[str, ...]) -> str | None:
    """Why this mail was sent by a machine (bounce, auto-reply, loop, list), or None when a person wrote it."""
    auto = header(msg, "Auto-Submitted").lower()
    if auto and not auto.startswith("no"):
        return f"Auto-Submitted: {auto}"
    if header(msg, "X-Loop"):
        return "X-Loop header (a mail loop)"
    precedence = header(msg, "Precedence").lower()
    if precedence in _PRECEDENCE:
        return f"Precedence: {precedence}"
    for name in ("X-Autoreply", "X-Autorespond", "X-Auto-Reply"):
        if header(msg, name):
            return f"{name} header (an auto-reply)"
    if header(msg, "List-Id") or header(msg, "List-Unsubscribe"):
        return "sent by a mailing list"
    if msg.get_content_type() == "multipart/report" or _has_part(msg, "message/delivery-status"):
        return "a delivery status report (bounce)"
    sender = plain_address(raw_header(msg, "From")) or ""
    local = sender.partition("@")[0].lower()
    if local in _BOUNCE_SENDERS:
        return f"sent by {local} (a bounce)"
    return_path = header(msg, "Return-Path").strip()
    if return_path == "<>":
        return "empty Return-Path (a bounce)"
    if sender and sender.lower() in own:
        return "sent from pbem's own address (a mail loop)"
    return None


def _has_part(msg: Message, content_type: str) -> bool:
    try:
        return any(part.get_content_type() == content_type for part in msg.walk())
    except Exception:
        return False


def _parts(msg: Message) -> list[Message]:
    """Leaf parts in order, not descending into attached messages (forwards carry other people's text)."""
    if msg.get_content_maintype() == "message":
        return []  # read only when the mail itself holds no orders (see _attached_mails)
    if msg.is_multipart():
        found: list[Message] = []
        payload = msg.get_payload()
        for part in payload if isinstance(payload, list) else []:
            if isinstance(part, Message):
                found.extend(_parts(part))
        return found
    return [msg]


def _attached_mails(msg: Message) -> list[Message]:
    """The mails attached whole (message/rfc822: what "forward as attachment" makes), in order."""
    found: list[Message] = []
    payload = msg.get_payload()
    for part in payload if msg.is_multipart() and isinstance(payload, list) else []:
        if not isinstance(part, Message):
            continue
        if part.get_content_type() == "message/rfc822":
            inner = part.get_payload()
            found.extend(m for m in (inner if isinstance(inner, list) else []) if isinstance(m, Message))
        elif part.get_content_maintype() == "multipart":
            found.extend(_attached_mails(part))
    return found


#: Windows-1252's letters for the bytes 0x80-0x9f that ISO 8859-1 leaves to control characters (the five it
#: leaves undefined stay as they are), as mail readers and browsers read both labels.
_C1_TO_1252 = {b: bytes([b]).decode("cp1252", "ignore") or chr(b) for b in range(0x80, 0xA0)}
#: Labels that in practice mean Windows-1252 (WHATWG Encoding): clients put them on text typed in it.
_MEANS_1252 = frozenset({"us-ascii", "ascii", "iso-8859-1", "iso8859-1", "latin-1", "latin1", "l1", "cp819",
                         "windows-1252", "cp1252"})


def windows_1252(data: bytes) -> str:
    """Bytes as Windows-1252, every byte read (0x80-0x9f as its letters where it has one)."""
    return data.decode("latin-1").translate(_C1_TO_1252)


def _guess(data: bytes) -> tuple[str, str]:
    """Text whose character set is not known: UTF-8 when it is valid UTF-8, else Windows-1252 (which reads any
    byte); the text, and the name of what it was read as."""
    try:
        return data.decode("utf-8"), "UTF-8"
    except UnicodeDecodeError:
        return windows_1252(data), "Windows-1252"


def _decode(part: Message, notes: list[str]) -> str:
    """A text part as str, whatever charset it claims; a note only when the claim was wrong or unknown."""
    try:
        data = part.get_payload(decode=True) or b""
    except Exception:  # broken transfer encoding: take the payload as it is
        data = str(part.get_payload()).encode("utf-8", "replace")
    if not isinstance(data, bytes):
        data = str(data).encode("utf-8", "replace")
    declared = (part.get_content_charset() or "").strip().lower()
    if not declared:
        # No charset named (RFC 2045 says US-ASCII, but people type accents): UTF-8, else Windows-1252; nothing
        # to tell, since either reads the ASCII that orders are written in the same way.
        return _guess(data)[0]
    if declared in _MEANS_1252:
        if declared in ("us-ascii", "ascii") and data.isascii():
            return data.decode("ascii")
        text, used = _guess(data) if declared in ("us-ascii", "ascii") else (windows_1252(data), "Windows-1252")
        if declared in ("us-ascii", "ascii"):
            notes.append(f"your mail said its text was {declared} but it was not; it was read as {used}")
        return text
    try:
        return data.decode(declared)
    except LookupError:
        text, used = _guess(data)
        notes.append(f"unknown character set {clean(declared, limit=40)!r}; the text was read as {used}")
    except UnicodeDecodeError:
        text, used = _guess(data)
        notes.append(f"the text was not valid {clean(declared, limit=40)}; it was read as {used}")
    return text


def _filename(part: Message) -> str | None:
    try:
        name = part.get_filename()
    except Exception:
        return None
    if not name:
        return None
    try:
        name = str(email.header.make_header(email.header.decode_header(name)))
    except Exception:
        pass
    name = re.sub(r"[^A-Za-z0-9._-]", "_", name.replace("\\", "/").rpartition("/")[2])[:80]
    return name or None


def _param(part: Message, name: str) -> str:
    """A Content-Type parameter in lower case ('' when absent); RFC 2231 forms (format*=…) are collapsed."""
    value = part.get_param(name)
    if value is None:
        return ""
    return str(email.utils.collapse_rfc2231_value(value)).strip().lower()


def attachment_text(data: bytes, part: Message, notes: list[str]) -> str:
    """An attached order file as text: UTF-8 (with or without a byte order mark), UTF-16 as Windows Notepad
    saves it, else the charset the part declares."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        notes.append("your attachment was saved as UTF-16; it was read as such (UTF-8 is the usual choice)")
        return data.decode("utf-16", "replace")
    if len(data) >= 2 and len(data) % 2 == 0 and data.count(0) * 2 >= len(data) - 2:
        # Every other byte zero: UTF-16 without a byte order mark; the zeros' side tells the byte order.
        order = "utf-16-le" if data[1::2].count(0) > data[0::2].count(0) else "utf-16-be"
        notes.append("your attachment was saved as UTF-16; it was read as such (UTF-8 is the usual choice)")
        return data.decode(order, "replace")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return _decode(part, notes)


def _attachment(parts: list[Message], notes: list[str]) -> tuple[str, str] | None:
    """The first .yaml attachment's text and file name, or None."""
    for part in parts:
        name = _filename(part)
        if name and name.lower().endswith(ORDER_SUFFIXES):
            try:
                data = part.get_payload(decode=True) or b""
            except Exception:
                data = b""
            text = attachment_text(data, part, notes) if isinstance(data, bytes) else str(data)
            others = [n for p in parts if (n := _filename(p)) and n.lower().endswith(ORDER_SUFFIXES) and p is not part]
            if others:
                notes.append(f"only the first order attachment ({name}) was read; ignored: {', '.join(others)}")
            return clean_order_text(text, notes=notes), name
    return None


def _body(msg: Message, parts: list[Message], notes: list[str], forward: bool) -> str | None:
    """The order text of the mail's own text: the plain part, else the HTML part, else a broken body."""
    inline = [p for p in parts if not _filename(p) and p.get_content_maintype() == "text"]
    has_html = any(p.get_content_subtype() == "html" for p in inline)
    for part in inline:
        if part.get_content_subtype() == "plain":
            flowed = _param(part, "format") == "flowed"
            delsp = _param(part, "delsp") == "yes"
            text = _decode(part, notes)
            if has_html and not text.strip():
                continue  # some clients send an empty plain part beside the HTML that holds everything
            return clean_order_text(text, flowed=flowed, delsp=delsp, forward=forward, notes=notes)
    for part in inline:
        if part.get_content_subtype() == "html":
            notes.append("your mail had no plain text; its HTML was converted to text")
            return clean_order_text(html_to_text(_decode(part, notes)), forward=forward, notes=notes)
    payload = msg.get_payload()
    if msg.get_content_maintype() == "multipart" and isinstance(payload, str) and payload.strip():
        # The MIME boundary is missing or wrong: the whole body is the best guess at what the player wrote.
        notes.append("your mail's MIME structure was broken; its body was read as plain text")
        return clean_order_text(payload, forward=forward)
    return None


def order_text(msg: Message, notes: list[str], subject: str = "", *, depth: int = 0) -> tuple[str | None, str]:
    """The order document in a mail and where it came from: a .yaml attachment or the mail's own text.

    Orders typed in the mail's own text win over an attachment: a reply often carries the old order
    file along (the template pbem sent), while what the player wrote now is in the text.
    """
    parts = _parts(msg)
    attached = _attachment(parts, notes)
    body = _body(msg, parts, notes, forward=bool(FORWARD_SUBJECT.match(subject)))
    if attached is not None and body is not None and holds_orders(body):
        notes.append(f"the orders in your mail's text were read; the attachment {attached[1]} was not")
        return body, "mail"
    if attached is not None:
        return attached
    if body is None or not holds_orders(body):
        # Like an inline forward: the attached mail is read when the player wrote no orders of their own.
        forwarded = _forwarded_orders(msg, depth)
        if forwarded is not None:
            notes.append("your mail's own text held no orders; those of the attached mail were read")
            notes.extend(forwarded[2])
            return forwarded[0], forwarded[1]
    return body, "mail"


#: How deep attached mails inside attached mails are read.
_FORWARD_DEPTH = 3


def _forwarded_orders(msg: Message, depth: int) -> tuple[str, str, list[str]] | None:
    """The orders of the first attached mail that holds any, their source and the notes on reading them."""
    if depth >= _FORWARD_DEPTH:
        return None
    for inner in _attached_mails(msg):
        notes: list[str] = []
        text, source = order_text(inner, notes, header(inner, "Subject"), depth=depth + 1)
        if text is not None and holds_orders(text):
            return text, ATTACHED_MAIL if source == "mail" else source, notes
    return None


def parse_mail(raw: bytes, own: tuple[str, ...] = ()) -> Inbound:
    """Read a raw mail; never raises, however malformed the MIME (what cannot be read is noted)."""
    notes: list[str] = []
    try:
        msg = email.message_from_bytes(raw, policy=email.policy.compat32)
    except Exception:  # the parser is lenient; this is for the truly unreadable
        return Inbound(mail_key(None, raw), None, None, "", None, "unreadable message", None, "mail")
    mid = message_id(header(msg, "Message-ID"))
    refs = [r for r in (message_id(x) for x in re.findall(r"<[^<>]*>", header(msg, "References") + " " + header(msg, "In-Reply-To"))) if r]
    date = mail_date(header(msg, "Date"))
    reason = automatic_reason(msg, tuple(a.lower() for a in own))
    if getattr(msg, "defects", None):
        notes.extend(f"malformed mail: {type(d).__name__}" for d in msg.defects[:3])
    try:
        text, source = order_text(msg, notes, header(msg, "Subject")) if reason is None else (None, "mail")
    except Exception as exc:  # a part we cannot read is reported, not fatal
        text, source = None, "mail"
        notes.append(f"could not read the mail's parts ({type(exc).__name__})")
    return Inbound(
        key=mail_key(mid, raw),
        message_id=mid,
        sender=plain_address(raw_header(msg, "From")),
        subject=header(msg, "Subject")[:200],
        date=date,
        automatic=reason,
        text=text,
        source=source,
        references=refs,
        notes=notes,
        digest=body_digest(raw),
        content=content_key(date, header(msg, "Date"), text, header(msg, "Subject"), refs,
                            plain_address(raw_header(msg, "From"))),
    )

