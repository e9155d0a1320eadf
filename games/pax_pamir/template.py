"""The pre-filled order a seat gets with its report: YAML, with the legal choices for its next order as comments
and each action the rules allow now as a ready line (the frame, questions, ready lines and standing orders are the
Pax kernel's, games/pax/template.py; the words and a turn's parts are Pax Pamir's).

A turn's template offers a ready line for each card the seat can afford to buy now (the dearer ones are named
in one sentence), for each card in hand, and for each action of a court card the rules allow now; a card's
action they do not allow says why in one line.
"""

from __future__ import annotations

from typing import Any

from engine.words import counted
from games.pax.bribes import PLAY
from games.pax.context import Question
from games.pax.orders import card_option
from games.pax.template import OrderTemplate, Trial
from games.pax_pamir import cards, orders, queries
from games.pax_pamir.robot import loyalty_default
from games.pax_pamir.rules import DECLINE, RULES
from games.pax_pamir.state import GameState
from games.pax_pamir.turn import ACTIONS, BLACKMAIL, NO_SPY, blackmail_targets, run_turn, turn_state


class PamirTemplate(OrderTemplate[GameState]):
    """Pax Pamir's order template: one seat is due at a time."""

    TABLEAU = "court"
    MONEY = "rupees"
    MONEY_WORD = "rupee"
    BONUS = "a bonus action (favored suit)"
    STANDING = {
        "bribe": "full, waive, or the most rupees you ask, when someone owes you a bribe.",
        "discard": "a list of card numbers, most expendable first, for when the rules make you discard.",
        "safe_house": "true or false: whether a spy of yours removed in battle hides in your Safe House.",
        "courtly_manners": "decline (the default) or pay: what your Courtly Manners does with bribes asked of you.",
    }

    def is_due(self, state: GameState, seat: str) -> bool:
        """The one seat whose order the step waits on."""
        return state.due_seat() == seat

    def asked(self, state: GameState, seat: str) -> list[Question]:
        """The paused turn's questions: one, or several asked together."""
        assert state.paused is not None
        return [orders.question_from_data(q) for q in state.paused.questions]

    def option(self, question: Question, option: Any) -> str:
        """A card's name beside its number (a bribe's options are rupees)."""
        return str(option) if question.kind == "bribe" else card_option(option, _title)

    def question_note(self, state: GameState, question: Question) -> list[str]:
        """Only the seat whose turn it is can answer its own questions in advance, in a later turn's order."""
        assert state.paused is not None
        if question.seat != state.paused.seat:
            return []
        return self.say(f"A turn's order may answer this question in advance under `answers:`, with the key "
                        f"{question.key}.")

    def loyalty(self, state: GameState, seat: str) -> str:
        """One of the coalitions."""
        coalitions = ", ".join(cards.board().coalitions)
        return self.lines([*self.say(f"Choose your starting loyalty: one of {coalitions}."),
                           f"loyalty: {loyalty_default(state)}"])

    def turn(self, state: GameState, seat: str) -> str:
        """Blackmail, purchases, plays and card actions, cleanup."""
        return _turn(state, seat)

    def card_title(self, number: int) -> str:
        """A court card's name."""
        return queries.court_card(number).name

    def market_title(self, number: int) -> str:
        """A market card's name, "event" before an event's."""
        return _title(number)


TEMPLATE = PamirTemplate(run_turn)


def order_template(state: GameState, seat: str) -> str:
    """The order template for `seat` (a standing-orders template when nothing else is due from it)."""
    return TEMPLATE.render(state, seat)


def _turn(state: GameState, seat: str) -> str:
    begun = turn_state(state, seat)
    player = state.players[seat]
    say = TEMPLATE.say
    lines = say(f"Your turn. You have {counted(player.rupees, 'rupee')}; the favored suit is {state.favored}.")
    lines += say(f"You may take {RULES.ACTION_LIMIT} actions, plus a bonus action for each action of a court card "
                 "of the favored suit; purchase and play always count.")
    lines += say("To take an action, delete the # before its line: a line that starts with #- is ready as it "
                 "stands, and lines that start with #  continue it. Actions are taken in the order you list "
                 "them; with none, you take no actions.")
    lines += _blackmail(state, seat)
    lines.append("actions:")
    offered: list[Trial] = []
    lines += TEMPLATE.purchases(state, begun, seat, RULES, offered)
    lines += _plays(state, seat, offered)
    usable = [n for n in player.court if RULES.card_actions(n)]
    if usable:
        lines += say("Card actions: each court card acts once a turn.")
        lines += TEMPLATE.card_actions(state, begun, seat, ACTIONS, usable, offered)
    lines += TEMPLATE.answers_ahead(state, seat, offered)
    lines += say("Cleanup: if you will be over your limits (court "
                 f"{queries.court_limit(state, seat)}, hand {queries.hand_limit(state, seat)}), list exactly the "
                 "court and hand cards to discard; left out, you are asked after your actions.")
    lines.append(TEMPLATE.cleanup_entry())
    return TEMPLATE.lines(lines)


def _blackmail(state: GameState, seat: str) -> list[str]:
    """Where each Blackmail card's spy goes at the start of the turn: one mapping for both cards (a second
    `blackmail:` line would be a duplicate YAML key)."""
    lines: list[str] = []
    regions = []
    for ability, region in BLACKMAIL.items():
        if queries.has_ability(state, seat, ability):
            targets = ", ".join(str(n) for n in blackmail_targets(state, region)) or "none now"
            lines += TEMPLATE.say(f"Blackmail: a spy on one of these {region} cards without spies, or "
                                  f"{NO_SPY}: {targets}.")
            regions.append(f"{region}: {NO_SPY}")
    if regions:
        lines.append(f"blackmail: {{{', '.join(regions)}}}")
    return lines


def _plays(state: GameState, seat: str, offered: list[Trial]) -> list[str]:
    """A ready line for each card in hand, with the bribe owed and each impact icon's choice filled in (each
    trial added to `offered`)."""
    hand = state.players[seat].hand
    if not hand:
        return []
    lines = TEMPLATE.say("Play a card from your hand to the left or right end of your court (side:). Each road "
                         "icon takes a border of the card's region (roads:) and each spy icon a court card of that "
                         "region in any court (spies:); bribe: is the most you pay the ruler:")
    for number in hand:
        card = queries.court_card(number)
        note = f"{card.name} ({number}): {card.region}, {card.suit} {card.rank}; impact: {', '.join(card.impact)}"
        entry: dict[str, Any] = {"action": "play", "card": number, "side": "right"}
        owed = RULES.play_bribe(state, seat, number)
        if owed is not None and owed[1] > 0 and RULES.bribes_waived(state, seat, PLAY):
            note += f"; {owed[0]} rules {card.region}, but you owe no bribe now"
        elif owed is not None and owed[1] > 0:
            note += f"; {owed[0]} rules {card.region} and may ask up to {owed[1]} rupees{_courtly_note(state, seat)}"
            entry["bribe"] = owed[1]
        lines += TEMPLATE.play_lines(state, seat, note, entry, offered)
    return lines


def _courtly_note(state: GameState, seat: str) -> str:
    """How `seat`'s Courtly Manners will answer a bribe, when it is theirs."""
    if not queries.may_decline_bribes(state, seat):
        return ""
    answer = state.standing.get(seat, {}).get("courtly_manners", DECLINE)
    return f" (your Courtly Manners: you {answer} it; standing courtly_manners: decline or pay)"


def _title(number: int) -> str:
    return f"event {cards.title(number)}" if queries.is_event(number) else cards.title(number)
