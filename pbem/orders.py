"""Order documents: YAML from strangers, parsed safely, with every problem placed at file:line:col."""

from __future__ import annotations

import io
import json
import re
import textwrap
from collections import OrderedDict
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.constructor import ConstructorError, RoundTripConstructor
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.events import (
    AliasEvent,
    CollectionEndEvent,
    CollectionStartEvent,
    DocumentStartEvent,
    NodeEvent,
    ScalarEvent,
)
from ruamel.yaml.events import (
    Event as YamlEvent,
)
from ruamel.yaml.reader import ReaderError

from engine.contract import Path as OrderPath
from engine.contract import Problem
from engine.plain import plain_copy
from engine.quoting import one_line
from pbem.yamlhelp import explain

#: Orders are short; anything bigger is a mistake or an attack.
MAX_BYTES = 64 * 1024
MAX_DEPTH = 12
MAX_NODES = 5000
#: No order needs a longer number, and Python will not print one of over 4300 digits.
MAX_INT_DIGITS = 100
HEADER_KEYS = ("game", "seat", "step", "token")


@dataclass(frozen=True)
class Located:
    """A problem placed in a file: prints as FILE:LINE:COL: message."""

    source: str
    line: int
    col: int
    message: str

    def __str__(self) -> str:
        # The last guard for answers and logs: games quote what players write (engine.quoting), and
        # whatever slips through still cannot end this line, start a forged one or reorder it.
        return one_line(f"{self.source}:{self.line}:{self.col}: {self.message}")


@dataclass
class OrderDoc:
    """A parsed order document: header fields, the game's body, and where each node stands."""

    source: str
    text: str
    header: dict[str, Any] = field(default_factory=dict)
    body: dict[str, Any] = field(default_factory=dict)
    tree: Any = None
    problems: list[Located] = field(default_factory=list)
    #: How the text was read where that was not as YAML reads it (tabs taken as indentation).
    notes: list[str] = field(default_factory=list)
    #: For a text read with its tabs as indentation: each line's count of them, to place problems as written.
    tabs: dict[int, int] = field(default_factory=dict)

    def locate(self, path: OrderPath, message: str) -> Located:
        """Place a problem given by its path from the document's root (body keys sit at the root too)."""
        line, col = position(self.tree, path)
        tabs = self.tabs.get(line, 0)
        if tabs:  # the tree was read with two spaces for each tab: the column in the player's own line
            col = col - tabs if col > 2 * tabs else (col + 1) // 2
        return Located(self.source, line, col, message)

    def add(self, path: OrderPath, message: str) -> None:
        """Record a problem at a path."""
        self.problems.append(self.locate(path, message))

    def add_problems(self, problems: Sequence[Problem]) -> None:
        """Record the game's problems, placed in the file."""
        for problem in problems:
            self.add(problem.path, problem.message)


def position(tree: Any, path: OrderPath) -> tuple[int, int]:
    """1-based line and column of the deepest node of `path` found in the parsed tree."""
    line, col = 1, 1
    node = tree
    for key in path:
        if isinstance(node, CommentedMap) and key in node:
            line, col = node.lc.value(key) if _is_scalar(node[key]) else node.lc.key(key)
            line, col = line + 1, col + 1
            node = node[key]
        elif isinstance(node, CommentedSeq) and isinstance(key, int) and 0 <= key < len(node):
            line, col = node.lc.item(key)
            line, col = line + 1, col + 1
            node = node[key]
        else:
            if isinstance(node, (CommentedMap, CommentedSeq)) and node.lc.line is not None:
                line, col = node.lc.line + 1, node.lc.col + 1
            break
    return line, col


def _is_scalar(value: Any) -> bool:
    return not isinstance(value, (CommentedMap, CommentedSeq))


def plain(value: Any) -> Any:
    """ruamel's round-trip containers and scalars as plain Python data."""
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}  # parse() lets only text keys through
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return float(value)
    if isinstance(value, str):
        return str(value)
    return str(value)  # dates and other tagged scalars: the game sees text


