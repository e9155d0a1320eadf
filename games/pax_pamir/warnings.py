"""What an accepted order sets in motion: a change of loyalty, a bribe owed, a question someone will be asked.

The rules themselves find it: the turn is tried out as `apply` would run it, on copies of the state. Every
other human seat's standing orders are left out of the trial (they are secret: a warning must not show whether
a ruler asks its bribes by standing order), so each of their decisions stops the trial with a question, as it
would without standing orders. A trial that stops is tried again with that question answered, once with its
default and once with its first choice (a bribe: the full price and none; to pay: refuse and pay), so what may
follow is found too. What the first trial meets is sure, and so is what every answer tried leads to; the rest
is said to depend on the answers. Other seats' hands stay in the trial's state, but no warning says what is in
them: only question texts (which name no hidden card) and public events are read.
"""

from __future__ import annotations

import copy
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.contract import Event, Path
from games.pax.context import OrderError, Question
from games.pax_pamir import cards, queries
from games.pax_pamir.actions._common import card_name
from games.pax_pamir.state import GameState
from games.pax_pamir.turn import run_turn

#: Trial runs of one order at most: each question at most doubles them.
MAX_RUNS = 64
#: The payer's question after a bribe was named, and the order field that answers it in advance.
PAY_FIELDS = {"bribe-play-pay": "bribe", "bribe-hostage-pay": "hostage_bribe"}
DEPENDING = "Depending on the answers above: "


@dataclass(frozen=True)
class Trial:
    """A turn to try out: the state it starts from, whose turn, its order, and the answers given so far."""

    start: GameState
    seat: str
    order: dict[str, Any]
    answers: dict[str, Any]
    reported: int  # events before this one were reported already (a turn that paused)


def warnings(state: GameState, seat: str, order: Mapping[str, Any]) -> list[str]:
    """The warnings for `seat`'s accepted order, in the order the turn meets them."""
    trial = trial_of(state, seat, order)
    if trial is None:
        return []
    found: dict[str, str] = {}  # identity (a question's key, or the line) -> the line, in the order first met
    sure: set[str] = set()
    leaves: list[frozenset[str]] = []
    # Each branch: the answers it assumes, how many events the run before it showed, whether no answer of
    # another seat is assumed yet, and what the runs before it found.
    branches: deque[tuple[dict[str, Any], int, bool, frozenset[str]]] = deque(
        [(trial.answers, trial.reported, True, frozenset())])
    runs = 0
    while branches and runs < MAX_RUNS:
        answers, shown, certain, before = branches.popleft()
        runs += 1
        try:
            outcome = run_turn(trial.start, trial.seat, copy.deepcopy(trial.order), dict(answers), lenient=True)
        except OrderError:
            leaves.append(before)  # only an assumed answer leads here: the real turn asks again or skips the action
            continue
        met = {line: line for line in event_lines(trial, outcome.ctx.events, shown, state)}
        question = outcome.question
        if question is not None:
            met[question.key] = question_line(trial, question)
        for identity, line in met.items():
            found.setdefault(identity, line)
            if certain:
                sure.add(identity)
        seen = before | set(met)
        if question is None:
            leaves.append(seen)
            continue
        choices = _choices(question)
        # Going on with the only answer tried to one's own question (a spy's card, a road's border) stays sure.
        still_certain = certain and question.seat == trial.seat and len(choices) == 1
        for choice in choices:
            branches.append(({**answers, question.key: choice}, len(outcome.ctx.events), still_certain, seen))
    # What every answer tried leads to is sure too (unless the trials ran out before trying them all).
    if leaves and not branches:
        sure |= frozenset.intersection(*leaves)
    return [line if identity in sure else _depending(line) for identity, line in found.items()]


