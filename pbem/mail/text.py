"""Order text out of what mail clients make of it: HTML, format=flowed, typographic traps, quoted replies.

Every cleaning step keeps line numbers: dropped lines become empty lines, so a problem reported at
"line 7" is on line 7 of the mail the player wrote.
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
        if line.startswith(" "):
            line = line[1:]  # space-stuffing
        soft = line.endswith(" ") and not _SIGNATURE.match(line) and not line.startswith(">")
        if soft:
            carry += line[:-1] if delsp else line
            continue
        out.append(carry + line)
        carry = ""
    if carry:
        out.append(carry)
    return "\n".join(out)


def strip_quotes(text: str) -> str:
    """Blank out quoted replies, attribution lines, forwarded originals, signatures and mobile footers."""
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


def clean_order_text(text: str, *, flowed: bool = False, delsp: bool = False) -> str:
    """The order document inside a mail body, with line numbers as the player sees them."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if flowed:
        text = unflow(text, delsp=delsp)
    text = untrap(text)
    text = strip_quotes(text)
    text = blank_prelude(text)
    return text.rstrip() + "\n"


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
    except Exception:  # noqa: BLE001 - html.parser is lenient; anything it still rejects yields what was read
        pass
    return parser.text()