def _refusal(event: YamlEvent) -> str | None:
    """Why one parser event makes an order unsafe to build, if it does."""
    if isinstance(event, AliasEvent) or (isinstance(event, NodeEvent) and event.anchor):
        return "YAML anchors and aliases (& and *) are not allowed in orders"
    tag = getattr(event, "tag", None)  # scalars and collections carry one; only an explicit tag sets it
    if isinstance(event, NodeEvent) and tag:
        return f"YAML tags such as {one_line(tag)} are not allowed in orders"  # %0A in a tag is a line break
    return None


def _refuse_unsafe(text: str, source: str, inside: set[int] | None = None) -> Located | None:
    """Scan the event stream before anything is built: no anchors, aliases or tags; bounded size and depth.

    `inside` gathers the lines (0-based) that a scalar of several lines goes on to: the text of a block scalar
    (`|`, `>`) or of a quoted one, where a line starting with # is no comment.
    """
    depth = nodes = documents = 0
    try:
        for event in YAML(typ="safe").parse(text):
            mark = event.start_mark
            if inside is not None and isinstance(event, ScalarEvent) and event.end_mark.line > mark.line:
                inside.update(range(mark.line + 1, event.end_mark.line + 1))
            documents += isinstance(event, DocumentStartEvent)
            nodes += isinstance(event, NodeEvent)
            depth += isinstance(event, CollectionStartEvent) - isinstance(event, CollectionEndEvent)
            why = _refusal(event)
            if why is None and documents > 1:
                why = "only one YAML document per order file"
            elif why is None and nodes > MAX_NODES:
                why = f"orders may have at most {MAX_NODES} values"
            elif why is None and depth > MAX_DEPTH:
                why = f"orders may nest at most {MAX_DEPTH} levels deep"
            if why is not None:
                return Located(source, mark.line + 1, mark.column + 1, why)
    except MarkedYAMLError as exc:
        return _yaml_error(exc, source, text)
    except ReaderError as exc:
        # A character YAML forbids (NUL, other controls): placed where it stands, said on one line.
        line, col = _line_col(text, exc.position)
        return Located(source, line, col, f"not valid YAML: character #x{exc.character:04x} is not allowed")
    except YAMLError as exc:
        return Located(source, 1, 1, "not valid YAML: " + " ".join(str(exc).split()))
    return None


def _line_col(text: str, index: int) -> tuple[int, int]:
    """1-based line and column of a character index in `text`."""
    return text.count("\n", 0, index) + 1, index - (text.rfind("\n", 0, index) + 1) + 1


class UnreadableValue(ConstructorError):
    """Valid YAML whose value Python cannot hold or print (a huge number, an impossible date)."""


_TOO_LONG = f"this number has too many digits (orders take at most {MAX_INT_DIGITS})"


class _OrderConstructor(RoundTripConstructor):
    """The round-trip constructor, but a value Python cannot hold or print is an error placed at that value."""

    def construct_object(self, node: Any, deep: bool = False) -> Any:
        try:
            value = super().construct_object(node, deep)
        except (ValueError, OverflowError) as exc:
            # Python refuses to read decimal ints of over 4300 digits, and datetime refuses impossible
            # dates; neither error carries a position, so it is added here, at the innermost node.
            kind = str(node.tag).rsplit(":", 1)[-1]
            why = _TOO_LONG if kind == "int" else f"cannot read this {kind}: {exc}"
            raise UnreadableValue(problem=why, problem_mark=node.start_mark) from None
        # A hex, binary or sexagesimal int is read at any length, but would crash whatever prints it.
        if isinstance(value, int) and abs(value) >= 10**MAX_INT_DIGITS:
            raise UnreadableValue(problem=_TOO_LONG, problem_mark=node.start_mark)
        return value


def _key_kind(key: Any) -> str:
    """What a key that is not text was written as, in words."""
    if isinstance(key, bool):
        return "true or false"
    if isinstance(key, (int, float)):
        return "a number"
    if key is None:
        return "empty"
    return "a mapping" if isinstance(key, Mapping) else "a list"  # ruamel builds a list key as a tuple


