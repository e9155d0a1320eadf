"""The kernel's name for `engine.plain.plain_copy`, which the engine's record codec shares."""

from __future__ import annotations

from engine.plain import plain_copy

__all__ = ["plain_copy"]
