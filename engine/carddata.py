"""Reading and checking a game's card and map data: every error names the file, the line, the entry and the field.

A game's loaders take the parsed values of one file and build its records through `Entry`, whose typed getters
refuse a wrong value and say what would be valid. Shipped files are parsed by libyaml (`engine.datafile`), which
keeps no line numbers; `checked` builds once that way and, when the data breaks the schema, again from the
line-keeping round-trip parse, so the error names the line. Anchors and aliases are refused: a card written once
and repeated elsewhere would hide which entry an error concerns.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from importlib.resources.abc import Traversable
from typing import Any, NoReturn, Protocol, TypeVar

from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError

from engine import datafile

T = TypeVar("T")
#: How a loader has a file's text parsed: (text, file name) to its values.
Parse = Callable[[str, str], Any]


class CardDataError(ValueError):
    """A data file breaks the schema; the message names the file, the line, the entry and the field."""


def parse(text: str, file: str) -> Any:
    """The values of one data file, keeping line numbers for error messages; anchors and aliases are refused."""
    try:
        data = YAML(typ="rt").load(text)
    except YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line = f":{mark.line + 1}" if mark is not None else ""
        raise CardDataError(f"{file}{line}: not valid YAML ({getattr(error, 'problem', error)})") from None
    anchored = _anchored(data, None)
    if anchored is not None:
        where = f":{anchored}" if anchored else ""
        raise CardDataError(f"{file}{where}: anchors and aliases are not allowed in data files")
    return data


def parse_shipped(text: str, file: str) -> Any:
    """A game's own data file parsed by libyaml: the same values as `parse`, without line numbers.

    A file that may hold an anchor or an alias goes to `parse` at once, which refuses them; one libyaml cannot
    read is refused here too, so that `checked` reads it again the way that names the line.
    """
    if "&" in text or "*" in text:
        return parse(text, file)
    try:
        return datafile.plain(text)
    except YAMLError as error:
        raise CardDataError(f"{file}: not valid YAML ({getattr(error, 'problem', error)})") from None


def read(path: Traversable, how: Parse = parse) -> Any:
    """The values of one data file, parsed by `how`."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise CardDataError(f"{path.name}: cannot be read ({error.strerror})") from None
    return how(text, path.name)


def checked(build: Callable[[Parse], T]) -> T:
    """`build` with the fast parser; when the data breaks the schema, again with the one keeping line numbers."""
    try:
        return build(parse_shipped)
    except CardDataError:
        return build(parse)  # the same checks on the same values fail again, now naming the line


def _anchored(node: Any, parent_line: int | None) -> int | None:
    """The line (0 if unknown) of the first anchored node; an alias always repeats an anchored node."""
    line = line_of(node) or parent_line
    if getattr(getattr(node, "anchor", None), "value", None) is not None:
        return line or 0
    if isinstance(node, dict):  # a key may carry an anchor too
        children = [(child, line_of(node, key) or line) for key in node for child in (key, node[key])]
    else:
        children = [(child, line) for child in node] if isinstance(node, list) else []
    for child, at in children:
        found = _anchored(child, at)
        if found is not None:
            return found
    return None


def line_of(raw: Any, key: Any = None) -> int | None:
    """The 1-based line of a mapping (or of one of its keys) as the round-trip parse recorded it."""
    lc = getattr(raw, "lc", None)
    if lc is None:
        return None
    if key is not None and isinstance(raw, dict) and key in raw:
        try:
            return int(lc.key(key)[0]) + 1
        except (KeyError, TypeError, AttributeError):
            pass
    return int(lc.line) + 1 if lc.line is not None else None


