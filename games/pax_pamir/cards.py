"""Pax Pamir card data: typed, validated, read-only views of the YAML files in `data/`."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib.resources import files
from importlib.resources.abc import Traversable
from types import MappingProxyType
from typing import Any, TypeVar

from engine.carddata import CardDataError as CardDataError  # named here too: the error this module's readers raise
from engine.carddata import Entry, Parse, checked, label, named, numbered, read, top_list
from games.pax.data import Ability as Ability  # a court card's special ability
from games.pax.data import Map, load_abilities, neighbours, read_borders

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

T = TypeVar("T")


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
class Board(Map):
    """The map (neighbours by id), the suits and the coalitions."""

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
    return _checked("map.yaml", _load_board)


@functools.cache
def abilities() -> Mapping[str, Ability]:
    """Every special ability, by id."""
    return _checked("abilities.yaml", load_abilities)


@functools.cache
def court_cards() -> Mapping[int, CourtCard]:
    """All 100 court cards, by number."""
    return _checked("court.yaml", lambda raw: _load_court(raw, board(), abilities()))


@functools.cache
def event_cards() -> Mapping[int, EventCard]:
    """All 16 event cards, by number."""
    return _checked("events.yaml", _load_events)


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
    return board().border(a, b)


def wakhan_cards() -> Mapping[int, WakhanCard]:
    """The 24 Wakhan AI cards, by number."""
    return _wakhan()[1]


def wakhan_action_codes() -> Mapping[str, str]:
    """Every Wakhan action code, with its plain-language description."""
    return _wakhan()[0]


@functools.cache
def _wakhan() -> tuple[Mapping[str, str], Mapping[int, WakhanCard]]:
    """wakhan.yaml, parsed once for both of its public views."""
    return _checked("wakhan.yaml", lambda raw: _load_wakhan(raw, board()))


# --- reading and checking ---------------------------------------------------------------------------------


def _checked(name: str, build: Callable[[Any], T]) -> T:
    """`build` on one of this package's data files; a CardDataError names the file, line, entry and field."""
    return checked(lambda how: build(_read(name, how)))


def _read(name: str, how: Parse) -> Any:
    """The values of one of this package's data files, parsed by `how`."""
    return read(DATA_DIR / name, how)


def _load_board(raw: Any) -> Board:
    """Build the Board from map.yaml."""
    file = "map.yaml"
    top = Entry(file, "top level", raw, ("regions", "borders", "suits", "favored_at_start", "coalitions"))
    region_rows = named(file, "region", top.raw["regions"], ("id", "name"), top.line)
    regions = tuple(region_rows)
    names = {ident: entry.text("name") for ident, entry in region_rows.items()}
    suits = top.ordering("suits", ("political", "intelligence", "economic", "military"), "suit")
    if top.choice("favored_at_start", suits, "suit") != suits[0]:
        top.fail("must be the first suit listed, which the engine treats as the starting suit", "favored_at_start")
    coalition_rows = named(file, "coalition", top.raw["coalitions"], ("id", "name", "colour"), top.line)
    borders = read_borders(file, top.raw["borders"], regions, top.line)
    return Board(
        regions=regions,
        region_names=MappingProxyType(names),
        borders=tuple(borders),
        border_regions=MappingProxyType(borders),
        neighbours=neighbours(regions, borders),
        suits=suits,
        coalitions=tuple(coalition_rows),
        coalition_names=MappingProxyType({ident: entry.text("name") for ident, entry in coalition_rows.items()}),
        colours=MappingProxyType({ident: entry.text("colour") for ident, entry in coalition_rows.items()}),
    )


def _impact_icons(suits: tuple[Suit, ...]) -> tuple[str, ...]:
    """Every impact icon a court card may show."""
    return PLACEMENT_ICONS + tuple(f"favor_{suit}" for suit in suits)


def _load_court(raw: Any, the_board: Board, known_abilities: Mapping[str, Ability]) -> Mapping[int, CourtCard]:
    """Build the court cards from court.yaml."""
    file = "court.yaml"
    keys = ("number", "name", "region", "suit", "rank", "actions", "impact", "patriot", "prize", "ability")
    cards: list[tuple[Entry, CourtCard]] = []
    for row in top_list(file, raw, "court cards"):
        entry = Entry(file, label(row, "number", "card"), row, keys)
        cards.append((entry, CourtCard(
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
        )))
    return MappingProxyType(numbered(file, cards, COURT_NUMBERS, "card"))


def _load_events(raw: Any) -> Mapping[int, EventCard]:
    """Build the event cards from events.yaml."""
    file = "events.yaml"
    cards: list[tuple[Entry, EventCard]] = []
    for row in top_list(file, raw, "event cards"):
        name = label(row, "number", "card")
        entry = Entry(file, name, row, ("number", "title", "dominance_check", "purchased", "discarded"))
        effects = {}
        for half in ("purchased", "discarded"):
            part = Entry(file, f"{name} {half}", entry.mapping(half), ("id", "title", "text", "lasts"), entry.line)
            effects[half] = EventEffect(id=part.ident("id"), title=part.text("title"), text=part.text("text"),
                                        lasts=part.choice("lasts", LASTS, "lasts"))
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
            entry.fail("must be true exactly when both effects are dominance_check", "dominance_check")
        cards.append((entry, card_))
    return MappingProxyType(numbered(file, cards, EVENT_NUMBERS, "card"))


def _load_wakhan(raw: Any, the_board: Board) -> tuple[Mapping[str, str], Mapping[int, WakhanCard]]:
    """Build the Wakhan action codes and AI cards from wakhan.yaml."""
    file = "wakhan.yaml"
    top = Entry(file, "top level", raw, ("action_codes", "cards"))
    section = top.mapping("action_codes")
    descriptions = Entry(file, "action_codes", section, tuple(map(str, section)), top.line)
    codes = {str(code): descriptions.text(str(code)) for code in section}
    cards: list[tuple[Entry, WakhanCard]] = []
    for row in top_list(file, top.raw["cards"], "Wakhan cards"):
        name = label(row, "number", "card")
        entry = Entry(file, name, row, ("number", "front", "back"))
        front = Entry(file, f"{name} front", entry.mapping("front"),
                      ("actions", "loyalty_order", "region_order", "column_arrow", "row_side_arrow"), entry.line)
        back = Entry(file, f"{name} back", entry.mapping("back"), ("column_numbers", "row_side"), entry.line)
        cards.append((entry, WakhanCard(
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
        )))
    return MappingProxyType(codes), MappingProxyType(numbered(file, cards, WAKHAN_NUMBERS, "card"))
