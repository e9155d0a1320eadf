"""Questions about a Pax Expanse position that the rules ask again and again; none of them changes the state.

Control of a region (rulebook, "Controlling a Region"), reputation, stars and the limits they set, the favoured
suit, supplies and the ring of Networks agents move around.
"""

from __future__ import annotations

from collections.abc import Iterable

from games.pax_expanse import cards
from games.pax_expanse.model import FACTIONS, REGIONS, Asset
from games.pax_expanse.state import MARKERS, TOKENS, GameState


def asset(number: int) -> Asset:
    """The asset with this number (KeyError for an event or an unknown number)."""
    return cards.assets()[number]


def asset_region(state: GameState, number: int) -> str:
    """The asset's region; a crew asset's region is wherever the Rocinante token is now."""
    found = asset(number)
    return state.rocinante.region if found.crew else found.region


def owner(state: GameState, number: int) -> str | None:
    """The seat whose Network holds this asset, or None."""
    for seat in state.order or state.seats:
        if number in state.players[seat].network:
            return seat
    return None


def has_ability(state: GameState, seat: str, ability: str) -> bool:
    """True when an asset in the seat's Network has this special ability (active while it is in the Network)."""
    # Asked tens of times for every action a robot weighs: one lookup per card, no call per card.
    return ability in map(cards.content().ability_of.__getitem__, state.players[seat].network)


def borders_of(region: str) -> tuple[str, ...]:
    """The borders of a region, in map order."""
    board = cards.board()
    return tuple(b for b in board.borders if region in board.border_regions[b])


def faction_strength(state: GameState, region: str) -> dict[str, int]:
    """Each faction's fleets in the region plus its transports on the region's borders."""
    total = {f: state.fleets.get(region, {}).get(f, 0) for f in FACTIONS}
    for border in borders_of(region):
        for faction, count in state.transports.get(border, {}).items():
            total[faction] += count
    return total


def faction_control(state: GameState, region: str) -> str | None:
    """The faction controlling the region: the highest fleets + transports total; a tie (or none) is None."""
    return _plurality(faction_strength(state, region))


def player_strength(state: GameState, region: str) -> dict[str, int]:
    """Each seat's supporters in the region plus the fleets there of the faction it is loyal to.

    A seat with no supporter there still has a total, and it counts against the others: that is how "enemy
    fleets can prevent a player from controlling a region" even with no other player's supporters present.
    """
    fleets = state.fleets.get(region, {})
    here = state.supporters.get(region, {})
    total = {}
    for seat in state.order or state.seats:
        loyalty = state.players[seat].loyalty
        total[seat] = here.get(seat, 0) + (fleets.get(loyalty, 0) if loyalty else 0)
    return total


def player_control(state: GameState, region: str) -> str | None:
    """The seat controlling the region: the highest supporters + loyal fleets total, with at least one supporter
    in the region; a tie for the highest total means nobody."""
    leader = _plurality(player_strength(state, region))
    if leader is None or not state.supporters.get(region, {}).get(leader, 0):
        return None
    return leader


def regions_of_player(state: GameState, seat: str) -> list[str]:
    """The regions the seat controls, in map order."""
    return [r for r in REGIONS if player_control(state, r) == seat]


def stars(state: GameState, seat: str, suit: str) -> int:
    """The sum of the ranks of the assets of `suit` in the seat's Network."""
    return sum(asset(n).rank for n in state.players[seat].network if asset(n).suit == suit)


def network_limit(state: GameState, seat: str) -> int:
    """How many assets the seat may keep in its Network at cleanup: three plus its political stars."""
    return 3 + stars(state, seat, "political")


def hand_limit(state: GameState, seat: str) -> int:
    """How many cards the seat may keep in hand at cleanup: two plus its subterfuge stars."""
    return 2 + stars(state, seat, "subterfuge")


def favoured_suit(state: GameState) -> str:
    """The suit the political climate favours (Prosperity economics, Peace political, Cold War subterfuge, War
    war)."""
    for space in cards.board().climate:
        if space.id == state.climate:
            return space.suit
    raise ValueError(f"unknown climate {state.climate!r}")


def favoured_suits(state: GameState, seat: str) -> set[str]:
    """The suits whose assets take bonus actions for this seat: the climate's, and any an event it holds adds."""
    suits = {favoured_suit(state)}
    for effect in state.effects:
        if effect.kind == "suit_counts_as_favoured" and effect.seat == seat:
            suits.add(str(cards.events()[effect.card].purchased.params["suit"]))
    return suits


