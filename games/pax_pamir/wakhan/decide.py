"""Every question the rules put to Wakhan, answered by her rules instead of a prompt.

Her turn runs in a `WakhanContext`: a Context whose questions addressed to her are answered here, while questions
to the humans (a bribe they may waive, a card they must discard) are asked of them as usual. `answer` is also the
hook for questions put to her during a human's turn.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.words import counted, settle_marks
from games.pax.context import Question
from games.pax_pamir import cards, names, queries
from games.pax_pamir.context import Context
from games.pax_pamir.rules import DECLINE
from games.pax_pamir.state import GameState
from games.pax_pamir.wakhan import cleanup as discard_rules
from games.pax_pamir.wakhan.deck import current_reading, is_wakhan
from games.pax_pamir.wakhan.icons import road_border, spy_target
from games.pax_pamir.wakhan.priority import best, by_priority, red_arrow_seats


@dataclass
class WakhanContext(Context):
    """The context of Wakhan's turn: her questions are answered by her rules, everyone else's as usual.

    `replan` plans the details of the card-based action being resolved again on the state it will see (after a
    hostage bribe); `note` holds her planner's reasons for the entry being resolved, for her reports' wording.
    """

    replan: Callable[[GameState, int], dict[str, Any] | None] | None = None
    note: dict[str, Any] = field(default_factory=dict)

    def ask(self, question: Question) -> Any:
        """Her answer to a question addressed to her; otherwise the ordinary Context.ask."""
        if not is_wakhan(self.state, question.seat):
            return super().ask(question)
        return answer(self, question)


def region_order(state: GameState) -> tuple[str, ...]:
    """Her region priority from the AI card in play, or map order before her first draw."""
    now = current_reading(state)
    return now.front.region_order if now else cards.board().regions


#: The rules' questions for the impact icons of a card being played ("choose a kabul court card for a spy").
ICON = re.compile(r"^(road|spy)-(\d+)$")
ICON_REGION = {"road": re.compile(r"border of ([a-z]+) "), "spy": re.compile(r"choose an? ([a-z]+) court card")}


def answer(ctx: Context, question: Question) -> Any:
    """Wakhan's answer to `question`, with the reason recorded as an event."""
    placed = _icon(ctx, question)
    if placed is not None:
        return placed
    value, reason = _decide(ctx, question)
    ctx._validate(question, value)  # her answer obeys the same options as anyone's
    if len(question.options) > 1 or question.count not in (None, 1):
        said = counted(value, "rupee") if question.kind == "bribe" else named(value)
        ctx.emit(f"Wakhan decides ({third_person(settle_marks(question.text))}): {said}; {reason}.", kind="wakhan",
                 decision=question.key, answer=value, reason=reason)
    return value


def _icon(ctx: Context, question: Question) -> Any:
    """Where her impact icon's road or spy goes, told as she places it; None for any other question."""
    icon = ICON.match(question.key.rsplit(".", 1)[-1])
    region = ICON_REGION[icon.group(1)].search(question.text) if icon else None
    now = current_reading(ctx.state)
    if icon is None or region is None or now is None or question.seat != ctx.seat:
        return None
    index = int(icon.group(2))
    if icon.group(1) == "road":
        border = road_border(region.group(1), now, index)
        ctx.emit(f"Wakhan's road {index + 1}: on {names.border(border)}, following her region order.", kind="wakhan",
                 reason="road by region order")
        ctx._validate(question, border)  # her answer obeys the same options as anyone's
        return border
    found = spy_target(ctx.state, question.seat, region.group(1))
    if found is None:
        return None
    target, why = found
    ctx.emit(f"Wakhan's spy goes on {queries.court_card(target).name}: {why}.", kind="wakhan", card=target,
             reason="spy placement")
    ctx._validate(question, target)
    return target


#: The second person of the questions' text, and Wakhan's third person (longest phrases first).
PRONOUNS = ((r"\byou are\b", "she is"), (r"\b(for|to|with) you\b", r"\1 her"), (r"\byour\b", "her"),
            (r"\byou\b", "she"))


def third_person(text: str) -> str:
    """A question's text as it reads about Wakhan: "your court is over its limit" becomes "her court ..."."""
    for pattern, words in PRONOUNS:
        text = re.sub(pattern, words, text)
    # The core rules' texts name some cards by number ("a spy on card 7"); the humans know them by name.
    return re.sub(r"\bcard (\d+)\b", lambda m: named(int(m.group(1))), text)


def named(value: Any) -> str:
    """An answer in words: card numbers by their names, component sources as places, lists joined (never call it
    on a bribe, whose answer is an amount)."""
    if isinstance(value, list):
        return " and ".join(named(v) for v in value) or "nothing"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        known = value in cards.court_cards() or value in cards.event_cards()
        return cards.title(value) if known else str(value)
    if isinstance(value, str) and ":" in value:
        kind, where = value.split(":", 1)
        if kind == "spy" and where.isdigit():
            return f"her spy on {cards.title(int(where))}"
        if kind == "gift":
            return f"her {where}-rupee gift"
        if kind in ("tribe", "army", "road"):
            return f"the {kind} {'on' if kind == 'road' else 'in'} {names.place(where)}"
    return names.place(value)


