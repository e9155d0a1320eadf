"""Plain-text mail bodies as RFC 3676 format=flowed (DelSp=no): a line longer than WIDTH columns is broken at
its spaces into lines that end in a space, so a client that hard-wraps at 76 columns has nothing left to break,
and a client that knows flowed text joins the pieces back into the line as it was written."""

from __future__ import annotations

from email.message import EmailMessage, MIMEPart

#: The longest line sent, counting a soft break's trailing space and space-stuffing (Outlook wraps at 76).
WIDTH = 76
#: The signature separator ends in a space but is never a soft break (RFC 3676, 4.3).
SIGNATURE = "-- "


def needs_flowing(text: str, width: int = WIDTH) -> bool:
    """Whether any line of `text` is longer than `width`."""
    return any(len(line) > width for line in text.split("\n"))


def flow(text: str, width: int = WIDTH) -> str:
    """`text` as format=flowed lines: trailing spaces dropped (they would read as soft breaks), long lines
    soft-broken at spaces, and lines starting with a space, '>' or 'From ' space-stuffed."""
    out: list[str] = []
    for line in text.split("\n"):
        out.extend([line] if line == SIGNATURE else _pieces(line.rstrip(" "), width))
    return "\n".join(out)


def _stuffed(line: str) -> str:
    """A line as sent: one space before a line that a reader would take for stuffing, a quote or an mbox From."""
    return " " + line if line.startswith((" ", ">", "From ")) else line


def _pieces(line: str, width: int) -> list[str]:
    """One line as the physical lines that carry it, each ending in a space but the last."""
    pieces: list[str] = []
    rest = line
    while len(_stuffed(rest)) > width:
        room = width - (len(_stuffed(rest)) - len(rest))  # characters of `rest` this piece may hold, its space too
        start = len(rest) - len(rest.lstrip(" "))  # never break inside the indentation: a piece holds a word
        cut = rest.rfind(" ", start + 1, room)
        if cut < 0:
            cut = rest.find(" ", max(room, start + 1))  # a word longer than the line: break after it
        if cut < 0 or cut == len(rest) - 1:
            break
        pieces.append(_stuffed(rest[: cut + 1]))
        rest = rest[cut + 1 :]
    pieces.append(_stuffed(rest))
    return pieces


def set_text(msg: EmailMessage, text: str, width: int = WIDTH) -> None:
    """Make `text` the plain-text content of `msg` (UTF-8, quoted-printable), flowed when a line is too long."""
    if needs_flowing(text, width):
        msg.set_content(flow(text, width), subtype="plain", charset="utf-8", cte="quoted-printable",
                        params={"format": "flowed", "delsp": "no"})
    else:
        msg.set_content(text, subtype="plain", charset="utf-8", cte="quoted-printable")


def readable(part: MIMEPart) -> str:
    """A text part as a reader's client shows it: soft breaks joined and stuffing removed when it is flowed."""
    from pbem.mail.text import unflow

    text = str(part.get_content()).replace("\r\n", "\n")
    if str(part.get_param("format") or "").lower() != "flowed":
        return text
    return unflow(text, delsp=str(part.get_param("delsp") or "no").lower() == "yes")
