"""Pax Pamir card data: typed, validated, read-only views of the YAML files in `data/`."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from importlib.resources import files
from importlib.resources.abc import Traversable
from types import MappingProxyType
from typing import Any, NoReturn

from engine import datafile

Suit = str  # "political" | "intelligence" | "economic" | "military"
Coalition = str  # "afghan" | "british" | "russian"
Region = str  # "transcaspia" | "kabul" | "persia" | "herat" | "kandahar" | "punjab"

#: The card data, package data of this package (read through importlib.resources, so it works installed).
DATA_DIR: Traversable = files(__package__) / "data"

ACTIONS: tuple[str, ...] = ("tax", "gift", "build", "move", "betray", "battle")
PLACEMENT_ICONS: tuple[str, ...] = ("road", "army", "spy", "tribe", "leverage")
LASTS: tuple[str | None, ...] = (None, "until_next_dominance_check", "until_after_next_dominance_check")
ROW_SIDES: tuple[str, ...] = ("top_left", "bottom_right")
COURT_NUMBERS = range(1, 101)
EVENT_NUMBERS = range(101, 117)
WAKHAN_NUMBERS = range(1, 25)
MARKET_COLUMNS = 6


class CardDataError(ValueError):
    """A data file breaks the schema; the message names the file and the entry."""


@dataclass(frozen=True)
class CourtCard:
    """One of the 100 court cards."""

    number: int
    name: str
    region: Region
    suit: Suit
    rank: int
    actions: tuple[str, ...]
    impact: tuple[str, ...]
    patriot: Coalition | None
    prize: Coalition | None
    ability: str | None
    kind: str = "court"


@dataclass(frozen=True)
class EventEffect:
    """One half of an event card: what happens when it is bought, or when cleanup discards it."""

    id: str
    title: str
    text: str
    lasts: str | None


@dataclass(frozen=True)
class EventCard:
    """One of the 16 event cards, four of them Dominance Checks."""

    number: int
    title: str
    dominance_check: bool
    purchased: EventEffect
    discarded: EventEffect
    kind: str = "event"


@dataclass(frozen=True)
class Ability:
    """A court card's special ability."""

    id: str
    title: str
    text: str


@dataclass(frozen=True)
class Board:
    """The map, the suits and the coalitions."""

    regions: tuple[Region, ...]
    region_names: Mapping[Region, str]
    borders: tuple[str, ...]
    border_regions: Mapping[str, tuple[Region, Region]]
    neighbours: Mapping[Region, tuple[Region, ...]]
    suits: tuple[Suit, ...]  # favored-suit track order; suits[0] is favored at the start
    coalitions: tuple[Coalition, ...]
    coalition_names: Mapping[Coalition, str]
    colours: Mapping[str, str]  # coalition -> CSS colour


@dataclass(frozen=True)
class WakhanFront:
    """The face of a drawn Wakhan AI card."""

    actions: tuple[str, ...]  # action codes, tried top down
    loyalty_order: tuple[Coalition, ...]  # pragmatic loyalty: the first one no other player holds
    region_order: tuple[Region, ...]  # region priority, highest first
    column_arrow: int  # black arrow: index into the top card's back.column_numbers
    row_side_arrow: int  # red arrow: index into the top card's back.row_side


@dataclass(frozen=True)
class WakhanBack:
    """The back of a Wakhan AI card, read while it lies on top of the AI deck."""

    column_numbers: tuple[int, ...]  # six market columns, 0 = leftmost
    row_side: tuple[str, ...]  # two of "top_left" / "bottom_right"

    def column(self, front: WakhanFront) -> int:
        """The market column the drawn card's black arrow points at."""
        return self.column_numbers[front.column_arrow]

    def row_and_side(self, front: WakhanFront) -> str:
        """The row/side ("top_left" or "bottom_right") the drawn card's red arrow points at."""
        return self.row_side[front.row_side_arrow]


@dataclass(frozen=True)
class WakhanCard:
    """One of the 24 Wakhan AI cards."""

    number: int
    front: WakhanFront
    back: WakhanBack


# --- public API -------------------------------------------------------------------------------------------


@functools.cache
def board() -> Board:
    """The map, suits and coalitions from map.yaml."""
    return _load_board(_read("map.yaml"))


@functools.cache
def abilities() -> Mapping[str, Ability]:
    """Every special ability, by id."""
    return _load_abilities(_read("abilities.yaml"))


@functools.cache
def court_cards() -> Mapping[int, CourtCard]:
    """All 100 court cards, by number."""
    return _load_court(_read("court.yaml"), board(), abilities())


@functools.cache
def event_cards() -> Mapping[int, EventCard]:
    """All 16 event cards, by number."""
    return _load_events(_read("events.yaml"))


