"""Order documents from strangers: parsed safely, every problem placed at file:line:col."""

from __future__ import annotations

import pytest

from pbem.orders import MAX_BYTES, MAX_DEPTH, parse


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
