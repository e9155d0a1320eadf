"""Pax Expanse's step context: the kernel's Context over Pax Expanse's state, with its players' standing orders
(the kernel's `bribe:` and `discard:`, and `agent_moves:` for agents on an asset that leaves play)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.pax.context import Context as PaxContext
from games.pax.context import Question, is_option
from games.pax_expanse.state import GameState

#: The kind of the question "an asset carrying your agent leaves play: where does the agent go?".
AGENT_MOVE = "agent-move"
#: The words `agent_moves:` accepts besides asset numbers.
AGENT_MOVE_WORDS = ("own", "first")


@dataclass
class Context(PaxContext[GameState]):
    """A Pax Expanse step in progress (see games.pax.context.Context)."""

    def standing_answer(self, standing: dict[str, Any], question: Question) -> Any:
        """The kernel's standing answers, and `agent_moves:` for an agent on an asset that leaves play."""
        if question.kind == AGENT_MOVE and isinstance(standing.get("agent_moves"), list):
            found = agent_move_from_standing(self.state, question, standing["agent_moves"])
            if found is not None:
                return found
        return super().standing_answer(standing, question)


def agent_move_from_standing(state: GameState, question: Question, preferences: list[Any]) -> int | None:
    """The first of `preferences` that picks one of the question's assets: an asset number; `own`, the first
    (in ring order) of the asked seat's own assets; `first`, the first asset listed. None when none does."""
    own = state.players[question.seat].network if question.seat in state.players else []
    for wanted in preferences:
        if wanted == "own":
            mine = [n for n in question.options if n in own]
            if mine:
                return int(mine[0])
        elif wanted == "first":
            return int(question.options[0])
        elif is_option(wanted, question.options):
            return int(wanted)
    return None