def favour_worth(state: GameState, seat: str) -> int:
    """What one favour counts for in the seat's reputation: 1, or as an event in force says (the latest wins)."""
    worth = 1
    for effect in state.effects:
        if effect.kind != "favour_worth":
            continue
        event = cards.events()[effect.card]
        half = event.purchased if event.purchased.id == effect.id else event.discarded
        if half.params["whom"] == "everyone" or effect.seat == seat:
            worth = int(str(half.params["worth"]))
    return worth


def loyalists(state: GameState, seat: str, faction: str) -> list[int]:
    """The loyalists of `faction` in the seat's Network, left to right."""
    return [n for n in state.players[seat].network if asset(n).loyalist == faction]


def rewards(state: GameState, seat: str, faction: str) -> list[int]:
    """The seat's rewards for `faction`, in the order collected."""
    return [n for n in state.players[seat].rewards if asset(n).reward == faction]


def reputation(state: GameState, seat: str, faction: str) -> int:
    """The seat's reputation with `faction`: its loyalists, rewards and favours for it (events may change what
    loyalists and favours count for)."""
    player = state.players[seat]
    worthless = any(e.kind == "loyalists_worthless" and e.target == seat for e in state.effects)
    count = 0 if worthless else len(loyalists(state, seat, faction))
    count += len(rewards(state, seat, faction))
    if player.loyalty == faction:
        count += player.favours * favour_worth(state, seat)
    return count


def markers_in_play(state: GameState, seat: str) -> int:
    """The seat's control markers on the map, on assets and on its loyalty card."""
    on_map = sum(c.get(seat, 0) for c in state.supporters.values())
    on_assets = sum(c.get(seat, 0) for c in state.agents.values())
    return on_map + on_assets + state.players[seat].favours


def markers_in_supply(state: GameState, seat: str) -> int:
    """The seat's control markers still on its player board."""
    return MARKERS - markers_in_play(state, seat)


def tokens_in_play(state: GameState, faction: str) -> int:
    """The faction's tokens on the map, as fleets and transports."""
    return (sum(c.get(faction, 0) for c in state.fleets.values())
            + sum(c.get(faction, 0) for c in state.transports.values()))


def tokens_in_supply(state: GameState, faction: str) -> int:
    """The faction's tokens not in play."""
    return TOKENS - tokens_in_play(state, faction)


def ring(state: GameState) -> list[int]:
    """Every Network's assets as one line around the table: each Network's leftmost asset follows the rightmost
    asset of the Network of the player to its left (the next in turn order), and the line closes into a ring."""
    line: list[int] = []
    for seat in reversed(state.order or state.seats):
        line.extend(state.players[seat].network)
    return line


def adjacent_assets(state: GameState, number: int) -> list[int]:
    """The Network assets adjacent to this one: its neighbours in the ring, and under Cold War every other asset
    in play sharing its region; in ring order."""
    line = ring(state)
    if number not in line or len(line) < 2:
        return []
    index = line.index(number)
    found = {line[index - 1], line[(index + 1) % len(line)]}
    if state.climate == "cold_war":
        region = asset_region(state, number)
        found |= {n for n in line if asset_region(state, n) == region}
    found.discard(number)
    return [n for n in line if n in found]


def play_bribe(state: GameState, seat: str, number: int) -> tuple[str, int] | None:
    """Who must be bribed, and how much, before `seat` plays this asset: the controller of its region, one
    influence per supporter of theirs there; None when nothing is owed (the seat controls the region, nobody
    does, the climate is Prosperity, an event in force lifts all bribes, or the seat has Popular Mandate)."""
    if state.climate == "prosperity" or any(e.kind == "no_bribes" for e in state.effects):
        return None
    if has_ability(state, seat, "popular_mandate"):
        return None
    region = asset_region(state, number)
    controller = player_control(state, region)
    if controller is None or controller == seat:
        return None
    return controller, state.supporters[region][controller]


def in_force(state: GameState, kind: str, seat: str | None = None) -> bool:
    """True when an effect of this kind is in force (held by `seat`, or by anyone when seat is None)."""
    return any(e.kind == kind and (seat is None or e.seat == seat) for e in state.effects)


def _plurality(totals: dict[str, int]) -> str | None:
    """The key with the single highest positive total; None on a tie for the highest or when all are zero."""
    best = max(totals.values(), default=0)
    if best <= 0:
        return None
    leaders = [k for k, v in totals.items() if v == best]
    return leaders[0] if len(leaders) == 1 else None


def seats_in_order(state: GameState, first: str) -> Iterable[str]:
    """Every seat in turn order, starting with `first`."""
    order = state.order or state.seats
    start = order.index(first)
    return order[start:] + order[:start]
