"""Placing technologies: the geometry of groups, junctions, active symbols and activated crystals.

A tableau is a list of groups; each group is a left-to-right row of cards (the settlement card is one of
them). A new card's left side may join the right end of one group and its right side the left end of
another, when the two touching sides show the same action symbol. At each junction one card lies on top:
its corner symbol and its edge crystal stay visible, the covered card's corner and edge crystal are hidden.
An improvement is active while its corner is visible; an edge crystal is activated (held between two
laurel branches, one from each card) when its card lies on top of another technology at a junction (a
settlement has no laurel branch); the central crystal is always active.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from games.expedition_5x.cards import Cards, Side
from games.expedition_5x.state import Group, Wish

NEW, OLD = "new", "old"


@dataclass(frozen=True)
class Placement:
    """Where a won technology goes: the group ends it joins (None: that side stays free) and who is on top."""

    card: str
    left: str | None = None  # the card at the right end of the group joined by the new card's left side
    left_top: str = NEW
    right: str | None = None  # the card at the left end of the group joined by the new card's right side
    right_top: str = NEW


def group_of(tableau: list[Group], card_id: str) -> int:
    """The index of the group holding this card."""
    for index, group in enumerate(tableau):
        if card_id in group.cards:
            return index
    raise KeyError(card_id)


def left_attachments(tableau: list[Group], cards: Cards, tech_id: str) -> list[str]:
    """Right-end cards of groups whose right symbol matches the new card's left symbol."""
    symbol = cards.technologies[tech_id].left.action
    return [g.cards[-1] for g in tableau if cards.symbol(g.cards[-1], "right") == symbol]


def right_attachments(tableau: list[Group], cards: Cards, tech_id: str) -> list[str]:
    """Left-end cards of groups whose left symbol matches the new card's right symbol."""
    symbol = cards.technologies[tech_id].right.action
    return [g.cards[0] for g in tableau if cards.symbol(g.cards[0], "left") == symbol]


def placements(tableau: list[Group], cards: Cards, tech_id: str) -> Iterator[Placement]:
    """Every legal placement, in a fixed order: connections before separate, tableau order, new on top first."""
    lefts: list[str | None] = [*left_attachments(tableau, cards, tech_id), None]
    rights: list[str | None] = [*right_attachments(tableau, cards, tech_id), None]
    for left in lefts:
        for right in rights:
            # One group cannot take both sides: it would close into a ring.
            if left is not None and right is not None and group_of(tableau, left) == group_of(tableau, right):
                continue
            for left_top in (NEW, OLD) if left is not None else (NEW,):
                for right_top in (NEW, OLD) if right is not None else (NEW,):
                    yield Placement(tech_id, left, left_top, right, right_top)


def matches(placement: Placement, wish: Wish) -> bool:
    """True when a placement obeys the constraints a wish spells out."""

    def side_ok(chosen: str | None, top: str, want: str, want_top: str) -> bool:
        if want == "none":
            return chosen is None
        if want != "any" and chosen != want:
            return False
        return chosen is None or want_top in ("any", top)

    return side_ok(placement.left, placement.left_top, wish.left, wish.left_top) and side_ok(
        placement.right, placement.right_top, wish.right, wish.right_top
    )


def place(tableau: list[Group], placement: Placement) -> list[Group]:
    """A new tableau with the card placed; the groups it joins merge in the left group's position."""
    groups = [Group(list(g.cards), list(g.tops)) for g in tableau]
    cards_row, tops = [placement.card], []
    left_index = group_of(groups, placement.left) if placement.left is not None else None
    right_index = group_of(groups, placement.right) if placement.right is not None else None
    if left_index is not None:
        left = groups[left_index]
        cards_row = [*left.cards, placement.card]
        tops = [*left.tops, "right" if placement.left_top == NEW else "left"]
    if right_index is not None:
        right = groups[right_index]
        tops = [*tops, "left" if placement.right_top == NEW else "right", *right.tops]
        cards_row = [*cards_row, *right.cards]
    merged = Group(cards_row, tops)
    keep = [i for i in (left_index, right_index) if i is not None]
    if not keep:
        return [*groups, merged]
    result: list[Group] = []
    for index, group in enumerate(groups):
        if index == keep[0]:
            result.append(merged)
        elif index not in keep:
            result.append(group)
    return result


def corner_visible(group: Group, index: int, which: str) -> bool:
    """Whether a card's left or right corner is uncovered."""
    if which == "left":
        return index == 0 or group.tops[index - 1] == "right"
    return index == len(group.cards) - 1 or group.tops[index] == "left"


def edge_active(group: Group, index: int, which: str, cards: Cards) -> bool:
    """Whether a card lies on top of another technology on that side (so its edge crystal is activated)."""
    # The rulebook: edge crystals "can be activated only by connecting them to the edges of other technology
    # cards". A settlement card carries no laurel branch, so lying on top of one activates nothing.
    if which == "left":
        return index > 0 and group.tops[index - 1] == "right" and group.cards[index - 1] in cards.technologies
    last = len(group.cards) - 1
    return index < last and group.tops[index] == "left" and group.cards[index + 1] in cards.technologies


def active_improvements(tableau: list[Group], cards: Cards) -> list[tuple[str, Side]]:
    """Visible technology corners, in tableau order: the improvements a player may use."""
    found: list[tuple[str, Side]] = []
    for group in tableau:
        for index, card_id in enumerate(group.cards):
            if card_id not in cards.technologies:
                continue
            for which in ("left", "right"):
                if corner_visible(group, index, which):
                    found.append((card_id, cards.technologies[card_id].side(which)))
    return found


def active_crystals(tableau: list[Group], cards: Cards) -> list[str]:
    """Colours of activated crystals: every central crystal plus edge crystals on top of another technology."""
    found: list[str] = []
    for group in tableau:
        for index, card_id in enumerate(group.cards):
            tech = cards.technologies.get(card_id)
            if tech is None:
                continue
            found.append(tech.centre)
            for which in ("left", "right"):
                crystal = tech.side(which).crystal
                if crystal is not None and edge_active(group, index, which, cards):
                    found.append(crystal)
    return found


def technologies_in(tableau: list[Group], cards: Cards) -> list[str]:
    """The technology ids in a tableau."""
    return [c for g in tableau for c in g.cards if c in cards.technologies]


def describe(placement: Placement, cards: Cards) -> str:
    """The placement in words."""
    parts = []
    if placement.left is not None:
        parts.append(f"its left side {'over' if placement.left_top == NEW else 'under'} {cards.name(placement.left)}")
    if placement.right is not None:
        parts.append(
            f"its right side {'over' if placement.right_top == NEW else 'under'} {cards.name(placement.right)}"
        )
    return "with " + " and ".join(parts) if parts else "on its own"