def card(number: int) -> CourtCard | EventCard:
    """The court or event card with this number (KeyError if there is none)."""
    if number in court_cards():
        return court_cards()[number]
    if number in event_cards():
        return event_cards()[number]
    raise KeyError(f"no Pax Pamir card numbered {number!r}")


def title(number: int) -> str:
    """A card as players name it: a court card's name, an event's title (KeyError if there is no such card)."""
    found = card(number)
    return found.title if isinstance(found, EventCard) else found.name


def border(a: Region, b: Region) -> str:
    """The id of the border between two adjacent regions (KeyError if they are not adjacent)."""
    key = "-".join(sorted((a, b)))
    if key not in board().border_regions:
        raise KeyError(f"{a!r} and {b!r} share no border")
    return key


def wakhan_cards() -> Mapping[int, WakhanCard]:
    """The 24 Wakhan AI cards, by number."""
    return _wakhan()[1]


def wakhan_action_codes() -> Mapping[str, str]:
    """Every Wakhan action code, with its plain-language description."""
    return _wakhan()[0]


@functools.cache
def _wakhan() -> tuple[Mapping[str, str], Mapping[int, WakhanCard]]:
    """wakhan.yaml, parsed once for both of its public views."""
    return _load_wakhan(_read("wakhan.yaml"), board())


# --- reading and checking ---------------------------------------------------------------------------------


def _read(name: str) -> Any:
    """Parse one of this package's data files (plain values only: read by libyaml where installed)."""
    return datafile.plain((DATA_DIR / name).read_text(encoding="utf-8"))


class _Entry:
    """One mapping of a data file, so every error can say which file and entry it concerns."""

    def __init__(self, file: str, where: str, raw: Any, keys: Iterable[str]) -> None:
        self.file, self.where = file, where
        if not isinstance(raw, dict):
            self.fail(f"expected a mapping, got {raw!r}")
        wanted = set(keys)
        missing, unknown = wanted - raw.keys(), raw.keys() - wanted
        if missing or unknown:
            self.fail(f"missing keys {sorted(missing)}, unknown keys {sorted(map(str, unknown))}")
        self.raw: dict[str, Any] = raw

    def fail(self, message: str) -> NoReturn:
        """Raise a CardDataError naming the file and entry."""
        raise CardDataError(f"{self.file}: {self.where}: {message}")

    def text(self, key: str) -> str:
        """A non-empty string field."""
        value = self.raw[key]
        if not isinstance(value, str) or not value.strip():
            self.fail(f"{key} must be a non-empty string, got {value!r}")
        return value

    def integer(self, key: str, allowed: Iterable[int]) -> int:
        """An integer field within `allowed`."""
        value = self.raw[key]
        # bool is an int subclass; `true` where a number belongs is a typo, not a 1.
        if isinstance(value, bool) or not isinstance(value, int) or value not in allowed:
            self.fail(f"{key} must be an integer in {_show(allowed)}, got {value!r}")
        return value

    def flag(self, key: str) -> bool:
        """A true/false field."""
        value = self.raw[key]
        if not isinstance(value, bool):
            self.fail(f"{key} must be true or false, got {value!r}")
        return value

    def choice(self, key: str, allowed: Iterable[Any], what: str) -> Any:
        """A field whose value must be one of `allowed`."""
        value = self.raw[key]
        if value not in tuple(allowed):
            self.fail(f"unknown {what} {value!r} in {key} (expected one of {_show(allowed)})")
        return value

    def choices(self, key: str, allowed: Iterable[Any], what: str) -> tuple[Any, ...]:
        """A list field whose items must each be one of `allowed`."""
        value = self.raw[key]
        if not isinstance(value, list):
            self.fail(f"{key} must be a list, got {value!r}")
        options = tuple(allowed)
        for item in value:
            if item not in options:
                self.fail(f"unknown {what} {item!r} in {key} (expected one of {_show(options)})")
        return tuple(value)

    def ordering(self, key: str, universe: tuple[Any, ...], what: str) -> tuple[Any, ...]:
        """A list field that must name every member of `universe` exactly once."""
        value = self.choices(key, universe, what)
        if sorted(value) != sorted(universe):
            self.fail(f"{key} must list every {what} exactly once, got {list(value)}")
        return value


def _show(allowed: Iterable[Any]) -> str:
    """Allowed values, compactly, for an error message."""
    if isinstance(allowed, range):
        return f"{allowed.start}..{allowed.stop - 1}"
    return ", ".join(repr(a) for a in allowed)


