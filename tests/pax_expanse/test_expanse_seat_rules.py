"""Pax Expanse's rules ask a seat's rules object how a turn of that seat goes on; they never branch on the
Rocinante's name (the crew's genuine differences are the overrides of seats.CrewSeat, its decisions rocinante/)."""

from __future__ import annotations

import re
from pathlib import Path

import games.pax_expanse
from games.pax_expanse.seats import CrewSeat, SeatRules, seat_rules
from games.pax_expanse.state import ROCINANTE

ROOT = Path(games.pax_expanse.__file__).parent
#: A comparison with the Rocinante's name, written either way round.
BRANCH = re.compile(r"[=!]=\s*(ROCINANTE|[\"']rocinante[\"'])|(ROCINANTE|[\"']rocinante[\"'])\s*[=!]=")
#: Where the name may be compared: the lookup itself, the crew's own package, and the card data's model (a crew
#: asset's printed region is the Rocinante).
ALLOWED = {"seats.py", "model.py"}


def test_no_rules_module_branches_on_the_rocinantes_name() -> None:
    for path in ROOT.rglob("*.py"):
        parts = path.relative_to(ROOT).parts
        if parts[0] == "rocinante" or path.name in ALLOWED and len(parts) == 1:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            assert not BRANCH.search(line), f"{path.relative_to(ROOT)}:{number}: {line.strip()}"


def test_the_branch_check_finds_a_comparison_either_way_round() -> None:
    for line in ("if seat == ROCINANTE:", "if 'rocinante' != kind:", 'return kind == "rocinante"'):
        assert BRANCH.search(line), line
    assert not BRANCH.search("found.append(ROCINANTE)")


def test_a_players_seat_follows_the_rulebook_and_the_crews_turn_its_own_rules() -> None:
    assert type(seat_rules("anna")) is SeatRules
    crew = seat_rules(ROCINANTE)
    assert isinstance(crew, CrewSeat) and crew.played_by_the_game and crew.replays_in_place()
    assert not crew.asks_ahead()
    assert not seat_rules("anna").played_by_the_game and not seat_rules("anna").replays_in_place()
    assert seat_rules("anna").asks_ahead()
