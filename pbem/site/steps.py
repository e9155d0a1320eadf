"""Every step page of one reader, drawing again only what a new step changes.

A step page is a frame (its heading, the links to the steps before and after, the jump list of every step)
around a body (what the step shows, with what changed since the step before marked). A new step changes every
frame, since each jump list grows, but no earlier body: a body is drawn from the reader's model of its own step
and, for the marks, of the step before. So a page holds its body between two comments, the first naming the key
it was drawn under: a hash of what drew it (pbem's version and the templates), the reader's kind, the step's
model and the key of the step before (a chain: a step that changes draws every later body again). A build that
finds, in the page it wrote before, a body under the same key keeps that body and draws only the frame: a game's
new step draws one body a reader, not every one of them.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Sequence
from typing import Any

import jinja2
from markupsafe import Markup

from engine.words import counted
from pbem import version
from pbem.reports.html import game_template
from pbem.site import replay
from pbem.site.output import SiteOutput

#: Where a step page says how much of its board changed (known once the body is drawn).
CHANGES_NOTE = "<!-- board changes -->"
#: A page's body and the key it was drawn under, as step.html.j2 writes them.
_BODY = re.compile(r"<!-- step body ([0-9a-f]{64}) -->\n(.*)<!-- end of step body -->", re.S)


def put_steps(env: jinja2.Environment, output: SiteOutput, folder: str, common: dict[str, Any],
              models: Sequence[dict[str, Any]], *, private: bool) -> None:
    """Every step page of one reader into `folder`, with what changed on the board and in the tables since the
    step before marked (both bodies drawn from the same reader's views, so the marks tell nothing the reader
    cannot see); a body whose key the page already holds is kept as it is."""
    partial = game_template(env, common["game_id"], "report")
    salt = drawn_by(env, private)
    key = ""
    drawn: str | None = None  # the step before's body as drawn, unmarked: what this step's marks compare with
    for position, model in enumerate(models):
        key = body_key(salt, model, key)
        path = f"{folder}/{model['step']:04d}.html"
        body = _kept_body(output, path, key)
        if body is None:
            before = drawn
            if position > 0 and before is None:  # the step before was kept: draw it again, only to compare
                before = _draw(env, models[position - 1], private, partial)
            drawn = _draw(env, model, private, partial)
            body = _marked(drawn, before, models[position - 1]["step"] if position > 0 else None)
        else:
            drawn = None
        output.put(path, env.get_template("site/step.html.j2").render(
            **common,
            root="../../",
            m=model,
            history=models,
            previous=models[position - 1]["step"] if position > 0 else None,
            next=models[position + 1]["step"] if position + 1 < len(models) else None,
            private=private,
            body_key=key,
            body=Markup(body),
        ))


def drawn_by(env: jinja2.Environment, private: bool) -> str:
    """What draws a reader's bodies besides their models: pbem's version (its code draws the boards), every
    template the environment can load, as they read now, and whether the reader is a seat."""
    digest = hashlib.sha256(version.running().encode("utf-8"))
    loader = env.loader
    assert loader is not None
    for name in sorted(env.list_templates(extensions=["j2"])):
        source, _, _ = loader.get_source(env, name)
        digest.update(b"\0" + name.encode("utf-8") + b"\0" + source.encode("utf-8"))
    digest.update(b"\0private" if private else b"\0public")
    return digest.hexdigest()


def body_key(salt: str, model: dict[str, Any], before: str) -> str:
    """The key of a body drawn under `salt` from `model`, after the body of key `before` ("" for the first)."""
    # In the order the model was made (as reports store it): the same code makes the same order, and keys of
    # mixed kinds, which sorting refuses, stay possible.
    text = json.dumps(model, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256("\0".join([salt, before, text]).encode("utf-8")).hexdigest()


def changed_words(on_board: int, in_tables: int, previous: int) -> str:
    """What the change marks of a step page show, in a sentence."""
    if on_board == 0 and in_tables == 0:
        return f"Nothing in the game is drawn differently since step {previous}."
    parts = []
    if on_board:
        parts.append(f"{counted(on_board, 'mark')} on the board")
    if in_tables:
        parts.append(f"{counted(in_tables, 'table cell')}")
    return f"Changed since step {previous}, outlined in gold: {' and '.join(parts)}."


def _kept_body(output: SiteOutput, path: str, key: str) -> str | None:
    """The body of the page the last build wrote at `path`, when it was drawn under `key`; else None."""
    if path not in output.before:  # only a page pbem wrote (the ledger says so) is read back
        return None
    try:
        page = (output.out / path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    found = _BODY.search(page)
    return found.group(2) if found is not None and found.group(1) == key else None


def _draw(env: jinja2.Environment, model: dict[str, Any], private: bool, partial: str | None) -> str:
    """A step's body, before its marks."""
    return env.get_template("site/step_body.html.j2").render(root="../../", m=model, private=private,
                                                             partial=partial)


def _marked(drawn: str, before: str | None, previous: int | None) -> str:
    """A body with what changed since the step before's body `before` marked, and said in a line (none for the
    first step, or when the step before drew neither board nor tables)."""
    if before is None or previous is None:
        return drawn.replace(CHANGES_NOTE, "", 1)
    boards, cells = replay.boards(before), replay.cells(before)
    marked, on_board = replay.mark_changes(drawn, boards)
    marked, in_tables = replay.mark_cells(marked, cells)
    note = ""
    if boards or cells:
        note = f'<p class="changes-note">{changed_words(on_board, in_tables, previous)}</p>'
    return marked.replace(CHANGES_NOTE, note, 1)
