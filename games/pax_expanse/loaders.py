"""Build the map, abilities, assets and events from their YAML, checking every field."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from engine.carddata import CardDataError, Entry, label, named, numbered, top_list, unique_names
from games.pax.data import Ability, neighbours, read_borders
from games.pax_expanse.model import (
    ACTIONS,
    ASSET_NUMBERS,
    CLIMATES,
    CREW_ASSETS,
    DOMINANCE_CHECKS,
    EFFECT_KINDS,
    EVENT_NUMBERS,
    FACTIONS,
    IMPACT_ICONS,
    LASTS,
    REGIONS,
    ROCINANTE,
    SUITS,
    Asset,
    Board,
    ClimateSpace,
    Dominance,
    Effect,
    Event,
    FactionInfo,
)

MAP_KEYS = ("regions", "borders", "suits", "climate", "climate_at_start", "factions", "objective_at_start",
            "rocinante_at_start")


def load_board(raw: Any, file: str = "map.yaml") -> Board:
    """The Board from map.yaml: exactly the six regions, four suits, four climates and three factions."""
    top = Entry(file, "top level", raw, MAP_KEYS)
    rows = named(file, "region", top.raw["regions"], ("id", "name", "derived_from"), top.line, REGIONS)
    names = {ident: entry.text("name") for ident, entry in rows.items()}
    derived = {ident: None if entry.raw["derived_from"] is None else entry.text("derived_from")
               for ident, entry in rows.items()}
    if tuple(sorted(names)) != tuple(sorted(REGIONS)):
        top.fail(f"must list the six regions {', '.join(REGIONS)}, got {list(names)}", "regions")
    regions = tuple(names)
    borders = read_borders(file, top.raw["borders"], regions, top.line)
    suits = named(file, "suit", top.raw["suits"], ("id", "name", "colour"), top.line, SUITS)
    suit_names = {ident: entry.text("name") for ident, entry in suits.items()}
    suit_colours = {ident: entry.text("colour") for ident, entry in suits.items()}
    if len(suit_names) != len(SUITS):
        top.fail(f"must list the four suits {', '.join(SUITS)}", "suits")
    climate = []
    for row in top_list(file, top.raw["climate"], "climate spaces"):
        entry = Entry(file, label(row, "id", "climate space"), row, ("id", "name", "suit"), top.line)
        climate.append(ClimateSpace(id=entry.choice("id", CLIMATES, "climate"), name=entry.text("name"),
                                    suit=entry.choice("suit", SUITS, "suit")))
    if tuple(space.id for space in climate) != CLIMATES:
        top.fail(f"must list the climate track in order {', '.join(CLIMATES)}", "climate")
    if len({space.suit for space in climate}) != len(SUITS):
        top.fail("each climate space must favour a different suit", "climate")
    factions = []
    for row in top_list(file, top.raw["factions"], "factions"):
        entry = Entry(file, label(row, "id", "faction"), row, ("id", "name", "short", "home", "colour"), top.line)
        factions.append(FactionInfo(id=entry.choice("id", FACTIONS, "faction"), name=entry.text("name"),
                                    short=entry.text("short"), home=entry.choice("home", regions, "region"),
                                    colour=entry.text("colour")))
    if sorted(f.id for f in factions) != sorted(FACTIONS):
        top.fail(f"must list the three factions {', '.join(FACTIONS)} once each", "factions")
    return Board(
        regions=regions,
        region_names=MappingProxyType(names),
        region_derived_from=MappingProxyType(derived),
        borders=tuple(borders),
        border_regions=MappingProxyType(borders),
        neighbours=neighbours(regions, borders, regions.index),
        suits=tuple(suit_names),
        suit_names=MappingProxyType(suit_names),
        suit_colours=MappingProxyType(suit_colours),
        climate=tuple(climate),
        climate_at_start=top.choice("climate_at_start", CLIMATES, "climate"),
        factions=tuple(factions),
        objective_at_start=top.choice("objective_at_start", regions, "region"),
        rocinante_at_start=top.choice("rocinante_at_start", regions, "region"),
    )


ASSET_KEYS = ("number", "name", "region", "suit", "rank", "actions", "impact", "loyalist", "reward", "ability",
              "derived_from")


def load_assets(raw: Any, board: Board, abilities: Mapping[str, Ability],
                file: str = "assets.yaml") -> Mapping[int, Asset]:
    """The 100 assets from assets.yaml, four of them the Rocinante's crew."""
    assets: list[tuple[Entry, Asset]] = []
    derived: dict[int, str] = {}
    for row in top_list(file, raw, "assets"):
        entry = Entry(file, label(row, "number", "asset"), row, ASSET_KEYS)
        actions = entry.choices("actions", ACTIONS, "action")
        if len(set(actions)) != len(actions):
            entry.fail("an action may be printed only once", "actions")
        asset = Asset(
            number=entry.integer("number", ASSET_NUMBERS),
            name=entry.text("name"),
            region=entry.choice("region", (*board.regions, ROCINANTE), "region"),
            suit=entry.choice("suit", board.suits, "suit"),
            rank=entry.integer("rank", range(1, 4)),
            actions=actions,
            impact=entry.choices("impact", IMPACT_ICONS, "impact icon"),
            loyalist=entry.choice("loyalist", (None, *FACTIONS), "faction"),
            reward=entry.choice("reward", (None, *FACTIONS), "faction"),
            ability=entry.choice("ability", (None, *abilities), "ability id"),
            derived_from=entry.optional_integer("derived_from", range(1, 101)),
        )
        if asset.derived_from is not None:
            if asset.derived_from in derived:
                entry.fail(f"{asset.derived_from} is already the source of {derived[asset.derived_from]}",
                           "derived_from")
            derived[asset.derived_from] = f"asset {asset.number}"
        assets.append((entry, asset))
    result = numbered(file, assets, ASSET_NUMBERS, "asset")
    unique_names(assets, "asset")
    crew = [a.number for a in result.values() if a.crew]
    if len(crew) != CREW_ASSETS:
        raise CardDataError(f"{file}: exactly {CREW_ASSETS} assets are the Rocinante's crew (region "
                            f"{ROCINANTE!r}), found {len(crew)}: {crew}")
    return MappingProxyType(result)


