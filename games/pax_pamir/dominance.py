"""Dominance Checks: who scores, how ties split, the final check, the early win, and the end of the game."""

from __future__ import annotations

from collections.abc import Mapping

from games.pax.dominance import award, finish, leaders, split_points
from games.pax_pamir import names, queries
from games.pax_pamir.context import Context
from games.pax_pamir.market import dominance_checks_left
from games.pax_pamir.pieces import place_army, remove_all_blocks
from games.pax_pamir.seats import seat_rules
from games.pax_pamir.state import GameState

#: Points for the places of a successful check (by influence) and an unsuccessful one (by cylinders in play).
SUCCESS_POINTS = (5, 3, 1)
FAILURE_POINTS = (3, 1)
#: Lead over every other coalition a dominant coalition needs (Conflict Fatigue lowers it).
MARGIN, FATIGUED_MARGIN = 4, 2
#: Lead in victory points that ends the game at once after a check.
EARLY_WIN_LEAD = 4


def dominant_coalition(state: GameState) -> str | None:
    """The coalition with the most blocks and the required lead over each other coalition, if any."""
    margin = FATIGUED_MARGIN if queries.effect(state, "conflict_fatigue") else MARGIN
    counts = {c: queries.blocks_in_play(state, c) for c in ("afghan", "british", "russian")}
    for coalition, blocks in counts.items():
        if all(blocks - other >= margin for c, other in counts.items() if c != coalition):
            return coalition
    return None


def check_scores(state: GameState, final: bool) -> tuple[str | None, dict[str, int]]:
    """The dominant coalition (or None) and the points each seat scores; doubling happens before ties split."""
    factor = 2 if final else 1
    coalition = dominant_coalition(state)
    if coalition is not None:
        loyal = {s: queries.influence(state, s, coalition) for s in state.seats
                 if seat_rules(state, s).competes_in_check(state, s, coalition)}
        return coalition, split_points(loyal, [p * factor for p in SUCCESS_POINTS])
    cylinders = {s: queries.cylinders_in_play(state, s) for s in state.seats}
    return None, split_points(cylinders, [p * factor for p in FAILURE_POINTS])


def resolve_dominance_check(ctx: Context) -> None:
    """Resolve a Dominance Check whose card(s) have already left the market.

    It is the final check when no other Dominance Check card remains in the deck or market. Raises GameOver
    when the game ends.
    """
    state = ctx.state
    _expire(state, "until_next_dominance_check")
    final = dominance_checks_left(state) == 0
    coalition, awards = check_scores(state, final)
    state.checks_done += 1
    label = "final Dominance Check" if final else f"Dominance Check {state.checks_done}"
    if coalition:
        ctx.emit(f"{label}: the {names.coalition(coalition)} coalition is dominant.", kind="dominance", coalition=coalition,
                 final=final)
    else:
        ctx.emit(f"{label}: no coalition is dominant.", kind="dominance", coalition=None, final=final)
    award(ctx, awards)
    if coalition:
        remove_all_blocks(state)
        ctx.emit("The coalition blocks are cleared from the map.")
    _expire(state, "until_after_next_dominance_check")
    leader = early_winner(state)
    if leader is not None:
        finish(ctx, [leader], f"{leader} leads by {EARLY_WIN_LEAD} or more victory points")
    if final:
        finish(ctx, final_winners(state), "the final Dominance Check has been resolved")
    for seat in state.seats:
        for number in state.players[seat].court:
            if queries.court_card(number).ability == "insurrection":
                ctx.emit(f"Insurrection: two Afghan armies rise in Kabul for {seat}.")
                for _ in range(2):
                    place_army(ctx, "afghan", "kabul", seat)


def _expire(state: GameState, lasts: str) -> None:
    """End the persistent effects of this duration; their cards go to the discard pile."""
    for effect in [e for e in state.effects if e.lasts == lasts]:
        state.effects.remove(effect)
        if not any(e.card == effect.card for e in state.effects):
            state.discard.append(effect.card)


def early_winner(state: GameState) -> str | None:
    """The seat leading every other by at least four victory points, if any."""
    ordered = sorted((state.players[s].score for s in state.seats), reverse=True)
    if len(ordered) < 2 or ordered[0] - ordered[1] < EARLY_WIN_LEAD:
        return None
    return next(s for s in state.seats if state.players[s].score == ordered[0])


def final_winners(state: GameState, scores: Mapping[str, int] | None = None,
                  rupees: Mapping[str, int] | None = None) -> list[str]:
    """Most points; ties broken by military stars, then rupees; a tie after that is shared.

    `scores` and `rupees`, when given, stand for the seats' own (to weigh a check before it is resolved).
    """
    def key(seat: str) -> tuple[int, int, int]:
        player = state.players[seat]
        return ((scores or {}).get(seat, player.score), queries.stars(state, seat, "military"),
                (rupees or {}).get(seat, player.rupees))

    return leaders(state.seats, key)
