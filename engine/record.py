"""Records: dataclasses whose encode (to JSON-compatible data), decode and clone are derived once from their fields.

A game's state is a tree of records and of lists and maps of scalars. Written by hand, encode, decode and clone walk
that tree three times for each record of each game, and the copies drift apart. Here a `Record` subclass is a
dataclass whose three functions are generated when the class is defined, as the specialised code one would write by
hand: robots clone states over and over, and a general converter (cattrs, structuring what it unstructured) took
fifteen times as long to copy a four-seat state in mid-game as this code does, and stored it differently.

The plain way to store a field follows its type: a scalar (str, int, float, bool, None) as it is; a list, or a dict
with str keys, item by item in its own order; a record by its own encode; anything else (Any, a union of shapes)
as plain data, deep copied. Decode and clone build fresh lists, dicts and records all the way down, so a copy
shares nothing with its original unless a field says so. A record declares only how a field differs from the plain
way, with `kept(...)` in place of `dataclasses.field(...)`: see `Keep`.
"""

from __future__ import annotations

import dataclasses
import linecache
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Protocol, Self, dataclass_transform

from engine.plain import plain_copy

__all__ = ["Keep", "Layout", "Record", "kept", "keeping"]

#: The key of a field's `Keep` in its dataclass metadata.
META = "record"
_MISSING: Any = dataclasses.MISSING
_SCALARS: frozenset[Any] = frozenset({str, int, float, bool, type(None)})
_MODES = ("encode", "decode", "clone")


class Layout(Protocol):
    """How a nested record's encoding is laid out where it is stored (a game's archives keep the one they had)."""

    def write(self, data: dict[str, Any]) -> dict[str, Any]:
        """The record's encoding as it is stored."""
        ...

    def read(self, data: Mapping[str, Any]) -> Mapping[str, Any]:
        """What is stored, as the record's encoding again."""
        ...


@dataclasses.dataclass(frozen=True)
class Keep:
    """How one field is stored where it differs from the plain way; the defaults are the plain way."""

    #: The JSON key, when it is not the field's name.
    key: str | None = None
    #: How many levels of maps, from the outside, have their keys sorted on encode (equal maps, equal data).
    sort: int = 0
    #: The outer map's entries whose value is empty are left out on encode (count maps drop what fell to zero).
    drop_empty: bool = False
    #: The outer map is encoded in the order of this field of the record (a list), keys not in it left out.
    order_by: str | None = None
    #: The map, or a union's map case, is encoded with these keys in this order, keys not among them left out.
    key_order: tuple[str, ...] = ()
    #: Added after states were stored: a stored state without the key decodes to the field's default.
    added: bool = False
    #: A flag stored under its key as this word when set, and left out when not (older states stay as they were).
    word: str | None = None
    #: Never changed in place, so encodings, decodings and copies may all hold the same object.
    shared: bool = False
    #: The nested record is stored in this layout.
    layout: Layout | None = None


def keeping(field: dataclasses.Field[Any]) -> Keep:
    """How `field` of a record is stored."""
    found = field.metadata.get(META)
    return found if isinstance(found, Keep) else _PLAIN


_PLAIN = Keep()


def kept(*, default: Any = _MISSING, default_factory: Callable[[], Any] = _MISSING, key: str | None = None,
         sort: int = 0, drop_empty: bool = False, order_by: str | None = None, key_order: tuple[str, ...] = (),
         added: bool = False, word: str | None = None, shared: bool = False, layout: Layout | None = None) -> Any:
    """A record's field, with how it is stored where that differs from the plain way (see `Keep`)."""
    metadata = {META: Keep(key, sort, drop_empty, order_by, key_order, added, word, shared, layout)}
    if default_factory is not _MISSING:
        return dataclasses.field(default_factory=default_factory, metadata=metadata)
    if default is not _MISSING:
        return dataclasses.field(default=default, metadata=metadata)
    return dataclasses.field(metadata=metadata)


