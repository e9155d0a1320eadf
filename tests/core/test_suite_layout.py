"""The test suite collects in one run: test folders that are not packages need modules named apart (they share one import path)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]


def test_modules_outside_packages_have_unique_names() -> None:
    loose = [p for folder in TESTS.iterdir() if folder.is_dir() and not (folder / "__init__.py").exists()
             for p in folder.glob("*.py")]
    twice = sorted(name for name, count in Counter(p.name for p in loose).items() if count > 1)
    assert twice == [], f"pytest stops with 'import file mismatch' on these names: {twice}"
