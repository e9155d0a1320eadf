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


# --- A list item written without its "- " ------------------------------------------------------------------------

TURN = "game: g1\nseat: anna\nstep: 3\nactions:\n  - action: purchase\n    row: 1\n    column: 3\n"


def test_a_list_item_without_its_dash_says_the_dash_is_missing() -> None:
    (problem,) = parse(TURN + "  action: play\n    card: 30\n", "mail").problems
    assert (problem.line, problem.col) == (8, 3)
    assert problem.message.startswith("not valid YAML: a dash is missing: every item of a list starts with '- ' in "
                                      "the column of the dashes above, so write \"  - action: play\"")
    assert "does not line up" not in problem.message and 'the line reads "  action: play"' in problem.message


def test_a_list_item_without_its_dash_in_the_column_of_the_keys_above_says_so_too() -> None:
    (problem,) = parse(TURN + "    action: play\n    card: 30\n", "mail").problems
    assert problem.line == 8 and '"action" is given twice' in problem.message
    assert "if this line starts the next item of the list, a dash is missing" in problem.message
    assert 'so write "  - action: play"' in problem.message


def test_a_word_of_a_list_without_its_dash_says_the_dash_is_missing() -> None:
    (problem,) = parse("game: g1\nwishes:\n  - T01\n  T02\n", "mail").problems
    assert problem.line == 4 and 'a dash is missing' in problem.message and 'so write "  - T02"' in problem.message
    assert "further in" not in problem.message


def test_a_dash_without_its_space_says_so() -> None:
    (problem,) = parse(TURN + "  -action: play\n", "mail").problems
    assert problem.line == 8 and 'a list item starts with a dash and a space: write "  - action: play"' in \
        problem.message


def test_a_key_out_of_line_outside_a_list_is_still_said_to_be_out_of_line() -> None:
    (problem,) = parse("game: g1\nbid:\n  alone: 2\n contested: 3\n", "mail").problems
    assert "a dash is missing" not in problem.message


@pytest.mark.parametrize(("text", "where", "what"), [
    ("seats: [\n", "line 2, column 1", "while parsing a flow node; expected the node content"),
    ("a: 1\na: 2\n", "line 2, column 1", 'found duplicate key "a"'),
    ("a: b: c\n", "line 1, column 5", "mapping values are not allowed here"),
])
def test_a_moderators_file_that_does_not_parse_is_one_line_naming_where(text: str, where: str, what: str) -> None:
    from ruamel.yaml import YAML
    from ruamel.yaml.error import YAMLError

    from pbem.yamlhelp import one_line

    with pytest.raises(YAMLError) as caught:
        YAML(typ="safe").load(text)
    said = one_line(caught.value)
    assert "\n" not in said and "<unicode string>" not in said
    assert said.startswith(f"{where}: ") and what in said
