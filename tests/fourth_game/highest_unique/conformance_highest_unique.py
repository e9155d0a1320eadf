"""Highest Unique's own checks for the conformance suite."""

from __future__ import annotations

from typing import Any

WORDS = ["amber", "basalt", "cobalt", "dune", "ember", "fjord"]


def invariants(game: Any, state: dict[str, Any]) -> None:
    """Scores never fall below zero and every seat keeps one secret word."""
    assert all(points >= 0 for points in state["score"].values())
    assert set(state["secret"]) == set(state["seats"])


def perturb(state: dict[str, Any], viewer: str | None) -> None:
    """Every other seat's secret word changes."""
    for seat in state["secret"]:
        if seat != viewer:
            state["secret"][seat] = WORDS[(WORDS.index(state["secret"][seat]) + 1) % len(WORDS)]
