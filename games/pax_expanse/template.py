"""The pre-filled order a seat gets with its report: YAML, with the legal choices for its next order as comments
no wider than 72 columns."""

from __future__ import annotations

from typing import Any

from games.pax.context import Question
from games.pax.orders import card_option
from games.pax.template import OrderTemplate
from games.pax_expanse import actions, cards, events, orders, queries
from games.pax_expanse.game import DEFAULT_LOYALTY
from games.pax_expanse.rules import RULES
from games.pax_expanse.state import GameState
from games.pax_expanse.turn import begin_turn, may_act

#: Order templates are read in mail: no line wider than this.
WIDTH = 72
#: Impact icons in players' words.
IMPACT = {"transport": "transport", "agent": "agent", "fleet": "fleet", "supporter": "supporter",
          "influence": "two influence", "climate_war": "climate towards War",
          "climate_prosperity": "climate towards Prosperity"}


class ExpanseTemplate(OrderTemplate[GameState]):
    """Pax Expanse's order template: several seats may be due at once (the secret loyalties, bribes asked
    together), comments wrapped for mail."""

    WIDTH = WIDTH
    CHOICES_INDENT = 2
    TABLEAU = "network"
    STANDING = orders.STANDING

    def is_due(self, state: GameState, seat: str) -> bool:
        """One of the seats whose orders the step waits on."""
        return seat in state.due_seats()

    def asked(self, state: GameState, seat: str) -> list[Question]:
        """The paused turn's questions to `seat`."""
        assert state.paused is not None
        return [orders.question_from_data(q) for q in state.paused.questions if q["seat"] == seat]

    def option(self, question: Question, option: Any) -> str:
        """A card's name beside its number."""
        return card_option(option, lambda number: cards.card(number).name)

    def loyalty(self, state: GameState, seat: str) -> str:
        """One of the factions, in secret."""
        board = cards.board()
        lines = self.comment("Choose your starting loyalty, in secret: nobody sees it until every player has "
                             "chosen. One of: " + ", ".join(f"{f.id} ({f.name})" for f in board.factions) + ".")
        return self.lines([*lines, f"loyalty: {DEFAULT_LOYALTY}  # the default, if the deadline passes"])

    def turn(self, state: GameState, seat: str) -> str:
        """Purchases, plays, card actions and cleanup."""
        return _turn(state, seat)


TEMPLATE = ExpanseTemplate()


def order_template(state: GameState, seat: str) -> str:
    """The order template for `seat` (a standing-orders template when nothing else is due from it)."""
    return TEMPLATE.render(state, seat)


def _turn(state: GameState, seat: str) -> str:
    # The choices as the turn will find them when it starts (a copy with the turn begun: nothing changes here).
    state = begin_turn(state, seat, {}, {}).state
    player = state.players[seat]
    lines = TEMPLATE.comment(f"Your turn. You have {player.influence} influence; the climate favours "
                     f"{RULES.favoured_name(state)}: those assets take bonus actions.")
    lines += TEMPLATE.comment("Up to 2 actions (purchase and play count too), plus the bonus actions. Each entry of "
                      "`actions` is one action, taken in order. Rows are 1 (top) and 2, columns 1-6.")
    slots = RULES.purchasable(state, seat)
    if slots:
        lines.append("# Purchase (cost in influence; influence lying on the card):")
    for r, c in slots:
        number = state.market[r][c]
        assert number is not None
        lines.append(f"#   {{action: purchase, row: {r + 1}, column: {c + 1}}}")
        kind = "event " if number in cards.events() else ""
        note = f"{kind}{RULES.card_title(number)}: cost {RULES.purchase_cost(state, seat, r, c)}"
        if state.market_influence[r][c]:
            note += f", {state.market_influence[r][c]} on it"
        lines += TEMPLATE.comment(note + _event_choice(state, seat, number), 6)
    if player.hand:
        lines += TEMPLATE.comment("Play from your hand (side: left or right end of your Network; bribe: the most you "
                          "pay the region's controller; transports: a border per transport icon; agents: an "
                          "asset per agent icon, top to bottom):")
    for number in player.hand:
        lines.append(f"#   {{action: play, card: {number}, side: right}}")
        lines += TEMPLATE.comment(_play_note(state, seat, number), 6)
    usable = {n: [k for k in RULES.card_actions(n) if may_act(state, seat, n, k)] for n in player.network}
    if any(usable.values()):
        lines.append("# Card actions (each asset once per turn):")
    for number, kinds in usable.items():
        if not kinds:
            continue
        note = f"{RULES.card_title(number)} (card {number})"
        if RULES.is_favoured(state, seat, number):
            note += ", a bonus action"
        owed = RULES.hostage_bribe(state, number)
        if owed is not None:
            note += f"; intimidated by {owed[0]}: bribe up to {owed[1]}"
        lines += TEMPLATE.comment(note + ":", 2)
        for kind in kinds:
            lines.append(f"#     {{action: {kind}, card: {number}, ...}}")
            module = actions.module(kind)
            for choice in module.choices(state, seat, number) if module else ["not available yet"]:
                lines += TEMPLATE.comment(choice, 6)
    lines.append("actions: []")
    lines += TEMPLATE.comment(f"Cleanup: if you will be over your limits (Network "
                      f"{queries.network_limit(state, seat)}, hand {queries.hand_limit(state, seat)}), list the "
                      "cards to discard; left out, you are asked after your actions.")
    lines.append(TEMPLATE.cleanup_entry())
    return "\n".join(lines) + "\n"


def _event_choice(state: GameState, seat: str, number: int) -> str:
    """For an event that asks its buyer to choose: the field and its choices."""
    event = cards.events().get(number)
    if event is None or event.purchased.kind not in events.CHOICE_FIELDS:
        return ""
    field = events.CHOICE_FIELDS[event.purchased.kind]
    board = cards.board()
    options = {"target": [s for s in state.order if s != seat], "climate": [c.id for c in board.climate],
               "region": list(board.regions)}[field]
    return f"; {field}: one of {', '.join(options)}"


def _play_note(state: GameState, seat: str, number: int) -> str:
    asset = cards.assets()[number]
    region = queries.asset_region(state, number)
    board = cards.board()
    note = (f"{asset.name} ({board.region_names[region]}, {asset.suit} {asset.rank}; impact: "
            f"{', '.join(IMPACT[i] for i in asset.impact) or 'none'})")
    owed = queries.play_bribe(state, seat, number)
    if owed is not None:
        note += f"; {owed[0]} controls {board.region_names[region]}: bribe up to {owed[1]}"
    if "transport" in asset.impact:
        note += f"; transports: {', '.join(queries.borders_of(region))}"
    if "agent" in asset.impact:
        targets = [str(n) for n in queries.ring(state) if queries.asset_region(state, n) == region]
        note += f"; agents: {', '.join([*targets, f'{number} (itself)'])}"
    return note
