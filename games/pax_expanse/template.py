"""The order template: a YAML order body for the seat that owes one, with the legal choices as comments."""

from __future__ import annotations

from games.pax_expanse import actions, cards, orders, queries
from games.pax_expanse.rules import RULES
from games.pax_expanse.state import GameState
from games.pax_expanse.turn import may_act


def order_template(state: GameState, seat: str) -> str:
    """A YAML order body for `seat`'s next order, listing the legal choices."""
    if state.phase == "over" or seat not in state.due_seats():
        return "# no order is due from you now\n"
    if state.phase == "loyalty":
        return "# choose your starting loyalty in secret: un, mcr or opa\nloyalty: un\n"
    if state.paused is not None:
        asked = [orders.question_from_data(q) for q in state.paused.questions if q["seat"] == seat]
        lines = [f"# {q.text}; choices: {', '.join(str(o) for o in q.options)}" for q in asked]
        if len(asked) == 1:
            return "\n".join(lines) + f"\nanswer: {asked[0].default!r}\n".replace("'", "")
        return "\n".join(lines) + "\nanswers:\n" + "".join(f"  {q.key}: {q.default!r}\n".replace("'", "")
                                                           for q in asked)
    lines = [f"# your turn: up to 2 actions, and bonus actions for {RULES.favoured_name(state)} assets"]
    slots = RULES.purchasable(state, seat)
    if slots:
        lines.append("# purchase (row, column): " + ", ".join(
            f"{r + 1},{c + 1} {RULES.card_title(state.market[r][c] or 0)} ({RULES.purchase_cost(state, seat, r, c)})"
            for r, c in slots))
    hand = state.players[seat].hand
    if hand:
        lines.append("# play (card, side left|right): " + ", ".join(f"{n} {cards.assets()[n].name}" for n in hand))
    for number in state.players[seat].network:
        lines.append(f"# {number} {cards.assets()[number].name}: {', '.join(RULES.card_actions(number))}")
        for kind in RULES.card_actions(number):
            module = actions.module(kind)
            if module is not None and (state.turn is None or may_act(state, seat, number, kind)):
                lines += [f"#     {line}" for line in module.choices(state, seat, number)]
    lines.append(f"# Network limit {queries.network_limit(state, seat)}, hand limit {queries.hand_limit(state, seat)}")
    lines.append("actions: []")
    return "\n".join(lines) + "\n"
