"""The order template lists each card-based action's legal choices and a ready line for each (the modules'
`offer`, each line tried on the rules)."""

from __future__ import annotations

from px_actions import table
from px_helpers import put

from games.pax_expanse.template import order_template


def test_order_template_lists_the_legal_choices_of_each_action_with_ready_lines() -> None:
    state = table(networks={"anna": [21, 12, 29]}, influence={"anna": 5, "ben": 3})
    put(state, "fleets", "belt", "un", 2)
    put(state, "fleets", "belt", "opa")
    put(state, "supporters", "earth", "ben")
    text = order_template(state, "anna")
    assert "at belt up to 2 of fleet:opa" in text
    assert "\n#- {action: combat, card: 21, site: belt, remove: [fleet:opa]}\n" in text
    assert "takes 2 influence" in text and "\n#- {action: extort, card: 12, from: [ben, ben]}\n" in text
    words = " ".join(line.lstrip("#").strip() for line in text.splitlines())
    assert "fleet belt to tycho" in words and "#- {action: mobilise, card: 12, moves: [{fleet: belt, to: earth}]}" in text
    assert "effect favour costs 2" in text and "\n#- {action: favour, card: 29, effect: favour}\n" in text
    assert "effect rocinante" not in text  # the Rocinante is out of reach
