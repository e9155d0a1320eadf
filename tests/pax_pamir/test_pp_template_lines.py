"""Pax Pamir's order template offers what the rules allow now as ready lines (issue 19, fault 4 and "Templates a
player can copy"; orders.md "Your order template")."""

from __future__ import annotations

from pp_helpers import MARKET, position
from ruamel.yaml import YAML

from games.pax_pamir import GAME
from pbem.orders import render

KABUL_BAZAAR, AFGHAN_HANDICRAFTS, RANJIT_SINGH = 8, 9, 24  # Ranjit Singh: Civil Service Reforms


def words(template: str) -> str:
    """The template's comments as one line of words, wrapping undone."""
    return " ".join(" ".join(line.lstrip("#").strip() for line in template.splitlines()).split())


def ready_lines(template: str) -> list[str]:
    """The ready lines: order text right after the `#`."""
    return [line for line in template.splitlines() if line.startswith("#") and line[1:2] not in (" ", "", "#")]


def test_purchases_list_each_affordable_card_once_and_offer_one_ready_line() -> None:
    """Purchase (rulebook p. 5): the first column is free, each column further right costs one rupee more."""
    state = position(rupees={"anna": 2}, market=MARKET)
    text = GAME.template(state, "anna")
    listed = [line for line in text.splitlines() if line.startswith("#   * row ")]
    assert [line.split(":")[0] for line in listed] == [
        "#   * row 1, column 1", "#   * row 2, column 1", "#   * row 1, column 2", "#   * row 2, column 2",
        "#   * row 1, column 3", "#   * row 2, column 3"]
    assert "Too dear for your 2 rupees now: 6 more cards of the market, costing 3 to 5." in words(text)
    assert [line for line in ready_lines(text) if "purchase" in line] == ["#- {action: purchase, row: 1, column: 1}"]


def test_no_ready_line_carries_a_comment_that_mail_would_split_onto_the_next_line() -> None:
    state = position(rupees={"anna": 9}, market=MARKET, hands={"anna": [KABUL_BAZAAR]},
                     courts={"anna": [AFGHAN_HANDICRAFTS]})
    text = GAME.template(state, "anna")
    assert all(len(line) <= 72 and "  # " not in line for line in ready_lines(text))
    # pbem fits comments to 72 columns when it sends the template: nothing is left for it to wrap.
    assert render({"game": "g", "seat": "anna", "step": 3}, text).endswith(text)


def test_fault_4_an_action_with_no_legal_target_says_why_and_is_not_offered() -> None:
    """Battle (rulebook p. 8) needs loyal armies or spies where there is an enemy piece; Gift needs its price."""
    state = position(rupees={"anna": 1}, courts={"anna": [AFGHAN_HANDICRAFTS]})
    text = words(GAME.template(state, "anna"))
    assert "move: not now; none of your pieces can move." in text
    assert "tax: not now; there is nothing to take" in text
    assert not [line for line in ready_lines(GAME.template(state, "anna")) if "card: 9" in line]


def test_a_hostage_bribe_the_rules_waive_is_not_asked_for() -> None:
    """Civil Service Reforms: its owner pays no bribes to use cards held hostage."""
    state = position(courts={"anna": [AFGHAN_HANDICRAFTS], "bob": [KABUL_BAZAAR]})
    state.spies = {str(AFGHAN_HANDICRAFTS): {"bob": 1}, str(KABUL_BAZAAR): {"anna": 1}}
    text = GAME.template(state, "anna")
    assert "held hostage by bob" in words(text)
    move = next(line for line in ready_lines(text) if "action: move" in line)
    assert move.endswith("hostage_bribe: 1}")
    state.players["anna"].court.append(RANJIT_SINGH)
    text = GAME.template(state, "anna")
    assert "held hostage" not in words(text)
    move = next(line for line in ready_lines(text) if "action: move" in line)
    assert "hostage_bribe" not in move
    assert GAME.check(state, "anna", YAML(typ="safe", pure=True).load("actions:\n" + move[1:] + "\n")) == []