@dataclass_transform(field_specifiers=(kept, dataclasses.field))
class Record:
    """A dataclass whose `encode`, `decode` and `clone` are derived from its fields when its class is defined.

    A subclass that defines one of the three itself keeps its own; the bodies here are only their signatures, as
    every subclass gets the derived ones.
    """

    __dataclass_fields__: ClassVar[dict[str, dataclasses.Field[Any]]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        dataclasses.dataclass(cls)
        for mode, function in _derive(cls).items():
            if mode not in cls.__dict__:
                setattr(cls, mode, classmethod(function) if mode == "decode" else function)

    def encode(self) -> dict[str, Any]:
        """Plain data (JSON-compatible), in field order."""
        raise NotImplementedError(type(self).__name__)

    @classmethod
    def decode(cls, data: Mapping[str, Any]) -> Self:
        """The inverse of encode."""
        raise NotImplementedError(cls.__name__)

    def clone(self) -> Self:
        """An independent copy, sharing only the objects of fields declared shared."""
        raise NotImplementedError(type(self).__name__)


def _scalar(kind: Any) -> bool:
    if kind in _SCALARS or typing.get_origin(kind) is typing.Literal:
        return True
    if typing.get_origin(kind) in (typing.Union, types.UnionType):
        return all(_scalar(a) for a in typing.get_args(kind))
    return False


class _Writer:
    """The source of one derived function of one record class, and the objects it names."""

    def __init__(self, owner: type[Record], mode: str, names: dict[str, Any]):
        self.owner = owner
        self.mode = mode
        self.names = names
        self._loops = 0

    def bind(self, value: Any, hint: str) -> str:
        """A name for `value` in the generated code."""
        for name, bound in self.names.items():
            if bound is value and name.startswith(f"_{hint}"):
                return name
        name = f"_{hint}{len(self.names)}"
        self.names[name] = value
        return name

    def loop(self) -> str:
        """A fresh loop variable."""
        self._loops += 1
        return f"_v{self._loops}"

    def value(self, kind: Any, src: str, keep: Keep, sort: int, top: bool) -> str:
        """The expression for `src`, of type `kind`, in this function's mode; `top`: the field itself."""
        encoding = self.mode == "encode"
        if keep.shared:
            return src
        if _scalar(kind):
            if top and (sort or keep.key_order):
                raise TypeError(f"{self.owner.__name__}: sort or key_order on a scalar field")
            return src
        origin, args = typing.get_origin(kind), typing.get_args(kind)
        if origin in (typing.Union, types.UnionType):
            rest = [a for a in args if a is not type(None)]
            if len(rest) == 1:
                return f"(None if {src} is None else {self.value(rest[0], src, keep, sort, top)})"
            return self.plain(src, keep if top else _PLAIN, sort)
        if origin is list:
            (item,) = args
            if _scalar(item):
                return f"list({src})"
            each = self.loop()
            return f"[{self.value(item, each, _PLAIN, sort, False)} for {each} in {src}]"
        if origin is dict:
            return self.mapping(args, src, keep if top else _PLAIN, sort)
        if isinstance(kind, type) and issubclass(kind, Record):
            if self.mode == "decode":
                function = self.bind(kind.decode, "decode")
                layout = self.bind(keep.layout, "layout") if keep.layout is not None and top else None
                return f"{function}({layout}.read({src}))" if layout else f"{function}({src})"
            if self.mode == "clone" and getattr(kind.clone, "derived", False):
                # The copy's constructor call written out in place: a call less per nested record copied.
                return f"{self.bind(kind, 'new')}({', '.join(self.copied(kind, src))})"
            function = self.bind(getattr(kind, self.mode), self.mode)
            if encoding and keep.layout is not None and top:
                return f"{self.bind(keep.layout, 'layout')}.write({function}({src}))"
            return f"{function}({src})"
        if kind is Any:
            return self.plain(src, keep if top else _PLAIN, sort)
        raise TypeError(f"{self.owner.__name__}: no plain form for {kind!r}")

    def copied(self, kind: type[Record], src: str) -> list[str]:
        """The constructor arguments of a copy of `src`, a `kind` record."""
        hints = typing.get_type_hints(kind)
        return [self.value(hints[f.name], f"{src}.{f.name}", keeping(f), 0, True) for f in dataclasses.fields(kind)]

    def mapping(self, args: tuple[Any, ...], src: str, keep: Keep, sort: int) -> str:
        """A dict with str keys: item by item, sorted, filtered or ordered as `keep` and `sort` say on encode."""
        key_kind, item = args
        if key_kind is not str:
            raise TypeError(f"{self.owner.__name__}: map keys must be str, not {key_kind!r}")
        encoding = self.mode == "encode"
        inner_sort = max(sort - 1, 0)
        key, each = self.loop(), self.loop()
        if encoding and (keep.order_by or keep.key_order):
            order = f"self.{keep.order_by}" if keep.order_by else self.bind(keep.key_order, "keys")
            if keep.order_by and keep.order_by not in {f.name for f in dataclasses.fields(self.owner)}:
                raise TypeError(f"{self.owner.__name__}: order_by names no field: {keep.order_by}")
            shown = self.value(item, f"{src}[{key}]", _PLAIN, inner_sort, False)
            return f"{{{key}: {shown} for {key} in {order} if {key} in {src}}}"
        drop, ordered = encoding and keep.drop_empty, encoding and sort > 0
        items = f"sorted({src}.items())" if ordered else f"{src}.items()"
        if _scalar(item) and not drop:
            return f"dict({items})" if ordered else f"dict({src})"
        shown = self.value(item, each, _PLAIN, inner_sort, False)
        return f"{{{key}: {shown} for {key}, {each} in {items}{f' if {each}' if drop else ''}}}"

    def plain(self, src: str, keep: Keep, sort: int) -> str:
        """Plain data of no declared shape: deep copied (the keys of a map in `key_order` on encode)."""
        if sort:
            raise TypeError(f"{self.owner.__name__}: sort reaches plain data; give its maps a dict type")
        if self.mode == "encode" and keep.key_order:
            return f"{self.bind(_in_order, 'in_order')}({src}, {self.bind(keep.key_order, 'keys')})"
        return f"{self.bind(plain_copy, 'plain_copy')}({src})"


def _in_order(value: Any, keys: tuple[str, ...]) -> Any:
    """A map's entries in the order of `keys` (the others left out); any other value deep copied."""
    if isinstance(value, Mapping):
        return {k: plain_copy(value[k]) for k in keys if k in value}
    return plain_copy(value)


def _derive(cls: type[Record]) -> dict[str, Callable[..., Any]]:
    """The generated encode, decode and clone of a record class."""
    hints = typing.get_type_hints(cls)
    fields = dataclasses.fields(cls)
    if any(not f.init for f in fields) or hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__}: a record's fields are all set by its constructor, with no __post_init__")
    names: dict[str, Any] = {"_cls": cls}
    sources = {mode: _source(cls, mode, fields, hints, names) for mode in _MODES}
    derived: dict[str, Callable[..., Any]] = {}
    for mode, source in sources.items():
        filename = f"<record {cls.__module__}.{cls.__qualname__}.{mode}>"
        linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
        exec(compile(source, filename, "exec"), names)  # the specialised code this module exists to write
        function = names.pop(mode)
        function.__qualname__ = f"{cls.__qualname__}.{mode}"
        function.__module__ = cls.__module__
        function.derived = True  # a nested record of this class may be copied in place (`_Writer.copied`)
        derived[mode] = function
    return derived


