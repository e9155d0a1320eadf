"""Answers that note what a run of a turn looked up, so that one trial run stands for every set of answers that
agrees on those.

A turn reads its answers only through its context's `answers` (`ctx.ask`, and the few rules that look a key up
themselves). Given `Noted` answers, a run records, for each key it looks up, the value it first found there (or
that there was none). A paused turn's trial run is a function of its start, its order and what it looked up, so
any answers that hold the same values at those keys lead to the same outcome: together.py runs the turn once
for all of them. A run that goes through the answers as a whole (iterates them, counts them) notes that, and its
outcome then stands only for itself.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from games.pax.context import OrderError

if TYPE_CHECKING:  # the turn frame keeps Notes at its points (turn.py)
    from games.pax.turn import Outcome

#: The value noted for a key that was looked up and not there.
ABSENT = object()


@dataclass
class Notes:
    """What one run looked up: each key's first value (or ABSENT), and whether it read the answers whole."""

    seen: dict[str, Any] = field(default_factory=dict)
    whole: bool = False
    #: Whether the run asked if there were any answers at all, and what it found (None: it did not ask).
    some: bool | None = None

    def copy(self) -> Notes:
        """What the run has looked up so far, apart from what it looks up later."""
        return Notes(dict(self.seen), self.whole, self.some)

    def joined(self, later: Notes) -> Notes:
        """What a run looked up before these notes were taken (self) and after (`later`), the earlier first."""
        return Notes({**later.seen, **self.seen}, self.whole or later.whole,
                     self.some if self.some is not None else later.some)

    def to_data(self) -> dict[str, Any]:
        """The notes as plain data, keys sorted (notes of a run that read the answers whole are never stored)."""
        if self.whole:
            raise ValueError("a run that read its answers whole cannot be stored as notes")
        data: dict[str, Any] = {
            "seen": {key: self.seen[key] for key in sorted(self.seen) if self.seen[key] is not ABSENT},
            "absent": sorted(key for key, value in self.seen.items() if value is ABSENT)}
        if self.some is not None:
            data["some"] = self.some
        return data

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Notes:
        """The inverse of to_data."""
        seen: dict[str, Any] = {key: ABSENT for key in data["absent"]}
        seen.update(data["seen"])
        return cls(seen, False, data.get("some"))

    def agree(self, answers: Mapping[str, Any]) -> bool:
        """True when `answers` hold, at every key looked up, what the run found there."""
        if self.whole or (self.some is not None and self.some != bool(answers)):
            return False
        get = answers.get
        for key, value in self.seen.items():
            found = get(key, ABSENT)
            # The very object the run found agrees (trial answers share their values): `same` only for others.
            if found is not value and not same(found, value):
                return False
        return True


class Noted(dict[str, Any]):
    """Answers by question key that note each lookup in `notes` (shared by the copies a run makes of them)."""

    __slots__ = ("notes",)

    def __init__(self, answers: Mapping[str, Any], notes: Notes | None = None) -> None:
        super().__init__(dict.items(answers) if isinstance(answers, Noted) else answers.items())
        self.notes = Notes() if notes is None else notes

    def _note(self, key: Any) -> None:
        if key not in self.notes.seen:
            self.notes.seen[key] = dict.get(self, key, ABSENT)

    def _whole(self) -> None:
        self.notes.whole = True

    def __contains__(self, key: object) -> bool:
        self._note(key)
        return dict.__contains__(self, key)

    def __getitem__(self, key: str) -> Any:
        self._note(key)
        return dict.__getitem__(self, key)

    def get(self, key: str, default: Any = None) -> Any:
        self._note(key)
        return dict.get(self, key, default)

    def setdefault(self, key: str, default: Any = None) -> Any:
        self._note(key)
        return dict.setdefault(self, key, default)

    def pop(self, key: str, *default: Any) -> Any:
        self._note(key)
        return dict.pop(self, key, *default)

    def __delitem__(self, key: str) -> None:
        self._note(key)  # raises KeyError when the key is absent: that depends on the answers too
        dict.__delitem__(self, key)

    def popitem(self) -> tuple[str, Any]:
        self._whole()
        return dict.popitem(self)

    def __repr__(self) -> str:
        self._whole()  # a message quoting the answers depends on every one of them
        return dict.__repr__(self)

    def __reversed__(self) -> Iterator[str]:
        self._whole()
        return dict.__reversed__(self)

    def __or__(self, other: Any) -> Any:
        self._whole()
        return dict.__or__(self, other)

    def __ror__(self, other: Any) -> Any:
        self._whole()
        return dict.__ror__(self, other)

    def __iter__(self) -> Iterator[str]:
        self._whole()
        return dict.__iter__(self)

    def __bool__(self) -> bool:
        some = dict.__len__(self) > 0
        if self.notes.some is None:
            self.notes.some = some
        return some

    def __len__(self) -> int:
        self._whole()
        return dict.__len__(self)

    def keys(self) -> Any:
        self._whole()
        return dict.keys(self)

    def values(self) -> Any:
        self._whole()
        return dict.values(self)

    def items(self) -> Any:
        self._whole()
        return dict.items(self)

    def __eq__(self, other: object) -> bool:
        self._whole()
        return dict.__eq__(self, other)

    __hash__ = None

    def copy(self) -> Noted:
        return Noted(self, self.notes)


class Trials:
    """Trial runs of one turn (from one start, with one order) under answers: each outcome, or refusal, is noted
    with what its run looked up and taken again for any later answers that agree there. The run must depend on
    nothing else that changes between calls (no random draws)."""

    def __init__(self, run: Callable[[dict[str, Any]], Outcome]) -> None:
        self.run = run
        self.noted: list[tuple[Notes, Outcome | OrderError]] = []

    def __call__(self, answers: Mapping[str, Any]) -> Outcome:
        """The turn's outcome under `answers`; raises the OrderError the rules refuse them with."""
        for notes, ended in self.noted:
            if notes.agree(answers):
                if isinstance(ended, OrderError):
                    raise ended
                return ended
        given = Noted(answers)
        try:
            outcome = self.run(given)
        except OrderError as error:
            self.noted.append((given.notes, error))
            raise
        self.noted.append((given.notes, outcome))
        return outcome


def copied(answers: Mapping[str, Any]) -> dict[str, Any]:
    """A run's own copy of the answers it is given: plain, or noting into the same notes when they are Noted."""
    if isinstance(answers, Noted):
        return answers.copy()
    return dict(answers)


def same(a: Any, b: Any) -> bool:
    """Equal, and of the same types throughout (`true` is not the answer 1)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, list | tuple):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(v, b[k]) for k, v in a.items())
    return bool(a == b)