EVENT_KEYS = ("number", "title", "dominance", "purchased", "discarded")
EFFECT_KEYS = ("id", "title", "kind", "params", "lasts", "text")
DOMINANCE_KEYS = ("check", "faction_scoring", "player_scoring", "objective_points", "objective_to")


def load_events(raw: Any, board: Board, file: str = "events.yaml") -> Mapping[int, Event]:
    """The 16 events from events.yaml, four of them Dominance Checks 1 to 4."""
    events: list[tuple[Entry, Event]] = []
    for row in top_list(file, raw, "events"):
        name = label(row, "number", "event")
        entry = Entry(file, name, row, EVENT_KEYS)
        dominance = None
        if entry.raw["dominance"] is not None:
            part = Entry(file, f"{name} dominance", entry.mapping("dominance"), DOMINANCE_KEYS, entry.line)
            faction = part.numbers("faction_scoring", 3, range(0, 21))
            player = part.numbers("player_scoring", 2, range(0, 21))
            if list(faction) != sorted(faction, reverse=True) or list(player) != sorted(player, reverse=True):
                part.fail("a higher place never scores less than a lower one", "faction_scoring")
            dominance = Dominance(
                check=part.integer("check", DOMINANCE_CHECKS),
                faction_scoring=(faction[0], faction[1], faction[2]),
                player_scoring=(player[0], player[1]),
                objective_points=part.integer("objective_points", range(0, 21)),
                objective_to=part.choice("objective_to", board.regions, "region"),
            )
        halves = {half: _effect(file, f"{name} {half}", entry, half, board) for half in ("purchased", "discarded")}
        is_check = {halves["purchased"].kind, halves["discarded"].kind} == {"dominance_check"}
        if (dominance is not None) != is_check:
            entry.fail("dominance must be given exactly when both effects are of kind dominance_check",
                       "dominance")
        if any(e.kind == "dominance_check" for e in halves.values()) and not is_check:
            entry.fail("a Dominance Check is one on both halves or on neither", "purchased")
        events.append((entry, Event(number=entry.integer("number", EVENT_NUMBERS), title=entry.text("title"),
                                    dominance=dominance, purchased=halves["purchased"],
                                    discarded=halves["discarded"])))
    result = numbered(file, events, EVENT_NUMBERS, "event")
    unique_names(events, "event", "title")
    checks = sorted(e.dominance.check for e in result.values() if e.dominance is not None)
    if checks != list(DOMINANCE_CHECKS):
        raise CardDataError(f"{file}: there must be Dominance Checks 1, 2, 3 and 4 once each, found {checks}")
    return MappingProxyType(result)


def _effect(file: str, where: str, card: Entry, half: str, board: Board) -> Effect:
    """One half of an event, its parameters checked against its kind."""
    part = Entry(file, where, card.mapping(half), EFFECT_KEYS, card.line)
    kind = part.choice("kind", tuple(EFFECT_KINDS), "effect kind")
    spec = EFFECT_KINDS[kind]
    params = Entry(file, f"{where} params", part.mapping("params"), tuple(spec), part.line)
    vocabulary: dict[str, tuple[object, ...]] = {"region": board.regions, "climate": CLIMATES, "suit": board.suits}
    values = {}
    for key, allowed in spec.items():
        options = vocabulary[allowed] if isinstance(allowed, str) else allowed
        values[key] = params.choice(key, options, f"{key} for {kind}")
    return Effect(id=part.ident("id"), title=part.text("title"), kind=kind, params=MappingProxyType(values),
                  lasts=part.choice("lasts", LASTS, "lasts"), text=part.text("text"))
