"""Pax Expanse's own checks for the conformance suite: its invariants and what a reader may not see."""

from __future__ import annotations

from typing import Any

from leaks.hidden import pax_expanse as perturb
from test_expanse_robot_games import check_invariants

__all__ = ["invariants", "perturb"]


def invariants(game: Any, state: Any) -> None:
    """Pieces within the components, no negative influence, every card in one place."""
    check_invariants(state)
