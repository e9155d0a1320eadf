"""Expedition to 5X's order template reads as sentences in a mail and offers each card as a ready line (issue
19, "Templates a player can copy"; orders.md)."""

from __future__ import annotations

from ruamel.yaml import YAML
from x5_helpers import make_state

from games.expedition_5x import GAME
from pbem.orders import render


def test_the_basic_actions_are_wrapped_once_within_72_columns_and_read_as_sentences() -> None:
    """Before, a comment wrapped at 84 columns was wrapped again at 72 by the mail: "(alone: beat the die;" /
    "with others:" / "identical bids drop out"."""
    template = GAME.template(make_state(3), "anna")
    assert max(len(line) for line in template.splitlines()) <= 72
    assert render({"game": "g", "seat": "anna", "step": 1}, template).endswith(template)  # nothing left to wrap
    assert ("#   * excavate: bid water for a market technology (alone, your bid must\n"
            "#     beat the die; with others, identical bids drop out).\n") in template


def test_each_other_card_in_hand_is_a_ready_line_that_replaces_the_action_in_force() -> None:
    """Choosing an action card: any card in hand; the deadline plays Drill."""
    state = make_state(3)
    state.players["anna"].hand = ["excavate", "drill", "expand"]
    lines = GAME.template(state, "anna").splitlines()
    assert "action: drill" in lines and "#action: excavate" in lines and "#action: expand" in lines
    at = lines.index("#action: expand")
    lines[lines.index("action: drill")] = "#action: drill"
    lines[at] = "action: expand"
    order = YAML(typ="safe", pure=True).load("\n".join(lines))
    assert order["action"] == "expand" and GAME.check(state, "anna", order) == []
