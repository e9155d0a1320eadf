"""The special abilities of assets (data/abilities.yaml): who holds one now, and the rules they change that live
outside a single action (free purchases, bribes, bonus actions, the start of a turn, after a Dominance Check);
Popular Mandate is asked by queries.play_bribe.

An ability works for the owner of the asset printing it while the asset is in their Network; intimidation never
blocks it ("Card Precedence and Special Abilities"). The abilities that change one action are applied by that
action's module (actions/*.py), asking `holds` here.
"""

from __future__ import annotations

from games.pax.context import Context, Question
from games.pax_expanse import cards, queries
from games.pax_expanse.pieces import place_marker, place_token
from games.pax_expanse.state import GameState

Ctx = Context[GameState]

#: The free-purchase abilities and what each makes free: an asset of a region, or a loyalist of a faction.
FREE_PURCHASES = {"tycho_contracts": ("region", "tycho"), "outer_planets_contracts": ("region", "outer_planets"),
                  "martian_patronage": ("loyalist", "mcr")}
#: The start-of-turn agent placements and the region whose assets they reach.
COMPROMISING_FILES = {"compromising_files_tycho": "tycho", "compromising_files_mars": "mars"}


def sources(state: GameState, seat: str, ability: str) -> list[int]:
    """The assets in `seat`'s Network printing `ability`, left to right."""
    ability_of = cards.content().ability_of
    return [n for n in state.players[seat].network if ability_of[n] == ability]


def holds(state: GameState, seat: str, ability: str) -> bool:
    """True when `seat` has an asset with `ability` in its Network (the one answer is queries.has_ability, which
    the queries below this module ask too)."""
    return queries.has_ability(state, seat, ability)


def title(ability: str) -> str:
    """The ability's title as players read it."""
    return cards.abilities()[ability].title


def free_purchase(state: GameState, seat: str, card: int) -> bool:
    """True when one of the seat's abilities makes the market asset `card` free to buy."""
    found = cards.assets().get(card)
    if found is None:
        return False
    for ability, (what, value) in FREE_PURCHASES.items():
        if not holds(state, seat, ability):
            continue
        # A crew asset's region is wherever the Rocinante is ("Rocinante Assets"), for these abilities too.
        if (what == "region" and queries.asset_region(state, card) == value) or (
                what == "loyalist" and found.loyalist == value):
            return True
    return False


def is_opportunist(state: GameState, seat: str, card: int) -> bool:
    """True when `card` is an Opportunist asset in the seat's Network: it always belongs to the favoured suit."""
    return cards.assets()[card].ability == "opportunist" and card in state.players[seat].network


def bribe_free_action(state: GameState, seat: str) -> bool:
    """True when the seat owes no intimidation bribe to use its own assets (Diplomatic Immunity)."""
    return holds(state, seat, "diplomatic_immunity")


def start_of_turn(ctx: Ctx) -> None:
    """Compromising Files: at the start of its turn the seat may place an agent on a Tycho Station (or Mars) asset
    carrying no agents, in any Network. The order's `files: {ability: asset or none}` uses it; an order without
    it does not (it is a "may", so nobody is stopped to be asked; a robot's chooser decides)."""
    state, seat = ctx.state, ctx.seat
    for ability, region in COMPROMISING_FILES.items():
        key = f"files.{ability}"
        answered = ctx.given(("files", ability)) is not None or key in (ctx.given(("answers",)) or {})
        if not holds(state, seat, ability) or not (answered or key in ctx.answers or ctx.chooser is not None):
            continue
        targets = [n for n in queries.ring(state)
                   if queries.asset_region(state, n) == region and not state.agents.get(str(n))]
        if not targets:
            continue
        choice = ctx.ask(Question(seat, key, "choice",
                                  f"{title(ability)}: place an agent on an asset of {cards.board().region_names[region]} "
                                  "without agents, or none", (*targets, "none"), path=("files", ability),
                                  default="none"))
        if choice != "none":
            ctx.emit(f"{seat} uses {title(ability)}", kind="ability", seat=seat, ability=ability)
            place_marker(ctx, seat, "agent", str(choice))


def after_dominance_check(ctx: Ctx) -> None:
    """Belter Uprising: once a Dominance Check has been resolved, two OPA fleets for each asset printing it in
    play, placed in the Belt by the asset's owner."""
    state = ctx.state
    for seat in state.order or state.seats:
        for _ in sources(state, seat, "belter_uprising"):
            ctx.emit(f"{title('belter_uprising')} of {seat}: two OPA fleets arrive in the Belt", kind="ability",
                     seat=seat, ability="belter_uprising")
            for _fleet in range(2):
                place_token(ctx, seat, "opa", "fleet", "belt")
