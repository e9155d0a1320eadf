"""Build the Rocinante's cards, the loyalty cards and the setup piles from their YAML, checking every field."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from engine.carddata import CardDataError, Entry, label, numbered, top_list
from games.pax_expanse.model import (
    AI_CARD_NUMBERS,
    ASSET_NUMBERS,
    CREW_CARDS,
    CREW_KINDS,
    CREW_PIECES,
    CREW_SCOPES,
    CREW_TARGETS,
    DOMINANCE_CHECKS,
    EVENT_NUMBERS,
    FACTIONS,
    FAVOUR_COSTS,
    LOYALTY_CARDS,
    PLAYER_COLOURS,
    SETUP_PILES,
    TIE_BREAK_KEYS,
    TIE_BREAK_PREREQUISITES,
    AiCard,
    Board,
    CrewAction,
    CrewCard,
    Loyalty,
    LoyaltyCard,
    Rocinante,
    SetupPile,
)

#: The crew member whose AI cards are resolved top and bottom (the rulebook names James Holden).
BOTH_ACTIONS_CREW = "holden"
ACTION_KEYS = ("id", "title", "kind", "piece", "target", "count", "scope", "text")


def load_rocinante(raw: Any, board: Board, file: str = "rocinante.yaml") -> Rocinante:
    """The tie-break orderings, the 7 crew reference cards and the 24 AI cards from rocinante.yaml."""
    top = Entry(file, "top level", raw, ("tie_breaks", "crew", "ai_cards"))
    tie_breaks = _tie_breaks(file, top)
    crew: dict[str, CrewCard] = {}
    actions: dict[str, CrewAction] = {}
    for row in top_list(file, top.raw["crew"], "crew reference cards"):
        entry = Entry(file, label(row, "id", "crew card"), row, ("id", "name", "role", "both_actions", "actions"),
                      top.line)
        ident = entry.ident("id")
        if ident in crew:
            entry.fail("crew card listed twice", "id")
        both = entry.flag("both_actions")
        if both != (ident == BOTH_ACTIONS_CREW):
            entry.fail(f"both_actions is true for {BOTH_ACTIONS_CREW!r}'s card only (the rulebook's rule for "
                       "James Holden)", "both_actions")
        own = []
        for action_row in top_list(file, entry.raw["actions"], "crew actions"):
            action = _crew_action(file, ident, action_row, entry.line)
            if action.id in actions:
                raise CardDataError(f"{file}: crew action {action.id!r} is defined twice")
            actions[action.id] = action
            own.append(action)
        if not own:
            entry.fail("a crew card has at least one action", "actions")
        crew[ident] = CrewCard(id=ident, name=entry.text("name"), role=entry.text("role"), both_actions=both,
                               actions=tuple(own))
    if len(crew) != CREW_CARDS:
        top.fail(f"there must be {CREW_CARDS} crew reference cards, found {len(crew)}", "crew")
    if BOTH_ACTIONS_CREW not in crew:
        top.fail(f"the crew must include {BOTH_ACTIONS_CREW!r}", "crew")
    cards: list[tuple[Entry, AiCard]] = []
    for row in top_list(file, top.raw["ai_cards"], "AI cards"):
        entry = Entry(file, label(row, "number", "AI card"), row, ("number", "crew", "actions", "location"),
                      top.line)
        member = entry.choice("crew", tuple(crew), "crew card")
        chosen = entry.choices("actions", tuple(a.id for a in crew[member].actions), f"action of {member}")
        if len(chosen) not in (1, 2) or len(set(chosen)) != len(chosen):
            entry.fail(f"an AI card shows one or two different crew actions, got {list(chosen)}", "actions")
        cards.append((entry, AiCard(number=entry.integer("number", AI_CARD_NUMBERS), crew=member, actions=chosen,
                                    location=entry.choice("location", board.regions, "region"))))
    return Rocinante(
        tie_breaks=MappingProxyType(tie_breaks),
        crew=MappingProxyType(crew),
        actions=MappingProxyType(actions),
        ai_cards=MappingProxyType(numbered(file, cards, AI_CARD_NUMBERS, "AI card")),
    )


def _tie_breaks(file: str, top: Entry) -> dict[str, tuple[str, ...]]:
    """Each ordering: known keys, no repeats, ending with a key that never ties (so it is a total order)."""
    section = Entry(file, "tie_breaks", top.mapping("tie_breaks"), tuple(TIE_BREAK_KEYS), top.line)
    result = {}
    for name, keys in TIE_BREAK_KEYS.items():
        order = section.choices(name, tuple(keys), f"{name} key")
        if not order or len(set(order)) != len(order):
            section.fail("must list at least one key, each once", name)
        if not keys[order[-1]]:
            deciding = [k for k, unique in keys.items() if unique]
            section.fail(f"is not a total order: its last key must be one that never ties ({', '.join(deciding)})",
                         name)
        needed = TIE_BREAK_PREREQUISITES.get(order[-1])
        if needed is not None and needed not in order:
            section.fail(f"{order[-1]!r} decides only after {needed!r}", name)
        result[name] = order
    return result


def _crew_action(file: str, crew: str, raw: Any, line: int | None) -> CrewAction:
    """One crew action, its piece and target checked against its kind."""
    entry = Entry(file, label(raw, "id", f"{crew} action"), raw, ACTION_KEYS, line)
    kind = entry.choice("kind", tuple(CREW_KINDS), "crew action kind")
    pieces, target = CREW_KINDS[kind]
    action = CrewAction(
        id=entry.ident("id"), crew=crew, title=entry.text("title"), kind=kind,
        piece=entry.choice("piece", CREW_PIECES, "piece"),
        target=entry.choice("target", CREW_TARGETS, "target"),
        count=entry.integer("count", range(1, 4)),
        scope=entry.choice("scope", CREW_SCOPES, "scope"),
        text=entry.text("text"),
    )
    if action.piece not in pieces:
        entry.fail(f"a {kind} action works on {', '.join(pieces)}, not {action.piece!r}", "piece")
    if action.target != target:
        entry.fail(f"a {kind} action targets the {target} (ROCINANTE.md), not the {action.target}", "target")
    if kind in ("replace", "eliminate") and action.count != 1:
        entry.fail(f"a {kind} action works on one piece", "count")
    if not action.id.startswith(f"{crew}_"):
        entry.fail(f"a crew action's id starts with its crew card's id, {crew + '_'!r}", "id")
    return action


def load_loyalty(raw: Any, file: str = "loyalty.yaml") -> Loyalty:
    """The player colours and the 12 loyalty cards: one per colour and faction, favours costing 2, 4 and 6."""
    top = Entry(file, "top level", raw, ("colours", "cards"))
    names: dict[str, str] = {}
    css: dict[str, str] = {}
    for row in top_list(file, top.raw["colours"], "player colours"):
        entry = Entry(file, label(row, "id", "colour"), row, ("id", "name", "css"), top.line)
        ident = entry.ident("id")
        if ident in names:
            entry.fail("colour listed twice", "id")
        names[ident], css[ident] = entry.text("name"), entry.text("css")
    if len(names) != PLAYER_COLOURS:
        top.fail(f"there must be {PLAYER_COLOURS} player colours, found {len(names)}", "colours")
    cards = []
    seen: set[tuple[str, str]] = set()
    for row in top_list(file, top.raw["cards"], "loyalty cards"):
        entry = Entry(file, f"loyalty card {_describe(row)}", row, ("colour", "faction", "favour_costs"),
                      top.line)
        card = LoyaltyCard(colour=entry.choice("colour", tuple(names), "colour"),
                           faction=entry.choice("faction", FACTIONS, "faction"),
                           favour_costs=entry.numbers("favour_costs", len(FAVOUR_COSTS), range(0, 21)))
        if card.favour_costs != FAVOUR_COSTS:
            entry.fail(f"the rulebook's favours cost {list(FAVOUR_COSTS)}", "favour_costs")
        if (card.colour, card.faction) in seen:
            entry.fail("this colour already has a card for this faction", "faction")
        seen.add((card.colour, card.faction))
        cards.append(card)
    if len(cards) != LOYALTY_CARDS:
        top.fail(f"there must be {LOYALTY_CARDS} loyalty cards (three per colour), found {len(cards)}", "cards")
    return Loyalty(colours=tuple(names), colour_names=MappingProxyType(names), colour_css=MappingProxyType(css),
                   cards=tuple(cards))


def _describe(row: Any) -> str:
    """A loyalty card as errors name it: its colour and faction."""
    if isinstance(row, dict):
        return f"{row.get('colour')}/{row.get('faction')}"
    return repr(row)


def load_piles(raw: Any, file: str = "setup.yaml") -> tuple[SetupPile, ...]:
    """The six setup piles: every event and Dominance Check used once, Dominance Checks in ascending order."""
    top = Entry(file, "top level", raw, ("piles",))
    piles = []
    for row in top_list(file, top.raw["piles"], "setup piles"):
        entry = Entry(file, label(row, "pile", "pile"), row, ("pile", "assets", "events", "dominance_check"),
                      top.line)
        piles.append(SetupPile(pile=entry.integer("pile", range(1, SETUP_PILES + 1)),
                               assets=entry.integer("assets", range(0, 101)),
                               events=entry.integer("events", range(0, 13)),
                               dominance_check=entry.optional_integer("dominance_check", DOMINANCE_CHECKS)))
    if [p.pile for p in piles] != list(range(1, SETUP_PILES + 1)):
        top.fail(f"must list piles 1 to {SETUP_PILES} in order", "piles")
    if sum(p.assets for p in piles) > len(ASSET_NUMBERS):
        top.fail(f"the piles need more than the {len(ASSET_NUMBERS)} assets there are", "piles")
    if sum(p.events for p in piles) != len(EVENT_NUMBERS) - len(DOMINANCE_CHECKS):
        top.fail(f"the piles must hold the {len(EVENT_NUMBERS) - len(DOMINANCE_CHECKS)} events once each", "piles")
    checks = [p.dominance_check for p in piles if p.dominance_check is not None]
    if checks != list(DOMINANCE_CHECKS):
        top.fail("Dominance Checks 1 to 4 must top the piles in ascending order", "piles")
    return tuple(piles)
