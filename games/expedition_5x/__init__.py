"""Expedition to 5X: 3–5 clans, 15 rounds, simultaneous action choice, auctions and technology tableaus."""

from games.expedition_5x.game import Expedition5X

#: The game object the `pbem.games` entry point names.
GAME = Expedition5X()

__all__ = ["GAME", "Expedition5X"]
