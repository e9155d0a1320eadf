"""Order text out of what mail clients make of it: HTML, format=flowed, typographic traps, quoted replies,
forwards, sign-offs and the report's cut lines.

Every cleaning step keeps line numbers: dropped lines become empty lines, so a problem reported at
"line 7" is on line 7 of the mail the player wrote. That is why this is written here rather than taken from
a reply-parsing library (mail-parser-reply, email-reply-parser, talon): those return the latest reply as new
text, losing the line numbers, and none of them drops a sign-off without a '-- ' line or the cut lines
around a pasted order template. HTML converters (inscriptis, html2text) indent every line or escape
Markdown, which changes what YAML reads; html_to_text below keeps &nbsp; indentation exactly.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

#: Characters that look like a space but are not one to YAML.
_SPACES = dict.fromkeys(map(ord, "\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f\u3000"), " ")
#: Invisible characters that editors and clients slip in.
_INVISIBLE = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff\u00ad"), None)
#: "Smart" quotes typed by autocorrect.
_QUOTES = {ord(c): "'" for c in "\u2018\u2019\u201a\u201b\u2032"} | {ord(c): '"' for c in "\u201c\u201d\u201e\u201f\u2033"}
_TRAPS = {**_SPACES, **_INVISIBLE, **_QUOTES}

_LIST_DASH = re.compile(r"^(\s*)[\u2013\u2014\u2212\u2022](?=\s)")
_ATTRIBUTION = re.compile(
    r"^\s*(On\b.*\bwrote:|Am\b.*\bschrieb\b.*:|Le\b.*\ba écrit\s*:|El\b.*\bescribió:|Il\b.*\bha scritto:|.*\bwrote:)\s*$"
)
#: Attribution lines are short; longer lines are never tried (the pattern would take quadratic time on them).
_ATTRIBUTION_MAX = 300
_ATTRIBUTION_START = re.compile(r"^\s*(On|Am|Le|El|Il)\s.+")
_CUT = re.compile(r"^\s*(-{2,}\s*(Original Message|Ursprüngliche Nachricht|Message d'origine)\s*-{2,}|_{20,})\s*$", re.I)
_OUTLOOK_FROM = re.compile(r"^\s*(From|Von|De):\s.+$")
_OUTLOOK_SENT = re.compile(r"^\s*(Sent|Gesendet|Envoyé|Date):\s.+$")
_SIGNATURE = re.compile(r"^-- ?$")
_MOBILE = re.compile(r"^\s*(Sent from my |Get Outlook for |Von meinem .* gesendet)", re.I)
_DOC_START = re.compile(r"^\s*(game\s*:|---\s*$)")
#: The first line of an inline forward, as Thunderbird, Gmail, Apple Mail and their translations write it.
_FORWARD = re.compile(
    r"^\s*(-{2,}\s*(Forwarded Message|Forwarded message|Weitergeleitete Nachricht|Message transféré|"
    r"Mensaje reenviado|Messaggio inoltrato)\s*-{2,}|Begin forwarded message:|Anfang der weitergeleiteten Nachricht:|"
    r"Début du message réexpédié\s*:)\s*$", re.I)
#: The header lines a forward repeats before the forwarded text (Thunderbird separates them with a tab).
_FORWARD_HEADER = re.compile(
    r"^\s*(From|Date|Sent|Subject|To|Cc|Reply-To|Von|Datum|Gesendet|Betreff|An|De|Envoyé|Objet|À|Para|Asunto|"
    r"Fecha|Da|Oggetto|Inviato|A)\s*:", re.I)
#: A subject that says the mail is a forward (Outlook's forward looks like its reply otherwise).
FORWARD_SUBJECT = re.compile(r"^\s*(fwd?|fw|wg|tr|rv|i)\s*:", re.I)
#: The report's cut lines around the order template ("-------- 8< --------"), and hand-made ones.
_CUT_LINE = re.compile(r"^\s*[-=_.\s]*(8<|>8|✂|✁|✄|cut here)[-=_.\s]*(8<|>8)?[-=_.\s]*$", re.I)
#: A sign-off is a few short unindented lines of words: no colon, bracket, list dash or comment.
_SIGNOFF_LINE = re.compile(r"^[^\s#\-:\[\]{}|>][^:\[\]{}#]{0,59}$")
_SIGNOFF_MAX_LINES = 3


def untrap(text: str) -> str:
    """Line ends to LF, and look-alike spaces, invisible characters, smart quotes and dashes to plain ones."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\u2028", "\n").replace("\u2029", "\n").replace("\x85", "\n")
    text = text.translate(_TRAPS)
    return "\n".join(_LIST_DASH.sub(r"\1-", line) for line in text.split("\n"))


def unflow(text: str, *, delsp: bool) -> str:
    """Undo RFC 3676 format=flowed: join soft-broken lines, remove space-stuffing; quoted lines stay quoted."""
    out: list[str] = []
    carry = ""
    for line in text.split("\n"):
        quoted = line.startswith(">")  # before unstuffing: a stuffed " >" is text that starts with '>', no quote
        if line.startswith(" "):
            line = line[1:]  # space-stuffing
        soft = line.endswith(" ") and not _SIGNATURE.match(line) and not quoted
        if soft:
            carry += line[:-1] if delsp else line
            continue
        out.append(carry + line)
        carry = ""
    if carry:
        out.append(carry)
    return "\n".join(out)


