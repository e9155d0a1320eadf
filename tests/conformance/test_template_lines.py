"""Order templates a player can copy (issue 19, "Templates a player can copy"), for every registered game.

At positions of seeded robot games of every game and setup the registry names (cases.py), each ready line of
each due seat's template (order text right after a bare `#`, with the block lines behind `#  ` that continue it)
is uncommented on its own, as a player would: the `#` deleted and, for a top-level key the order already gives
(`#action: excavate` beside `action: drill`), the line in force commented out, as the template says to. The
result is parsed as pbem parses orders and must be accepted by `check`: a template only offers what the rules
allow. The template as it stands must be accepted too.

A template may end a turn's choices with answers in advance: commented `answers:` blocks (`#answers:` and one
`#  key: answer` line per question), each for the questions the turn may ask later with no actions or with some
of the ready lines. Each block is uncommented together with each ready entry of the template, and with no entry
at all. For some of them the block must be what the turn asks: the answer to the order alone names each line of
the block as the way to answer a question to come, and the order with the block is accepted and leaves none of
its keys to be asked (but after answers other than the deadline's to earlier questions). With any other entry
the order may be refused only for an answer of the block, as the template says.

Every template's comments are wrapped once, at word boundaries, within 72 columns: no line is wider, a line that
continues a paragraph (two spaces further in than its first line) holds words that would not have fitted on the
line before, and a paragraph ends as a sentence.
"""

from __future__ import annotations

import copy
import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from engine.contract import Game, State
from engine.rng import Rng
from pbem.orders import TEMPLATE_WIDTH, OrderDoc, parse

from .cases import Case, cases, params

#: A ready line: order text right after the `#`; a block entry's further lines are behind `#` and two spaces.
READY = re.compile(r"^#[^\s#]")
READY_MORE = re.compile(r"^#  \S")
TOP_KEY = re.compile(r"^(\w+):")
#: A commented example of a section to fill in (`# cleanup: {court: [], hand: []}`) is no sentence.
EXAMPLE = re.compile(r"^\w+: [\[{]")
SENTENCE_ENDS = (".", ":", "?")
#: A commented block of answers in advance, and one answer's key in it.
ANSWERS = "#answers:"
ANSWER_KEY = re.compile(r"^#  ([\w.\-]+):( |$)")
#: How the answer to an accepted order begins what holds only after some answers to the questions before it.
DEPENDING = "Depending on the answers above"


@dataclass(frozen=True)
class Position:
    """A state of a robot game, the step it was reached at, and the seat a template is for."""

    step: int
    state: State
    seat: str


def positions(case: Case, seed: int, every: int, most: int) -> Iterator[Position]:
    """Every `every`-th step of a seeded robot game (at most `most` of them), with each seat prompted there."""
    game = case.game
    state = game.setup(case.seats, case.options, Rng.for_step(f"templates-{seed}", 0))
    shown = 0
    for step in range(1, 5000):
        if game.result(state) is not None or shown >= most:
            return
        prompts = game.prompts(state)
        if step % every == 1 or every == 1:
            shown += 1
            for prompt in prompts:
                yield Position(step, state, prompt.seat)
        orders = {p.seat: game.random_order(state, p.seat, Rng.for_robot(f"templates-{seed}", step, p.seat))
                  for p in prompts}
        state = game.apply(state, orders, Rng.for_step(f"templates-{seed}", step)).state


def ready_blocks(lines: list[str]) -> Iterator[tuple[int, int]]:
    """(first, end) line indexes of each ready line with the block lines that continue it."""
    index = 0
    while index < len(lines):
        if READY.match(lines[index]):
            end = index + 1
            while end < len(lines) and READY_MORE.match(lines[end]):
                end += 1
            yield index, end
            index = end
        else:
            index += 1


def uncommented(lines: list[str], *blocks: tuple[int, int]) -> str:
    """The template with ready blocks uncommented, and the lines in force of the same top-level keys commented."""
    out = list(lines)
    for first, end in blocks:
        for index in range(first, end):
            out[index] = lines[index][1:]
        key = TOP_KEY.match(out[first])
        if key is not None:
            for index, line in enumerate(out):
                if index != first and line.startswith(f"{key[1]}:"):
                    out[index] = "#" + line
    return "\n".join(out) + "\n"


