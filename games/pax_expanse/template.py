"""The pre-filled order a seat gets with its report: YAML, with the legal choices for its next order as comments
and each action the rules allow now as a ready line (the frame, questions, ready lines and standing orders are the
Pax kernel's, games/pax/template.py; the words and a turn's parts are Pax Expanse's).

A turn's template lists the cards the seat can afford to buy now with one ready line, offers a ready line for
each card in hand and for each action of an asset the rules allow now; an asset's action they do not allow says
why in one line. Bribes are the kernel's BribeRules' answer: one an ability or event waives is never claimed.
"""

from __future__ import annotations

from typing import Any

from games.pax.bribes import PLAY
from games.pax.context import Question
from games.pax.orders import card_option
from games.pax.template import OrderTemplate, Trial
from games.pax_expanse import cards, orders, queries
from games.pax_expanse.game import DEFAULT_LOYALTY
from games.pax_expanse.rules import ODD_ROW, RULES
from games.pax_expanse.state import GameState
from games.pax_expanse.turn import ACTIONS, begin_turn, run_turn

#: Impact icons in players' words.
IMPACT = {"transport": "transport", "agent": "agent", "fleet": "fleet", "supporter": "supporter",
          "influence": "two influence", "climate_war": "climate towards War",
          "climate_prosperity": "climate towards Prosperity"}


class ExpanseTemplate(OrderTemplate[GameState]):
    """Pax Expanse's order template: several seats may be due at once (the secret loyalties, bribes asked
    together)."""

    TABLEAU = "network"
    MONEY = "influence"
    MONEY_WORD = "influence"
    STANDING = orders.STANDING

    def is_due(self, state: GameState, seat: str) -> bool:
        """One of the seats whose orders the step waits on."""
        return seat in state.due_seats()

    def asked(self, state: GameState, seat: str) -> list[Question]:
        """The paused turn's questions to `seat`."""
        assert state.paused is not None
        return [orders.question_from_data(q) for q in state.paused.questions if q["seat"] == seat]

    def option(self, question: Question, option: Any) -> str:
        """A card's name beside its number; amounts of influence (a bribe) and market rows are only numbers."""
        if question.kind == "bribe" or question.key.rsplit(".", 1)[-1].startswith(ODD_ROW):
            return str(option)
        return card_option(option, lambda number: cards.card(number).name)

    def loyalty(self, state: GameState, seat: str) -> str:
        """One of the factions, in secret."""
        board = cards.board()
        lines = self.say("Choose your starting loyalty, in secret: nobody sees it until every player has "
                         "chosen. One of: " + ", ".join(f"{f.id} ({f.name})" for f in board.factions) + ".")
        return self.lines([*lines, f"loyalty: {DEFAULT_LOYALTY}  # the default, if the deadline passes"])

    def turn(self, state: GameState, seat: str) -> str:
        """Purchases, plays, card actions and cleanup."""
        return _turn(state, seat)

    def card_title(self, number: int) -> str:
        """An asset's name."""
        return RULES.card_title(number)

    def market_title(self, number: int) -> str:
        """A market card's name, "event" before an event's."""
        return f"event {RULES.card_title(number)}" if number in cards.events() else RULES.card_title(number)

    def hostage_words(self, holder: str) -> str:
        """An asset on which another player has more agents than anyone."""
        return f"intimidated by {holder}"


TEMPLATE = ExpanseTemplate(run_turn)


def order_template(state: GameState, seat: str) -> str:
    """The order template for `seat` (a standing-orders template when nothing else is due from it)."""
    return TEMPLATE.render(state, seat)


def _turn(state: GameState, seat: str) -> str:
    # The choices as the turn will find them when it starts (a copy with the turn begun: nothing changes here).
    begun = begin_turn(state, seat, {}, {}).state
    player = begun.players[seat]
    say = TEMPLATE.say
    lines = say(f"Your turn. You have {player.influence} influence; the climate favours "
                f"{RULES.favoured_name(begun)}: those assets take bonus actions.")
    lines += say(f"You may take {RULES.ACTION_LIMIT} actions (purchase and play always count), plus the bonus "
                 "actions.")
    lines += say("To take an action, delete the # before its line: a line that starts with #- is ready as it "
                 "stands, and lines that start with #  continue it. Actions are taken in the order you list "
                 "them; with none, you take no actions.")
    lines.append("actions:")
    offered: list[Trial] = []
    lines += TEMPLATE.purchases(state, begun, seat, RULES, offered)
    lines += _plays(state, seat, offered)
    usable = [n for n in player.network if RULES.card_actions(n)]
    if usable:
        lines += say("Card actions: each asset of your Network acts once a turn and is exhausted by it.")
        lines += TEMPLATE.card_actions(state, begun, seat, ACTIONS, usable, offered)
    lines += TEMPLATE.answers_ahead(state, seat, offered)
    lines += say(f"Cleanup: if you will be over your limits (Network {queries.network_limit(state, seat)}, hand "
                 f"{queries.hand_limit(state, seat)}), list the cards to discard; left out, you are asked after "
                 "your actions.")
    lines.append(TEMPLATE.cleanup_entry())
    return TEMPLATE.lines(lines)


def _plays(state: GameState, seat: str, offered: list[Trial]) -> list[str]:
    """A ready line for each card in hand, with the bribe owed and each impact icon's choice filled in (each
    trial added to `offered`)."""
    hand = state.players[seat].hand
    if not hand:
        return []
    board = cards.board()
    lines = TEMPLATE.say("Play a card from your hand to the left or right end of your Network (side:). Each "
                         "transport icon takes a border (transports:) and each agent icon an asset of the "
                         "card's region (agents:), top to bottom; bribe: is the most you pay the region's "
                         "controller:")
    for number in hand:
        asset = cards.assets()[number]
        region = board.region_names[queries.asset_region(state, number)]
        note = (f"{asset.name} ({number}): {region}, {asset.suit} {asset.rank}; impact: "
                f"{', '.join(IMPACT[i] for i in asset.impact) or 'none'}")
        entry: dict[str, Any] = {"action": "play", "card": number, "side": "right"}
        owed = TEMPLATE.bribe_owed(RULES, state, seat, PLAY, RULES.play_bribe(state, seat, number))
        if owed is not None:
            note += f"; {owed[0]} controls {region} and may ask a bribe of at most {owed[1]}"
            entry["bribe"] = owed[1]
        lines += TEMPLATE.play_lines(state, seat, note, entry, offered)
    return lines