def strip_quotes(text: str, *, forward: bool = False) -> str:
    """Blank out quoted replies, attribution lines, signatures and mobile footers; read inline forwards.

    A forward's own text wins when it holds orders; otherwise the forwarded text is read (a player who
    sent orders to the wrong address forwards them). `forward` says the subject marks the mail as a
    forward, so an Outlook-style header block is a forward rather than the quoted original of a reply.
    """
    lines = text.split("\n")
    keep = [True] * len(lines)
    cut_from = len(lines)
    for i, line in enumerate(lines):
        forwarded = _FORWARD.match(line) or (forward and _forward_block(lines, i))
        if forwarded and not _has_orders(lines[:i]):
            body = _forward_body(lines, i + (1 if _FORWARD.match(line) else 0))
            for j in range(body):
                keep[j] = False
            return _strip_reply("\n".join(line if k else "" for line, k in zip(lines, keep, strict=True)))
        if forwarded:
            cut_from = i
            break
    if cut_from < len(lines):
        for i in range(cut_from, len(lines)):
            keep[i] = False
        text = "\n".join(line if k else "" for line, k in zip(lines, keep, strict=True))
    return _strip_reply(text)


def _forward_block(lines: list[str], i: int) -> bool:
    """An Outlook-style header block starts at line i (a separator line, or From: followed by Sent:/Date:)."""
    if _CUT.match(lines[i]):
        return True
    return bool(_OUTLOOK_FROM.match(lines[i]) and i + 1 < len(lines) and _OUTLOOK_SENT.match(lines[i + 1]))


def _forward_body(lines: list[str], start: int) -> int:
    """The first line of the forwarded text: after the separator, the repeated headers and blank lines."""
    i = start
    if i < len(lines) and _CUT.match(lines[i]):
        i += 1
    while i < len(lines) and (not lines[i].strip() or _FORWARD_HEADER.match(lines[i])):
        i += 1
    return i


def _has_orders(lines: list[str]) -> bool:
    return any(_DOC_START.match(line) and not line.lstrip().startswith("---") for line in lines)


def _strip_reply(text: str) -> str:
    """Blank out quoted replies, attribution lines, reply headers, signatures and mobile footers."""
    lines = text.split("\n")
    keep = [True] * len(lines)
    cut_from = len(lines)
    for i, line in enumerate(lines):
        if _SIGNATURE.match(line) or _CUT.match(line):
            cut_from = i
            break
        if _OUTLOOK_FROM.match(line) and i + 1 < len(lines) and _OUTLOOK_SENT.match(lines[i + 1]):
            cut_from = i
            break
        if line.lstrip().startswith(">") or _MOBILE.match(line):
            keep[i] = False
        elif len(line) <= _ATTRIBUTION_MAX and _ATTRIBUTION.match(line) and _next_is_quote(lines, i):
            keep[i] = False
            if i > 0 and not lines[i].lstrip().startswith(("On ", "Am ", "Le ", "El ", "Il ")) and _ATTRIBUTION_START.match(lines[i - 1]):
                keep[i - 1] = False  # the attribution was wrapped over two lines
    for i in range(cut_from, len(lines)):
        keep[i] = False
    return "\n".join(line if k else "" for line, k in zip(lines, keep, strict=True))


def cut_lines(text: str) -> str:
    """Keep only what lies between the report's cut lines when the player copied them along."""
    lines = text.split("\n")
    cuts = [i for i, line in enumerate(lines) if _CUT_LINE.match(line)]
    if not cuts:
        return text
    if len(cuts) >= 2:
        first, last = cuts[0], cuts[1]
        return "\n".join(line if first < i < last else "" for i, line in enumerate(lines))
    return "\n".join("" if i == cuts[0] else line for i, line in enumerate(lines))


def blank_signoff(text: str, notes: list[str] | None = None) -> str:
    """Blank a sign-off written below the orders without a '-- ' line ("Thanks, Cleo").

    Only a few short unindented lines without a colon, bracket, dash or '#' at the very end count: in an
    order document such lines could only ever be a YAML error, so blanking them never hides an order.
    """
    lines = text.split("\n")
    end = len(lines)
    while end and not lines[end - 1].strip():
        end -= 1
    start = end
    while start and end - start < _SIGNOFF_MAX_LINES and _SIGNOFF_LINE.match(lines[start - 1].rstrip()):
        start -= 1
    if start == end or not _has_orders(lines[:start]):
        return text
    if notes is not None:
        said = " / ".join(line.strip() for line in lines[start:end])
        notes.append(f"the last lines of your mail ({said!r}) were read as a sign-off and left out")
    return "\n".join("" if start <= i < end else line for i, line in enumerate(lines))


def _next_is_quote(lines: list[str], i: int) -> bool:
    for line in lines[i + 1 :]:
        if line.strip():
            return line.lstrip().startswith(">")
    return False