def _list(file: str, raw: Any, what: str) -> list[Any]:
    """The top-level list of a data file."""
    if not isinstance(raw, list):
        raise CardDataError(f"{file}: expected a list of {what}, got {type(raw).__name__}")
    return raw


def _numbered(file: str, items: Iterable[Any], numbers: range) -> dict[int, Any]:
    """Items keyed by number, which must cover `numbers` exactly once each."""
    result: dict[int, Any] = {}
    for item in items:
        if item.number in result:
            raise CardDataError(f"{file}: card {item.number} appears twice")
        result[item.number] = item
    if sorted(result) != list(numbers):
        missing = sorted(set(numbers) - result.keys())
        raise CardDataError(f"{file}: cards must be numbered {_show(numbers)}; missing {missing}")
    return dict(sorted(result.items()))


def _load_board(raw: Any) -> Board:
    """Build the Board from map.yaml."""
    file = "map.yaml"
    top = _Entry(file, "top level", raw, ("regions", "borders", "suits", "favored_at_start", "coalitions"))
    regions, names = _named(file, "region", _list(file, top.raw["regions"], "regions"), ("id", "name"))
    suits = top.choices("suits", ("political", "intelligence", "economic", "military"), "suit")
    top.ordering("suits", ("political", "intelligence", "economic", "military"), "suit")
    if top.choice("favored_at_start", suits, "suit") != suits[0]:
        top.fail("favored_at_start must be the first suit listed, which the engine treats as the starting suit")
    coalition_rows = _list(file, top.raw["coalitions"], "coalitions")
    coalitions, coalition_names = _named(file, "coalition", coalition_rows, ("id", "name", "colour"))
    colours = {row["id"]: row["colour"] for row in coalition_rows}
    borders: dict[str, tuple[Region, Region]] = {}
    for raw_border in _list(file, top.raw["borders"], "borders"):
        entry = _Entry(file, f"border {raw_border.get('id')!r}", raw_border, ("id", "regions"))
        pair = entry.choices("regions", regions, "region")
        border_id = entry.text("id")
        if len(pair) != 2 or pair[0] == pair[1]:
            entry.fail(f"a border joins two different regions, got {list(pair)}")
        if border_id != "-".join(sorted(pair)):
            entry.fail(f"id must be the sorted region ids joined by '-', i.e. {'-'.join(sorted(pair))!r}")
        if border_id in borders:
            entry.fail("border listed twice")
        borders[border_id] = (pair[0], pair[1])
    adjacent: dict[Region, set[Region]] = {region: set() for region in regions}
    for a, b in borders.values():
        adjacent[a].add(b)
        adjacent[b].add(a)
    neighbours = {region: tuple(sorted(near)) for region, near in adjacent.items()}
    return Board(
        regions=regions,
        region_names=MappingProxyType(names),
        borders=tuple(borders),
        border_regions=MappingProxyType(borders),
        neighbours=MappingProxyType(neighbours),
        suits=suits,
        coalitions=coalitions,
        coalition_names=MappingProxyType(coalition_names),
        colours=MappingProxyType(colours),
    )


def _named(file: str, what: str, rows: list[Any], keys: tuple[str, ...]) -> tuple[tuple[str, ...], dict[str, str]]:
    """Ids in order and their display names, from a list of {id, name, ...} mappings."""
    names: dict[str, str] = {}
    for row in rows:
        entry = _Entry(file, f"{what} {row.get('id') if isinstance(row, dict) else row!r}", row, keys)
        ident = entry.text("id")
        if ident in names:
            entry.fail(f"{what} listed twice")
        names[ident] = entry.text("name")
        for key in keys:  # every other field (a colour, say) must be a non-empty string too
            entry.text(key)
    return tuple(names), names


def _load_abilities(raw: Any) -> Mapping[str, Ability]:
    """Build the abilities from abilities.yaml."""
    file = "abilities.yaml"
    if not isinstance(raw, dict):
        raise CardDataError(f"{file}: expected a mapping of ability id to ability")
    result = {}
    for ident, body in raw.items():
        entry = _Entry(file, f"ability {ident!r}", body, ("title", "text"))
        result[ident] = Ability(id=ident, title=entry.text("title"), text=entry.text("text"))
    return MappingProxyType(result)


def _impact_icons(suits: tuple[Suit, ...]) -> tuple[str, ...]:
    """Every impact icon a court card may show."""
    return PLACEMENT_ICONS + tuple(f"favor_{suit}" for suit in suits)


