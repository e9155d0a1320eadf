"""Pax Pamir (Second Edition): the full game for 2–5 players, with room for Wakhan."""

from games.pax_pamir.game import PaxPamir

#: The game as the `pbem.games` entry point names it.
GAME = PaxPamir()

__all__ = ["GAME", "PaxPamir"]