@functools.lru_cache(maxsize=512)
def read(text: str) -> OrderDoc:
    """`text` parsed as pbem parses orders, once: the same uncommented text is checked and warned of, and parsing
    a template's many comment lines took most of this test's time."""
    return parse(text, "template")


def body(doc: OrderDoc) -> dict[str, Any]:
    """A copy of a parsed order's body, so that no check can change what the next one reads."""
    return copy.deepcopy(doc.body)


def accepted(game: Game, at: Position, text: str, what: str) -> None:
    """`text` parses as pbem parses orders and passes `check` for the seat at the position."""
    doc = read(text)
    assert not doc.problems, f"step {at.step} {at.seat}: {what} does not parse: {doc.problems}\n{text}"
    found = game.check(at.state, at.seat, body(doc))
    assert found == [], f"step {at.step} {at.seat}: {what} is refused: {found}\n{text}"


def layout_problems(text: str) -> list[str]:
    """Lines wider than the width, continuation lines whose first word fits on the line before (a comment wrapped
    twice, or a fragment), lines that are neither a paragraph's start nor its continuation, and paragraphs that
    do not end as sentences."""
    found = []
    start: tuple[int, list[str]] | None = None  # the open paragraph: its indent and its lines' texts

    def close() -> None:
        if start is not None:
            words = " ".join(start[1])
            if not EXAMPLE.match(words) and not words.endswith(SENTENCE_ENDS):
                found.append(f"not a sentence: {words!r}")

    previous = ""
    for line in text.splitlines():
        if len(line) > TEMPLATE_WIDTH:
            found.append(f"wider than {TEMPLATE_WIDTH}: {line!r}")
        if not line.startswith("# ") or READY_MORE.match(line):
            close()
            start, previous = None, line
            continue
        spaces = len(line) - len(line[1:].lstrip(" ")) - 1
        indent, body = spaces - 1, line[1 + spaces:]
        if body.startswith("* ") or indent == 0:
            close()
            start = (indent, [body.removeprefix("* ")])
        elif start is not None and indent == start[0] + 2:
            first_word = body.split(" ", 1)[0]
            if len(previous) + 1 + len(first_word) <= TEMPLATE_WIDTH:
                found.append(f"a fragment: {first_word!r} fits on {previous!r}")
            start[1].append(body)
        else:
            found.append(f"neither a paragraph's start nor its continuation: {line!r}")
        previous = line
    close()
    return found


def check_templates(case: Case, seed: int, every: int, most: int) -> int:
    """Every ready line and the layout of every due seat's template at the positions; returns the templates
    looked at."""
    game = case.game
    seen = 0
    for at in positions(case, seed, every, most):
        seen += 1
        template = game.template(at.state, at.seat)
        assert layout_problems(template) == [], f"step {at.step} {at.seat}:\n{template}"
        accepted(game, at, template, "the template as it stands")
        lines = template.splitlines()
        blocks = list(ready_blocks(lines))
        for first, end in blocks:
            accepted(game, at, uncommented(lines, (first, end)), f"ready line {lines[first]!r}")
        ahead = [block for block in blocks if lines[block[0]] == ANSWERS]
        entries = [block for block in blocks if block not in ahead]
        # What the answer to each entry alone warns of is the same for every block: asked once per entry.
        warned = {entry: game.warnings(at.state, at.seat, body(read(uncommented(lines, *((entry,) if entry else ())))))
                  for entry in [None, *entries]} if ahead else {}
        for block in ahead:
            answered_ahead(game, at, lines, block, entries, warned)
    return seen


