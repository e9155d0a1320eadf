"""What every Pax game's order template (the pre-filled YAML order sent with a report) shares: comments wrapped once
for mail, ready order lines, the frame that picks what is due from a seat (nothing, its loyalty, answers, its turn),
the block of questions with their choices and default answers, a turn's purchases, plays and card actions offered
as ready lines, the standing orders and the cleanup entry.

A ready line is order text behind a bare `#` ("#- {action: purchase, row: 1, column: 2}"): deleting the `#` makes
it a list item of `actions:`, in the shape orders.md documents. An entry too long for one line is written in block
style, its further lines behind `#  ` ("#  card: 12"). Explanations are comment paragraphs behind `# `, wrapped
once at word boundaries within WIDTH columns, each line after the first two spaces further in; a bullet (`* `)
starts a paragraph of a list. Every entry offered was first tried on the rules (`trial`): what they refuse now is
not offered, and a card action that cannot be taken says why in one line.

The same trials find the seat's own questions that no field of an entry answers (a piece taken from play, a
second discard at cleanup), and so does a trial of the turn with no actions: `answers_ahead` writes them after
the actions, each with its choices and default, as commented `answers:` blocks (`#answers:` and one
`#  key: answer` line per question) for the ready lines that raise them.

A game subclasses `OrderTemplate`, gives its words as class attributes and writes its loyalty choice and its
turn in the hooks `loyalty` and `turn`, built from the shared parts; `is_due` and `asked` say what its state owes.
Its template is made with its turn of the rules (`RunTurn`), on which every entry offered is tried.
"""

from __future__ import annotations

import copy
import json
import re
import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from engine.words import counted, plural
from games.pax.bribes import HOSTAGE
from games.pax.context import Chooser, OrderError, Question
from games.pax.market import occupied
from games.pax.turn import Outcome, RunTurn, TurnActions

#: The template once the game is over.
GAME_OVER = "# The game is over: no more orders.\n"
#: Order templates are read in mail: no line wider than this (pbem.orders fits comments to the same width).
WIDTH = 72
#: How many legal choices a note names before it counts the rest.
NAMED_AT_MOST = 8
#: Ready lines offered for one action at most; the note names the other choices.
EXAMPLES_AT_MOST = 4
#: How often a trial of an entry answers another seat's questions with their defaults and runs again.
TRIAL_ROUNDS = 8

_PLAIN = re.compile(r"^[A-Za-z_][A-Za-z0-9_\-:.]*$")
#: Words YAML would read as something other than the word.
_RESERVED = {"true", "false", "null", "yes", "no", "on", "off", "y", "n", "~"}


def yaml_value(value: Any) -> str:
    """A scalar, list or mapping in YAML flow style (JSON is valid YAML for these)."""
    return json.dumps(value, ensure_ascii=False)


def flow(value: Any) -> str:
    """A value in YAML flow style as players write it: `{action: purchase, row: 1}`, words unquoted."""
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{key}: {flow(item)}" for key, item in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(flow(item) for item in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    text = str(value)
    plain = _PLAIN.match(text) and text.lower() not in _RESERVED and not text.endswith(":")
    return text if plain else json.dumps(text, ensure_ascii=False)


def say(text: str, indent: int = 0, bullet: bool = False, width: int = WIDTH) -> list[str]:
    """`text` as one comment paragraph wrapped at word boundaries within `width`: "# " and `indent` spaces (and
    "* " for a bullet) before its first line, two spaces more before each line after it."""
    lead = "# " + " " * indent
    return textwrap.wrap(text, width, initial_indent=lead + ("* " if bullet else ""),
                         subsequent_indent=lead + "  ", break_long_words=False, break_on_hyphens=False) or ["#"]


def comment(text: str, width: int | None = None, indent: int = 0) -> list[str]:
    """`text` as comment lines, a bullet when indented; wrapped to `width` (WIDTH when None)."""
    return say(text, indent, indent > 0, width or WIDTH)


