"""The Pax kernel: what the Pax games share (market, turn frame, questions and pauses, bribes, component limits,
cleanup, dominance checks), each game's differences being named hooks on its rules object.

Imports only `engine`; never names a game or an automated opponent. See ARCHITECTURE.md.
"""
