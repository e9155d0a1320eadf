"""Copies of plain data (dicts, lists, tuples of scalars), as orders, answers, standing orders and stored states are."""

from __future__ import annotations

from typing import Any

__all__ = ["plain_copy"]


def plain_copy(value: Any) -> Any:
    """A deep copy of plain data (dicts, lists, tuples of scalars): copy.deepcopy's result at a fraction of its cost.

    Standing orders and the automata's data are plain (read from YAML or encoded), never shared or cyclic. Exact
    types are told first (most items are scalars), subclasses of dict and list after.
    """
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is dict:
        return {key: plain_copy(item) for key, item in value.items()}
    if kind is list:
        return [plain_copy(item) for item in value]
    if isinstance(value, dict):
        return {key: plain_copy(item) for key, item in value.items()}
    if isinstance(value, list):
        return [plain_copy(item) for item in value]
    if isinstance(value, tuple):
        return tuple(plain_copy(item) for item in value)
    return value


#: Types plain_copy hands back as they are (immutable).
_SCALARS = frozenset({str, int, bool, float, type(None)})