def _odd_keys(tree: Any, source: str) -> Iterator[Located]:
    """Keys that are not text, and merge keys (<<), in the built tree: games look their keys up by name."""
    if isinstance(tree, CommentedMap):
        if tree.merge:
            # `<<` merges a mapping in and silently drops the keys the document also has; without
            # aliases it is never needed, so it is refused rather than explained.
            merged = next(iter(tree.merge))
            yield Located(source, merged.lc.line + 1, merged.lc.col + 1, "merge keys (<<) are not allowed in orders")
        for key, value in tree.items():
            if not isinstance(key, str):
                line, col = tree.lc.key(key)
                why = f"a key must be a word, not {_key_kind(key)}; put it in quotes if you mean it as text"
                yield Located(source, line + 1, col + 1, why)
            yield from _odd_keys(value, source)
    elif isinstance(tree, CommentedSeq):
        for item in tree:
            yield from _odd_keys(item, source)


def _yaml_error(exc: MarkedYAMLError, source: str, text: str) -> Located:
    if isinstance(exc, UnreadableValue):
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
        return Located(source, line, col, str(exc.problem or "not valid YAML"))
    line, col, advice = explain(exc, text)
    return Located(source, line, col, f"not valid YAML: {advice}")


def parse(data: bytes | str, source: str) -> OrderDoc:
    """Parse an order document; problems with its form are in the result's `problems`."""
    if isinstance(data, bytes):
        if len(data) > MAX_BYTES:
            too_big = f"order file is {len(data)} bytes; the limit is {MAX_BYTES}"
            return OrderDoc(source, "", problems=[Located(source, 1, 1, too_big)])
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            line = data[: exc.start].count(b"\n") + 1
            col = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
            return OrderDoc(source, "", problems=[Located(source, line, col, "order file is not UTF-8 text")])
    else:
        text = data
        try:
            size = len(text.encode("utf-8"))
        except UnicodeEncodeError as exc:  # a lone surrogate, as left by decoding bytes with surrogateescape
            line, col = _line_col(text, exc.start)
            return OrderDoc(source, "", problems=[Located(source, line, col, "order file is not UTF-8 text")])
        if size > MAX_BYTES:
            too_big = f"order file is larger than the limit of {MAX_BYTES} bytes"
            return OrderDoc(source, text, problems=[Located(source, 1, 1, too_big)])
    known = _read_cleanly.get(text)
    if known is not None:
        _read_cleanly.move_to_end(text)
        tree, header, body = known
        # Copies: the rules may change the orders they are given, and a later reader must get the text's own.
        return OrderDoc(source, text, header=plain_copy(header), body=plain_copy(body), tree=tree)
    doc = _parse_text(text, source)
    if doc.problems and _TAB_INDENT.search(text):
        return _read_tabs(doc, text, source)
    if not doc.problems:
        _read_cleanly[text] = (doc.tree, plain_copy(doc.header), plain_copy(doc.body))
        if len(_read_cleanly) > READ_KEPT:
            _read_cleanly.popitem(last=False)
    return doc


#: How many order texts read without a problem one process keeps parsed. A process often reads one text twice, and
#: YAML is the dearest part of it: a robot's orders at intake and again when its step resolves, a mail's orders at
#: intake and at the run of the same tick (a fifth of a robot game's `pbem run`, before this).
READ_KEPT = 64
#: Text -> (tree, header, body) of the texts read lately without a problem; the tree is only ever read (locate).
_read_cleanly: OrderedDict[str, tuple[Any, dict[str, Any], dict[str, Any]]] = OrderedDict()


#: A line whose indentation holds a tab.
_TAB_INDENT = re.compile(r"^[ \t]*\t", re.M)
_LEAD = re.compile(r"[ \t]*")
#: What the answer says when tabs were read as indentation.
TABS_READ = "tabs were read as indentation, one tab for each level (YAML itself indents with spaces only)"


