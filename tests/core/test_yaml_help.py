"""A YAML mistake is explained in words: where, the line as written, and what to write instead."""

from __future__ import annotations

import json

import pytest

from pbem.orders import parse

CASES = [
    ("game: g1\nbid: x: y\n", 2, "must be in quotes"),
    ("game: g1\nactions: [a, b\n", 2, "is not closed: end it with ']'"),
    ("game: g1\n  bid: 3\nx: 1\n", 2, "indented more than the line above"),
    ("game: g1\nbid 4\n", 2, "this line has no ':'"),
    ("game: g1\n\tbid: 4\n", 2, "replace the tab with spaces"),
    ("game: g1\nbid: 4\nbid: 5\n", 3, '"bid" is given twice'),
    ("game: g1\nname: 'it's\n", 2, "write a ' twice"),
    ('game: g1\nname: "abc\n', 2, "never closed"),
    ('game: g1\nx: "a\\q"\n', 2, "use single quotes"),
    ("game: g1\nwishes:\n  - a\n - b\n", 4, "does not line up"),
]


@pytest.mark.parametrize(("text", "line", "advice"), CASES)
def test_a_yaml_mistake_is_explained_with_its_line_quoted(text: str, line: int, advice: str) -> None:
    (problem,) = parse(text, "mail").problems
    assert problem.line == line
    assert advice in problem.message
    written = text.split("\n")[line - 1]
    assert f"the line reads {json.dumps(written, ensure_ascii=False)}" in problem.message
    assert "\n" not in problem.message and "YAML says:" in problem.message


def test_a_very_long_line_is_quoted_shortened() -> None:
    (problem,) = parse("game: g1\nbid: " + "x: " * 200 + "\n", "mail").problems
    assert "…" in problem.message and len(problem.message) < 400
