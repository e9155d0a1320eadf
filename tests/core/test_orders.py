"""Order documents from strangers: parsed safely, every problem placed at file:line:col."""

from __future__ import annotations

import pytest

from pbem.orders import MAX_BYTES, MAX_DEPTH, TABS_READ, parse, render


def test_header_and_body_are_split() -> None:
    doc = parse("game: g\nseat: anna\nstep: 2\naction: drill\nwish: [3, 1]\n", "o.yaml")
    assert doc.problems == []
    assert doc.header == {"game": "g", "seat": "anna", "step": 2}
    assert doc.body == {"action": "drill", "wish": [3, 1]}


def test_problem_paths_map_to_line_and_column() -> None:
    doc = parse("game: g\nseat: anna\nstep: 2\nplace:\n  side: left\nwish:\n  - 3\n  - 9\n", "o.yaml")
    assert str(doc.locate(("place", "side"), "bad side")) == "o.yaml:5:9: bad side"
    assert str(doc.locate(("wish", 1), "no card 9")) == "o.yaml:8:5: no card 9"


def test_malformed_yaml_names_line_and_column() -> None:
    doc = parse("game: g\nseat: anna\nstep: [1,\n", "bad.yaml")
    [problem] = doc.problems
    assert (problem.source, problem.line) == ("bad.yaml", 4)
    assert "not valid YAML" in problem.message


@pytest.mark.parametrize("text", ["a: &x 1\nb: *x\n", "a: &x [1]\n"])
def test_anchors_and_aliases_are_refused(text: str) -> None:
    [problem] = parse(text, "o.yaml").problems
    assert "anchors and aliases" in problem.message
    assert problem.line == 1


def test_billion_laughs_is_refused_before_expansion() -> None:
    text = 'a: &a ["x","x"]\nb: &b [*a,*a]\nc: &c [*b,*b]\nd: [*c,*c]\n'
    assert "anchors and aliases" in parse(text, "o.yaml").problems[0].message


def test_oversized_file_is_refused() -> None:
    [problem] = parse(b"a: " + b"x" * MAX_BYTES + b"\n", "big.yaml").problems
    assert "limit" in problem.message


def test_deep_nesting_is_refused() -> None:
    text = "a: " + "[" * (MAX_DEPTH + 2) + "]" * (MAX_DEPTH + 2) + "\n"
    assert "nest" in parse(text, "o.yaml").problems[0].message


def test_custom_tags_are_refused() -> None:
    assert "tags" in parse("a: !!python/object:os.system ls\n", "o.yaml").problems[0].message


def test_two_documents_are_refused() -> None:
    assert "one YAML document" in parse("a: 1\n---\nb: 2\n", "o.yaml").problems[0].message


def test_non_utf8_is_refused_with_position() -> None:
    [problem] = parse(b"game: g\nseat: \xff\n", "o.yaml").problems
    assert (problem.line, problem.col) == (2, 7)


def test_a_list_is_not_an_order_document() -> None:
    assert "mapping" in parse("- 1\n- 2\n", "o.yaml").problems[0].message


@pytest.mark.parametrize(
    ("text", "line", "col"),
    [
        ("game: g\nseat: anna\nstep: " + "9" * 5000 + "\n", 3, 7),
        ("a: -" + "1" * 5000 + "\n", 1, 4),
        ("a: 1\nb: 0x" + "f" * 5000 + "\n", 2, 4),
        ("a: [1, 0b" + "1" * 20000 + "]\n", 1, 8),
        ("%YAML 1.1\n---\na: 1" + ":59" * 3000 + "\n", 3, 4),
    ],
)
def test_a_number_too_long_for_python_is_a_located_problem(text: str, line: int, col: int) -> None:
    [problem] = parse(text, "o.yaml").problems
    assert (problem.line, problem.col) == (line, col)
    assert "too many digits" in problem.message


def test_an_impossible_date_is_a_located_problem() -> None:
    [problem] = parse("a: 1\nwhen: 2001-13-45\n", "o.yaml").problems
    assert (problem.line, problem.col) == (2, 7)
    assert "month must be in 1..12" in problem.message


@pytest.mark.parametrize(
    ("text", "line", "col", "shown"),
    [
        ("action: drill\n1: x\n", 2, 1, "a number"),
        ("true: x\n", 1, 1, "true or false"),
        ("~: x\n", 1, 1, "empty"),
        ("a:\n  ? [1, 2]\n  : x\n", 2, 5, "a list"),
        ("? {b: 1}\n: x\n", 1, 3, "a mapping"),
    ],
)
def test_keys_must_be_text(text: str, line: int, col: int, shown: str) -> None:
    [problem] = parse(text, "o.yaml").problems
    assert (problem.line, problem.col) == (line, col)
    assert f"a key must be a word, not {shown}" in problem.message


def test_merge_keys_are_refused() -> None:
    [problem] = parse("a: 1\nb:\n  c: 1\n  <<: {a: 2}\n", "o.yaml").problems
    assert problem.line == 4
    assert "merge keys (<<) are not allowed" in problem.message


@pytest.mark.parametrize(
    ("data", "line", "col"),
    [("a: 1\nb: x\x00y\n", 2, 5), (b"a: 1\nb: x\x07y\n", 2, 5), ("a: 1\nb: \udcff\n", 2, 4)],
)
def test_control_characters_and_lone_surrogates_are_located_on_one_line(data: str | bytes, line: int, col: int) -> None:
    [problem] = parse(data, "o.yaml").problems
    assert (problem.line, problem.col) == (line, col)
    assert "\n" not in str(problem)


