"""Pax Expanse: the game's content as validated data (cards.py) and its rules engine (game.py: GAME, the
`pbem.games` entry point). Importing the package alone loads nothing else."""
