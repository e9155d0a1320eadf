"""Order text every Pax game shares: the walk over an order's keys and values, and a card number as a choice."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.contract import Path, Problem


def walk_problems(node: Any, path: Path, bad_key: Callable[[Any], str],
                  leaf: Callable[[Any, Path], list[Problem]] | None = None) -> list[Problem]:
    """Keys that are not words anywhere in an order (`bad_key` says what is wrong with one), plus `leaf`'s
    problems with every value that is neither a mapping nor a list.

    A paused turn keeps its order in the state, which must stay canonical JSON: a number key would come back as a
    string, and mixed keys cannot even be sorted.
    """
    found: list[Problem] = []
    if isinstance(node, Mapping):
        for key, value in node.items():
            if not isinstance(key, str):
                found.append(Problem((*path, key), bad_key(key)))
            else:
                found += walk_problems(value, (*path, key), bad_key, leaf)
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += walk_problems(value, (*path, index), bad_key, leaf)
    elif leaf is not None:
        found += leaf(node, path)
    return found


def card_option(option: Any, title: Callable[[int], str]) -> str:
    """A question's option as written in the answer, with the card's title when it is a card number."""
    if isinstance(option, int) and not isinstance(option, bool):
        try:
            return f"{option} ({title(option)})"
        except KeyError:
            return str(option)
    return str(option)
