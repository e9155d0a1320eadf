"""Wakhan decides, the rules apply: her planners write the order entries a person would, which the same code as a
person's orders resolves; no module of wakhan/ carries out an action's effects itself."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from test_wakhan_codes import market
from test_wakhan_helpers import take, wakhan_state

from games.pax_pamir import actions
from games.pax_pamir.seats import SeatRules, WakhanSeat, seat_rules
from games.pax_pamir.state import GameState
from games.pax_pamir.wakhan import SEAT
from games.pax_pamir.wakhan.actions import betray_targets
from games.pax_pamir.wakhan.deck import reading
from games.pax_pamir.wakhan.turn import CARD_CODES

WAKHAN = Path(__file__).resolve().parents[2] / "games" / "pax_pamir" / "wakhan"

#: Functions that carry out an action's effects: paying, placing and removing pieces, discarding, changing loyalty.
EFFECTS = {"pay_action_cost", "pay_purchase", "take_from_market", "place_tribe", "place_spy", "place_gift",
           "place_army", "place_road", "remove_tribe", "remove_spy", "remove_army", "remove_road",
           "discard_court_card", "discard_hand_card", "change_loyalty", "resolve_event", "settle_bribe",
           "resolve_impact", "repay_leverage"}


def positions() -> list[tuple[str, GameState, int]]:
    """Positions where one of her card-based codes can be taken, with the court card she would use."""
    return [
        ("tax", wakhan_state(courts={SEAT: [16], "anna": [2]}, tribes={"kabul": {SEAT: 1}},
                             rupees={"anna": 6}), 16),
        ("gift", wakhan_state(courts={SEAT: [18]}, rupees={SEAT: 5}), 18),
        ("build", wakhan_state(courts={SEAT: [10]}, tribes={"kabul": {SEAT: 1}}, rupees={SEAT: 5}), 10),
        ("betray", wakhan_state(courts={SEAT: [10], "anna": [4]}, spies={4: {SEAT: 1}}), 10),
        ("move", wakhan_state(courts={SEAT: [9]}, tribes={"kabul": {"anna": 1}, "transcaspia": {"anna": 1}},
                              armies={"kabul": {"russian": 1}}), 9),
        ("battle", wakhan_state(courts={SEAT: [50]}, tribes={"kandahar": {"anna": 1}},
                                armies={"kandahar": {"russian": 3, "british": 2}}), 50),
        ("battle_on_spied_card", wakhan_state(courts={SEAT: [39], "anna": [18, 54]},
                                              spies={18: {SEAT: 1, "anna": 1}, 54: {SEAT: 2, "anna": 2}}), 39),
    ]


@pytest.mark.parametrize(("code", "state", "card"), positions(), ids=lambda v: v if isinstance(v, str) else "")
def test_her_planned_entries_are_orders_the_rules_accept(code: str, state: GameState, card: int) -> None:
    plan = CARD_CODES[code](state, SEAT, reading(state))
    assert plan is not None
    entry = plan.entry(card)
    module = actions.module(entry["action"])
    assert module is not None
    params = {k: v for k, v in entry.items() if k not in ("action", "card")}
    assert module.problems(state, SEAT, card, params, ("wakhan", 0)) == []
    assert set(params) <= set(module.FIELDS)


def test_p17_radicalize_is_one_action_a_purchase_and_a_play():
    state = wakhan_state(market=market(b4=7), courts={SEAT: [18]}, standing={"anna": {"bribe": "waive"}})
    _, done = take(state, "radicalize")
    assert done and state.turn is not None and state.turn.actions == 1 and 7 in state.players[SEAT].court


def test_bodyguards_protect_her_own_political_cards_from_her_betrayal():
    """Bodyguards (Durrani Royal Guard): "Your political cards cannot be the target of a Betray action"."""
    state = wakhan_state(courts={SEAT: [15, 91]}, spies={91: {SEAT: 1}})
    assert betray_targets(state, SEAT) == []
    _, done = take(state, "betray")
    assert not done and state.players[SEAT].court == [15, 91]


def test_the_rules_ask_her_seats_rules_and_a_person_keeps_the_rulebooks():
    state = wakhan_state(courts={SEAT: [18]})
    person, hers = seat_rules(state, "anna"), seat_rules(state, SEAT)
    assert type(person) is SeatRules and isinstance(hers, WakhanSeat)
    assert hers.loyal_to_every_coalition(state, SEAT) and not person.loyal_to_every_coalition(state, "anna")
    assert hers.coalition(state, SEAT) == "russian" and person.coalition(state, "anna") == "british"
    assert not hers.armies_need_roads(state, SEAT) and person.armies_need_roads(state, "anna")
    assert not hers.counts_as_action(state, SEAT, "play") and hers.counts_as_action(state, SEAT, "purchase")
    assert hers.discards_unplayed(state, SEAT) and not person.discards_unplayed(state, "anna")


def _effects_called(path: Path) -> list[str]:
    """Effect functions a module calls, and rupees it changes, as 'name (line)'."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
            if name in EFFECTS:
                found.append(f"{name} ({node.lineno})")
        elif isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Attribute) \
                and node.target.attr == "rupees":
            found.append(f"rupees changed ({node.lineno})")
    return found


@pytest.mark.parametrize("module", sorted(p.name for p in WAKHAN.glob("*.py")))
def test_no_wakhan_module_carries_out_an_actions_effects(module: str) -> None:
    assert _effects_called(WAKHAN / module) == []


def test_one_pause_record_for_every_seat():
    # her turn pauses into state.paused like anyone's and resumes through the game's own resume path: the runner
    # keeps no pause machinery of its own
    tree = ast.parse((WAKHAN / "runner.py").read_text(encoding="utf-8"))
    defined = {node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)}
    named = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    assert not defined & {"resume", "finish"} and "Paused" not in named