class Entry:
    """One mapping of a data file, so every error can say which file, line, entry and field it concerns."""

    def __init__(self, file: str, where: str, raw: Any, keys: Iterable[str], line: int | None = None,
                 optional: Iterable[str] = ()) -> None:
        self.file, self.where = file, where
        self.line = line_of(raw) or line
        self.raw: dict[str, Any] = raw if isinstance(raw, dict) else {}
        if not isinstance(raw, dict):
            self.fail(f"expected a mapping, got {plain(raw)!r}")
        wanted, extra = tuple(keys), tuple(optional)
        missing = [k for k in wanted if k not in raw]
        unknown = sorted(str(k) for k in raw if k not in wanted + extra)
        if unknown:
            self.fail(f"unknown field {unknown[0]!r} (expected only {', '.join(wanted + extra)})", key=unknown[0])
        if missing:
            self.fail(f"missing field {missing[0]!r} (every entry needs {', '.join(wanted)})")

    def fail(self, message: str, key: str | None = None) -> NoReturn:
        """Raise a CardDataError naming the file, line, entry and (when given) field."""
        line = line_of(self.raw, key) if key is not None else None
        line = line or self.line
        at = f"{self.file}:{line}" if line else self.file
        field = f": field {key!r}" if key is not None else ""
        raise CardDataError(f"{at}: {self.where}{field}: {message}")

    def has(self, key: str) -> bool:
        """Whether an optional field is given."""
        return key in self.raw

    def text(self, key: str) -> str:
        """A non-empty string field."""
        value = self.raw[key]
        if not isinstance(value, str) or not value.strip():
            self.fail(f"must be a non-empty string, got {plain(value)!r}", key)
        return str(value)

    def ident(self, key: str) -> str:
        """A snake_case identifier."""
        value = self.text(key)
        if not value.isidentifier() or value != value.lower():
            self.fail(f"must be a snake_case identifier, got {value!r}", key)
        return value

    def integer(self, key: str, allowed: Iterable[int]) -> int:
        """An integer field within `allowed`."""
        value = self.raw[key]
        # bool is an int subclass; `true` where a number belongs is a typo, not a 1.
        if isinstance(value, bool) or not isinstance(value, int) or value not in allowed:
            self.fail(f"must be a whole number in {show(allowed)}, got {plain(value)!r}", key)
        return int(value)

    def optional_integer(self, key: str, allowed: Iterable[int]) -> int | None:
        """An integer field within `allowed`, or null."""
        return None if self.raw[key] is None else self.integer(key, allowed)

    def flag(self, key: str) -> bool:
        """A true/false field."""
        value = self.raw[key]
        if not isinstance(value, bool):
            self.fail(f"must be true or false, got {plain(value)!r}", key)
        return value

    def choice(self, key: str, allowed: Iterable[Any], what: str) -> Any:
        """A field whose value must be one of `allowed`."""
        value = self.raw[key]
        options = tuple(allowed)
        # `true` equals 1 in Python; a flag where a number or name belongs is a mistake, not a match.
        mistaken_flag = isinstance(value, bool) and not any(option is value for option in options)
        if isinstance(value, (dict, list)) or mistaken_flag or value not in options:
            self.fail(f"unknown {what} {plain(value)!r} (expected one of {show(options)})", key)
        return plain(value)

    def choices(self, key: str, allowed: Iterable[Any], what: str) -> tuple[Any, ...]:
        """A list field whose items must each be one of `allowed`."""
        value = self.raw[key]
        if not isinstance(value, list):
            self.fail(f"must be a list, got {plain(value)!r}", key)
        options = tuple(allowed)
        for item in value:
            if isinstance(item, (dict, list)) or isinstance(item, bool) or item not in options:
                self.fail(f"unknown {what} {plain(item)!r} (expected one of {show(options)})", key)
        return tuple(plain(item) for item in value)

    def ordering(self, key: str, universe: tuple[Any, ...], what: str) -> tuple[Any, ...]:
        """A list field that must name every member of `universe` exactly once."""
        value = self.choices(key, universe, what)
        if sorted(value) != sorted(universe):
            self.fail(f"must list every {what} exactly once, got {list(value)}", key)
        return value

    def numbers(self, key: str, length: int, allowed: Iterable[int]) -> tuple[int, ...]:
        """A list of exactly `length` whole numbers within `allowed`."""
        value = self.raw[key]
        options = tuple(allowed)
        if (not isinstance(value, list) or len(value) != length
                or any(isinstance(v, bool) or not isinstance(v, int) or v not in options for v in value)):
            self.fail(f"must be a list of {length} whole numbers in {show(allowed)}, got {plain(value)!r}", key)
        return tuple(int(v) for v in value)

    def mapping(self, key: str) -> dict[str, Any]:
        """A mapping field."""
        value = self.raw[key]
        if not isinstance(value, dict):
            self.fail(f"must be a mapping, got {plain(value)!r}", key)
        return value