def trial_of(state: GameState, seat: str, order: Mapping[str, Any]) -> Trial | None:
    """The turn `seat`'s order starts or resumes, with other humans' standing orders left out; None if none."""
    if state.phase != "turns":
        return None
    if state.paused is None:
        if state.current != seat:
            return None
        return Trial(_without_secrets(state, state, seat, order), seat, copy.deepcopy(dict(order)), {}, 0)
    paused = state.paused
    if paused.seat != seat or paused.question["seat"] != seat or "answer" not in order:
        return None  # an answer to another seat's turn: what follows is that seat's business
    start = _without_secrets(GameState.decode(paused.start), state, seat, order)
    answers = {**paused.answers, paused.question["key"]: copy.deepcopy(order["answer"])}
    return Trial(start, seat, copy.deepcopy(paused.order), answers, paused.reported)


def _without_secrets(start: GameState, state: GameState, seat: str, order: Mapping[str, Any]) -> GameState:
    """`start` (a copy) with the standing orders in force after `order`, other humans' left out.

    The automated seats' standing orders are rules everyone knows (Wakhan always asks the full bribe).
    """
    start = start.clone()
    start.standing = {s: copy.deepcopy(dict(rules)) for s, rules in state.standing.items()
                      if s == seat or start.players[s].automaton is not None}
    if isinstance(order.get("standing"), dict):
        start.standing.setdefault(seat, {}).update(copy.deepcopy(order["standing"]))
    return start


def event_lines(trial: Trial, events: Sequence[Event], shown: int, now: GameState) -> list[str]:
    """Warnings from the events after the first `shown`: loyalty changes, and bribes settled without asking."""
    lines = []
    loyalty = trial.start.players[trial.seat].loyalty
    for index, event in enumerate(events):
        kind = event.data.get("kind")
        if kind == "loyalty" and event.data.get("seat") == trial.seat:
            if index >= shown:
                lines.append(loyalty_line(trial.seat, events, index, loyalty, now))
            loyalty = event.data.get("coalition")
        elif (index >= shown and event.visible_to(trial.seat) and event.data.get("payer") == trial.seat
              and _automated(trial.start, event.data.get("receiver"))
              and (kind == "bribe-refused" or (kind == "bribe" and event.data.get("paid")))):
            # An automated seat's bribe follows its rules, asking no one: said as the report will say it.
            lines.append(event.text)
    return lines


def loyalty_line(seat: str, events: Sequence[Event], index: int, old: str | None, now: GameState) -> str:
    """The loyalty change of `events[index]`: what causes it and what the rulebook says is lost with it."""
    new = events[index].data.get("coalition")
    cause, card = f"This turn changes your loyalty from {old} to {new}", None
    for before in reversed(events[:index]):
        if before.data.get("seat") != seat:
            continue
        if before.data.get("kind") == "play":
            card = before.data.get("card")
            cause = f"Playing {_name(card)}, {_a(new)} patriot, changes your loyalty from {old} to {new}"
            break
        if before.data.get("kind") == "betray":
            card = before.data.get("target")
            cause = f"Taking {_name(card)} as a {new} prize changes your loyalty from {old} to {new}"
            break
    lost = [e.data["card"] for e in events[:index]
            if e.data.get("kind") == "discard-court" and e.data.get("seat") == seat and e.data.get("card") != card
            and queries.court_card(e.data["card"]).patriot not in (None, new)]
    patriots = f" ({', '.join(_name(n) for n in dict.fromkeys(lost))})" if lost else ""
    player = now.players[seat]
    held = []
    if player.gifts:
        held.append(f"{len(player.gifts)} gift(s)")
    if player.prizes:
        held.append(f"the prize(s) {', '.join(_name(n) for n in player.prizes)}")
    holding = f" You hold {' and '.join(held)} now." if held else " You hold none of them now." if not lost else ""
    return (f"{cause}: your gifts go back to your supply, and your prizes and your {old} patriots{patriots} are "
            f"discarded.{holding}")