@pytest.mark.parametrize(
    "data",
    [
        b"\xef\xbb\xbfgame: g\r\nseat: anna\r\nstep: 2\r\naction: drill\r\n",
        "\ufeffgame: g\nseat: anna\nstep: 2\naction: drill\n",
    ],
)
def test_a_byte_order_mark_and_crlf_lines_are_read(data: str | bytes) -> None:
    doc = parse(data, "o.yaml")
    assert doc.problems == [] and doc.header == {"game": "g", "seat": "anna", "step": 2}


def test_a_long_scalar_within_the_byte_limit_is_read() -> None:
    doc = parse(b"game: g\nnote: " + b"x" * (MAX_BYTES - 20) + b"\n", "o.yaml")
    assert doc.problems == [] and len(doc.body["note"]) == MAX_BYTES - 20


def test_tabs_used_consistently_are_read_as_indentation_and_said() -> None:
    doc = parse("a:\n\t- b: 1\n\t\tc: 2\n", "o.yaml")
    assert doc.problems == [] and doc.body == {"a": [{"b": 1, "c": 2}]}
    assert doc.notes == [TABS_READ] and "\t" in doc.text  # the player's text is kept as written
    assert (doc.locate(("a", 0, "c"), "x").line, doc.locate(("a", 0, "c"), "x").col) == (3, 6)  # "\t\tc: 2", at the 2


def test_tabs_for_indentation_that_read_wrong_either_way_are_a_located_problem() -> None:
    [problem] = parse("a: 1\n\tb: 2\n", "o.yaml").problems
    assert problem.line == 2 and "not valid YAML" in problem.message and "tab" in problem.message


@pytest.mark.parametrize(("text", "where", "said"), [
    ("a:\n\t  b: 1\n", (2, 2), "mixes tabs and spaces"),
    ("a:\n  b: 1\nc:\n\td: 2\n", (4, 1), "indented with tabs, and line 2 with spaces"),
])
def test_tabs_mixed_with_spaces_are_refused_where_they_mix(text: str, where: tuple[int, int], said: str) -> None:
    [problem] = parse(text, "o.yaml").problems
    assert (problem.line, problem.col) == where and said in problem.message


@pytest.mark.parametrize("name", ["true", "False", "NULL", "null", "anna", "tiny&game", "2026", "1e3", "-x", "a b"])
def test_a_rendered_header_reads_back_as_the_same_names(name: str) -> None:
    doc = parse(render({"game": name, "seat": name, "step": 4}, "pick: 1\n"), "o.yaml")
    assert doc.problems == [] and doc.header == {"game": name, "seat": name, "step": 4}


@pytest.mark.parametrize("text", [
    "note: |\n  # kept: a line of a block scalar\n  and its next line\nx: 1\n",
    'note: "a quoted text\n  # kept as well\n  "\nx: 1\n',
    # The scalar ends inside the line that looks like a comment: cutting that line would change the document.
    'note: "a quoted text\n  # kept, and the quote ends here"\nx: 1\n',
    "note: 'a quoted text\n  # kept: it isn''t over until here'\nx: 1\n",
    "note: >\n  # kept, folded\n\n  # and kept after a blank line\nx: 1\n",
])
def test_a_line_starting_with_a_hash_inside_a_scalar_of_several_lines_is_text_not_a_comment(text: str) -> None:
    doc = parse(text, "o.yaml")
    assert doc.problems == [] and "# kept" in doc.body["note"] and doc.body["x"] == 1


def test_what_a_comment_holds_is_never_read_as_yaml() -> None:
    doc = parse("# &anchor *alias !!tag \"unclosed\n  # key: [unclosed\nx: 1  # &a *a\n", "o.yaml")
    assert doc.problems == [] and doc.body == {"x": 1}
    [problem] = parse("# a comment\nx: &a 1\ny: *a\n", "o.yaml").problems
    assert problem.line == 2 and "anchors and aliases" in problem.message


def test_a_problem_below_long_comment_lines_is_placed_where_the_player_wrote_it() -> None:
    text = "# a long comment, " + "word " * 40 + "\n    # an indented one\nx: 1\ny: [1, 2\n"
    found = parse(text, "o.yaml").problems
    assert found and found[0].line == 4, found
    assert parse(text, "o.yaml").text == text


def test_a_text_read_again_is_the_same_document_with_its_own_source_and_copies() -> None:
    text = "game: g\nseat: anna\nstep: 2\nactions:\n  - {action: tax, from: ben}\n"
    first = parse(text, "robot/anna.yaml")
    first.body["actions"][0]["from"] = "cleo"  # the rules may change the orders they are given
    again = parse(text, "pending/anna.yaml")
    assert again.problems == [] and again.source == "pending/anna.yaml"
    assert again.body == {"actions": [{"action": "tax", "from": "ben"}]}
    assert again.header == {"game": "g", "seat": "anna", "step": 2}
    assert str(again.locate(("actions", 0, "from"), "no such seat")) == "pending/anna.yaml:5:25: no such seat"


def test_a_text_with_problems_is_read_anew_each_time() -> None:
    text = "game: g\nseat: [1,\n"
    assert [p.source for p in parse(text, "a.yaml").problems] == ["a.yaml"]
    assert [p.source for p in parse(text, "b.yaml").problems] == ["b.yaml"]
