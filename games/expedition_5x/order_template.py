"""The pre-filled YAML order body for a seat, with every legal choice written out as comments.

The order as it stands is the deadline's: the card the deadline would play, bids of 1, the wishes by the default
policy. Each other card the seat can play is a ready line behind a bare `#` (`#action: excavate`): to play it,
put `#` before the `action:` line in force and delete the `#` of the card wanted. Comments are wrapped once, at
word boundaries, within WIDTH columns, each line after a paragraph's first two spaces further in; a bullet (`* `)
starts a paragraph of a list.
"""

from __future__ import annotations

import textwrap

from engine.words import plural
from games.expedition_5x.cards import Cards, Technology, cards
from games.expedition_5x.orders import auction_words, bid_range, playable
from games.expedition_5x.placing import best_placement, placement_value, ranked_market
from games.expedition_5x.resolve import DRILL_TABLE, PLUNDER_TABLE
from games.expedition_5x.robots import default_order
from games.expedition_5x.stages import due_seats, revealed
from games.expedition_5x.state import BID, State
from games.expedition_5x.tableau import describe, left_attachments, right_attachments
from games.expedition_5x.views import label

#: Order templates are read in mail: no line wider than this (pbem fits comments to the same width).
WIDTH = 72

#: The basic actions, for players who do not have the rulebook at hand.
BASICS: dict[str, str] = {
    "excavate": "bid water for a market technology (alone, your bid must beat the die; with others, identical "
                "bids drop out).",
    "drill": "4 water alone, 2 each for two drillers, 1 each for three, none for four or more.",
    "plunder": "from each Excavate and Expand player, 2 water alone, 1 each for two plunderers, none for three "
               "or more.",
    "scout": "roll the die for water, and choose after the others next round.",
    "expand": "take back every card in your discard pile.",
}


def _say(text: str, indent: int = 0, bullet: bool = False) -> list[str]:
    """`text` as one comment paragraph wrapped once within WIDTH: "# " and `indent` spaces (and "* " for a
    bullet) before its first line, two spaces more before each line after it."""
    lead = "# " + " " * indent
    return textwrap.wrap(text, WIDTH, initial_indent=lead + ("* " if bullet else ""), subsequent_indent=lead + "  ",
                         break_long_words=False, break_on_hyphens=False)


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
        best = best_placement(player.tableau, card, deck)
        points = placement_value(player.tableau, best, deck)[0]
        lines += [
            *_say(f"{card} {tech.name}: {tech.centre} central crystal; best placement: {describe(best, deck)}; "
                  f"your crystals would then score {points}.", 2, bullet=True),
            *_say(f"left side: {tech.left.describe()}; {_edge(tech, 'left')}; left: {_ends(lefts, deck)}none or "
                  "any.", 4, bullet=True),
            *_say(f"right side: {tech.right.describe()}; {_edge(tech, 'right')}; right: {_ends(rights, deck)}none "
                  "or any.", 4, bullet=True),
        ]
    return lines


def _late_outlook(state: State, seat: str, shown: dict[str, str]) -> list[str]:
    """For a late scout: what Drill and Plunder would give, counting the cards already revealed."""
    others = list(shown.values())
    diggers = sum(1 for a in others if a in ("excavate", "expand"))
    drill = DRILL_TABLE.get(others.count("drill") + 1, 0)
    plunder = PLUNDER_TABLE.get(others.count("plunder") + 1, 0)
    late = [s for s in state.seats if s not in shown and s != seat]
    caveat = f"; {', '.join(late)} also choose now and may change these numbers" if late else ""
    return _say(f"So far: drill would give you {drill} water, plunder {plunder} from each of {diggers} "
                f"Excavate/Expand {plural('player', diggers)} (before improvements{caveat}).")


def _bid_template(state: State, seat: str) -> str:
    """The bid stage: the revealed cards, the auction this seat faces, and one number to send."""
    water = state.players[seat].water
    lines = [
        f"# Expedition to 5X, {label(state)}: your bid.",
        "",
        *_say("Revealed: " + ", ".join(f"{s} {a}" for s, a in revealed(state).items()) + "."),
        *_say(f"The cards are revealed and {auction_words(state, seat)}."),
        *_say(f"bid: a whole number of water from 1 to {max(1, water)} (you have {water}). Without a technology "
              "you return 1 water and keep the rest."),
        "bid: 1",
        "",
    ]
    return "\n".join(lines)


def _action_lines(state: State, seat: str) -> list[str]:
    """The card the order plays, in force, and each other card the seat can play as a ready line."""
    player = state.players[seat]
    can = playable(state, seat)
    chosen = default_order(state, seat)["action"]
    lines = _say("action: the card you play. The action: line without # is your choice (the deadline's too); "
                 "to play another card, put # before that line and delete the # before the card you want.")
    for card in can:
        lines += _say(f"{card}: {BASICS[card]}", 2, bullet=True)
        lines.append(f"action: {card}" if card == chosen else f"#action: {card}")
    if player.discards:
        lines += _say(f"In your discard pile until you play expand: {', '.join(player.discards)}.")
    if "excavate" in player.hand and "excavate" not in can:
        lines += _say("You cannot play excavate now: it needs at least 1 water to bid.")
    return lines


def order_template(state: State, seat: str) -> str:
    """A YAML order body that passes check as it stands."""
    deck, player = cards(), state.players[seat]
    if seat not in due_seats(state):
        return f"# Expedition to 5X, {label(state)}: you owe no order now.\n"
    if state.stage == BID:
        return _bid_template(state, seat)
    can = playable(state, seat)
    lines = [f"# Expedition to 5X, {label(state)}: your order.", ""]
    shown = revealed(state)
    if shown:
        lines += _say("Already revealed: " + ", ".join(f"{s} {a}" for s, a in shown.items()) + ".")
        lines += _late_outlook(state, seat, shown)
    lines += [*_action_lines(state, seat), ""]
    lines += _say("bid and wishes are read only when you play excavate.")
    if "excavate" in can:
        lines += [
            *_say(f"bid: a whole number of water {bid_range(state, seat)}. The bids come after the reveal: "
                  "give one number for either auction (bid: 2), a number for each (alone: you bid against the "
                  "die; contested: others played Excavate too), or leave a case out to be asked after the reveal."),
            "bid: {alone: 1, contested: 1}",
        ]
    elif "excavate" in player.discards:
        lines += _say("excavate is in your discard pile, so you cannot bid this round.")
    else:
        lines += _say("You have no water, so you cannot bid or play excavate.")
    lines += [
        "",
        *_say("wishes: the technologies you want, best first (listed here by the crystal points of their "
              "best placement). When none is left at your turn to choose, you get the one whose best "
              "placement scores most. Optional keys for each wish:"),
        *_say("left or right: the card your new card's left or right side joins (a group end showing the same "
              "symbol), settlement, none (stay free) or any (best choice).", 2, bullet=True),
        *_say("left_top or right_top: new (the won card lies on top), old (it goes underneath) or any.", 2,
              bullet=True),
        *_say("Leave them out for the best placement."),
        "# The market:",
        *_market_lines(state, seat, deck),
        *(_say(f"Not for sale yet (top of the deck): {state.deck[0]} {deck.name(state.deck[0])}.")
          if state.deck else []),
        "wishes:",
        *[f"  - card: {card}" for card in ranked_market(player.tableau, state.market, deck)],
        "",
    ]
    return "\n".join(lines)
