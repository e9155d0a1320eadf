"""Pax Pamir's own checks for the conformance suite: its invariants and what a reader may not see."""

from __future__ import annotations

from typing import Any

from leaks.hidden import pax_pamir as perturb
from pp_helpers import check_invariants

__all__ = ["invariants", "perturb"]


def invariants(game: Any, state: Any) -> None:
    """Pieces within the components, every card in one place, a canonical encoding."""
    check_invariants(state)
