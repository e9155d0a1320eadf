"""Pax Pamir's rules ask a seat's rules object how the rules apply to it; they never branch on an automaton's
name (Wakhan's genuine rule differences are the overrides of seats.WakhanSeat)."""

from __future__ import annotations

import re
from pathlib import Path

from pp_helpers import position

import games.pax_pamir
from games.pax_pamir.seats import SeatRules, WakhanSeat, seat_rules

ROOT = Path(games.pax_pamir.__file__).parent
BRANCH = re.compile(r"automaton\s*[=!]=|==\s*[\"']wakhan[\"']")


def test_no_rules_module_branches_on_an_automatons_name() -> None:
    for path in ROOT.rglob("*.py"):
        if "wakhan" in path.relative_to(ROOT).parts:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            assert not BRANCH.search(line), f"{path.name}:{number}: {line.strip()}"


def test_a_persons_seat_follows_the_rulebook_and_wakhans_her_own_rules() -> None:
    state = position()
    seat = state.seats[0]
    assert type(seat_rules(state, seat)) is SeatRules
    state.players[seat].automaton = "wakhan"
    assert isinstance(seat_rules(state, seat), WakhanSeat)
    assert seat_rules(state, seat).competes_in_check(state, seat, "afghan")
    assert not seat_rules(state, seat).repays_leverage_with_cards()
