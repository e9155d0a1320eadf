"""A paused turn has one record and one resume path, the kernel's (games/pax/paused.py), for every Pax game.

Outside that module no code under games/ may keep a pause machinery of its own. Concretely, no module:
* defines a class named `Paused`, or constructs one (`Paused(...)`: only decoding and copying a stored one);
* pauses a turn or clears its pause by assigning a state's `paused` (the kernel's `hold` does, for every turn);
* defines a resume function (`resume`, `resume_...`, `_resume...`);
* reads the `answers` of a paused record, which is what running a paused turn again starts from.
An order's warnings are the exception for the last two: a `Warner`'s `resume` hook tries a paused turn on a copy
with an answer, to say what it would set in motion, and stores nothing.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import games.pax
from games.pax.paused import Layout, Paused

GAMES = Path(games.pax.__file__).parent.parent
MACHINE = GAMES / "pax" / "paused.py"
#: The kernel class whose `resume` hook tries a paused turn on for the warnings (games/pax/warnings.py).
TRIAL_HOOKS = "Warner"


def _is_trial_hooks(node: ast.ClassDef) -> bool:
    """The warnings' hook class, or a game's subclass of it."""
    bases = {b.id if isinstance(b, ast.Name) else b.value.id if isinstance(b, ast.Subscript)
             and isinstance(b.value, ast.Name) else "" for b in node.bases}
    return node.name == TRIAL_HOOKS or TRIAL_HOOKS in bases


def _is_paused_record(node: ast.expr) -> bool:
    """`paused` or `<anything>.paused`."""
    return (isinstance(node, ast.Name) and node.id == "paused") or (isinstance(node, ast.Attribute)
                                                                   and node.attr == "paused")


def _is_resume_name(name: str) -> bool:
    return name.lstrip("_") == "resume" or name.lstrip("_").startswith("resume_")


def machinery(source: str) -> list[str]:
    """What in `source` pauses or resumes a turn by itself, each with its line."""
    found: list[str] = []

    def visit(node: ast.AST, in_trial_hooks: bool) -> None:
        if isinstance(node, ast.ClassDef):
            if node.name == "Paused":
                found.append(f"class Paused ({node.lineno})")
            in_trial_hooks = in_trial_hooks or _is_trial_hooks(node)
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            if name == "Paused":
                found.append(f"Paused(...) constructed ({node.lineno})")
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                for part in ast.walk(target):
                    if isinstance(part, ast.Attribute) and part.attr == "paused":
                        found.append(f"a state's paused assigned ({node.lineno})")
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if _is_resume_name(node.name) and not in_trial_hooks:
                found.append(f"resume function {node.name} ({node.lineno})")
        elif isinstance(node, ast.Attribute):
            if node.attr == "answers" and _is_paused_record(node.value) and not in_trial_hooks:
                found.append(f"a paused record's answers read ({node.lineno})")
        for child in ast.iter_child_nodes(node):
            visit(child, in_trial_hooks)

    visit(ast.parse(source), False)
    return found


MODULES = sorted(str(p.relative_to(GAMES)) for p in GAMES.rglob("*.py") if p != MACHINE)


@pytest.mark.parametrize("module", MODULES)
def test_no_module_but_the_kernels_pauses_or_resumes_a_turn(module: str) -> None:
    assert machinery((GAMES / module).read_text(encoding="utf-8")) == []


def test_the_kernel_module_is_the_machine() -> None:
    found = machinery(MACHINE.read_text(encoding="utf-8"))
    assert any(f.startswith("class Paused") for f in found)
    assert any(f.startswith("Paused(...) constructed") for f in found)
    assert any(f.startswith("resume function resume") for f in found)
    assert any(f.startswith("a paused record's answers read") for f in found)


@pytest.mark.parametrize("source, what", [
    ("class Paused:\n    pass\n", "class Paused"),
    ("def finish(state):\n    state.paused = Paused({}, 'anna', {})\n", "Paused(...) constructed"),
    ("def finish(state):\n    state.paused = None\n", "a state's paused assigned"),
    ("def _resume_turn(state):\n    return state\n", "resume function _resume_turn"),
    ("def go_on(state):\n    answers = dict(state.paused.answers)\n", "a paused record's answers read"),
    ("def go_on(paused):\n    return paused.answers\n", "a paused record's answers read"),
])
def test_each_kind_of_machinery_is_found(source: str, what: str) -> None:
    assert any(f.startswith(what) for f in machinery(source))


def test_a_warners_trial_hook_is_no_machinery() -> None:
    source = ("class PamirWarner(Warner[GameState]):\n    def resume(self, state, seat, order):\n"
              "        return dict(state.paused.answers)\n")
    assert machinery(source) == []


def _record(questions: int) -> Paused:
    asked = [{"seat": "ben", "key": f"q{n}", "kind": "bribe"} for n in range(1, questions + 1)]
    return Paused({"turn_number": 3}, "anna", {"actions": []}, {"z": 1, "a": 2}, asked, 4)


@pytest.mark.parametrize("questions", [1, 3])
def test_each_layout_keeps_the_keys_its_archives_were_written_with(questions: int) -> None:
    record = _record(questions)
    listed = Layout.QUESTIONS.write(record.encode())
    assert list(listed) == ["start", "seat", "order", "answers", "questions", "reported"]
    split = Layout.QUESTION_ALSO.write(record.encode())
    assert list(split) == ["start", "seat", "order", "answers", "question", "reported"] + (["also"] if questions > 1
                                                                                           else [])
    assert list(listed["answers"]) == ["a", "z"] and split["question"] == record.questions[0]
    assert split.get("also", []) == record.questions[1:]
    assert Paused.decode(Layout.QUESTIONS.read(listed)) == record == Paused.decode(Layout.QUESTION_ALSO.read(split))
