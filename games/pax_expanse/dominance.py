"""Dominance Checks (rulebook "Dominance Checks"), instability, and the game's end ("Game End and Victory").

A check expires the effects lasting until it starts, scores by faction or by player, scores the objective, moves
it, then expires the effects that lasted through the check. The final check ends the game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from games.pax.dominance import award, finish, leaders, split_points
from games.pax_expanse import cards, queries
from games.pax_expanse.model import FACTIONS, REGIONS
from games.pax_expanse.state import GameState

#: The Dominance Check whose resolution (or discard by instability) ends the game.
FINAL_CHECK = max(e.dominance.check for e in cards.events().values() if e.dominance is not None)


class Emitter(Protocol):
    """Anything that records what happened (the step's context)."""

    def emit(self, text: str, to: Sequence[str] | None = None, **data: Any) -> None:
        """Record an event; `to` limits who may see it."""


def check_card(check: int) -> int:
    """The card number of Dominance Check `check`."""
    for number, event in cards.events().items():
        if event.dominance is not None and event.dominance.check == check:
            return number
    raise KeyError(f"no Dominance Check {check}")


def check_of(number: int) -> int | None:
    """The Dominance Check number of card `number`, or None if it is not a Dominance Check."""
    event = cards.events().get(number)
    return event.dominance.check if event is not None and event.dominance is not None else None


def regions_per_faction(state: GameState) -> dict[str, int]:
    """How many regions each faction controls."""
    controllers = [queries.faction_control(state, r) for r in REGIONS]
    return {f: controllers.count(f) for f in FACTIONS}


def dominant_faction(state: GameState) -> str | None:
    """The faction controlling more regions than each other faction, or None (a tie: player scoring)."""
    counts = regions_per_faction(state)
    best = max(counts.values())
    leaders = [f for f, n in counts.items() if n == best]
    return leaders[0] if len(leaders) == 1 and best > 0 else None


def faction_scoring(state: GameState, faction: str, points: Sequence[int]) -> dict[str, int]:
    """Faction scoring: the players loyal to `faction`, placed by their reputation with it (war stars break
    ties; seats still tied split their places' points)."""
    loyal = [s for s in state.order if state.players[s].loyalty == faction]
    return split_points({s: queries.reputation(state, s, faction) for s in loyal}, points, _war_stars(state))


def player_scoring(state: GameState, points: Sequence[int]) -> dict[str, int]:
    """Player scoring: every player placed by how many regions they control, none counting as a number too (as in
    Pax Pamir, "even zero"); ties as in faction scoring."""
    held = {s: len(queries.regions_of_player(state, s)) for s in state.order}
    return split_points(held, points, _war_stars(state))


def _war_stars(state: GameState) -> Callable[[str], int]:
    return lambda seat: queries.stars(state, seat, "war")


def expire(state: GameState, lasts: str, emit: Emitter) -> None:
    """End every effect that lasts `lasts`; a card held for it goes to the discard pile."""
    for effect in [e for e in state.effects if e.lasts == lasts]:
        state.effects.remove(effect)
        if not any(e.card == effect.card for e in state.effects):
            state.discard.append(effect.card)
        emit.emit(f"{cards.events()[effect.card].name}: its effect ends", kind="effect-ends", card=effect.card)


def resolve(state: GameState, emit: Any, check: int, objective_by: int | None = None) -> None:
    """Resolve Dominance Check `check`; under instability the objective moves as check `objective_by` says,
    and that check ends the game if it is the final one. Raises GameOver after the final check. `emit` is the
    step's context (abilities resolved after the check may ask questions)."""
    dominance = cards.events()[check_card(check)].dominance
    mover = cards.events()[check_card(objective_by or check)].dominance
    assert dominance is not None and mover is not None
    expire(state, "until_next_dominance_check", emit)
    faction = dominant_faction(state)
    counts = regions_per_faction(state)
    if faction is not None:
        scored = faction_scoring(state, faction, dominance.faction_scoring)
        how = f"faction scoring for the {cards.board().faction(faction).short}"
    else:
        scored = player_scoring(state, dominance.player_scoring)
        how = "player scoring"
    emit.emit(f"Dominance Check {check}: {how}", kind="dominance-check", check=check, faction=faction,
              regions=counts, scored=dict(scored))
    award(emit, scored)
    holder = queries.player_control(state, state.objective)
    if holder is not None:
        state.players[holder].vp += dominance.objective_points
        emit.emit(f"{holder} controls {cards.board().region_names[state.objective]}, where the objective lies, "
                  f"and scores {dominance.objective_points}", kind="objective", seat=holder,
                  points=dominance.objective_points, region=state.objective)
    state.objective = mover.objective_to
    emit.emit(f"The objective moves to {cards.board().region_names[state.objective]}", kind="objective-moves",
              region=state.objective)
    expire(state, "until_after_next_dominance_check", emit)
    state.checks.append(check)
    if max(check, objective_by or 0) != FINAL_CHECK:
        from games.pax_expanse.abilities import after_dominance_check  # abilities place pieces, which ask

        after_dominance_check(emit)
        return
    end_game(state, emit, f"Dominance Check {FINAL_CHECK}")


def winners(state: GameState) -> list[str]:
    """The seats with the most victory points; ties broken by war stars, then influence; still tied, all win."""
    return leaders(state.order, lambda seat: (state.players[seat].vp, queries.stars(state, seat, "war"),
                                              state.players[seat].influence))


def end_game(state: GameState, emit: Any, reason: str) -> None:
    """Finish the game after `reason`: winners decided; raises GameOver."""
    finish(emit, winners(state), reason)
