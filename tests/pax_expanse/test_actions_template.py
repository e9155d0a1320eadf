"""The order template lists each card-based action's legal choices (the modules' `choices`)."""

from __future__ import annotations

from px_actions import table
from px_helpers import put

from games.pax_expanse.template import order_template


def test_order_template_lists_the_legal_choices_of_each_action() -> None:
    state = table(networks={"anna": [21, 12, 29]}, influence={"anna": 5, "ben": 3})
    put(state, "fleets", "belt", "un", 2)
    put(state, "fleets", "belt", "opa")
    put(state, "supporters", "earth", "ben")
    text = order_template(state, "anna")
    assert "combat with 21 at belt (up to 2): fleet:opa" in text
    assert "extort 2 with 12: from ben" in text
    assert "{fleet: belt, to: tycho}" in text
    assert "favour with 29: effect favour (costs 2)" in text
    assert "effect rocinante" not in text  # the Rocinante is out of reach
