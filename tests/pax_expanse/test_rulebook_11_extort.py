"""Rulebook "Extort": influence equal to the asset's rank, from other players with supporters in its region or from
market assets of its region."""

from __future__ import annotations

from px_rulebook import market, problems, put, table, turn

from games.pax_expanse.state import GameState

# 12: Earth economics 2 (Extort); 8: Earth political 1 (Extort); 1 and 3: Earth assets; 22: a Mars asset;
# 97: Naomi Nagata, a crew asset (Extort, Favour), whose region is the Rocinante's.


def earth(network: int = 12) -> GameState:
    state = table(influence={"anna": 0, "ben": 5, "cleo": 5}, networks={"anna": [network]})
    put(state, "supporters", "earth", "ben", 1)
    return state


def extort(*sources: object, card: int = 12) -> dict[str, object]:
    return {"action": "extort", "card": card, "from": list(sources)}


def test_extort_takes_the_assets_rank_from_players_with_supporters_in_its_region() -> None:
    """"take influence from: Other players who have supporters in the region matching the extorting asset's region
    ... The amount of influence taken is equal to the rank of the extorting asset"."""
    step = turn(earth(), {"actions": [extort("ben", "ben")]})
    assert step.state.players["anna"].influence == 2 and step.state.players["ben"].influence == 3


def test_extort_never_takes_from_players_without_supporters_there() -> None:
    """Cleo has no supporter in Earth, so she is no source."""
    found = problems(earth(), {"actions": [extort("ben", "cleo")]})
    assert found and found[0].path[:2] == ("actions", 0) and "ben" in found[0].message


def test_extort_takes_from_market_assets_of_its_region() -> None:
    """"Assets in the market whose region matches the extorting asset's region", and not those of another region."""
    state = earth()
    market(state, [1, 22], [3])
    state.market_influence[0][0] = 1
    state.market_influence[0][1] = 4
    step = turn(state, {"actions": [extort(1, "ben")]})
    assert step.state.players["anna"].influence == 2 and step.state.market_influence[0][:2] == [0, 4]
    found = problems(state, {"actions": [extort(22, "ben")]})
    assert found and found[0].path[:3] == ("actions", 0, "from")


def test_extort_may_mix_players_and_market_assets() -> None:
    """Each influence comes from either kind of source."""
    state = earth()
    market(state, [1])
    state.market_influence[0][0] = 1
    step = turn(state, {"actions": [extort("ben", 1)]})
    assert step.state.players["anna"].influence == 2 and step.state.players["ben"].influence == 4


def test_a_crew_assets_extort_follows_the_rocinante() -> None:
    """Rocinante Assets: "the card's region is always considered to be the region that currently contains the
    Rocinante token": Naomi extorts in Earth while the Rocinante is there."""
    state = earth(97)
    state.rocinante.region = "earth"
    step = turn(state, {"actions": [extort("ben", "ben", card=97)]})
    assert step.state.players["anna"].influence == 2
    state.rocinante.region = "mars"
    found = problems(state, {"actions": [extort("ben", "ben", card=97)]})
    assert found and found[0].path[:2] == ("actions", 0)
