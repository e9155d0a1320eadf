"""The pre-filled order a seat gets with its report: YAML, with the legal choices for its next order as comments
no wider than 72 columns."""

from __future__ import annotations

import json
import textwrap
from typing import Any

from games.pax.orders import card_option
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


def _yaml(value: Any) -> str:
    """A scalar or list in YAML flow style (JSON is valid YAML for these)."""
    return json.dumps(value, ensure_ascii=False)


def _comment(text: str, indent: int = 0) -> list[str]:
    """`text` as comment lines, wrapped to WIDTH; continuation lines indented two more."""
    first = "#" + " " * (indent + 1)
    return textwrap.wrap(text, WIDTH, initial_indent=first, subsequent_indent=first + "  ",
                         break_long_words=False, break_on_hyphens=False) or ["#"]


def order_template(state: GameState, seat: str) -> str:
    """The order template for `seat` (a standing-orders template when nothing else is due from it)."""
    if state.phase == "over":
        return "# The game is over: no more orders.\n"
    if seat not in state.due_seats():
        return "# Nothing is due from you now; you may still change your standing\n# orders.\n" + _standing(state,
                                                                                                           seat)
    if state.phase == "loyalty":
        return _loyalty(state, seat)
    if state.paused is not None:
        return _answers(state, seat)
    return _turn(state, seat)


def _loyalty(state: GameState, seat: str) -> str:
    board = cards.board()
    lines = _comment("Choose your starting loyalty, in secret: nobody sees it until every player has chosen. "
                     "One of: " + ", ".join(f"{f.id} ({f.name})" for f in board.factions) + ".")
    return ("\n".join(lines) + f"\nloyalty: {DEFAULT_LOYALTY}  # the default, if the deadline passes\n"
            + _standing(state, seat))


def _answers(state: GameState, seat: str) -> str:
    assert state.paused is not None
    asked = [orders.question_from_data(q) for q in state.paused.questions if q["seat"] == seat]
    lines: list[str] = []
    for question in asked:
        many = f" Give a list of {question.count}." if question.count is not None else ""
        lines += _comment(f"{question.text}.{many}")
        lines += _comment("Choices: " + ", ".join(_option(o) for o in question.options), 2)
    if len(asked) == 1:
        lines.append(f"answer: {_yaml(asked[0].default)}  # the default, if the deadline passes")
    else:
        lines.append("answers:  # the defaults, used if the deadline passes")
        lines += [f"  {q.key}: {_yaml(q.default)}" for q in asked]
    return "\n".join(lines) + "\n" + _standing(state, seat)


def _option(option: Any) -> str:
    """A question's option as written in the answer, with the card's name when it is a card number."""
    return card_option(option, lambda number: cards.card(number).name)


def _turn(state: GameState, seat: str) -> str:
    # The choices as the turn will find them when it starts (a copy with the turn begun: nothing changes here).
    state = begin_turn(state, seat, {}, {}).state
    player = state.players[seat]
    lines = _comment(f"Your turn. You have {player.influence} influence; the climate favours "
                     f"{RULES.favoured_name(state)}: those assets take bonus actions.")
    lines += _comment("Up to 2 actions (purchase and play count too), plus the bonus actions. Each entry of "
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
        lines += _comment(note + _event_choice(state, seat, number), 6)
    if player.hand:
        lines += _comment("Play from your hand (side: left or right end of your Network; bribe: the most you "
                          "pay the region's controller; transports: a border per transport icon; agents: an "
                          "asset per agent icon, top to bottom):")
    for number in player.hand:
        lines.append(f"#   {{action: play, card: {number}, side: right}}")
        lines += _comment(_play_note(state, seat, number), 6)
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
        lines += _comment(note + ":", 2)
        for kind in kinds:
            lines.append(f"#     {{action: {kind}, card: {number}, ...}}")
            module = actions.module(kind)
            for choice in module.choices(state, seat, number) if module else ["not available yet"]:
                lines += _comment(choice, 6)
    lines.append("actions: []")
    lines += _comment(f"Cleanup: if you will be over your limits (Network "
                      f"{queries.network_limit(state, seat)}, hand {queries.hand_limit(state, seat)}), list the "
                      "cards to discard; left out, you are asked after your actions.")
    lines.append("# cleanup: {network: [], hand: []}")
    return "\n".join(lines) + "\n" + _standing(state, seat)


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


def _standing(state: GameState, seat: str) -> str:
    lines = _comment("Standing orders answer other players' questions while you are away (they last until "
                     "changed):")
    for key, text in orders.STANDING.items():
        lines += _comment(f"{key}: {text}", 2)
    standing = state.standing.get(seat, {})
    lines.append("standing: " + _yaml(standing) if standing else "# standing: {bribe: full}")
    return "\n".join(lines) + "\n"
