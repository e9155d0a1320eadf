"""Expedition to 5X's own checks for the conformance suite: what a reader may not see."""

from __future__ import annotations

from leaks.hidden import expedition_5x as perturb

__all__ = ["perturb"]
