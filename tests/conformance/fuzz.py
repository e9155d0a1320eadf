"""Hostile orders for any game: robot orders mutated node by node, and random YAML shapes keyed by their words."""

from __future__ import annotations

import copy
import random
from typing import Any

#: Values a careless or hostile player might write anywhere in an order.
JUNK: list[Any] = [None, True, False, -1, 0, 1, 2, 7, 10**30, "", "x", "none", "all", 3.0, 8.5, [], {}, [[1]],
                   {"a": {"b": []}}, [1, 1], {1: 2}, 45, 100, 101, "1"]


def words(order: Any) -> list[Any]:
    """Every mapping key in an order, and some that belong to no order."""
    found: list[Any] = ["answer", "answers", "action", 1, True]
    stack = [order]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            found += list(node)
            stack += list(node.values())
        elif isinstance(node, list):
            stack += node
    return found


def mutate(order: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The order with one node replaced, deleted, duplicated, turned into a float or given an extra key."""
    order = copy.deepcopy(order)
    fields = words(order)
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
        order[rng.choice(fields)] = copy.deepcopy(rng.choice(JUNK))
        return order
    move = rng.randrange(5)
    if move == 4 and isinstance(parent[key], int) and not isinstance(parent[key], bool):
        parent[key] = float(parent[key])  # equal to the int: a membership test alone would let it through
    elif move == 0:
        del parent[key]
    elif move == 1 and isinstance(parent, list):
        parent.append(copy.deepcopy(parent[key]))
    elif move == 2 and isinstance(parent[key], dict):
        parent[key][rng.choice(fields)] = copy.deepcopy(rng.choice(JUNK))
    else:
        parent[key] = copy.deepcopy(rng.choice(JUNK))
    return order


def random_shape(rng: random.Random, fields: list[Any], depth: int = 0) -> Any:
    """A random YAML document of order words, lists and junk; a mapping at the top, as the order reader gives."""
    pick = 2 if depth == 0 else rng.randrange(4 if depth < 3 else 1)
    if pick == 0:
        return copy.deepcopy(rng.choice(JUNK))
    if pick == 1:
        return [random_shape(rng, fields, depth + 1) for _ in range(rng.randrange(4))]
    return {rng.choice(fields): random_shape(rng, fields, depth + 1) for _ in range(rng.randrange(1, 4))}
