"""Words in orders read as players write them: in any case, a border's two regions in either order, yes for true.

A game names the words its orders take (a `Vocabulary`: action names, sides, seats, regions, borders, answers);
`read_words` gives the order back with every such word in its canonical spelling, and the readings it made, so
that the answer to an accepted order can say how it was read. An order is archived as the player sent it and read
this way whenever a game reads it: canonical orders, which are all that older pbem accepted, read unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from engine.contract import Path

#: Written in a yes-or-no field, these mean true or false.
YES_NO: Mapping[str, bool] = {"yes": True, "y": True, "true": True, "on": True,
                              "no": False, "n": False, "false": False, "off": False}


def fold(text: str) -> str:
    """A word as compared: lower case, spaces and underscores alike ("Outer Planets" and "outer_planets")."""
    return re.sub(r"[\s_]+", "_", text.strip().lower())


@dataclass(frozen=True)
class Reading:
    """A word of an order read as another spelling: where, as written, and as read."""

    path: Path
    written: str
    read: str

    def __str__(self) -> str:
        return f"`{self.written}` is read as `{self.read}`."


class Vocabulary:
    """The words an order may hold, in their canonical spelling, and how other spellings map to them.

    `words` are canonical; `aliases` map another name to a canonical word (a region's display name to its id);
    `pairs` are canonical words naming two parts joined by `joint` in a fixed order (a border, "belt-earth"), read
    in either order; `yes_no` names the fields whose value is true or false (`yes` and `no` read as those), and
    `word_keys` the mappings whose keys are words too (`blackmail: {Kandahar: 45}`); other keys stay as written.
    A spelling two canonical words share (seats "Anna" and "anna") is read as neither.
    """

    def __init__(self, words: Iterable[str], aliases: Mapping[str, str] | None = None,
                 pairs: Iterable[str] = (), joint: str = "-", yes_no: Iterable[str] = (),
                 word_keys: Iterable[str] = ()) -> None:
        self.canonical = frozenset(words) | frozenset(pairs)
        self.joint = joint
        self.yes_no = frozenset(yes_no)
        self.word_keys = frozenset(word_keys)
        folded: dict[str, str | None] = {}
        for word in self.canonical:
            _add(folded, fold(word), word)
        for alias, word in (aliases or {}).items():
            _add(folded, fold(alias), word)
            if fold(alias).startswith("the_"):  # "the Belt" is also written "Belt"
                _add(folded, fold(alias)[4:], word)
        self._folded = folded
        self._pairs: dict[frozenset[str], str] = {}
        for pair in pairs:
            parts = pair.split(joint)
            if len(parts) == 2:
                self._pairs[frozenset(parts)] = pair

    def spell(self, text: str) -> str:
        """`text` in its canonical spelling; `text` itself when it is canonical or no word of this vocabulary."""
        if text in self.canonical:
            return text
        found = self._folded.get(fold(text))
        if found is not None:
            return found
        if ":" in text:  # a compound such as "tribe:Kabul" or "road:Herat-Kabul:British"
            return ":".join(self.spell(part) for part in text.split(":"))
        parts = text.split(self.joint)
        if len(parts) == 2:
            pair = self._pairs.get(frozenset(self.spell(part) for part in parts))
            if pair is not None:
                return pair
        return text


def _add(folded: dict[str, str | None], key: str, word: str) -> None:
    """Map `key` to `word`, or to None (read as neither) when another word has it."""
    if key in folded and folded[key] != word:
        folded[key] = None
    else:
        folded[key] = word


def read_words(order: Any, vocabulary: Vocabulary, path: Path = ()) -> tuple[Any, list[Reading]]:
    """`order` with every word of `vocabulary` in its canonical spelling (keys too under `word_keys`), and the
    readings made; the very same object when nothing needed reading."""
    if isinstance(order, Mapping):
        if path and path[-1] in vocabulary.word_keys:
            order, readings = _read_keys(order, vocabulary, path)
        else:
            readings = []
        changed: dict[Any, Any] = {}
        for key, value in order.items():
            where = (*path, key)
            if isinstance(key, str) and key in vocabulary.yes_no and isinstance(value, str) \
                    and fold(value) in YES_NO:
                changed[key] = YES_NO[fold(value)]
                readings.append(Reading(where, value, str(changed[key]).lower()))
                continue
            new, found = read_words(value, vocabulary, where)
            if found:
                changed[key] = new
                readings += found
        if not changed:
            return order, readings
        return {key: changed.get(key, value) for key, value in order.items()}, readings
    if isinstance(order, list):
        readings = []
        items = []
        for index, value in enumerate(order):
            new, found = read_words(value, vocabulary, (*path, index))
            items.append(new)
            readings += found
        return (items if readings else order), readings
    if isinstance(order, str):
        spelled = vocabulary.spell(order)
        if spelled != order:
            return spelled, [Reading(path, order, spelled)]
    return order, []


def _read_keys(order: Mapping[Any, Any], vocabulary: Vocabulary, path: Path) -> tuple[Mapping[Any, Any], list[Reading]]:
    """A mapping whose keys are words, with each key in its canonical spelling (a key already given in that
    spelling is kept as it is, with its value)."""
    spelled = {key: vocabulary.spell(key) if isinstance(key, str) else key for key in order}
    readings = [Reading((*path, key), key, new) for key, new in spelled.items() if new != key]
    if not readings:
        return order, []
    taken = set(order)
    return {(new if new == key or new not in taken else key): value
            for (key, value), new in zip(order.items(), spelled.values(), strict=True)}, readings


def reading_lines(readings: Iterable[Reading]) -> list[str]:
    """The readings as sentences for the answer to an order, each spelling once."""
    return list(dict.fromkeys(str(reading) for reading in readings))
