"""Pax Expanse's content as typed, frozen records, and the vocabulary every data file must use."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from games.pax.data import Map

Region = str  # "earth" | "mars" | "belt" | "tycho" | "jupiter" | "outer_planets"
Faction = str  # "un" | "mcr" | "opa"

REGIONS: tuple[Region, ...] = ("earth", "mars", "belt", "tycho", "jupiter", "outer_planets")
#: The region of the Rocinante's four crew assets: wherever the Rocinante token is.
ROCINANTE = "rocinante"
FACTIONS: tuple[Faction, ...] = ("un", "mcr", "opa")
SUITS: tuple[str, ...] = ("economics", "war", "political", "subterfuge")
CLIMATES: tuple[str, ...] = ("prosperity", "peace", "cold_war", "war")
ACTIONS: tuple[str, ...] = ("extort", "favour", "rally", "mobilise", "eliminate", "combat")
IMPACT_ICONS: tuple[str, ...] = (
    "transport", "agent", "fleet", "supporter", "influence", "climate_war", "climate_prosperity",
)
LASTS: tuple[str | None, ...] = (None, "until_next_dominance_check", "until_after_next_dominance_check")

ASSET_NUMBERS = range(1, 101)
EVENT_NUMBERS = range(101, 117)
DOMINANCE_CHECKS = range(1, 5)
AI_CARD_NUMBERS = range(1, 25)
CREW_CARDS = 7
CREW_ASSETS = 4
LOYALTY_CARDS = 12
PLAYER_COLOURS = 4
FAVOUR_COSTS = (2, 4, 6)
SETUP_PILES = 6

#: What an event effect may do, and the parameters each kind takes: a parameter is either a vocabulary name
#: ("region", "climate", "suit") or a tuple of allowed values. The future engine dispatches on `kind`.
EFFECT_KINDS: Mapping[str, Mapping[str, str | tuple[object, ...]]] = MappingProxyType({
    "dominance_check": {},
    "climate_set": {"climate": "climate"},
    "gain_influence": {"amount": (1, 2, 3, 4, 5)},
    "place_supporter": {"region": "region"},
    "clear_region": {"region": "region"},
    "clear_chosen_region": {},
    "discard_rewards": {},
    "discard_from_hand": {"count": (1, 2)},
    "swap_hands": {},
    "cannot_be_purchased": {},
    "no_effect": {},
    "suit_counts_as_favoured": {"suit": "suit"},
    "favour_worth": {"whom": ("buyer", "everyone"), "worth": (0, 1, 2, 3)},
    "refuse_bribes": {},
    "no_bribes": {},
    "loyalists_worthless": {},
    "rally_doubles": {},
    "supporters_count_as_fleets": {},
    "choose_climate_freeze_icons": {},
})

#: Crew action kinds, with the pieces and target each may name (ROCINANTE.md resolves each one).
CREW_KINDS: Mapping[str, tuple[tuple[str, ...], str]] = MappingProxyType({
    "remove": (("supporter", "fleet", "transport", "agent"), "leader"),
    "place": (("supporter", "fleet", "transport"), "trailing"),
    "replace": (("fleet", "transport"), "leader"),
    "eliminate": (("asset",), "leader"),
})
CREW_PIECES: tuple[str, ...] = ("supporter", "fleet", "transport", "agent", "asset")
CREW_TARGETS: tuple[str, ...] = ("leader", "trailing")
CREW_SCOPES: tuple[str, ...] = ("rocinante_region",)

#: The keys each tie-break ordering may use; True marks a key that never ties, which must come last (with
#: the keys it needs before it, e.g. a Network position is unique only within one Network).
TIE_BREAK_KEYS: Mapping[str, Mapping[str, bool]] = MappingProxyType({
    "standing": {"most_victory_points": False, "most_war_stars": False, "most_influence": False,
                 "most_supporters_in_play": False, "earliest_in_turn_order": True},
    "factions": {"loyalty_in_standing_order": False, "most_fleets_in_region": False, "map_order": True},
    "borders": {"most_transports": False, "map_order": True},
    "assets": {"network_in_standing_order": False, "highest_rank": False, "leftmost_in_network": True},
})
#: Keys that only decide together with an earlier key: a Network position needs the Network fixed first.
TIE_BREAK_PREREQUISITES: Mapping[str, str] = MappingProxyType({"leftmost_in_network": "network_in_standing_order"})


@dataclass(frozen=True)
class FactionInfo:
    """One of the three factions."""

    id: Faction
    name: str
    short: str
    home: Region
    colour: str


@dataclass(frozen=True)
class ClimateSpace:
    """One space of the political climate track and the suit it favours."""

    id: str
    name: str
    suit: str


@dataclass(frozen=True)
class Board(Map):
    """The map (neighbours in map order), the suits, the climate track and the factions."""

    region_derived_from: Mapping[Region, str | None]
    suits: tuple[str, ...]
    suit_names: Mapping[str, str]
    suit_colours: Mapping[str, str]
    climate: tuple[ClimateSpace, ...]  # from the Prosperity end to the War end
    climate_at_start: str
    factions: tuple[FactionInfo, ...]
    objective_at_start: Region
    rocinante_at_start: Region

    def faction(self, ident: Faction) -> FactionInfo:
        """The faction with this id (KeyError if there is none)."""
        for faction in self.factions:
            if faction.id == ident:
                return faction
        raise KeyError(ident)


@dataclass(frozen=True)
class Asset:
    """One of the 100 assets."""

    number: int
    name: str
    region: str  # a map region, or ROCINANTE for the crew
    suit: str
    rank: int
    actions: tuple[str, ...]
    impact: tuple[str, ...]
    loyalist: Faction | None
    reward: Faction | None
    ability: str | None
    derived_from: int | None
    kind: str = "asset"

    @property
    def crew(self) -> bool:
        """True for the Rocinante's four crew assets."""
        return self.region == ROCINANTE


