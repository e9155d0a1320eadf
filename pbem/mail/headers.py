"""Safe header values: nothing a player wrote may add a header line or an encoded word to our mail.

Python 3.11.7 still folds a header containing an encoded word that decodes to a line break into a new
header line (CVE-2024-6923, fixed in 3.11.10), so every value built from outside text passes `clean`,
and `verify` re-reads each composed message to prove its header lines are exactly the ones we set.
"""

from __future__ import annotations

import email
import email.policy
import email.utils
import re
import unicodedata
from email import _header_value_parser as hvp
from email.headerregistry import HeaderRegistry
from email.message import EmailMessage

from pbem.mail.settings import ADDRESS

# RFC 5322 msg-id: dot-atom text on both sides of the @ (no quoted strings, no comments, no literals).
_MESSAGE_ID = re.compile(r"<([A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]{1,200}@[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]{1,60})>")
_TOKEN_SAFE = re.compile(r"[^A-Za-z0-9._-]+")


class HeaderInjection(ValueError):
    """A composed message's headers differ from the ones set: something tried to inject a header."""


def clean(text: str, *, limit: int = 200) -> str:
    """One line of text fit for a header: no control, format or separator characters, no encoded words."""
    out = []
    for char in str(text):
        category = unicodedata.category(char)
        out.append(" " if category[0] in "CZ" and char != " " else char)
    line = re.sub(r"\s+", " ", "".join(out)).strip()
    line = line.replace("=?", "= ?")  # never let an encoded word through to be decoded downstream
    return line[:limit]


def atom(text: str) -> str:
    """A name reduced to letters, digits, dot, dash and underscore (for Message-IDs and file names)."""
    return _TOKEN_SAFE.sub("_", str(text))[:64] or "_"


def message_id(text: str) -> str | None:
    """The first well-formed <id@host> in a header value, or None."""
    match = _MESSAGE_ID.search(text or "")
    if match is None or "=?" in match.group(1):  # never an encoded word, which 3.11.7 would decode on output
        return None
    return f"<{match.group(1)}>"


class _MessageIds:
    """In-Reply-To and References as lists of msg-ids: folded between ids, never turned into encoded words.

    As unstructured text, a msg-id longer than a line (common: Gmail's) would be encoded, and no mail
    client could match it to the mail it answers.
    """

    max_count = 1

    @classmethod
    def parse(cls, value: str, kwds: dict[str, object]) -> None:
        """Parse each msg-id as one unbreakable token."""
        tokens: list[object] = []
        for index, one in enumerate(str(value).split()):
            if index:
                tokens.append(hvp.WhiteSpaceTerminal(" ", "fws"))
            tokens.append(hvp.parse_message_id(one))
        kwds["parse_tree"] = hvp.TokenList(tokens)
        kwds["decoded"] = " ".join(str(value).split())

    def init(self, *args: object, **kw: object) -> None:
        """As every header class does."""
        super().init(*args, **kw)  # type: ignore[misc]


_REGISTRY = HeaderRegistry()
_REGISTRY.map_to_type("in-reply-to", _MessageIds)  # type: ignore[arg-type]  # a mixin, as the registry expects
_REGISTRY.map_to_type("references", _MessageIds)  # type: ignore[arg-type]
#: The policies for pbem's own mail: the standard ones, with In-Reply-To and References kept whole.
POLICY = email.policy.default.clone(header_factory=_REGISTRY)
SMTP_POLICY = email.policy.SMTP.clone(header_factory=_REGISTRY)


def plain_address(text: str) -> str | None:
    """The one plain mail address in a From-like value (`Name <a@b>` or `a@b`), or None.

    Read by hand rather than with email.utils.getaddresses, whose 3.11.7 parser can be fooled by quoted
    local parts and commas (CVE-2023-27043); anything that is not one plain address gets no answer.
    """
    line = re.sub(r"[\x00-\x1f\x7f]+", " ", str(text)).strip()
    brackets = re.findall(r"<([^<>]*)>", line)
    if len(brackets) > 1:
        return None
    candidate = brackets[0].strip() if brackets else line
    return candidate if ADDRESS.match(candidate) else None


def verify(msg: EmailMessage) -> bytes:
    """The message as bytes for SMTP, after proving that re-reading it yields exactly the headers we set."""
    data = msg.as_bytes(policy=SMTP_POLICY)
    head = data.split(b"\r\n\r\n", 1)[0]
    reread = email.message_from_bytes(head + b"\r\n\r\n", policy=email.policy.compat32)
    expected = [name.lower() for name in msg.keys()]
    found = [name.lower() for name in reread.keys()]
    if expected != found:
        raise HeaderInjection(f"header lines changed on output: set {expected}, got {found}")
    return data
