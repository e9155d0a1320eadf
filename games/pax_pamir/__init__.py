"""Pax Pamir (Second Edition): the full game for 2–5 players, with room for Wakhan."""