@dataclass(frozen=True)
class Effect:
    """One half of an event card: what happens when it is purchased, or when cleanup discards it."""

    id: str
    title: str
    kind: str
    params: Mapping[str, object]
    lasts: str | None
    text: str


@dataclass(frozen=True)
class Dominance:
    """What a Dominance Check card prints."""

    check: int
    faction_scoring: tuple[int, int, int]
    player_scoring: tuple[int, int]
    objective_points: int
    objective_to: Region


@dataclass(frozen=True)
class Event:
    """One of the 16 event cards; four of them are Dominance Checks."""

    number: int
    title: str
    dominance: Dominance | None
    purchased: Effect
    discarded: Effect
    kind: str = "event"

    @property
    def name(self) -> str:
        """The card's name, as for assets."""
        return self.title


@dataclass(frozen=True)
class CrewAction:
    """One action printed on a crew reference card."""

    id: str
    crew: str
    title: str
    kind: str
    piece: str
    target: str
    count: int
    scope: str
    text: str


@dataclass(frozen=True)
class CrewCard:
    """One of the 7 crew reference cards."""

    id: str
    name: str
    role: str
    both_actions: bool
    actions: tuple[CrewAction, ...]


@dataclass(frozen=True)
class AiCard:
    """One of the 24 Rocinante AI cards."""

    number: int
    crew: str
    actions: tuple[str, ...]  # crew action ids, top first
    location: Region


@dataclass(frozen=True)
class Rocinante:
    """The Rocinante's reference cards, AI deck and tie-break orderings."""

    tie_breaks: Mapping[str, tuple[str, ...]]
    crew: Mapping[str, CrewCard]
    actions: Mapping[str, CrewAction]
    ai_cards: Mapping[int, AiCard]


@dataclass(frozen=True)
class LoyaltyCard:
    """One of the 12 loyalty cards."""

    colour: str
    faction: Faction
    favour_costs: tuple[int, ...]


@dataclass(frozen=True)
class Loyalty:
    """The player colours and their loyalty cards."""

    colours: tuple[str, ...]  # in seat order from the first player
    colour_names: Mapping[str, str]
    colour_css: Mapping[str, str]
    cards: tuple[LoyaltyCard, ...]


@dataclass(frozen=True)
class SetupPile:
    """One of the six piles the draw deck is built from."""

    pile: int
    assets: int
    events: int
    dominance_check: int | None
