"""The card data: actions, the die, technology and settlement cards loaded once from data/cards.yaml."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from typing import Any

from engine.carddata import Entry, checked, named, parse

#: The five action cards in activation order (Excavate 1 … Expand 5).
ACTIONS: tuple[str, ...] = ("excavate", "drill", "plunder", "scout", "expand")
#: The eight faces of the die.
DIE_FACES: tuple[int, ...] = (0, 0, 1, 1, 1, 2, 2, 3)
#: Crystal colours that score as sets; X is the joker.
COLOURS: tuple[str, ...] = ("blue", "green", "purple")
JOKER = "X"
IMPROVEMENTS: tuple[str, ...] = ("water", "die", "count", "steal")
ROUNDS = 15
STARTING_WATER = 5


@dataclass(frozen=True)
class Side:
    """One side of a technology card: the corner improvement and the edge crystal."""

    action: str
    improvement: str
    target: str | None
    crystal: str | None

    def describe(self) -> str:
        """The improvement in a few words, as a player reads it."""
        when = f"when you play {self.action.capitalize()}"
        if self.improvement == "water":
            return f"{when}: take 1 water"
        if self.improvement == "die":
            return f"{when}: roll the die and take that much water"
        if self.improvement == "count":
            return f"{when}: take 1 water per {str(self.target).capitalize()} card played this round"
        return f"{when}: steal 1 water from each other player who played {str(self.target).capitalize()}"


@dataclass(frozen=True)
class Technology:
    """A technology card: a central crystal, a left and a right side."""

    id: str
    name: str
    centre: str
    left: Side
    right: Side

    def side(self, which: str) -> Side:
        """The left or right side."""
        return self.left if which == "left" else self.right


@dataclass(frozen=True)
class Settlement:
    """A settlement card: one action symbol on each side to connect technologies to."""

    id: str
    name: str
    left: str
    right: str


@dataclass(frozen=True)
class Cards:
    """All card data, by id."""

    technologies: dict[str, Technology]
    settlements: dict[str, Settlement]

    def symbol(self, card_id: str, which: str) -> str:
        """The action symbol on one side of any card, the way connections compare them."""
        if card_id in self.settlements:
            settlement = self.settlements[card_id]
            return settlement.left if which == "left" else settlement.right
        return self.technologies[card_id].side(which).action

    def name(self, card_id: str) -> str:
        """The printed name of any card."""
        if card_id in self.settlements:
            return self.settlements[card_id].name
        return self.technologies[card_id].name


FILE = "cards.yaml"
SIDE_KEYS = ("action", "improvement")


def _side(card: Entry, which: str) -> Side:
    """One side of a technology; count and steal name the action they count or steal from, the others none."""
    side = Entry(card.file, f"{card.where} {which}", card.mapping(which), SIDE_KEYS, card.line,
                 optional=("target", "crystal"))
    action = side.choice("action", ACTIONS, "action")
    improvement = side.choice("improvement", IMPROVEMENTS, "improvement")
    needs_target, has_target = improvement in ("count", "steal"), side.raw.get("target") is not None
    if needs_target != has_target:
        side.fail("count and steal need a target action, the others none", "target" if has_target else "improvement")
    target = side.choice("target", ACTIONS, "target action") if needs_target else None
    crystal = side.choice("crystal", (*COLOURS, JOKER, "none"), "crystal") if side.has("crystal") else "none"
    return Side(action, improvement, target, None if crystal == "none" else crystal)


def parse_cards(text: str) -> Cards:
    """Cards from the YAML text of data/cards.yaml; a CardDataError names the file, line, card and field."""
    return _cards(parse(text, FILE))


def _cards(raw: Any) -> Cards:
    """The technologies and settlements of cards.yaml, checked against the rulebook's counts."""
    top = Entry(FILE, "top level", raw, ("technologies", "settlements"))
    rows = named(FILE, "technology", top.raw["technologies"], ("id", "name", "centre", "left", "right"), top.line,
                 plural="technologies")
    techs = {card_id: Technology(card_id, entry.text("name"), entry.choice("centre", (*COLOURS, JOKER), "crystal"),
                                 _side(entry, "left"), _side(entry, "right"))
             for card_id, entry in rows.items()}
    settlements: dict[str, Settlement] = {}
    for card_id, entry in named(FILE, "settlement", top.raw["settlements"], ("id", "name", "left", "right"),
                                top.line).items():
        if card_id in techs:
            entry.fail(f"{card_id!r} is already a technology's id; a settlement's must differ", "id")
        settlements[card_id] = Settlement(card_id, entry.text("name"), entry.choice("left", ACTIONS, "action"),
                                          entry.choice("right", ACTIONS, "action"))
    if len(techs) != ROUNDS:
        top.fail(f"the game needs {ROUNDS} technologies, the data has {len(techs)}", "technologies")
    if len(settlements) < 5:
        top.fail(f"the game needs 5 settlements, the data has {len(settlements)}", "settlements")
    return Cards(techs, settlements)


@cache
def cards() -> Cards:
    """The game's card data, loaded once."""
    text = files("games.expedition_5x").joinpath("data", FILE).read_text(encoding="utf-8")
    return checked(lambda how: _cards(how(text, FILE)))