def question_line(trial: Trial, question: Question) -> str:
    """A question the turn stops at: for `seat` itself, how to answer it now; for another seat, what it decides."""
    if question.seat == trial.seat:
        return f"You will be asked: {question.text} ({_how_to_answer(trial, question)})."
    who = question.seat
    if question.kind == "bribe":
        label = _action_label(trial.order, question.key)
        return (f"{label}: you owe {who} a bribe of up to {max(question.options)} rupee(s) {_bribe_reason(trial, question)}"
                f"; {who} names the amount, by standing order or when asked, and you pay it or the action is not "
                "taken.")
    return f"{who} decides, by standing order or when asked: {question.text}."


def _how_to_answer(trial: Trial, question: Question) -> str:
    """Where `seat`'s order could answer this question in advance."""
    parts = question.key.split(".")
    if len(parts) == 3 and parts[0] == "actions" and parts[2] in PAY_FIELDS:
        return f"to answer now, give `{PAY_FIELDS[parts[2]]}:`, the most you will pay, in action {int(parts[1]) + 1}"
    if question.path is not None:
        return f"to answer now, give {_path_text(question.path)}"
    return f"to answer now, add it under `answers:` as \"{question.key}\""


def _path_text(path: Path) -> str:
    """A place in an order as a player reads it: "`roads:` item 2 of action 1"."""
    if len(path) >= 3 and path[0] == "actions" and isinstance(path[1], int):
        item = f" item {path[3] + 1}" if len(path) == 4 and isinstance(path[3], int) else ""
        return f"`{path[2]}:`{item} in action {path[1] + 1}"
    if len(path) == 2 and isinstance(path[0], str):
        return f"`{path[0]}: {{{path[1]}: ...}}`"
    return "`" + ".".join(str(p) for p in path) + ":`"


def _action_label(order: Mapping[str, Any], key: str) -> str:
    """ "Action 2 (play Sher Ali)" for a question key under an action of `order`."""
    found = _entry(order, key)
    if found is None:
        return "This turn"
    index, entry = found
    card = _card(entry)
    return f"Action {index + 1} ({entry.get('action')}{f' {_name(card)}' if card is not None else ''})"


def _bribe_reason(trial: Trial, question: Question) -> str:
    """Why the bribe is owed: the ruler of the played card's region, or the holder of a hostage card."""
    found = _entry(trial.order, question.key)
    card = _card(found[1]) if found is not None else None
    if card is None:
        return ""
    if question.key.endswith(".bribe-play"):
        return f"({question.seat} rules {queries.court_card(card).region})"
    return f"({question.seat} holds {_name(card)} hostage)"


def _entry(order: Mapping[str, Any], key: str) -> tuple[int, dict[str, Any]] | None:
    """The index and entry of the action a question key ("actions.1.bribe-play") belongs to."""
    parts = key.split(".")
    entries = order.get("actions") or []
    if len(parts) < 3 or parts[0] != "actions" or not parts[1].isdigit() or int(parts[1]) >= len(entries):
        return None
    entry = entries[int(parts[1])]
    return (int(parts[1]), entry) if isinstance(entry, dict) else None


def _card(entry: Mapping[str, Any]) -> int | None:
    """The court card an action entry names, if it names one."""
    card = entry.get("card")
    return card if _is_court_card(card) else None


def _choices(question: Question) -> list[Any]:
    """The answers a trial goes on with: the question's default and its first choice."""
    first = question.options[0] if question.count is None else list(question.options[:question.count])
    found = [question.default] if question.default is not None else []
    return found + ([first] if first != question.default else [])


def _a(word: Any) -> str:
    """"an afghan", "a british": the article before a coalition's name."""
    return f"{'an' if str(word)[:1] in tuple('aeiou') else 'a'} {word}"


def _automated(state: GameState, seat: Any) -> bool:
    return seat in state.players and state.players[seat].automaton is not None


def _name(number: Any) -> str:
    return card_name(number) if _is_court_card(number) else str(number)


def _is_court_card(number: Any) -> bool:
    return isinstance(number, int) and not isinstance(number, bool) and number in cards.court_cards()


def _depending(line: str) -> str:
    """A warning that holds only for some answers to the questions before it."""
    line = line.replace("You will be asked", "You may be asked", 1)
    return DEPENDING + line[0].lower() + line[1:]


