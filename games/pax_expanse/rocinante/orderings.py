"""The crew's orderings (ROCINANTE.md "Orderings"): standing, factions, borders and assets, each a total order
built from the keys `tie_breaks` in data/rocinante.yaml lists, most important key first.

Every key is a function giving a sort value (smaller sorts first), so an owner's own tie_breaks take effect
without code changes; cards.py has already checked that each ordering ends in a key that never ties.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from games.pax_expanse import cards, queries
from games.pax_expanse.state import GameState


@dataclass(frozen=True)
class Standing:
    """The players in standing order (the leader first, the trailing player last), fixed for one crew turn."""

    seats: tuple[str, ...]

    @property
    def leader(self) -> str:
        """The first player in standing."""
        return self.seats[0]

    @property
    def trailing(self) -> str:
        """The last player in standing."""
        return self.seats[-1]

    def rank(self, seat: str) -> int:
        """The seat's place in standing, 0 for the leader."""
        return self.seats.index(seat)


def _keys(ordering: str) -> tuple[str, ...]:
    return cards.rocinante().tie_breaks[ordering]


def standing_values(state: GameState, seat: str) -> dict[str, int]:
    """What each standing key reads for this seat, as players would count it (not negated)."""
    player = state.players[seat]
    return {
        "most_victory_points": player.vp,
        # Printed suits only: a crew asset's stars count like any asset's, as in the Dominance Check tie-break.
        "most_war_stars": queries.stars(state, seat, "war"),
        "most_influence": player.influence,
        "most_supporters_in_play": sum(c.get(seat, 0) for c in state.supporters.values()),
        "earliest_in_turn_order": state.order.index(seat),
    }


def _standing_key(state: GameState, seat: str) -> tuple[int, ...]:
    values = standing_values(state, seat)
    # "most_*" keys sort the largest first; turn order sorts the earliest first.
    return tuple(values[k] if k == "earliest_in_turn_order" else -values[k] for k in _keys("standing"))


def standing(state: GameState) -> Standing:
    """Every player in standing order, by the `standing` keys of the tie_breaks."""
    return Standing(tuple(sorted(state.order, key=lambda seat: _standing_key(state, seat))))


def deciding_key(state: GameState, first: str, second: str) -> str:
    """The standing key that puts `first` before `second` (the first key on which they differ)."""
    a, b = _standing_key(state, first), _standing_key(state, second)
    for key, x, y in zip(_keys("standing"), a, b, strict=True):
        if x != y:
            return key
    raise ValueError(f"{first} and {second} tie on every standing key")


def faction_order(state: GameState, ranking: Standing, region: str) -> list[str]:
    """The factions the crew may hurt, first hurt first; the trailing player's faction is never among them."""
    spared = state.players[ranking.trailing].loyalty
    map_order = [f.id for f in cards.board().factions]

    def loyalty_rank(faction: str) -> int:
        loyal = [ranking.rank(s) for s in ranking.seats if state.players[s].loyalty == faction]
        return min(loyal, default=len(ranking.seats))

    values: dict[str, Callable[[str], int]] = {
        "loyalty_in_standing_order": loyalty_rank,
        "most_fleets_in_region": lambda f: -state.fleets.get(region, {}).get(f, 0),
        "map_order": map_order.index,
    }
    keys = _keys("factions")
    return sorted((f for f in map_order if f != spared), key=lambda f: tuple(values[k](f) for k in keys))


def border_order(state: GameState, region: str, faction: str) -> list[str]:
    """The borders of `region`, first first; `most_transports` counts the transports of `faction`, the faction
    whose transports the action takes or places."""
    board = cards.board()
    values: dict[str, Callable[[str], int]] = {
        "most_transports": lambda b: -state.transports.get(b, {}).get(faction, 0),
        "map_order": board.borders.index,
    }
    keys = _keys("borders")
    return sorted(queries.borders_of(region), key=lambda b: tuple(values[k](b) for k in keys))


def region_assets(state: GameState, ranking: Standing, region: str) -> list[int]:
    """The assets of `region` in every Network, in asset order; crew assets never count (rulebook, "Attacking the
    Rocinante": Amos never eliminates Alex)."""
    holder = {n: seat for seat in ranking.seats for n in state.players[seat].network}
    found = [n for n in holder if not queries.asset(n).crew and queries.asset(n).region == region]
    values: dict[str, Callable[[int], int]] = {
        "network_in_standing_order": lambda n: ranking.rank(holder[n]),
        "highest_rank": lambda n: -queries.asset(n).rank,
        "leftmost_in_network": lambda n: state.players[holder[n]].network.index(n),
    }
    keys = _keys("assets")
    return sorted(found, key=lambda n: tuple(values[k](n) for k in keys))


def describe_standing(state: GameState, ranking: Standing) -> str:
    """The standing with the values that decided it, in players' words."""
    parts = []
    for seat in ranking.seats:
        values = standing_values(state, seat)
        parts.append(f"{seat} ({values['most_victory_points']} VP, {values['most_war_stars']} war stars, "
                     f"{values['most_influence']} influence)")
    return ", ".join(parts)


KEY_WORDS = {
    "most_victory_points": "more victory points",
    "most_war_stars": "more war stars",
    "most_influence": "more influence",
    "most_supporters_in_play": "more supporters in play",
    "earliest_in_turn_order": "earlier in turn order",
}


def why_ahead(state: GameState, seats: Sequence[str]) -> str:
    """Why the first of two seats stands before the second, in players' words."""
    first, second = seats
    return f"{first} is ahead of {second}: {KEY_WORDS[deciding_key(state, first, second)]}"
