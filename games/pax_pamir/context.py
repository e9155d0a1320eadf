"""Pax Pamir's step context: the kernel's Context over Pax Pamir's state, with its players' standing orders."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from games.pax.context import Context as PaxContext
from games.pax.context import Question, is_option
from games.pax_pamir.state import GameState


@dataclass
class Context(PaxContext[GameState]):
    """A Pax Pamir step in progress (see games.pax.context.Context)."""

    #: Courtly Manners is never a prompt: decline a bribe unless the seat's standing `courtly_manners: pay`.
    STANDING_ONLY: ClassVar[tuple[str, ...]] = ("courtly",)

    def standing_answer(self, standing: dict[str, Any], question: Question) -> Any:
        """The kernel's standing answers, and `courtly_manners:` (decline or pay) for Courtly Manners."""
        if question.kind == "courtly" and is_option(standing.get("courtly_manners"), question.options):
            return standing["courtly_manners"]
        return super().standing_answer(standing, question)
