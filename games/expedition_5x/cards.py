"""The card data: actions, the die, technology and settlement cards loaded once from data/cards.yaml."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from typing import Any

from engine import datafile

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


def _side(raw: dict[str, Any], where: str) -> Side:
    action = str(raw["action"])
    improvement = str(raw["improvement"])
    target = raw.get("target")
    crystal = str(raw.get("crystal", "none"))
    if action not in ACTIONS or improvement not in IMPROVEMENTS:
        raise ValueError(f"{where}: bad action or improvement in {raw}")
    if (improvement in ("count", "steal")) != (target is not None) or (target and target not in ACTIONS):
        raise ValueError(f"{where}: count and steal need a target action, the others none")
    if crystal not in (*COLOURS, JOKER, "none"):
        raise ValueError(f"{where}: unknown crystal {crystal!r}")
    return Side(action, improvement, None if target is None else str(target), None if crystal == "none" else crystal)


def parse_cards(text: str) -> Cards:
    """Cards from the YAML text of data/cards.yaml (plain values only: read by libyaml where installed)."""
    raw = datafile.plain(text)
    techs: dict[str, Technology] = {}
    for item in raw["technologies"]:
        card_id = str(item["id"])
        if str(item["centre"]) not in (*COLOURS, JOKER):
            raise ValueError(f"{card_id}: unknown centre crystal {item['centre']!r}")
        techs[card_id] = Technology(
            card_id,
            str(item["name"]),
            str(item["centre"]),
            _side(item["left"], f"{card_id} left"),
            _side(item["right"], f"{card_id} right"),
        )
    settlements: dict[str, Settlement] = {}
    for item in raw["settlements"]:
        left, right = str(item["left"]), str(item["right"])
        if left not in ACTIONS or right not in ACTIONS:
            raise ValueError(f"{item['id']}: settlement sides must be actions")
        settlements[str(item["id"])] = Settlement(str(item["id"]), str(item["name"]), left, right)
    if len(techs) != ROUNDS:
        raise ValueError(f"the game needs {ROUNDS} technologies, the data has {len(techs)}")
    if len(settlements) < 5 or set(techs) & set(settlements):
        raise ValueError("the game needs 5 settlements with ids distinct from the technologies")
    return Cards(techs, settlements)


@cache
def cards() -> Cards:
    """The game's card data, loaded once."""
    return parse_cards(files("games.expedition_5x").joinpath("data/cards.yaml").read_text(encoding="utf-8"))
