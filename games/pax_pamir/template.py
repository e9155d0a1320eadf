"""The pre-filled order a seat gets with its report: YAML, with the legal choices for its next order as comments
(the frame, questions and standing orders are the Pax kernel's; the words and a turn's choices are Pax Pamir's)."""

from __future__ import annotations

from typing import Any

from engine.words import counted
from games.pax.context import Question
from games.pax.market import occupied
from games.pax.orders import card_option
from games.pax.template import OrderTemplate
from games.pax_pamir import actions, cards, core, market, orders, queries
from games.pax_pamir.robot import loyalty_default
from games.pax_pamir.rules import DECLINE, RULES
from games.pax_pamir.state import GameState
from games.pax_pamir.turn import BLACKMAIL, NO_SPY, blackmail_targets


class PamirTemplate(OrderTemplate[GameState]):
    """Pax Pamir's order template: one seat is due at a time, comments on one line each."""

    TABLEAU = "court"
    STANDING = {
        "bribe": "full | waive | <most rupees you ask>   when someone owes you a bribe",
        "discard": "[card numbers, most expendable first]   when the rules make you discard",
        "safe_house": "true | false   whether a spy removed in battle hides in your Safe House",
        "courtly_manners": "decline | pay   under your Courtly Manners, decline bribes (the default) or pay them",
    }

    def is_due(self, state: GameState, seat: str) -> bool:
        """The one seat whose order the step waits on."""
        return state.due_seat() == seat

    def asked(self, state: GameState, seat: str) -> list[Question]:
        """The paused turn's one question."""
        assert state.paused is not None
        return [orders.question_from_data(state.paused.question)]

    def option(self, question: Question, option: Any) -> str:
        """A card's name beside its number (a bribe's options are rupees)."""
        return str(option) if question.kind == "bribe" else card_option(option, _title)

    def question_note(self, state: GameState, question: Question) -> list[str]:
        """Only the seat whose turn it is can answer its own questions in advance, in a later turn's order."""
        assert state.paused is not None
        if question.seat != state.paused.seat:
            return []
        return [f"# (Question key {question.key}: a turn may answer it in advance under `answers:`.)"]

    def loyalty(self, state: GameState, seat: str) -> str:
        """One of the coalitions."""
        coalitions = ", ".join(cards.board().coalitions)
        return f"# Choose your starting loyalty: one of {coalitions}.\nloyalty: {loyalty_default(state)}\n"

    def turn(self, state: GameState, seat: str) -> str:
        """Purchases, plays and card actions, Blackmail, cleanup."""
        return _turn(state, seat)


TEMPLATE = PamirTemplate()


def order_template(state: GameState, seat: str) -> str:
    """The order template for `seat` (a standing-orders template when nothing else is due from it)."""
    return TEMPLATE.render(state, seat)


def _turn(state: GameState, seat: str) -> str:
    player = state.players[seat]
    lines = [
        f"# Your turn. You have {counted(player.rupees, 'rupee')}; the favored suit is {state.favored}.",
        f"# Up to {RULES.ACTION_LIMIT} actions, plus a bonus action for each court card of the favored suit.",
        "# Each entry of `actions` is one action, taken in order. Rows are 1 (top) and 2 (bottom), columns 1-6.",
        "#",
        "# Purchase (cost in rupees, rupees lying on the card):",
    ]
    for row, column, number in occupied(state):
        if market.is_public_withdrawal(number):
            continue
        cost = RULES.purchase_cost(state, seat, row, column)
        dear = f" (more than your {counted(player.rupees, 'rupee')} now)" if cost > player.rupees else ""
        lines.append(f"#   {{action: purchase, row: {row + 1}, column: {column + 1}}}  # {_title(number)}, cost {cost}"
                     f", {state.market_rupees[row][column]} on it{dear}")
    if player.hand:
        lines.append("# Play from your hand (side: left or right; one border per road icon, one card per spy icon;")
        lines.append("# bribe: the most you will pay the ruler):")
        for number in player.hand:
            lines.append(f"#   {{action: play, card: {number}, side: right}}  # {_play_note(state, seat, number)}")
    usable = [n for n in player.court if queries.court_card(n).actions]
    if usable:
        lines.append("# Card actions (each court card once per turn; favored cards act as bonus actions):")
        for number in usable:
            card = queries.court_card(number)
            bonus = " (bonus)" if queries.is_favored(state, seat, number) else ""
            hostage = RULES.hostage_bribe(state, number)
            if hostage is not None and not queries.bribes_waived(state, seat, "hostage"):
                bonus += (f"; held hostage by {hostage[0]}: hostage_bribe up to {hostage[1]}"
                          f"{_courtly_note(state, seat)}")
            for name in card.actions:
                module = actions.module(name)
                if module is None:
                    lines.append(f"#   {{action: {name}, card: {number}}}  # {card.name}{bonus}: not available yet")
                    continue
                lines.append(f"#   {{action: {name}, card: {number}, ...}}  # {card.name}{bonus}")
                lines += [f"#       {line}" for line in module.choices(state, seat, number)]
    lines.append("actions: []")
    regions = []
    for ability, region in BLACKMAIL.items():
        if queries.has_ability(state, seat, ability):
            targets = ", ".join(str(n) for n in blackmail_targets(state, region)) or "none now"
            lines.append(f"# Blackmail: a spy on one of these {region} cards without spies, or none: {targets}")
            regions.append(f"{region}: {NO_SPY}")
    if regions:
        # One mapping for both Blackmail cards: a second `blackmail:` line would be a duplicate YAML key.
        lines.append(f"blackmail: {{{', '.join(regions)}}}")
    lines.append("# Cleanup: if you will be over your limits, list exactly the court/hand cards to discard "
                 f"(court limit {queries.court_limit(state, seat)}, hand limit {queries.hand_limit(state, seat)});")
    lines.append("# left out, you are asked after your actions.")
    lines.append(TEMPLATE.cleanup_entry())
    return "\n".join(lines) + "\n"


def _play_note(state: GameState, seat: str, number: int) -> str:
    card = queries.court_card(number)
    note = f"{card.name} ({card.region}, {card.suit} {card.rank}; impact: {', '.join(card.impact)})"
    owed = RULES.play_bribe(state, seat, number)
    if owed is not None:
        waived = (" (you owe no bribe now)" if queries.bribes_waived(state, seat, "play")
                  else _courtly_note(state, seat))
        note += f"; {owed[0]} rules {card.region}: bribe up to {owed[1]}{waived}"
    if "road" in card.impact:
        borders = [b for b in cards.board().borders if card.region in cards.board().border_regions[b]]
        note += f"; roads: {', '.join(borders)}"
    if "spy" in card.impact:
        targets = [str(n) for n in core.spy_targets(state, card.region)] + [f"{number} (itself)"]
        note += f"; spies: {', '.join(targets)}"
    return note


def _courtly_note(state: GameState, seat: str) -> str:
    """How `seat`'s Courtly Manners will answer a bribe, when it is theirs."""
    if not queries.may_decline_bribes(state, seat):
        return ""
    answer = state.standing.get(seat, {}).get("courtly_manners", DECLINE)
    return f" (Courtly Manners: you {answer} it; standing courtly_manners: decline | pay)"


def _title(number: int) -> str:
    return f"event {cards.title(number)}" if queries.is_event(number) else cards.title(number)