def _load_court(raw: Any, the_board: Board, known_abilities: Mapping[str, Ability]) -> Mapping[int, CourtCard]:
    """Build the court cards from court.yaml."""
    file = "court.yaml"
    keys = ("number", "name", "region", "suit", "rank", "actions", "impact", "patriot", "prize", "ability")
    cards = []
    for row in _list(file, raw, "court cards"):
        label = f"card {row.get('number')} ({row.get('name')})" if isinstance(row, dict) else f"entry {row!r}"
        entry = _Entry(file, label, row, keys)
        cards.append(
            CourtCard(
                number=entry.integer("number", COURT_NUMBERS),
                name=entry.text("name"),
                region=entry.choice("region", the_board.regions, "region"),
                suit=entry.choice("suit", the_board.suits, "suit"),
                rank=entry.integer("rank", range(1, 4)),
                actions=entry.choices("actions", ACTIONS, "action"),
                impact=entry.choices("impact", _impact_icons(the_board.suits), "impact icon"),
                patriot=entry.choice("patriot", (None, *the_board.coalitions), "coalition"),
                prize=entry.choice("prize", (None, *the_board.coalitions), "coalition"),
                ability=entry.choice("ability", (None, *known_abilities), "ability id"),
            )
        )
    return MappingProxyType(_numbered(file, cards, COURT_NUMBERS))


def _load_events(raw: Any) -> Mapping[int, EventCard]:
    """Build the event cards from events.yaml."""
    file = "events.yaml"
    cards = []
    for row in _list(file, raw, "event cards"):
        label = f"card {row.get('number')} ({row.get('title')})" if isinstance(row, dict) else f"entry {row!r}"
        entry = _Entry(file, label, row, ("number", "title", "dominance_check", "purchased", "discarded"))
        effects = {}
        for half in ("purchased", "discarded"):
            part = _Entry(file, f"{label} {half}", entry.raw[half], ("id", "title", "text", "lasts"))
            ident = part.text("id")
            if not ident.isidentifier() or ident != ident.lower():
                part.fail(f"effect id must be snake_case, got {ident!r}")
            lasts = part.choice("lasts", LASTS, "lasts")
            effects[half] = EventEffect(id=ident, title=part.text("title"), text=part.text("text"), lasts=lasts)
        card_ = EventCard(
            number=entry.integer("number", EVENT_NUMBERS),
            title=entry.text("title"),
            dominance_check=entry.flag("dominance_check"),
            purchased=effects["purchased"],
            discarded=effects["discarded"],
        )
        # The engine keys Dominance Check handling on the flag, so the flag and the effects must agree.
        is_check = {effects["purchased"].id, effects["discarded"].id} == {"dominance_check"}
        if card_.dominance_check != is_check:
            entry.fail("dominance_check must be true exactly when both effects are dominance_check")
        cards.append(card_)
    return MappingProxyType(_numbered(file, cards, EVENT_NUMBERS))


def _load_wakhan(raw: Any, the_board: Board) -> tuple[Mapping[str, str], Mapping[int, WakhanCard]]:
    """Build the Wakhan action codes and AI cards from wakhan.yaml."""
    file = "wakhan.yaml"
    top = _Entry(file, "top level", raw, ("action_codes", "cards"))
    codes = top.raw["action_codes"]
    if not isinstance(codes, dict):
        top.fail("action_codes must map each code to its description")
    for code, description in codes.items():
        _Entry(file, f"action code {code!r}", {"text": description}, ("text",)).text("text")
    cards = []
    for row in _list(file, top.raw["cards"], "Wakhan cards"):
        label = f"card {row.get('number')}" if isinstance(row, dict) else f"entry {row!r}"
        entry = _Entry(file, label, row, ("number", "front", "back"))
        front = _Entry(file, f"{label} front", entry.raw["front"],
                       ("actions", "loyalty_order", "region_order", "column_arrow", "row_side_arrow"))
        back = _Entry(file, f"{label} back", entry.raw["back"], ("column_numbers", "row_side"))
        cards.append(
            WakhanCard(
                number=entry.integer("number", WAKHAN_NUMBERS),
                front=WakhanFront(
                    actions=front.choices("actions", codes, "action code"),
                    loyalty_order=front.ordering("loyalty_order", the_board.coalitions, "coalition"),
                    region_order=front.ordering("region_order", the_board.regions, "region"),
                    column_arrow=front.integer("column_arrow", range(MARKET_COLUMNS)),
                    row_side_arrow=front.integer("row_side_arrow", range(len(ROW_SIDES))),
                ),
                back=WakhanBack(
                    column_numbers=back.ordering("column_numbers", tuple(range(MARKET_COLUMNS)), "market column"),
                    row_side=back.ordering("row_side", ROW_SIDES, "row/side"),
                ),
            )
        )
    return MappingProxyType(dict(codes)), MappingProxyType(_numbered(file, cards, WAKHAN_NUMBERS))
