"""Rulebook "Mobilise": as many moves as the asset's rank, each moving a loyal fleet, a supporter (across a loyal
transport) or an agent (to an adjacent asset around the ring of Networks)."""

from __future__ import annotations

from px_rulebook import problems, put, table, turn

from games.pax_expanse.state import GameState

# 12: Earth economics 2 (Extort, Mobilise); 61: Tycho economics 3 (Mobilise); 3, 5, 13, 14, 22, 23: other assets.


def mobilise_table(card: int = 12, **networks: list[int]) -> GameState:
    nets = {"anna": [card], **networks}
    return table(networks=nets)


def mobilise(*moves: dict[str, object], card: int = 12) -> dict[str, object]:
    return {"action": "mobilise", "card": card, "moves": list(moves)}


def test_as_many_moves_as_the_assets_rank() -> None:
    """"You may perform a number of moves equal to the rank of the asset allowing the moves"."""
    state = mobilise_table()
    put(state, "fleets", "earth", "un", 3)
    move: dict[str, object] = {"fleet": "earth", "to": "mars"}
    assert problems(state, {"actions": [mobilise(move, move)]}) == []
    found = problems(state, {"actions": [mobilise(move, move, move)]})
    assert found and found[0].path[:3] == ("actions", 0, "moves")


def test_a_loyal_fleet_moves_to_an_adjacent_region() -> None:
    """"A loyal fleet may be moved to an adjacent region"; not a fleet of another faction, not to a region farther
    off."""
    state = mobilise_table()
    put(state, "fleets", "earth", "un", 1)
    put(state, "fleets", "earth", "mcr", 1)
    step = turn(state, {"actions": [mobilise({"fleet": "earth", "to": "belt"})]})
    assert step.state.fleets == {"earth": {"mcr": 1}, "belt": {"un": 1}}
    assert problems(state, {"actions": [mobilise({"fleet": "earth", "to": "tycho"})]})
    state.fleets = {"earth": {"mcr": 1}}
    assert problems(state, {"actions": [mobilise({"fleet": "earth", "to": "mars"})]})


def test_each_fleet_moves_only_once_per_action() -> None:
    """"Each fleet may only be moved once per Mobilise action"."""
    state = mobilise_table()
    put(state, "fleets", "earth", "un", 1)
    found = problems(state, {"actions": [mobilise({"fleet": "earth", "to": "mars"}, {"fleet": "mars", "to": "tycho"})]})
    assert found and found[0].path[:4] == ("actions", 0, "moves", 1)


def test_moves_may_be_split_across_pieces() -> None:
    """"Multiple moves may be split across several of your agents, supporters and loyal fleets"."""
    state = mobilise_table(ben=[3])
    put(state, "fleets", "earth", "un", 1)
    put(state, "agents", "12", "anna", 1)
    step = turn(state, {"actions": [mobilise({"fleet": "earth", "to": "mars"}, {"agent": 12, "to": 3})]})
    assert step.state.fleets == {"mars": {"un": 1}} and step.state.agents == {"3": {"anna": 1}}


def test_agents_move_around_the_ring_of_networks() -> None:
    """"the left-most card in a player's Network is adjacent to the right-most card in the Network of the player to
    their left ... the assets in each Network form a "ring" around the table". Play goes clockwise, so the player to
    anna's left is ben, who plays next: with anna [12, 13], ben [3, 5] and cleo [22], anna's leftmost 12 borders
    ben's rightmost 5, and anna's rightmost 13 borders cleo's leftmost 22."""
    state = mobilise_table(ben=[3, 5], cleo=[22])
    state.players["anna"].network = [12, 13]
    put(state, "agents", "13", "anna", 1)
    def reachable(start: int) -> list[int]:
        return [n for n in (12, 13, 3, 5, 22) if n != start
                and not problems(state, {"actions": [mobilise({"agent": start, "to": n})]})]

    assert reachable(13) == [12, 22]
    state.agents = {"12": {"anna": 1}}
    assert reachable(12) == [13, 5]


def test_a_supporter_crosses_only_by_a_loyal_transport() -> None:
    """"A supporter may be moved to an adjacent region by way of a loyal transport that lays on the border of the
    two regions"."""
    state = mobilise_table()
    put(state, "supporters", "earth", "anna", 1)
    assert problems(state, {"actions": [mobilise({"supporter": "earth", "to": "mars"})]})
    put(state, "transports", "earth-mars", "mcr", 1)
    assert problems(state, {"actions": [mobilise({"supporter": "earth", "to": "mars"})]})
    put(state, "transports", "earth-mars", "un", 1)
    step = turn(state, {"actions": [mobilise({"supporter": "earth", "to": "mars"})]})
    assert step.state.supporters == {"mars": {"anna": 1}}


def test_each_transport_carries_once_but_a_supporter_may_go_on_over_another() -> None:
    """"Each transport may only be used in this way once per Mobilise action (however, it is possible for a single
    supporter to move across multiple regions using a single Mobilise action, as it will be using a different
    transport each time)"."""
    state = mobilise_table(card=61)
    put(state, "supporters", "earth", "anna", 2)
    put(state, "transports", "earth-mars", "un", 1)
    put(state, "transports", "mars-tycho", "un", 1)
    step = turn(state, {"actions": [mobilise({"supporter": "earth", "to": "mars"}, {"supporter": "mars", "to": "tycho"},
                                             card=61)]})
    assert step.state.supporters == {"earth": {"anna": 1}, "tycho": {"anna": 1}}
    found = problems(state, {"actions": [mobilise({"supporter": "earth", "to": "mars"},
                                                  {"supporter": "earth", "to": "mars"}, card=61)]})
    assert found and found[0].path[:4] == ("actions", 0, "moves", 1)


def test_a_fleet_already_in_the_destination_may_still_move_but_the_one_that_arrived_may_not() -> None:
    """Mobilise: "Each fleet may only be moved once per Mobilise action": a fleet moves Earth to Mars; the fleet that
    was in Mars already may go on to Tycho, but the one that just arrived may not."""
    state = table(networks={"anna": [61]})
    put(state, "fleets", "earth", "un", 1)
    put(state, "fleets", "mars", "un", 1)
    first = {"fleet": "earth", "to": "mars"}
    on = {"fleet": "mars", "to": "tycho"}
    assert problems(state, {"actions": [{"action": "mobilise", "card": 61, "moves": [first, on]}]}) == []
    found = problems(state, {"actions": [{"action": "mobilise", "card": 61, "moves": [first, on, on]}]})
    assert found and found[0].path == ("actions", 0, "moves", 2)


def test_a_supporter_cannot_cross_back_over_the_transport_it_used() -> None:
    """Mobilise: "Each transport may only be used in this way once per Mobilise action"."""
    state = table(networks={"anna": [61]})
    put(state, "supporters", "earth", "anna", 1)
    put(state, "transports", "earth-mars", "un", 1)
    found = problems(state, {"actions": [{"action": "mobilise", "card": 61, "moves": [
        {"supporter": "earth", "to": "mars"}, {"supporter": "mars", "to": "earth"}]}]})
    assert found and found[0].path == ("actions", 0, "moves", 1)