def blank_prelude(text: str) -> str:
    """Blank out a greeting written above the order document (everything before `game:` or `---`)."""
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if _DOC_START.match(line):
            return "\n".join([""] * i + lines[i:])
    return text


def clean_order_text(text: str, *, flowed: bool = False, delsp: bool = False, forward: bool = False,
                     notes: list[str] | None = None) -> str:
    """The order document inside a mail body, with line numbers as the player sees them (what was left out
    beyond quotes and greetings is said in `notes`)."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if flowed:
        text = unflow(text, delsp=delsp)
    text = untrap(text)
    text = strip_quotes(text, forward=forward)
    text = cut_lines(text)
    text = blank_prelude(text)
    text = blank_signoff(text, notes)
    return text.rstrip() + "\n"


def holds_orders(text: str) -> bool:
    """Whether cleaned mail text holds an order document (a `game:` line)."""
    return _has_orders(text.split("\n"))


class _HtmlText(HTMLParser):
    """HTML to the text a reader sees: blocks become lines, &nbsp; indentation is kept, quotes are dropped."""

    BLOCKS = frozenset("p div li tr h1 h2 h3 h4 h5 h6 pre table ul ol section article header footer dd dt".split())
    SKIP = frozenset("script style head title template".split())
    QUOTE_CLASSES = ("gmail_quote", "yahoo_quoted", "moz-cite-prefix", "protonmail_quote", "ms-outlook-quote")

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.skip = 0
        self.pre = 0
        self.stack: list[tuple[str, bool]] = []
        self.open: dict[str, int] = {}  # how often each tag is on the stack: a stray end tag costs no search

    def _newline(self) -> None:
        if self.out and not self.out[-1].endswith("\n"):
            self.out.append("\n")

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        klass = attributes.get("class") or ""
        dropped = tag in self.SKIP or tag == "blockquote" or any(c in klass for c in self.QUOTE_CLASSES) or (
            attributes.get("id") in ("divRplyFwdMsg", "appendonsend")
        )
        if tag in ("br", "hr", "img", "meta", "link", "input", "wbr"):
            if tag == "br" and not self.skip:
                self.out.append("\n")
            return
        self.stack.append((tag, dropped))
        self.open[tag] = self.open.get(tag, 0) + 1
        if dropped:
            self.skip += 1
        if self.skip:
            return
        if tag in self.BLOCKS:
            self._newline()
        if tag == "pre":
            self.pre += 1
        if tag == "li":
            self.out.append("- ")

    def handle_endtag(self, tag: str) -> None:
        # Close up to the matching open tag; mail HTML is often unbalanced.
        if not self.open.get(tag):
            return  # never opened (a full search each time would make '<div>'*n + '</p>'*n quadratic)
        for index in range(len(self.stack) - 1, -1, -1):
            if self.stack[index][0] == tag:
                for name, dropped in reversed(self.stack[index:]):
                    self.open[name] -= 1
                    if dropped:
                        self.skip -= 1
                    elif not self.skip and name == "pre":
                        self.pre -= 1
                    if not self.skip and name in self.BLOCKS:
                        self._newline()
                del self.stack[index:]
                return

    def handle_data(self, data: str) -> None:
        if self.skip:
            return
        if self.pre:
            self.out.append(data.replace(" ", "\u00a0"))  # survives the layout-space strip in text()
        else:
            self.out.append(re.sub(r"[ \t\r\n\f]+", " ", data))

    def text(self) -> str:
        lines = "".join(self.out).split("\n")
        # Collapsed source whitespace at a line's start is layout of the HTML, not the player's indentation.
        return "\n".join(line.lstrip(" ").rstrip(" ") for line in lines)


_TAG = re.compile(r"</?[A-Za-z][^<>]*>|<[!?][^<>]*>")


def defuse(html: str) -> str:
    """HTML with every '<' that does not open a complete tag written as '&lt;', in one linear pass.

    Python 3.11.7's html.parser takes quadratic time on runs of broken tags ('<a<a<a…'): one such mail
    would stall the whole fetch. After this pass it only ever sees complete tags and comments.
    """
    out: list[str] = []
    i, end = 0, len(html)
    while i < end:
        j = html.find("<", i)
        if j < 0:
            out.append(html[i:])
            break
        out.append(html[i:j])
        if html.startswith("<!--", j):
            close = html.find("-->", j + 4)
            if close < 0:
                break  # an unclosed comment hides the rest, as it does in a browser
            out.append(html[j : close + 3])
            i = close + 3
            continue
        tag = _TAG.match(html, j)
        if tag is None:
            out.append("&lt;")
            i = j + 1
        else:
            out.append(tag.group())
            i = tag.end()
    return "".join(out)


def html_to_text(html: str) -> str:
    """The visible text of an HTML mail body, one block per line, with quoted replies left out."""
    parser = _HtmlText()
    try:
        parser.feed(defuse(html))
        parser.close()
    except Exception:  # html.parser is lenient; anything it still rejects yields what was read
        pass
    return parser.text()
