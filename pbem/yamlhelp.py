"""YAML errors in words a reader can act on: for a player's order, what is wrong, the line as written and what to
write instead; for a moderator's file, one line naming where."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from ruamel.yaml.error import MarkedYAMLError

from engine.words import plural


def one_line(exc: Exception) -> str:
    """A moderator's file that does not parse, in one line: the line and column (1-based) and what the parser met,
    without the excerpt it quotes over several lines (errors are one line on stderr); any other error's text on
    one line."""
    if isinstance(exc, MarkedYAMLError):
        mark = exc.problem_mark or exc.context_mark
        what = "; ".join(" ".join(str(part).split()) for part in (exc.context, exc.problem) if part)
        return f"line {mark.line + 1}, column {mark.column + 1}: {what}" if mark is not None else what
    return " ".join(str(exc).split())


def unknown_keys(data: Mapping[Any, Any], keys: Sequence[str]) -> str | None:
    """A moderator's mapping holding keys beyond `keys` (a typo pbem would otherwise ignore), said in words that
    name the keys there are; None when it holds none."""
    unknown = sorted(str(key) for key in data if key not in keys)
    if not unknown:
        return None
    return f"unknown {plural('key', len(unknown))} {', '.join(unknown)}; the keys are {', '.join(keys)}"


def key_line(data: Mapping[Any, Any], key: Any) -> int | None:
    """The line (1-based) ruamel read `key` of a loaded mapping from; None for a mapping made in code."""
    marks = getattr(data, "lc", None)
    try:
        return int(marks.key(key)[0]) + 1 if marks is not None else None
    except (KeyError, TypeError):
        return None


#: How much of the offending line a problem quotes.
QUOTE_LIMIT = 60


def quote_line(text: str, line: int) -> str:
    """Line `line` (1-based) of `text`, quoted on one line: control characters escaped, long lines cut."""
    lines = text.split("\n")
    raw = lines[line - 1] if 0 < line <= len(lines) else ""
    raw = raw.rstrip("\r")
    if len(raw) > QUOTE_LIMIT:
        raw = raw[: QUOTE_LIMIT - 1] + "…"
    return json.dumps(raw, ensure_ascii=False)


def _key_of(line: str) -> str:
    key = line.split(":", 1)[0].strip().lstrip("- ").strip()
    return key if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", key) else "key"


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _is_item(line: str) -> bool:
    """True for a line that starts an item of a block list ("- x", or a lone "-")."""
    stripped = line.lstrip(" ")
    return stripped.startswith("- ") or stripped == "-"


def _siblings(lines: list[str], number: int) -> str | None:
    """The nearest line above line `number` (1-based) in the same column, blank and comment lines and deeper
    lines skipped; None when a line further left (the parent) comes first."""
    indent = _indent(lines[number - 1])
    for above in reversed(lines[: number - 1]):
        if not above.strip() or above.lstrip().startswith("#"):
            continue
        if _indent(above) == indent:
            return above
        if _indent(above) < indent:
            return None
    return None


def _item_above(lines: list[str], number: int) -> str | None:
    """The list item line whose first key stands in the column of line `number` (the item that line is part of),
    if any."""
    indent = _indent(lines[number - 1])
    for above in reversed(lines[: number - 1]):
        if not above.strip() or above.lstrip().startswith("#") or _indent(above) >= indent:
            continue
        stripped = above.lstrip(" ")
        return above if _is_item(above) and _indent(above) + 2 == indent and stripped != "-" else None
    return None


def _with_dash(line: str, indent: int) -> str:
    """`line` as a list item whose dash stands in column `indent` (0-based)."""
    return json.dumps(" " * indent + "- " + line.lstrip(" ").lstrip("-").lstrip(" "), ensure_ascii=False)


#: What a forgotten dash is called, and how a list item is written.
_DASH = "a dash is missing: every item of a list starts with '- ' in the column of the dashes above"


def missing_dash(lines: list[str], number: int, duplicate: bool = False) -> str | None:
    """Advice when line `number` (1-based) looks like a list item written without its '- ' (or without the space
    after the dash); None when it does not. With `duplicate`, the line repeats a key of the item above it."""
    if not 0 < number <= len(lines) or not lines[number - 1].strip():
        return None
    line = lines[number - 1]
    if _is_item(line):
        return None
    if duplicate:
        item = _item_above(lines, number)
        if item is None:
            return None
        return (f"if this line starts the next item of the list, {_DASH}, so write {_with_dash(line, _indent(item))}"
                " and indent the item's other lines like those of the item above")
    sibling = _siblings(lines, number)
    if sibling is None or not _is_item(sibling):
        return None
    if line.lstrip(" ").startswith("-"):
        return f"a list item starts with a dash and a space: write {_with_dash(line, _indent(line))}"
    further = " (and indent the item's other lines two columns further in)" if ":" in line else ""
    return f"{_DASH}, so write {_with_dash(line, _indent(line))}{further}"


def explain(exc: MarkedYAMLError, text: str) -> tuple[int, int, str]:
    """Where a YAML error is (line and column, 1-based) and what to tell the player about it."""
    problem = str(exc.problem or exc.context or "").strip()
    mark = exc.problem_mark or exc.context_mark
    line, col = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
    context = exc.context_mark
    lines = text.split("\n")

    def at(number: int) -> str:
        return lines[number - 1] if 0 < number <= len(lines) else ""

    advice: str
    # A list item written without its dash is a mapping line, or a bare word, where the list goes on; the scanner
    # notices a bare word only at the next line, so its line is where the word began (the context).
    bare = problem.startswith("could not find expected ':'") and context is not None
    at_line = context.line + 1 if bare and context is not None else line
    dash = missing_dash(lines, at_line) if bare or problem.startswith("expected <block end>") else None
    if dash is not None:
        line, col = at_line, _indent(at(at_line)) + 1
        advice = dash
    elif problem.startswith("could not find expected ':'") and context is not None:
        # The scanner notices only at the next line; the line without a colon is where the key began.
        line, col = context.line + 1, context.column + 1
        advice = "this line has no ':'; every order line is 'key: value' (for example 'bid: 4')"
    elif problem.startswith("mapping values are not allowed"):
        current = at(line)
        previous = next((at(n) for n in range(line - 1, 0, -1) if at(n).strip()), "")
        deeper = len(current) - len(current.lstrip(" ")) > len(previous) - len(previous.lstrip(" "))
        if deeper and not previous.rstrip().endswith(":"):
            advice = ("this line is indented more than the line above; keys at the same level start in the "
                      "same column")
        else:
            key = _key_of(current)
            advice = (f"a value with ': ' in it must be in quotes, for example {key}: \"…: …\"; or a second "
                      "key was written on this line (one 'key: value' a line)")
    elif "found character '\\t'" in problem or "'\\t'" in problem:
        advice = "a tab character: YAML indents with spaces only; replace the tab with spaces"
    elif problem.startswith("found duplicate key"):
        found = re.search(r'duplicate key "([^"]*)"', problem)
        name = found.group(1) if found else "this key"
        advice = f"{json.dumps(name)} is given twice; keep only the one you mean"
        dash = missing_dash(lines, line, duplicate=True)
        if dash is not None:
            advice += f"; or, {dash}"
    elif problem.startswith(("expected ',' or ']'", "expected ',' or '}'")):
        closing = "]" if "]" in problem else "}"
        if context is not None:
            line, col = context.line + 1, context.column + 1
        advice = (f"the '{'[' if closing == ']' else '{'}' opened here is not closed: end it with '{closing}', "
                  f"with a comma between items")
    elif problem.startswith("found unexpected end of stream") or "found unexpected end of stream" in problem:
        if context is not None:
            line, col = context.line + 1, context.column + 1
        advice = "a quote opened here is never closed: end the text with the same quote mark"
    elif problem.startswith("found unknown escape character"):
        advice = ("a backslash inside double quotes starts an escape; use single quotes, or write two "
                  "backslashes")
    elif problem.startswith("expected <block end>") and "<scalar>" in problem and ("'" in at(line) or '"' in at(line)):
        advice = ("the text goes on after its closing quote: inside '…' write a ' twice (for example 'it''s'), "
                  "or put the text in double quotes (\"it's\")")
    elif problem.startswith("expected <block end>") or problem.startswith("did not find expected key"):
        advice = ("this line does not line up with the lines above: keys at one level start in the same column, "
                  "and text that starts with a quote must end with it")
    elif problem.startswith("did not find expected '-' indicator"):
        advice = "the items of a list each start with '- ' in the same column"
    elif problem.startswith("found a tab character"):
        advice = "a tab character: YAML indents with spaces only; replace the tab with spaces"
    else:
        advice = "this is not valid YAML"
    said = f" (YAML says: {problem})" if problem else ""
    return line, col, f"{advice}; the line reads {quote_line(text, line)}{said}"
