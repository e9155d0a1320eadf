"""What every Pax game's order template (the pre-filled YAML order sent with a report) shares: comment lines and
YAML values, the frame that picks what is due from a seat (nothing, its loyalty, answers, its turn), the block of
questions with their choices and default answers, the standing orders and the cleanup entry.

A game subclasses `OrderTemplate`, gives its words as class attributes and writes its loyalty choice and its
turn's choices in the hooks `loyalty` and `turn`; `is_due` and `asked` say what its state owes.
"""

from __future__ import annotations

import json
import textwrap
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from games.pax.context import Question

#: The template once the game is over.
GAME_OVER = "# The game is over: no more orders.\n"


def yaml_value(value: Any) -> str:
    """A scalar, list or mapping in YAML flow style (JSON is valid YAML for these)."""
    return json.dumps(value, ensure_ascii=False)


def comment(text: str, width: int | None = None, indent: int = 0) -> list[str]:
    """`text` as comment lines indented by `indent`; wrapped to `width` (continuation lines two further in), or
    one line when `width` is None."""
    first = "#" + " " * (indent + 1)
    if width is None:
        return [first + text]
    return textwrap.wrap(text, width, initial_indent=first, subsequent_indent=first + "  ",
                         break_long_words=False, break_on_hyphens=False) or ["#"]


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

    #: No comment line wider than this (None: each comment on one line, as long as it says).
    WIDTH: ClassVar[int | None] = None
    #: How far in the choices of a question are written.
    CHOICES_INDENT: ClassVar[int] = 0
    #: The tableau's key in a cleanup order ("court", "network").
    TABLEAU: ClassVar[str] = "tableau"
    #: Each standing order a seat may give and what it says, as the template lists them.
    STANDING: ClassVar[Mapping[str, str]] = {}

    def render(self, state: S, seat: str) -> str:
        """The order template for `seat`: what is due from it, or its standing orders when nothing is."""
        if state.phase == "over":
            return GAME_OVER
        if not self.is_due(state, seat):
            return self.lines(self.comment("Nothing is due from you now; you may still change your standing "
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

    # The shared parts.

    def comment(self, text: str, indent: int = 0) -> list[str]:
        """`text` as comment lines of this game's width."""
        return comment(text, self.WIDTH, indent)

    @staticmethod
    def lines(lines: Sequence[str]) -> str:
        """Lines as text, each ended by a newline."""
        return "".join(f"{line}\n" for line in lines)

    def answers(self, state: S, seat: str) -> str:
        """Each question asked of `seat` with its choices, then the answer (or answers by key) set to the
        defaults the deadline would give."""
        asked = self.asked(state, seat)
        lines: list[str] = []
        for question in asked:
            many = f" Give a list of {question.count}." if question.count is not None else ""
            lines += self.comment(f"{question.shown}.{many}")
            lines += self.comment("Choices: " + ", ".join(self.option(question, o) for o in question.options),
                                  self.CHOICES_INDENT)
            lines += self.question_note(state, question)
        if len(asked) == 1:
            lines.append(f"answer: {yaml_value(asked[0].default)}  # the default, used if the deadline passes")
        else:
            lines.append("answers:  # the defaults, used if the deadline passes")
            lines += [f"  {q.key}: {yaml_value(q.default)}" for q in asked]
        return self.lines(lines)

    def cleanup_entry(self) -> str:
        """The optional cleanup entry, commented out: the cards to discard when the turn ends over the limits."""
        return f"# cleanup: {{{self.TABLEAU}: [], hand: []}}"

    def standing(self, state: S, seat: str) -> str:
        """The standing orders a seat may give, and its own (an example when it has none)."""
        lines = self.comment("Standing orders answer other players' questions while you are away (they last until "
                             "changed):")
        for key, text in self.STANDING.items():
            lines += self.comment(f"{key}: {text}", 2)
        own = state.standing.get(seat, {})
        lines.append("standing: " + yaml_value(dict(own)) if own else "# standing: {bribe: full}")
        return self.lines(lines)