def plain(value: Any) -> Any:
    """A parsed value as plain Python (round-trip types print noisily)."""
    if isinstance(value, dict):
        return {plain(k): plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, str):
        return str(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return int(value)  # the round-trip parse may give ScalarInt, which keeps its formatting
    return value


def show(allowed: Iterable[Any]) -> str:
    """Allowed values, compactly, for an error message."""
    if isinstance(allowed, range):
        return f"{allowed.start}..{allowed.stop - 1}"
    return ", ".join(repr(a) for a in allowed)


def top_list(file: str, raw: Any, what: str) -> list[Any]:
    """A list of entries (the whole file or one of its sections)."""
    if not isinstance(raw, list):
        shape = "a mapping" if isinstance(raw, dict) else "nothing" if raw is None else repr(plain(raw))
        line = line_of(raw)
        raise CardDataError(f"{file}{f':{line}' if line else ''}: expected a list of {what}, got {shape}")
    return raw


def label(raw: Any, key: str, what: str) -> str:
    """How an entry is named in errors: 'asset 5 (Bank of Mars)', or its position when it has no number."""
    if isinstance(raw, dict):
        ident = raw.get(key)
        name = raw.get("name") or raw.get("title")
        return f"{what} {plain(ident)}" + (f" ({plain(name)})" if name else "")
    return f"{what} entry {plain(raw)!r}"


def named(file: str, what: str, rows: Any, keys: tuple[str, ...], line: int | None = None,
          ids: Iterable[str] | None = None, plural: str = "") -> dict[str, Entry]:
    """The entries of a list of {id, name, ...} mappings by id, in order: each id once (one of `ids` when given)."""
    found: dict[str, Entry] = {}
    for row in top_list(file, rows, plural or f"{what}s"):
        entry = Entry(file, label(row, "id", what), row, keys, line)
        ident = entry.text("id") if ids is None else entry.choice("id", ids, what)
        if ident in found:
            entry.fail(f"{what} listed twice (first at line {found[ident].line})" if found[ident].line
                       else f"{what} listed twice", "id")
        found[ident] = entry
    return found


class Numbered(Protocol):
    """A record with a printed number."""

    @property
    def number(self) -> int:
        """The number printed on it."""


class Named(Numbered, Protocol):
    """A record with a printed number and name."""

    @property
    def name(self) -> str:
        """The name printed on it."""


N = TypeVar("N", bound=Numbered)


def numbered(file: str, entries: Iterable[tuple[Entry, N]], numbers: range, what: str,
             key: str = "number") -> dict[int, N]:
    """Records keyed by number, which must cover `numbers` exactly once each; `key` is the number's field."""
    result: dict[int, N] = {}
    first: dict[int, Entry] = {}
    for entry, item in entries:
        if item.number in result:
            seen = f" (first at line {first[item.number].line})" if first[item.number].line else ""
            entry.fail(f"{what} {item.number} appears twice{seen}", key)
        result[item.number], first[item.number] = item, entry
    if sorted(result) != list(numbers):
        missing = sorted(set(numbers) - result.keys())
        raise CardDataError(
            f"{file}: there must be {len(numbers)} {what}s numbered {show(numbers)}; missing {missing}"
        )
    return dict(sorted(result.items()))


def unique_names(entries: Iterable[tuple[Entry, Named]], what: str, key: str = "name") -> None:
    """No two records may share a name; `key` is the name's field."""
    seen: dict[str, Named] = {}
    for entry, item in entries:
        if item.name in seen:
            entry.fail(f"name {item.name!r} is used twice (also {what} {seen[item.name].number})", key)
        seen[item.name] = item