def ready(entry: Mapping[str, Any], width: int = WIDTH) -> list[str]:
    """An order entry as ready lines: deleting the `#` before each gives a list item of `actions:`. One line in
    flow style when it fits `width`, else block style, a long list as one item a line."""
    line = "#- " + flow(entry)
    if len(line) <= width:
        return [line]
    lines: list[str] = []
    for key, value in entry.items():
        lead = "#- " if not lines else "#  "
        text = f"{lead}{key}: {flow(value)}"
        if len(text) <= width or not isinstance(value, list):
            lines.append(text)
        else:
            lines.append(f"{lead}{key}:")
            lines += [f"#  - {flow(item)}" for item in value]
    return lines


def named(items: Sequence[Any]) -> str:
    """Choices in a note: all of them when few, else the first ones and how many more."""
    shown = [str(item) for item in items]
    if len(shown) > NAMED_AT_MOST:
        return ", ".join(shown[:NAMED_AT_MOST]) + f" and {len(shown) - NAMED_AT_MOST} more"
    return ", ".join(shown) or "none"


@dataclass(frozen=True)
class Trial:
    """An entry the rules accept as the turn's one action, its open fields filled in with their defaults, the
    questions that filled them, by field, and the seat's own later questions only `answers:` answers in
    advance, each with its default."""

    entry: dict[str, Any]
    asked: Mapping[str, Question]
    ahead: tuple[tuple[Question, Any], ...] = ()


class TemplateState(Protocol):
    """What the template frame reads of a game's state."""

    @property
    def phase(self) -> str:
        """The game's phase ("loyalty", "over", or the turns)."""

    @property
    def paused(self) -> object | None:
        """The turn paused on questions, if any."""

    @property
    def standing(self) -> Mapping[str, Mapping[str, Any]]:
        """Each seat's standing orders."""


S = TypeVar("S", bound=TemplateState)


