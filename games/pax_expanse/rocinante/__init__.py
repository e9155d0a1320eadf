"""The Rocinante, Pax Expanse's automated crew: the planner decides (planner.py, with the orderings of
orderings.py), the rules apply (effects.py), and turn.py runs its turn after every round (ROCINANTE.md)."""

from games.pax_expanse.rocinante.turn import replay, take_turn

__all__ = ["replay", "take_turn"]
