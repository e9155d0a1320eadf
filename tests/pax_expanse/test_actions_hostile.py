"""Hostile orders: any junk in a card-based action's fields is refused as a problem at a path, never a crash."""

from __future__ import annotations

from typing import Any

from px_actions import table
from px_helpers import market, put

from engine.rng import Rng
from games.pax.context import OrderError
from games.pax_expanse.turn import run_turn

JUNK: list[Any] = [None, 0, 1, 2, 40, -1, True, "x", "belt", "belt-tycho", "fleet:mcr", [], [1], ["belt"], {},
                   {"a": 1}, [{"fleet": "belt", "to": "mars"}], [{"site": "belt", "remove": ["fleet:un"]}], 1.5,
                   "none", [[]], [{}], [{"agent": [1], "to": {}}], [{"site": [], "remove": [None]}]]
FIELDS = {"extort": ("from",), "favour": ("effect", "region"), "rally": ("units", "extra"), "mobilise": ("moves",),
          "eliminate": ("target", "supporter", "reward"), "combat": ("site", "remove", "sites", "exhaust")}
NETWORK = [21, 15, 12, 36, 29, 10, 90, 55, 34]


def test_hostile_action_fields_are_problems_never_crashes() -> None:
    state = table(networks={"anna": NETWORK, "ben": [22, 40]}, influence={"anna": 8, "ben": 3})
    market(state, [1, 2, 3], [4, 5, 6])
    for where, kind, who in (("belt", "fleets", "un"), ("belt", "fleets", "mcr"), ("earth", "supporters", "ben"),
                             ("belt-earth", "transports", "un"), ("22", "agents", "anna"), ("40", "agents", "ben"),
                             ("belt", "supporters", "anna")):
        put(state, kind, where, who)
    rng = Rng("hostile")
    refused = 0
    for _ in range(400):
        kind = rng.choice(list(FIELDS))
        entry: dict[str, Any] = {"action": kind, "card": rng.choice([*NETWORK, 1, "x", None])}
        for field in FIELDS[kind]:
            if rng.below(10) < 7:
                entry[field] = rng.choice(JUNK)
        try:
            run_turn(state, "anna", {"actions": [entry]})
        except OrderError as error:
            assert error.path[:2] == ("actions", 0) and error.message
            refused += 1
    assert refused > 300
