"""What a replay shows of each step beyond its board: a label saying what happened, score changes, board changes.

Game-neutral: a step's label is read from its public events and from who gave the orders it resolved (the seats
prompted after the step before), never from hidden information, so every reader's pages carry the same labels.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from engine.contract import Event
from engine.words import counted, upper_first

#: Labels longer than this are cut at a word, with an ellipsis: they sit in tables and a jump list's tooltips.
LABEL_WIDTH = 96
#: How many of the acting seat's own events a label names before it counts the rest.
NAMED_ACTIONS = 2
_PARENTHESIS = re.compile(r"\s*\([^()]*\)")
#: An event that sums the step up better than any action in it: a Dominance Check's outcome ("Dominance Check 1:
#: no coalition is dominant"), which a game may put among the public events of the step that caused it.
_HEADLINE = re.compile(r"((?:[Ff]inal )?Dominance Check(?: \d+)?)\s*:\s*(.+)")
#: The details of an action that the step's log gives and its one-line label leaves out: prices, market places,
#: which end of a court or network a card goes to, the rupees or influence lying on a card bought.
_DETAILS = re.compile(
    r"\s+(?:for \d+(?: (?:rupees?|influence|water))?(?=$|[,;]| and\b)"
    r"|from row \d+ column \d+"
    r"|(?:to|at) the (?:left|right)(?: end)? of (?:their|his|her|its) (?:court|[Nn]etwork)"
    r"|and takes the \d+(?: \w+)? on it)")
#: A name as the events write one: capitalised words, perhaps joined by "of", "the", "on" and the like.
_NAME = re.compile(r"[A-Z][\w'’-]*(?: (?:(?:of|on|at|de|to|in)(?: the)?|the) [A-Z][\w'’-]*| [A-Z0-9][\w'’-]*)*")


def step_label(step: int, events: Sequence[Event], actors: Sequence[str]) -> str:
    """What happened in `step`, in a line: "Cleo purchases Baluchi Smugglers for 2 rupees and plays Baluchi
    Smugglers to the right of their court", from the public events and the seats whose orders it resolved."""
    if step == 0:
        return "The game is set up"
    public = [event.text for event in events if event.to is None]
    for text in public:
        headline = _HEADLINE.fullmatch(_first_sentence(text))
        if headline:
            when = f" in {upper_first(actors[0])}'s turn" if len(actors) == 1 else ""
            return shorten(f"{upper_first(headline.group(1))}{when}: {headline.group(2)}")
    if len(actors) == 1:
        actor = actors[0]
        own = _said_once([_predicate(text, actor) for text in public if _names_first(text, actor)])
        if own:
            # Fewer actions named rather than the count cut off: a label too long names only the first.
            for most in range(min(NAMED_ACTIONS, len(own)), 0, -1):
                named = own[:most]
                rest = len(own) - len(named)
                if rest:
                    said = f"{', '.join(named)} and {counted(rest, 'more action')}"
                else:
                    said = " and ".join(named)
                if len(actor) + 1 + len(said) <= LABEL_WIDTH:
                    break
            return shorten(f"{upper_first(actor)} {said}")
    if public:
        return shorten(upper_first(_first_sentence(public[0])))
    if actors:
        verb = "gives" if len(actors) == 1 else "give"
        return shorten(f"{_joined([upper_first(a) for a in actors])} {verb} orders; nothing public happens")
    return "Nothing the public could see happened"


def _names_first(text: str, seat: str) -> bool:
    """True when an event's sentence begins with the seat's name as its subject (not "anna's agent …")."""
    return re.match(rf"{re.escape(seat)}\b(?!['’])", text, re.IGNORECASE) is not None


def _predicate(text: str, seat: str) -> str:
    """The sentence without its subject, its asides in brackets, the details the log gives, and its full stop."""
    return _DETAILS.sub("", _sentence(_PARENTHESIS.sub("", text[len(seat):]))).strip()


def _said_once(predicates: Sequence[str]) -> list[str]:
    """The predicates with a card named again called "it" ("buys Mohan Lal and plays it"), without those that only
    repeat an earlier one (buying an event card, then "buys the event" of the same card)."""
    kept: list[str] = []
    for predicate in predicates:
        if not predicate:
            continue
        named = {name for earlier in kept for name in _NAME.findall(earlier) if " " in name or len(name) > 3}
        if predicate.startswith("buys the event ") and any(predicate[15:].startswith(n) for n in named):
            continue
        again = next((m for m in _NAME.finditer(predicate) if m.start() > 0 and m.group(0) in named), None)
        if again is not None:
            predicate = f"{predicate[:again.start()]}it{predicate[again.end():]}"
        kept.append(predicate)
    return kept


def _first_sentence(text: str) -> str:
    """The first sentence of an event's text, without its full stop: a label says one thing."""
    return _sentence(re.split(r"(?<=[a-z0-9)])\. (?=[A-Z])", text.strip(), maxsplit=1)[0])


def _sentence(text: str) -> str:
    return text.strip().rstrip(".").strip()


