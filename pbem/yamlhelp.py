"""YAML errors in words a player can act on: what is wrong, the line as written, and what to write instead."""

from __future__ import annotations

import json
import re

from ruamel.yaml.error import MarkedYAMLError

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
    if problem.startswith("could not find expected ':'") and context is not None:
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