def _decide(ctx: Context, q: Question) -> tuple[Any, str]:
    state, seat = ctx.state, q.seat
    name = q.key.rsplit(".", 1)[-1]
    options = list(q.options)
    if q.kind == "bribe":
        return max(options), "she always asks the full bribe"
    if q.kind == "courtly":
        return DECLINE, "she always does what a \"may\" allows: Courtly Manners spares her the bribe"
    if name.endswith("-pay"):
        return "pay", "she pays every bribe she can afford"
    if q.kind == "discard":
        return _discard(state, seat, q)
    if name.startswith("take-cylinder"):
        return _take_cylinder(state, seat, elsewhere(q.text, options))
    if name.startswith("take-block"):
        return _take_block(state, elsewhere(q.text, options))
    ints = [o for o in options if isinstance(o, int) and not isinstance(o, bool)]
    if ctx.where[:1] == ("blackmail",) or q.key.startswith("blackmail"):
        chosen = best(state, seat, ints)
        return chosen, "a \"may\" ability is always used; the highest-priority card without spies"
    if name == "suit":
        return state.favored, "she always chooses the favored suit"
    if name == "region":
        return _region(state, seat, options)
    if name == "target":
        return _target(state, seat, q)
    if "safe" in name:
        return options[0], "a \"may\" ability is always used"
    return q.default, "no Wakhan rule covers this question, so she takes its stated default"


def _discard(state: GameState, seat: str, q: Question) -> tuple[Any, str]:
    """Discards: hand cards before court cards, each by her cleanup order."""
    player = state.players[seat]
    hand = [n for n in q.options if n in player.hand]
    court = [n for n in q.options if n not in player.hand]
    ordered = discard_rules.hand_order(state, seat, hand) + discard_rules.court_order(state, seat, court)
    need = 1 if q.count is None else q.count
    chosen = ordered[:need]
    return (chosen[0] if q.count is None else chosen), "her cleanup priority (" + discard_rules.RULE_TEXT + ")"


#: The piece a component-limit question is for, as pieces.py words it ("for a road on herat-kabul").
DESTINATION = re.compile(r"for an? (tribe|army|road|spy) (?:in|on) (?:card )?([a-z0-9-]+)")


def elsewhere(text: str, options: list[str]) -> list[str]:
    """Component-limit sources other than the very place the new piece goes (taking it from there would place
    nothing), unless that place is the only source."""
    found = DESTINATION.search(text)
    if not found:
        return options
    rest = [o for o in options if o != f"{found.group(1)}:{found.group(2)}"]
    return rest or options


def _take_cylinder(state: GameState, seat: str, options: list[str]) -> tuple[str, str]:
    """Component limits: a spy on her lowest-priority card first, then a tribe from her lowest-priority region,
    then her cheapest gift (gifts count for every coalition, so she keeps them longest)."""
    spies = [o for o in options if o.startswith("spy:")]
    if spies:
        numbers = by_priority(state, seat, [int(o.split(":")[1]) for o in spies])
        return f"spy:{numbers[-1]}", "a spy on her lowest-priority card goes first"
    tribes = [o for o in options if o.startswith("tribe:")]
    if tribes:
        order = region_order(state)
        return max(tribes, key=lambda o: order.index(o.split(":")[1])), "a tribe in her lowest-priority region"
    return min(options, key=lambda o: int(o.split(":")[1])), "her cheapest gift"


def _take_block(state: GameState, options: list[str]) -> tuple[str, str]:
    """Component limits for blocks: a road first, then an army from her lowest-priority region."""
    order = region_order(state)

    def rank(option: str) -> tuple[int, int]:
        kind, where = option.split(":", 1)
        places = cards.board().border_regions[where] if kind == "road" else (where,)
        return (0 if kind == "road" else 1, -min(order.index(r) for r in places))

    return min(options, key=rank), "roads before armies, from her lowest-priority region"


def _region(state: GameState, seat: str, options: list[str]) -> tuple[str, str]:
    """A region to clear: where other players' tribes and armies outnumber hers the most, region order on ties."""
    order = region_order(state)

    def edge(region: str) -> tuple[int, int]:
        others = sum(n for s, n in state.tribes.get(region, {}).items() if s != seat)
        mine = state.tribes.get(region, {}).get(seat, 0)
        return others - mine, -order.index(region) if region in order else 0

    chosen = max(options, key=edge)
    return chosen, "where other players' tribes outnumber hers the most, her region order breaking ties"


def _target(state: GameState, seat: str, q: Question) -> tuple[str, str]:
    """A player to target: the Rumor hits the most influential, a hand swap takes the biggest hand."""
    now = current_reading(state)
    side = now.row_side if now else "top_left"
    others = [s for s in red_arrow_seats(state, seat, side) if s in q.options]
    if not others:
        return q.options[0], "the only choice"
    if q.text.startswith("Other Persuasive"):
        chosen = max(others, key=lambda s: len(state.players[s].hand))
        return chosen, "the largest hand, the red arrow breaking ties"
    chosen = max(others, key=lambda s: queries.influence(state, s))
    return chosen, "the most influential opponent, the red arrow breaking ties"