def _untab(text: str, source: str) -> tuple[str, Located | None]:
    """The text with each tab of indentation as one level (two spaces), or where that would be a guess.

    Only indentation made of tabs alone, on every indented line, is unambiguous: a line mixing tabs and spaces,
    or tab-indented lines beside space-indented ones, could mean more than one depth.
    """
    out: list[str] = []
    first: dict[str, int] = {}
    for number, line in enumerate(text.split("\n"), start=1):
        match = _LEAD.match(line)
        lead = match.group() if match else ""
        rest = line[len(lead):]
        if not rest.strip() or rest.startswith("#"):  # blank and comment lines: their indentation means nothing
            out.append(lead.replace("\t", "  ") + rest)
            continue
        if " " in lead and "\t" in lead:
            switch = next(i for i, c in enumerate(lead) if c != lead[0]) + 1
            return text, Located(source, number, switch, "this line's indentation mixes tabs and spaces, so pbem "
                                 "cannot tell how deep it is meant; indent with spaces only, two for each level")
        kind = "tabs" if "\t" in lead else "spaces" if lead else ""
        other = {"tabs": "spaces", "spaces": "tabs"}.get(kind)
        if other in first:
            return text, Located(source, number, 1, f"this line is indented with {kind}, and line {first[other]} "
                                 f"with {other}, so pbem cannot tell how deep each is meant; indent with spaces only, "
                                 "two for each level")
        if kind:
            first.setdefault(kind, number)
        out.append("  " * len(lead) + rest if kind == "tabs" else line)
    return "\n".join(out), None


def _read_tabs(doc: OrderDoc, text: str, source: str) -> OrderDoc:
    """An order YAML refused read again with its tabs as indentation, when they are used consistently."""
    spaced, ambiguous = _untab(text, source)
    if ambiguous is not None:
        doc.problems = [ambiguous]
        return doc
    again = _parse_text(spaced, source)
    if again.problems:
        return doc  # wrong even with the tabs as indentation: the tab, where YAML stopped, is the first thing to mend
    again.text = text  # the player's own text is what is kept and quoted; the tree's lines are the same
    again.notes.append(TABS_READ)
    again.tabs = {number: len(line) - len(line.lstrip("\t")) for number, line in enumerate(text.split("\n"), start=1)
                  if line.startswith("\t")}
    return again


def _parse_text(text: str, source: str) -> OrderDoc:
    """Parse an order document's text as YAML."""
    doc = OrderDoc(source, text)
    # The scan reads the comments cut first (an order template is mostly comments, which YAML walks character
    # by character). Cutting a line that is only a comment changes no event nor any place in the text; only a
    # line inside a scalar of several lines is no comment, and such a line is inside one in the cut text too
    # (or the cut text is no longer valid YAML). So the cut text's scan stands unless it refuses anything or a
    # scalar there goes on to a cut line: then the text is scanned as it is, and its comments cut only outside.
    inside: set[int] = set()
    bare, cut = _bare_comments(text, set())
    refusal = _refuse_unsafe(bare, source, inside)
    if refusal is not None or inside & cut:
        inside = set()
        refusal = _refuse_unsafe(text, source, inside)
        bare = _bare_comments(text, inside)[0]
    if refusal is not None:
        doc.problems.append(refusal)
        return doc
    yaml = YAML()
    yaml.Constructor = _OrderConstructor
    try:
        tree = yaml.load(bare)
    except MarkedYAMLError as exc:
        doc.problems.append(_yaml_error(exc, source, text))
        return doc
    doc.tree = tree
    if not isinstance(tree, CommentedMap):
        why = "an order file must be a mapping of keys (game:, seat:, step: and the orders)"
        doc.problems.append(Located(source, 1, 1, why))
        return doc
    odd_key = next(_odd_keys(tree, source), None)
    if odd_key is not None:
        doc.problems.append(odd_key)
        return doc
    data_map = plain(tree)
    doc.header = {k: data_map[k] for k in HEADER_KEYS if k in data_map}
    doc.body = {k: v for k, v in data_map.items() if k not in HEADER_KEYS}
    return doc