def _joined(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def shorten(text: str, width: int = LABEL_WIDTH) -> str:
    """`text` cut at the last whole word that fits in `width` characters, with an ellipsis."""
    if len(text) <= width:
        return text
    cut = text[:width - 1].rsplit(" ", 1)[0].rstrip(",;:")
    return cut + "…"


def score_changes(before: Mapping[str, int] | None, after: Mapping[str, int]) -> dict[str, int]:
    """Each seat's score change since the step before (only the seats whose score moved)."""
    if before is None:
        return {}
    return {seat: int(score) - int(before.get(seat, 0)) for seat, score in after.items()
            if isinstance(score, int) and score != before.get(seat, 0)}


# -- what changed on the board --------------------------------------------------------------------------------

_BOARD = re.compile(r'(<svg\b[^>]*\bclass="board"[^>]*>)(.*?)(</svg>)', re.S)
_MARK = re.compile(r'<(\w+) data-mark="([^"]*)"( class="[^"]*")?(.*?)(/>|</\1>)', re.S)


def _marks(board: str) -> dict[tuple[str, int], str]:
    """Each mark of a drawn board by its id (and its place among marks of the same id), as its SVG text."""
    found: dict[tuple[str, int], str] = {}
    seen: dict[str, int] = {}
    for match in _MARK.finditer(board):
        mark = match.group(2)
        count = seen.get(mark, 0)
        seen[mark] = count + 1
        found[(mark, count)] = match.group(1) + match.group(4) + match.group(5)
    return found


def boards(page: str) -> list[dict[tuple[str, int], str]]:
    """The marks of every board drawn on a page, in order."""
    return [_marks(match.group(2)) for match in _BOARD.finditer(page)]


def mark_changes(page: str, before: Sequence[Mapping[tuple[str, int], str]]) -> tuple[str, int]:
    """`page` with every board mark that is new or drawn differently since `before` (the previous step's boards)
    classed `changed`; and how many were. A page without the previous boards is left as it is."""
    if not before:
        return page, 0
    changed = 0
    index = 0

    def board(match: re.Match[str]) -> str:
        nonlocal index, changed
        old = before[index] if index < len(before) else None
        index += 1
        if old is None:
            return match.group(0)
        seen: dict[str, int] = {}

        def mark(found: re.Match[str]) -> str:
            nonlocal changed
            ident = found.group(2)
            count = seen.get(ident, 0)
            seen[ident] = count + 1
            if old.get((ident, count)) == found.group(1) + found.group(4) + found.group(5):
                return found.group(0)
            changed += 1
            classes = found.group(3)
            css = f' class="changed {classes[8:-1]}"' if classes else ' class="changed"'
            return f'<{found.group(1)} data-mark="{ident}"{css}{found.group(4)}{found.group(5)}'

        return match.group(1) + _MARK.sub(mark, match.group(2)) + match.group(3)

    return _BOARD.sub(board, page), changed


# -- what changed in the game's tables ------------------------------------------------------------------------

#: The step page's comments around the game's own part of the page: only its tables are compared.
VIEW_START, VIEW_END = "<!-- the game's view -->", "<!-- end of the game's view -->"
_TABLE = re.compile(r"<table\b.*?</table>", re.S)
_CELL = re.compile(r"<td\b([^>]*)>(.*?)</td>", re.S)
_CLASS = re.compile(r'\bclass="([^"]*)"')


def _view(page: str) -> tuple[int, int] | None:
    start, end = page.find(VIEW_START), page.find(VIEW_END)
    return (start, end) if 0 <= start < end else None


def cells(page: str) -> dict[tuple[int, int], str]:
    """Each table cell of the game's view on a page, by (table, cell) position, as its HTML."""
    span = _view(page)
    if span is None:
        return {}
    found = {}
    for t, table in enumerate(_TABLE.findall(page[span[0]:span[1]])):
        for c, cell in enumerate(_CELL.finditer(table)):
            found[(t, c)] = cell.group(2)
    return found


def mark_cells(page: str, before: Mapping[tuple[int, int], str]) -> tuple[str, int]:
    """`page` with every cell of the game's tables whose content differs from the step before classed `changed`,
    and how many were. Cells that hold a table of their own are left alone (their own cells are compared)."""
    span = _view(page)
    if span is None or not before:
        return page, 0
    changed = 0
    index = 0

    def table(match: re.Match[str]) -> str:
        nonlocal index
        t, index = index, index + 1
        number = 0

        def cell(found: re.Match[str]) -> str:
            nonlocal number, changed
            c, number = number, number + 1
            attrs, content = found.group(1), found.group(2)
            if before.get((t, c)) == content or "<table" in content or "<td" in content:
                return found.group(0)
            changed += 1
            if _CLASS.search(attrs):
                attrs = _CLASS.sub(lambda m: f'class="changed {m.group(1)}"', attrs, count=1)
            else:
                attrs += ' class="changed"'
            return f"<td{attrs}>{content}</td>"

        return _CELL.sub(cell, match.group(0))

    view = _TABLE.sub(table, page[span[0]:span[1]])
    return page[:span[0]] + view + page[span[1]:], changed
