"""Wakhan, Pax Pamir's automated opponent for one or two human players (rulebook, "Playing with Wakhan").

Her seat is an ordinary seat whose `Player.automaton` is "wakhan": the rules answer every question put to her, and
her turns are computed from the AI card she draws, so she never waits for orders. See WAKHAN.md.
"""

#: The automaton name stored in Player.automaton.
AUTOMATON = "wakhan"
#: The seat name she takes at setup.
SEAT = "wakhan"
