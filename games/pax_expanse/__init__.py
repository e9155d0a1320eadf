"""Pax Expanse: the game's content as validated data; the rules engine comes later (nothing is registered)."""