def _source(cls: type[Record], mode: str, fields: tuple[dataclasses.Field[Any], ...], hints: Mapping[str, Any],
            names: dict[str, Any]) -> str:
    writer = _Writer(cls, mode, names)
    if mode == "encode":
        return _encoder(writer, fields, hints)
    if mode == "clone":
        arguments = ",\n        ".join(writer.copied(cls, "self"))
        return f"def clone(self):\n    return _cls(\n        {arguments})\n"
    parts = []
    for f in fields:
        keep = keeping(f)
        key = keep.key or f.name
        if keep.word is not None:
            if hints[f.name] is not bool:
                raise TypeError(f"{cls.__name__}.{f.name}: a field stored as a word is a bool")
            parts.append(f"data.get({key!r}) == {keep.word!r}")
        else:
            read = writer.value(hints[f.name], f"data[{key!r}]", keep, 0, True)
            parts.append(f"({read} if {key!r} in data else {_default(writer, f)})" if keep.added else read)
    arguments = ",\n        ".join(parts)
    return f"def decode(cls, data):\n    return cls(\n        {arguments})\n"


def _encoder(writer: _Writer, fields: tuple[dataclasses.Field[Any], ...], hints: Mapping[str, Any]) -> str:
    literal, after = [], []
    for f in fields:
        keep = keeping(f)
        key = keep.key or f.name
        if keep.word is not None:
            after.append(f"    if self.{f.name}:\n        data[{key!r}] = {keep.word!r}\n")
            continue
        shown = writer.value(hints[f.name], f"self.{f.name}", keep, keep.sort, True)
        if after:
            after.append(f"    data[{key!r}] = {shown}\n")
        else:
            literal.append(f"        {key!r}: {shown},\n")
    return "def encode(self):\n    data = {\n" + "".join(literal) + "    }\n" + "".join(after) + "    return data\n"


def _default(writer: _Writer, f: dataclasses.Field[Any]) -> str:
    if f.default_factory is not _MISSING:
        return f"{writer.bind(f.default_factory, 'factory')}()"
    if f.default is not _MISSING:
        return writer.bind(f.default, "default")
    raise TypeError(f"{writer.owner.__name__}.{f.name}: a field added later needs a default")