class OrderTemplate(Generic[S]):
    """The order template of a Pax game; a game overrides the hooks and gives its words."""

    #: No line wider than this.
    WIDTH: ClassVar[int] = WIDTH
    #: The tableau's key in a cleanup order ("court", "network").
    TABLEAU: ClassVar[str] = "tableau"
    #: Each standing order a seat may give and what it says, as the template lists them.
    STANDING: ClassVar[Mapping[str, str]] = {}
    #: The money's unit in notes.
    MONEY: ClassVar[str] = "money"
    #: The unit of money as a count names it (the singular: `counted` makes "2 units" of "unit").
    MONEY_WORD: ClassVar[str] = "money"
    #: How a card acting as a bonus action is said.
    BONUS: ClassVar[str] = "a bonus action"

    def __init__(self, run_turn: RunTurn[S]) -> None:
        #: The game's turn of the rules (its turn.py's `run_turn`), which every entry offered is first tried on.
        self.run_turn = run_turn

    def render(self, state: S, seat: str) -> str:
        """The order template for `seat`: what is due from it, or its standing orders when nothing is."""
        if state.phase == "over":
            return GAME_OVER
        if not self.is_due(state, seat):
            return self.lines(self.say("Nothing is due from you now; you may still change your standing "
                                       "orders.")) + self.standing(state, seat)
        if state.phase == "loyalty":
            return self.loyalty(state, seat) + self.standing(state, seat)
        if state.paused is not None:
            return self.answers(state, seat) + self.standing(state, seat)
        return self.turn(state, seat) + self.standing(state, seat)

    # Hooks: what is due, and the game's own parts.

    def is_due(self, state: S, seat: str) -> bool:
        """True when the next step waits on an order from `seat`."""
        raise NotImplementedError(f"{type(self).__name__} must say whose order is due")

    def asked(self, state: S, seat: str) -> list[Question]:
        """The questions of the paused turn that `seat` answers."""
        raise NotImplementedError(f"{type(self).__name__} must say what a paused turn asks")

    def option(self, question: Question, option: Any) -> str:
        """One of a question's options as written in the answer."""
        return str(option)

    def question_note(self, state: S, question: Question) -> list[str]:
        """Lines after a question's choices (none by default)."""
        return []

    def loyalty(self, state: S, seat: str) -> str:
        """The starting-loyalty choice (with a trailing newline)."""
        raise NotImplementedError(f"{type(self).__name__} must write the loyalty choice")

    def turn(self, state: S, seat: str) -> str:
        """The choices of `seat`'s turn (with a trailing newline)."""
        raise NotImplementedError(f"{type(self).__name__} must write a turn's choices")

    def run(self, state: S, seat: str, order: dict[str, Any], answers: dict[str, Any], chooser: Chooser) -> Outcome:
        """A new turn of `seat` from `state` with `order` and `answers`, its own open questions answered by
        `chooser` into the order (as a robot's are); raises OrderError when the rules refuse it. The game's turn
        of the rules, by default."""
        return self.run_turn(state, seat, order, answers, chooser)

    def card_title(self, number: int) -> str:
        """A card in play as the template names it."""
        return str(number)

    def market_title(self, number: int) -> str:
        """A market card as the purchase list names it ("event Rumor")."""
        return self.card_title(number)

    def card_note(self, state: S, seat: str, number: int) -> str:
        """Anything more about a card in play before its actions (an ability in force, say); "" when nothing."""
        return ""

    # The shared parts.

    def say(self, text: str, indent: int = 0, bullet: bool = False) -> list[str]:
        """`text` as a comment paragraph of this game's width."""
        return say(text, indent, bullet, self.WIDTH)

    def comment(self, text: str, indent: int = 0) -> list[str]:
        """`text` as a comment paragraph, a bullet when indented."""
        return self.say(text, indent, indent > 0)

    @staticmethod
    def lines(lines: Sequence[str]) -> str:
        """Lines as text, each ended by a newline."""
        return "".join(f"{line}\n" for line in lines)

    def trial(self, state: S, seat: str, entry: dict[str, Any]) -> Trial | OrderError:
        """`entry` as the only action of `seat`'s turn from `state`, tried on the rules: the entry with the fields
        its own questions would ask filled in with their defaults, or the rules' refusal. Another seat's question
        is answered with its default, so what follows its answer is tried too."""
        found = self.tried(state, seat, [entry])
        if isinstance(found, OrderError):
            return found
        order, asked = found
        own = {q.path[2]: q for q in asked if q.path is not None and q.path[:2] == ("actions", 0) and len(q.path) > 2
               and isinstance(q.path[2], str)}
        return Trial(order["actions"][0], own, keyed(order, asked))

    def no_actions(self, state: S, seat: str) -> Trial:
        """`seat`'s turn from `state` with no actions, tried as `trial` tries an entry (an empty `entry`)."""
        found = self.tried(state, seat, [])
        return Trial({}, {}, () if isinstance(found, OrderError) else keyed(*found))

    def tried(self, state: S, seat: str, entries: list[dict[str, Any]]) -> tuple[dict[str, Any], list[Question]] \
            | OrderError:
        """A turn of `entries` run with the seat's own questions answered by their defaults into the order, and
        other seats' too, in rounds: the order as completed and the seat's questions, or the rules' refusal."""
        answers: dict[str, Any] = {}
        asked: list[Question] = []

        def choose(question: Question) -> Any:
            asked.append(question)
            return copy.deepcopy(question.default)

        for _ in range(TRIAL_ROUNDS):
            order: dict[str, Any] = {"actions": copy.deepcopy(entries)}
            asked.clear()
            try:
                outcome = self.run(state, seat, order, dict(answers), choose)
            except OrderError as error:
                return error
            waiting = [q for q in outcome.questions if q.key not in answers]
            if not waiting:
                break
            answers.update({q.key: copy.deepcopy(q.default) for q in waiting})
        return order, list(asked)

    def offered(self, state: S, seat: str, entries: Sequence[dict[str, Any]]) -> tuple[list[Trial],
                                                                                      OrderError | None]:
        """The entries the rules accept as the turn's one action, completed by `trial`, and the first refusal."""
        accepted: list[Trial] = []
        refused: OrderError | None = None
        for entry in entries:
            found = self.trial(state, seat, entry)
            if isinstance(found, OrderError):
                refused = refused or found
            else:
                accepted.append(found)
        return accepted, refused

    def purchases(self, state: S, begun: S, seat: str, rules: Any, ahead: list[Trial] | None = None) -> list[str]:
        """The cards `seat` can afford now, one line each with its place, cost and the money on it (which the
        buyer takes), the dearer ones in one sentence, and one ready line: the first of them (added to `ahead`,
        for `answers_ahead`)."""
        wallet: Any = begun
        money = wallet.players[seat].money
        buyable = rules.purchasable(begun, seat)
        lines: list[str] = []
        example: Trial | None = None
        for row, column in buyable:
            number = wallet.market[row][column]
            cost = rules.purchase_cost(begun, seat, row, column)
            lying = wallet.market_money[row][column]
            note = (f"row {row + 1}, column {column + 1}: {self.market_title(number)} ({number}), "
                    f"{'free' if cost == 0 else f'cost {cost}'}" + (f", {lying} on it" if lying else ""))
            tried = self.trial(state, seat, {"action": "purchase", "row": row + 1, "column": column + 1})
            if isinstance(tried, OrderError):
                lines += self.say(f"{note}; not now: {_sentence(tried.message)}", 2, bullet=True)
                continue
            example = example or tried
            lines += self.say(note + choice_note(tried) + ".", 2, bullet=True)
        if example is not None:
            lines = self.say(f"Purchase: the cards you can afford now, with their row (1 top, 2 bottom), column, "
                             f"cost and the {self.MONEY} lying on them, which you take:") + lines
        dear = sorted(rules.purchase_cost(begun, seat, r, c) for r, c, n in occupied(wallet)
                      if (r, c) not in buyable and not rules.never_purchasable(n)
                      and rules.purchase_cost(begun, seat, r, c) > money)
        if dear:
            costs = f"{dear[0]}" if dear[0] == dear[-1] else f"{dear[0]} to {dear[-1]}"
            lines += self.say(f"Too dear for your {counted(money, self.MONEY_WORD)} now: {len(dear)} more "
                              f"{plural('card', len(dear))} of the market, costing {costs}.")
        if example is not None:
            lines += self.say("To buy another card of the list, change the row and column of this line:")
            lines += ready(example.entry, self.WIDTH)
            if ahead is not None:
                ahead.append(example)
        return lines

    def play_lines(self, state: S, seat: str, note: str, entry: dict[str, Any], offered: list[Trial]) -> list[str]:
        """A card in hand as its game's `note` and a ready play `entry`, first tried on the rules (the trial added
        to `offered`, its open choices named in the note), or the note and why the rules refuse it now."""
        tried = self.trial(state, seat, entry)
        if not isinstance(tried, Trial):
            return self.say(f"{note}; not now: {tried.message}.", 2, bullet=True)
        offered.append(tried)
        return [*self.say(note + choice_note(tried) + ".", 2, bullet=True), *ready(tried.entry, self.WIDTH)]

    def bribe_owed(self, rules: Any, state: S, seat: str, kind: str, owed: tuple[str, int] | None
                   ) -> tuple[str, int] | None:
        """A bribe `seat` owes (receiver, most it may be asked) unless the rules waive it (BribeRules)."""
        if owed is None or owed[1] <= 0 or rules.bribes_waived(state, seat, kind):
            return None
        return owed

    def card_actions(self, state: S, begun: S, seat: str, actions: TurnActions, tableau: Sequence[int],
                     ahead: list[Trial] | None = None) -> list[str]:
        """Each card of `tableau` with its actions: ready lines for what the rules allow now (their trials added
        to `ahead`), one line saying why for what they do not. `state` is the state before the turn, `begun` a
        copy with the turn begun."""
        rules = actions.rules
        lines: list[str] = []
        for number in tableau:
            kinds = rules.card_actions(number)
            if not kinds:
                continue
            head = f"{self.card_title(number)} ({number})"
            notes = []
            if rules.is_favoured(begun, seat, number):
                notes.append(self.BONUS)
            hostage = self.bribe_owed(rules, begun, seat, HOSTAGE, rules.hostage_bribe(begun, number))
            extra = self.card_note(begun, seat, number)
            if extra:
                notes.append(extra)
            if hostage is not None:
                notes.append(f"{self.hostage_words(hostage[0])}, who may ask a bribe of at most {hostage[1]} "
                             f"({actions.BRIBE_FIELD}: is the most you pay)")
            lines += self.say(head + (f", {'; '.join(notes)}" if notes else "") + ":", 2, bullet=True)
            for kind in kinds:
                lines += self.card_action(state, begun, seat, actions, number, kind, hostage, ahead)
        return lines

    def hostage_words(self, holder: str) -> str:
        """How a card held by an enemy's agents is said ("held hostage by bob")."""
        return f"held hostage by {holder}"

    def card_action(self, state: S, begun: S, seat: str, actions: TurnActions, number: int, kind: str,
                    hostage: tuple[str, int] | None, ahead: list[Trial] | None = None) -> list[str]:
        """One action of a card: its note and ready lines (their trials added to `ahead`), or why it cannot be
        taken now."""
        found = actions.card_problem(begun, seat, number, kind)
        if found is not None:
            return self.say(f"{kind}: not now; {_sentence(found[1])}", 4, bullet=True)
        module = actions.action_module(kind)
        if module is None or not hasattr(module, "offer"):
            return self.say(f"{kind}: not in this game yet.", 4, bullet=True)
        offer = module.offer(begun, seat, number)
        entries = []
        for params in offer.examples[:EXAMPLES_AT_MOST]:
            entry = {"action": kind, "card": number, **params}
            if hostage is not None:
                entry[actions.BRIBE_FIELD] = hostage[1]
            entries.append(entry)
        accepted, refused = self.offered(state, seat, entries)
        if not accepted:
            why = offer.note if not offer.examples or refused is None else refused.message
            return self.say(f"{kind}: not now; {_sentence(why)}", 4, bullet=True)
        lines = self.say(f"{kind}: {_sentence(offer.note)}", 4, bullet=True)
        for tried in accepted:
            lines += ready(tried.entry, self.WIDTH)
        if ahead is not None:
            ahead += accepted
        return lines

    def entry_label(self, entry: Mapping[str, Any]) -> str:
        """A ready entry as the answers in advance name it ("play Khyber Pass (29)", "purchase row 1, column 2")."""
        card = entry.get("card")
        if isinstance(card, int):
            return f"{entry.get('action')} {self.card_title(card)} ({card})"
        if "row" in entry and "column" in entry:
            return f"{entry.get('action')} row {entry['row']}, column {entry['column']}"
        return str(entry.get("action"))

    def answers_ahead(self, state: S, seat: str, offered: Sequence[Trial]) -> list[str]:
        """The seat's own questions that its turn (with no actions, or with one of the ready lines `offered`)
        raises later on and that only `answers:` answers in advance: for each way of asking, its questions with
        their choices and a commented `answers:` block of one line per key, set to the deadline's answers."""
        idle = self.no_actions(state, seat)
        groups: dict[tuple[tuple[str, str, str, str], ...], list[Trial]] = {}
        for tried in (idle, *offered):
            if tried.ahead or (idle.ahead and tried is not idle):
                asks = tuple((q.key, q.shown, repr((q.options, q.count)), flow(a)) for q, a in tried.ahead)
                groups.setdefault(asks, []).append(tried)
        if not any(asks for asks in groups):
            return []
        keys = [key for asks in groups for key, *_ in asks]
        numbered = any(key.startswith("actions.") for key in keys)
        lines = self.say("Answers in advance: your turn may ask you questions no line above answers. To answer now, delete "
                         "the # before answers: and before each line under it that you give; an answer that is "
                         "not one of the choices when its question comes is refused." +
                         (" The 0 in actions.0 is the action's place in your list: 0 for the first, 1 for the "
                          "second. For two actions, give their lines under one answers:." if numbered else ""))
        # Lines of one card's action that differ only in their fields are named by their whole entry.
        labels = [self.entry_label(t.entry) for t in offered]
        label = {id(t): name if labels.count(name) == 1 else flow(t.entry) for t, name in zip(offered, labels,
                                                                                            strict=True)}
        for trials in groups.values():
            names = list(dict.fromkeys(label[id(t)] for t in trials if t is not idle))
            if idle in trials:
                head = ("With no actions, and with each action above not named below, your turn may ask:" if names
                        else "With no actions your turn may ask:")
            elif not trials[0].ahead:
                lines += self.say(f"{', '.join(names)}: nothing more.", 2, bullet=True)
                continue
            else:
                head = f"With {', '.join(names)}, your turn may ask:"
            lines += self.say(head, 2, bullet=True)
            for question, answer in trials[0].ahead:
                lines += self.say(f"{question.key}: {_sentence(question.shown)[:-1]}; {self.choices(question)}; "
                                  f"default {flow(answer)}.", 4, bullet=True)
            lines.append("#answers:")
            for question, answer in trials[0].ahead:
                lines += self.answer_line(question.key, answer)
        return lines

    def choices(self, question: Question) -> str:
        """A question's legal answers in a note, every one of them: "one of ..." or "a list of 2 of ..."."""
        options = ", ".join(self.option(question, o) for o in question.options)
        return f"one of {options}" if question.count is None else f"a list of {question.count} of {options}"

    def answer_line(self, key: str, answer: Any) -> list[str]:
        """One answer by key under a commented `answers:`, a long list one item a line."""
        line = f"#  {key}: {flow(answer)}"
        if len(line) <= self.WIDTH or not isinstance(answer, list):
            return [line]
        return [f"#  {key}:", *(f"#  - {flow(item)}" for item in answer)]

    def answers(self, state: S, seat: str) -> str:
        """Each question asked of `seat` with its choices, then the answer (or answers by key) set to the
        defaults the deadline would give."""
        asked = self.asked(state, seat)
        lines: list[str] = []
        for question in asked:
            many = f" Give a list of {question.count}." if question.count is not None else ""
            lines += self.say(f"{_sentence(question.shown)}{many}")
            lines += self.say("Choices: " + ", ".join(self.option(question, o) for o in question.options) + ".")
            lines += self.question_note(state, question)
        if len(asked) == 1:
            answer, note = f"answer: {yaml_value(asked[0].default)}", "the default, used if the deadline passes"
            # A long default (a region and a site) takes the note to a line of its own above it, within the width.
            lines += [f"{answer}  # {note}"] if len(answer) + len(note) + 4 <= self.WIDTH else \
                [*self.say(f"{note[0].upper()}{note[1:]}:"), answer]
        else:
            lines.append("answers:  # the defaults, used if the deadline passes")
            lines += [f"  {q.key}: {yaml_value(q.default)}" for q in asked]
        return self.lines(lines)

    def cleanup_entry(self) -> str:
        """The optional cleanup entry, commented out: the cards to discard when the turn ends over the limits."""
        return f"# cleanup: {{{self.TABLEAU}: [], hand: []}}"

    def standing(self, state: S, seat: str) -> str:
        """The standing orders a seat may give, and its own (an example when it has none)."""
        lines = self.say("Standing orders answer other players' questions while you are away (they last until "
                         "changed):")
        for key, text in self.STANDING.items():
            lines += self.say(_sentence(f"{key}: {text}"), 2, bullet=True)
        own = state.standing.get(seat, {})
        lines.append("standing: " + yaml_value(dict(own)) if own else "# standing: {bribe: full}")
        return self.lines(lines)


def keyed(order: Mapping[str, Any], asked: Sequence[Question]) -> tuple[tuple[Question, Any], ...]:
    """The questions of `asked` only `answers:` answers in advance, with the answers a trial's chooser gave them
    (it writes an answer no field of the order holds under `answers:`, by key)."""
    given = order.get("answers") or {}
    found = {q.key: (q, given[q.key]) for q in asked if q.path is None and q.key in given}
    return tuple(found.values())


def choice_note(tried: Trial) -> str:
    """The choices an entry's own questions offered, for the fields its trial filled in with their defaults."""
    return "".join(f"; {field}: one of {named([str(o) for o in q.options])}" for field, q in tried.asked.items()
                   if len(q.options) > 1)


def _sentence(text: str) -> str:
    """`text` ended as a sentence."""
    text = text.strip()
    return text if text.endswith((".", ":", "?", "!")) else text + "."

