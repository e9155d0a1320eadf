"""Rulebook "Rocinante Assets": the four crew assets act like normal assets, and their region is always the region
holding the Rocinante token; AI cards never target them."""

from __future__ import annotations

from px_rulebook import market, problems, put, table, turn

# 98: Amos Burton (war 2: Eliminate, Combat; fleet, fleet); 99: Alex Kamal (subterfuge 2, MCR loyalist);
# 3: an Earth asset; 97: Naomi Nagata; 55: a Tycho Station asset; 64 holds Tycho Contracts and 81 Outer Planets
# Contracts (the assets of that region are free to them). AI card 9: Amos (Clean Up the Mess, else Break Some Heads; to Earth).


def test_a_crew_assets_region_is_the_rocinantes_for_its_bribe_and_icons() -> None:
    """"the card's region is always considered to be the region that currently contains the Rocinante token": ben
    controls Mars, where the Rocinante is, so playing Amos owes ben a bribe, and Amos's fleets arrive in Mars."""
    state = table(influence={"anna": 5}, hands={"anna": [98]})
    state.rocinante.region = "mars"
    put(state, "supporters", "mars", "ben", 2)
    state.standing["ben"] = {"bribe": "full"}
    step = turn(state, {"actions": [{"action": "play", "card": 98, "side": "right", "bribe": 2}]})
    assert step.state.players["anna"].influence == 3
    assert step.state.fleets == {"mars": {"un": 2}}


def test_the_region_changes_as_the_token_moves() -> None:
    """"This region can change as the Rocinante token moves around the board": with the Rocinante in Earth, no bribe
    is owed to Mars's controller."""
    state = table(influence={"anna": 5}, hands={"anna": [98]})
    state.rocinante.region = "earth"
    put(state, "supporters", "mars", "ben", 2)
    step = turn(state, {"actions": [{"action": "play", "card": 98, "side": "right", "bribe": 0}]})
    assert step.state.fleets == {"earth": {"un": 2}}


def test_crew_assets_act_like_normal_assets() -> None:
    """"These act like normal assets in every way": Amos fights in the Rocinante's region with its rank."""
    state = table(networks={"anna": [98]})
    state.rocinante.region = "belt"
    put(state, "fleets", "belt", "un", 2)
    put(state, "fleets", "belt", "mcr", 2)
    step = turn(state, {"actions": [{"action": "combat", "card": 98, "site": "belt",
                                     "remove": ["fleet:mcr", "fleet:mcr"]}]})
    assert step.state.fleets == {"belt": {"un": 2}}
    assert problems(state, {"actions": [{"action": "combat", "card": 98, "site": "earth", "remove": ["fleet:mcr"]}]})


def test_ai_cards_never_target_crew_assets() -> None:
    """"Rocinante asset cards do not count when targeted by Rocinante AI cards (for example, Amos will never try to
    eliminate Alex)": anna leads with Alex in the Rocinante's region, and Amos's card leaves Alex alone."""
    state = table(networks={"anna": [99]}, current="cleo")
    state.players["anna"].vp = 5
    state.rocinante.region = "earth"
    state.rocinante.deck = [9, 1]
    step = turn(state, {"actions": []})
    assert step.state.players["anna"].network == [99]


def test_ai_cards_do_target_other_assets_of_the_region() -> None:
    """The same card eliminates an ordinary Earth asset of the leader."""
    state = table(networks={"anna": [99, 3]}, current="cleo")
    state.players["anna"].vp = 5
    state.rocinante.region = "earth"
    state.rocinante.deck = [9, 1]
    step = turn(state, {"actions": []})
    assert step.state.players["anna"].network == [99]


def test_a_crew_asset_is_an_asset_of_the_rocinantes_region_for_tycho_contracts() -> None:
    """"The card's region is always considered to be the region that currently contains the Rocinante token", and
    "These act like normal assets in every way": with the Rocinante at Tycho Station, Naomi Nagata in the market is
    a Tycho Station asset, so Tycho Contracts makes her free, as it does asset 55."""
    state = table(networks={"anna": [64]})
    market(state, [1, 2, 55], [3, 4, 5])
    assert problems(state, {"actions": [{"action": "purchase", "row": 1, "column": 3}]}) == []  # 55: free
    state = table(networks={"anna": [64]})
    market(state, [1, 2, 97], [3, 4, 5])
    state.rocinante.region = "tycho"
    assert problems(state, {"actions": [{"action": "purchase", "row": 1, "column": 3}]}) == []


def test_the_same_for_outer_planets_contracts() -> None:
    """As above, with the Rocinante in the Outer Planets (where it starts) and Outer Planets Contracts."""
    state = table(networks={"anna": [81]})
    market(state, [1, 2, 97], [3, 4, 5])
    state.rocinante.region = "outer_planets"
    step = turn(state, {"actions": [{"action": "purchase", "row": 1, "column": 3}]})
    assert step.state.players["anna"].hand == [97] and step.state.players["anna"].influence == 0
