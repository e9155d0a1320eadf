"""Hostile orders for any game: robot orders mutated node by node, random YAML shapes keyed by their words, and
order files with their text mangled. A game adds its own words through its hooks (HOSTILE_KEYS, ...)."""

from __future__ import annotations

import copy
import random
from typing import Any

#: Values a careless or hostile player might write anywhere in an order.
JUNK: list[Any] = [None, True, False, -1, 0, 1, 2, 7, 10**30, "", "x", "none", "all", 3.0, 8.5, [], {}, [[1]],
                   {"a": {"b": []}}, [1, 1], {1: 2}, 45, 100, 101, "1"]
#: Fragments spliced into an order file's text: YAML syntax, tags, anchors, floats and stray keys.
SPLICES = ["", ":", "- ", "  ", "\n", "[", "]", "{", "}", "'", '"', "#", "&a ", "*a", "!!python/object ", "1.5",
           "true", "~", "\t", "answers: {1: 2}", "é"]


class Fuzzer:
    """Hostile orders drawn from one seeded stream, with a game's own keys and values added to the generic ones."""

    def __init__(self, rng: random.Random, keys: list[Any] | None = None, values: list[Any] | None = None,
                 splices: list[str] | None = None):
        self.rng = rng
        self.keys = list(keys or [])
        self.junk = JUNK + list(values or [])
        self.splices = SPLICES + list(splices or [])

    def words(self, order: Any) -> list[Any]:
        """Every mapping key in an order, the game's own keys, and some that belong to no order."""
        found: list[Any] = ["answer", "answers", "action", 1, True, *self.keys]
        stack = [order]
        while stack:
            node = stack.pop()
            if isinstance(node, dict):
                found += list(node)
                stack += list(node.values())
            elif isinstance(node, list):
                stack += node
        return found

    def value(self) -> Any:
        return copy.deepcopy(self.rng.choice(self.junk))

    def mutate(self, order: dict[str, Any]) -> dict[str, Any]:
        """The order with one node replaced, deleted, duplicated, turned into a float or given an extra key."""
        rng = self.rng
        order = copy.deepcopy(order)
        fields = self.words(order)
        spots: list[tuple[Any, Any]] = [(None, None)]
        stack: list[Any] = [order]
        while stack:
            node = stack.pop()
            children = list(node.items()) if isinstance(node, dict) else list(enumerate(node)) \
                if isinstance(node, list) else []
            for key, child in children:
                spots.append((node, key))
                stack.append(child)
        parent, key = rng.choice(spots)
        if parent is None:
            order[rng.choice(fields)] = self.value()
            return order
        move = rng.randrange(5)
        if move == 4 and isinstance(parent[key], int):
            parent[key] = float(parent[key])  # equal to the int (True too): a membership test alone lets it in
        elif move == 0:
            del parent[key]
        elif move == 1 and isinstance(parent, list):
            parent.append(copy.deepcopy(parent[key]))
        elif move == 2 and isinstance(parent[key], dict):
            parent[key][rng.choice(fields)] = self.value()
        else:
            parent[key] = self.value()
        return order

    def shape(self, fields: list[Any], depth: int = 0) -> Any:
        """A random YAML document of order words, lists and junk; a mapping at the top, as the order reader gives."""
        rng = self.rng
        pick = 2 if depth == 0 else rng.randrange(4 if depth < 3 else 1)
        if pick == 0:
            return self.value()
        if pick == 1:
            return [self.shape(fields, depth + 1) for _ in range(rng.randrange(4))]
        return {rng.choice(fields): self.shape(fields, depth + 1) for _ in range(rng.randrange(1, 4))}

    def mangle(self, text: str) -> str:
        """The text with a few fragments spliced in, characters cut, or two lines swapped."""
        rng = self.rng
        for _ in range(rng.randrange(1, 4)):
            at = rng.randrange(len(text) + 1)
            move = rng.randrange(3)
            if move == 0:
                text = text[:at] + rng.choice(self.splices) + text[at:]
            elif move == 1:
                text = text[:at] + text[at + rng.randrange(1, 6):]
            else:
                lines = text.split("\n")
                i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
                lines[i], lines[j] = lines[j], lines[i]
                text = "\n".join(lines)
        return text


def reaches_into(hostile: Any, written: Any, path: tuple[Any, ...]) -> bool:
    """True when a problem's path starts at a part of the hostile order, or at a key the order lacks but the
    robot's own order for that prompt has (a missing answer, a missing list of actions)."""
    if not path:
        return False
    if not isinstance(hostile, dict):
        return True
    # A key that is no word (`true:`, `1:`) may come back spelled as text, as YAML would print it.
    keys = {*hostile, *(written if isinstance(written, dict) else ())}
    return path[0] in keys or str(path[0]) in {str(key) for key in keys}