def answer_lines(lines: list[str]) -> list[str]:
    """The answers of a commented `answers:` block as one line each ("key: value"), a list written one item a line
    (`#  key:` and `#  - item` lines) in flow style."""
    found: list[str] = []
    items: list[str] | None = None
    for line in lines:
        if line.startswith("#  - ") and items is not None:
            items.append(line[5:])
            found[-1] = f"{found[-1].split(':', 1)[0]}: [{', '.join(items)}]"
            continue
        match = ANSWER_KEY.match(line)
        assert match is not None, f"not an answer by key: {line!r}"
        found.append(line[3:])
        items = [] if line.endswith(":") else None
    return found


def answered_ahead(game: Game, at: Position, lines: list[str], block: tuple[int, int],
                   entries: list[tuple[int, int]], warned: dict[tuple[int, int] | None, list[str]]) -> None:
    """The answers block, uncommented with each ready entry and with none, is accepted, and answers the questions
    of its keys for at least one of them; `warned` holds the warnings of each entry alone (None: no entry)."""
    given = answer_lines(lines[block[0] + 1:block[1]])
    keys = [answer.split(":", 1)[0] for answer in given]
    assert keys, f"step {at.step} {at.seat}: an answers block without keys: {lines[block[0]]!r}"
    used = []
    for entry in [None, *entries]:
        alone = (entry,) if entry is not None else ()
        what = f"the answers at line {block[0] + 1} with {lines[entry[0]]!r}" if entry else "the answers alone"
        text = uncommented(lines, *alone, block)
        asked = warned[entry]
        # The entry the block is for: the answer to the order alone names each of its lines as the way to answer.
        if not all(any(f"`{answer}`" in line for line in asked) for answer in given):
            # With another entry a key may be asked with other choices: the template says such an answer is
            # refused, and nothing else may be.
            doc = read(text)
            assert not doc.problems, f"step {at.step} {at.seat}: {what} does not parse: {doc.problems}\n{text}"
            found = game.check(at.state, at.seat, body(doc))
            assert all(p.path[:1] == ("answers",) and p.path[1:] and p.path[1] in keys for p in found), (
                f"step {at.step} {at.seat}: {what} is refused: {found}\n{text}")
            continue
        accepted(game, at, text, what)
        after = game.warnings(at.state, at.seat, body(read(text)))
        # Only the deadline's answers to earlier questions are sure to lead to the same question again: one
        # asked after some other answers only ("Depending on the answers above: ...") may take another answer.
        assert not any(f"`{key}:" in line for line in after for key in keys if not line.startswith(DEPENDING)), (
            f"step {at.step} {at.seat}: {what} leave questions to be asked: {after}\n{text}")
        used.append(what)
    assert used, (f"step {at.step} {at.seat}: no ready entry asks what the answers at line {block[0] + 1} answer:"
                  f" {keys}\n" + "\n".join(lines))


def first_cases() -> list[object]:
    """One setup of each registered game (the first the registry names), for the quick variant."""
    seen: dict[str, Case] = {}
    for case in cases():
        seen.setdefault(case.game_id, case)
    return [pytest.param(case, id=case.name) for case in seen.values()]


@pytest.mark.parametrize("case", first_cases())
def test_each_ready_line_of_a_few_templates_uncommented_alone_is_an_accepted_order(case: Case) -> None:
    assert check_templates(case, 0, every=9, most=8) > 0


@pytest.mark.slow
@pytest.mark.parametrize("case", params())
def test_each_ready_line_of_many_templates_uncommented_alone_is_an_accepted_order(case: Case) -> None:
    for seed in range(3):
        check_templates(case, seed, every=2, most=60)


def test_a_template_wrapped_twice_shows_its_fragments() -> None:
    """What fit_comments made of a comment wrapped at 84 columns before (issue 19's Expedition to 5X example)."""
    twice = ("#   * excavate: bid water for a market technology (alone: beat the die;\n"
             "#     with others:\n"
             "#     identical bids drop out)\n")
    assert [p for p in layout_problems(twice) if p.startswith("a fragment")] == [
        "a fragment: 'identical' fits on '#     with others:'"]
    once = "# " + " ".join(["word"] * 14) + "\n#   " + " ".join(["word"] * 3) + ".\n"
    assert layout_problems(once) == []
    assert layout_problems("# Half a sentence\n") == ["not a sentence: 'Half a sentence'"]