def _bare_comments(text: str, inside: set[int]) -> tuple[str, set[int]]:
    """`text` with each line that is only a comment cut to its `#`, and the lines (0-based) cut: the same
    document, lines and columns, but YAML walks a comment character by character, and an order template is
    mostly comments. Lines inside a scalar of several lines (`inside`) are text, not comments, and stay whole."""
    lines = text.split("\n")
    cut: set[int] = set()
    for number, line in enumerate(lines):
        bare = line.lstrip(" ")
        if bare.startswith("#") and len(bare) > 1 and number not in inside:
            lines[number] = line[: len(line) - len(bare) + 1]
            cut.add(number)
    return "\n".join(lines), cut


def render(header: Mapping[str, Any], body_yaml: str) -> str:
    """An order document: the header lines followed by a game's YAML body, comments fitted to 72 columns."""
    lines = [f"{key}: {_scalar(header[key])}" for key in HEADER_KEYS if key in header]
    return fit_comments("\n".join(lines) + "\n" + body_yaml.rstrip("\n") + "\n")


#: Order templates fit here: Outlook hard-wraps plain text at 76 columns, and a wrapped comment's tail
#: would become an order line (a YAML error); 72 leaves room for a reply's "> " quoting.
TEMPLATE_WIDTH = 72
_TRAILING_COMMENT = re.compile(r"^(?P<code>\s*[^#\s][^#]*?)\s+(?P<comment>#.*)$")


def fit_comments(text: str, width: int = TEMPLATE_WIDTH) -> str:
    """Comments wrapped to `width` columns as comments, so no mail client's wrapping turns them into orders.

    A commented-out example followed by its own comment ("#   {action: …}  # Cossacks, cost 0") keeps the
    example whole on its line, so uncommenting it still gives one valid line. A long order line's trailing
    comment moves above it. Order lines themselves are never changed.
    """
    out: list[str] = []
    for line in text.split("\n"):
        if len(line) <= width:
            out.append(line)
            continue
        trailing = _TRAILING_COMMENT.match(line) if not line.lstrip().startswith("#") else None
        if trailing and '"' not in trailing["code"] and "'" not in trailing["code"]:
            indent = trailing["code"][: len(trailing["code"]) - len(trailing["code"].lstrip())]
            out.extend(_wrap_comment(indent + trailing["comment"], width))
            out.append(trailing["code"].rstrip())
        elif line.lstrip().startswith("#"):
            out.extend(_wrap_comment(line, width))
        else:
            out.append(line)
    return "\n".join(out)


def _wrap_comment(line: str, width: int) -> list[str]:
    """One comment line as several, each within `width` where its words allow."""
    stripped = line.lstrip()
    indent = line[: len(line) - len(stripped)]
    body = stripped[1:]
    prefix = indent + "#" + body[: len(body) - len(body.lstrip())]
    pieces = [piece.strip() for piece in body.strip().split("  # ")]
    head, notes = pieces[0], [f"# {piece}" for piece in pieces[1:]]
    rest = " ".join(notes)
    if len(prefix + head) <= width and rest:
        # The example stays whole; its note follows, indented, on lines of its own.
        return [prefix + head, *textwrap.wrap(rest, width, initial_indent=prefix + "  ",
                                              subsequent_indent=prefix + "    ", break_long_words=False,
                                              break_on_hyphens=False)]
    return textwrap.wrap(" ".join([head, *notes]), width, initial_indent=prefix, subsequent_indent=prefix + "  ",
                         break_long_words=False, break_on_hyphens=False) or [line]


def dump_body(body: Mapping[str, Any]) -> str:
    """A plain order body as block YAML."""
    yaml = YAML(typ="safe", pure=True)
    yaml.default_flow_style = False
    yaml.sort_base_mapping_type_on_output = False  # type: ignore[assignment]  # keep the game's key order
    buf = io.StringIO()
    if body:
        yaml.dump(dict(body), buf)
    return buf.getvalue()


def _scalar(value: Any) -> str:
    """A header value as YAML that reads back as the same value: plain when it is a word, else quoted."""
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    text = str(value)
    # A plain word starting with a letter is text in YAML 1.2, except these (a seat may be called "null").
    word = text[:1].isalpha() and all(c.isalnum() or c in "-_.@" for c in text)
    safe = word and text.lower() not in ("true", "false", "null")
    return text if safe else json.dumps(text, ensure_ascii=False)
