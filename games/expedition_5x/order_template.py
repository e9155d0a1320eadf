"""The pre-filled YAML order body for a seat, with every legal choice written out as comments."""

from __future__ import annotations

from games.expedition_5x.cards import ACTIONS, Cards, Technology, cards
from games.expedition_5x.orders import playable
from games.expedition_5x.robots import default_order
from games.expedition_5x.stages import due_seats, revealed
from games.expedition_5x.state import State
from games.expedition_5x.tableau import left_attachments, right_attachments
from games.expedition_5x.views import label


def _edge(tech: Technology, which: str) -> str:
    crystal = tech.side(which).crystal
    return f"{crystal} edge crystal" if crystal else "no edge crystal"


def _ends(ends: list[str], deck: Cards) -> str:
    """Group ends a side can join, as a player writes them."""
    return "".join(f"{c} ({deck.name(c)}), " for c in ends) or "(nothing to join) "


def _market_lines(state: State, seat: str, deck: Cards) -> list[str]:
    player = state.players[seat]
    lines = []
    for card in state.market:
        tech = deck.technologies[card]
        lefts = left_attachments(player.tableau, deck, card)
        rights = right_attachments(player.tableau, deck, card)
        lines += [
            f"#   {card} {tech.name}: {tech.centre} central crystal",
            f"#     left side: {tech.left.describe()}; {_edge(tech, 'left')}",
            f"#       left: {_ends(lefts, deck)}none or any",
            f"#     right side: {tech.right.describe()}; {_edge(tech, 'right')}",
            f"#       right: {_ends(rights, deck)}none or any",
        ]
    return lines


def order_template(state: State, seat: str) -> str:
    """A YAML order body that passes check as it stands."""
    deck, player = cards(), state.players[seat]
    if seat not in due_seats(state):
        return f"# Expedition to 5X, {label(state)}: you owe no order now.\n"
    can = playable(state, seat)
    resting = [a for a in ACTIONS if a not in can]
    lines = [f"# Expedition to 5X, {label(state)}: your order.", ""]
    shown = revealed(state)
    if shown:
        lines.append("# Already revealed: " + ", ".join(f"{s} {a}" for s, a in shown.items()))
    lines += [
        f"# action: the card you play. You can play: {', '.join(can)}",
        f"#   (not playable now: {', '.join(resting) or 'none'})",
        f"action: {default_order(state, seat)['action']}",
        "",
        "# bid and wishes are read only when you play excavate.",
    ]
    if player.water >= 1:
        lines += [f"# bid: a whole number of water from 1 to {player.water} (you have {player.water}).", "bid: 1"]
    else:
        lines.append("# You have no water, so you cannot bid or play excavate.")
    lines += [
        "",
        "# wishes: the technologies you want, best first. When none is left at your turn to choose,",
        "# you get the one whose best placement scores most. Optional keys for each wish:",
        "#   left / right: the card your new card's left / right side joins (a group end showing the same",
        "#     symbol), settlement, none (stay free) or any (best choice); left_top / right_top: new (the",
        "#     won card lies on top), old (it goes underneath) or any. Leave them out for the best placement.",
        "# The market:",
        *_market_lines(state, seat, deck),
        "wishes:",
        *[f"  - card: {card}" for card in state.market],
        "",
    ]
    return "\n".join(lines)
