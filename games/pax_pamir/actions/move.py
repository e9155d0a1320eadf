"""Move: one move per rank of the acting card, each taking one of your loyal armies or spies one step.

Order entry: `{action: move, card: 1, moves: [{spy: 8, to: 12}, {army: kabul, to: herat}]}` -- each item of
`moves` is one move, carried out in order, each with its effects (a tribe's overthrow rule, spies going home from
discarded cards) before the next is judged (a piece may move again):

* `{army: <region>, to: <region>}` -- an army of your coalition crosses into an adjacent region; the border must
  hold a road of your coalition (Indian Supplies: any border).
* `{spy: <card number>, to: <card number>}` -- your spy steps to the next or previous card on the spy track (every
  court in seating order, end to end, as one loop). Strange Bedfellows: also to any court card of the same region.
  Well-Connected: up to two such steps in one move.
* `{tribe: <region>, to: <region>}` -- only under your Nationalism: a tribe moves exactly like an army. Moving
  your last tribe out of a region is losing it there (the overthrow rule).

Roads never move. Robots: `random_params` plays random legal moves one after another; `offer` lists each
piece's next steps.
"""

from __future__ import annotations

from typing import Any

from engine.contract import Path, Problem
from engine.rng import Rng
from engine.words import counted
from games.pax.actions import Offer
from games.pax.context import Pause
from games.pax.pieces import bump
from games.pax.template import named
from games.pax_pamir import cards, court, names, queries
from games.pax_pamir.actions._common import (
    border_between,
    card_name,
    is_int,
    listing,
    loyalty,
    problem,
    rank,
    spy_steps,
)
from games.pax_pamir.context import Context
from games.pax_pamir.pieces import carry_placed_mark
from games.pax_pamir.seats import report, seat_rules
from games.pax_pamir.state import GameState

FIELDS: tuple[str, ...] = ("moves",)

KINDS = ("army", "spy", "tribe")

Move = tuple[str, Any, Any]  # (kind, from, to)


def kinds(state: GameState, seat: str) -> tuple[str, ...]:
    """The kinds of piece `seat` may move: armies and spies, and tribes under their Nationalism."""
    return KINDS if queries.effect(state, "nationalism", seat) else KINDS[:2]


def _on_map(state: GameState, seat: str, kind: str, region: str) -> int:
    if kind == "army":
        return state.armies.get(region, {}).get(loyalty(state, seat), 0)
    return state.tribes.get(region, {}).get(seat, 0)


def _crossable(state: GameState, seat: str, a: str, b: str) -> bool:
    """True when `seat`'s armies may cross from region a to region b."""
    border = border_between(a, b)
    if border is None:
        return False
    return (queries.has_ability(state, seat, "indian_supplies")
            or not seat_rules(state, seat).armies_need_roads(state, seat)
            or state.roads.get(border, {}).get(loyalty(state, seat), 0) > 0)


def destinations(state: GameState, seat: str, kind: str, source: Any) -> list[Any]:
    """Where one move takes `seat`'s piece of `kind` at `source` (empty when there is no such piece)."""
    if kind == "spy":
        if queries.spies_on(state, source).get(seat, 0) == 0:
            return []
        return spy_steps(state, seat, source)
    if _on_map(state, seat, kind, source) == 0:
        return []
    return [b for b in cards.board().neighbours[source] if _crossable(state, seat, source, b)]


def single_moves(state: GameState, seat: str) -> list[Move]:
    """Every move `seat` could make next, armies and tribes first, then spies in track order."""
    found: list[Move] = []
    for kind in kinds(state, seat):
        if kind == "spy":
            sources: list[Any] = [n for n in queries.courts_in_order(state) if queries.spies_on(state, n).get(seat)]
        else:
            sources = [r for r in cards.board().regions if _on_map(state, seat, kind, r)]
        found += [(kind, source, to) for source in sources for to in destinations(state, seat, kind, source)]
    return found


def _parse(item: Any, allowed: tuple[str, ...]) -> Move | str:
    """(kind, from, to) from one order item, or why it cannot be read."""
    shape = "each move is {army: <region>, to: <region>} or {spy: <card>, to: <card>}"
    if "tribe" in allowed:
        shape += " or {tribe: <region>, to: <region>}"
    if not isinstance(item, dict) or "to" not in item:
        return shape
    named = [k for k in item if k != "to"]
    if len(named) != 1 or named[0] not in allowed:
        if named == ["tribe"]:
            return "tribes move only under your Nationalism"
        return shape
    return named[0], item[named[0]], item["to"]


def _why_not(state: GameState, seat: str, move: Move) -> str | None:
    """Why this move is illegal in `state`, or None."""
    kind, source, to = move
    if kind == "spy":
        if not is_int(source) or queries.spies_on(state, source).get(seat, 0) == 0:
            spied = [n for n in queries.courts_in_order(state) if queries.spies_on(state, n).get(seat)]
            return f"you have no spy on card {source!r}; your spies are on: {listing(spied)}"
    else:
        if source not in cards.board().regions or _on_map(state, seat, kind, source) == 0:
            mine = [r for r in cards.board().regions if _on_map(state, seat, kind, r)]
            return f"you have no {kind} of yours in {source!r}; yours are in: {listing(mine)}"
    legal = destinations(state, seat, kind, source)
    if to in legal and (is_int(to) if kind == "spy" else isinstance(to, str)):
        return None
    if kind != "spy" and isinstance(to, str) and border_between(source, to) is not None:
        return (f"no {loyalty(state, seat)} road on the border {border_between(source, to)}: "
                f"from {source} you may go to {listing(legal)}")
    return f"cannot go from {source} to {to!r} in one move; choices: {listing(legal)}"


def _make(ctx: Context, seat: str, move: Move) -> None:
    """Carry out one legal move with all its effects: a tribe leaving its region may trigger the overthrow rule
    (political cards discarded, their spies sent home), which the next move already sees."""
    state = ctx.state
    kind, source, to = move
    if kind == "spy":
        bump(state.spies.setdefault(str(source), {}), seat, -1)
        bump(state.spies.setdefault(str(to), {}), seat, 1)
    elif kind == "army":
        coalition = loyalty(state, seat)
        bump(state.armies.setdefault(source, {}), coalition, -1)
        bump(state.armies.setdefault(to, {}), coalition, 1)
    else:
        bump(state.tribes.setdefault(to, {}), seat, 1)
        court.remove_tribe(ctx, seat, source)  # arrive first: only an emptied region overthrows
    owner = loyalty(state, seat) if kind == "army" else seat
    left = {"spy": state.spies, "army": state.armies, "tribe": state.tribes}[kind].get(str(source), {}).get(owner, 0)
    carry_placed_mark(state, kind, str(source), str(to), owner, left)
    for nested in (state.spies, state.armies, state.tribes):
        for key in [k for k, v in nested.items() if not v]:
            del nested[key]
    where = (f"from {card_name(source)} to {card_name(to)}" if kind == "spy"
             else f"from {names.region(source)} to {names.region(to)}")
    what = f"{names.a_coalition(loyalty(state, seat))} army" if kind == "army" else f"a {kind}"
    report(ctx, f"{seat} moves {what} {where}.", kind="move", seat=seat, piece=kind, source=source, destination=to)


def _scratch(state: GameState, seat: str) -> Context:
    """A throwaway step on a copy of `state`, to try moves one after another with all their effects."""
    return Context(state.clone(), seat, {})


def problems(state: GameState, seat: str, card: int, params: dict[str, Any], path: Path) -> list[Problem]:
    """Everything wrong with these moves, checked one after another as they would happen."""
    moves = params.get("moves")
    if not isinstance(moves, list):
        legal = listing(f"{k} {s} to {t}" for k, s, t in single_moves(state, seat))
        return [problem(path, "moves", message=f"moves must be a list of moves; first moves possible: {legal}")]
    found = []
    if len(moves) > rank(card):
        found.append(problem(path, "moves", message=f"{card_name(card)} gives {counted(rank(card), 'move')}, "
                                                    f"not {len(moves)}"))
    work: Context | None = None  # a copy to make the moves on, taken only when a later move needs it
    for index, item in enumerate(moves):
        move = _parse(item, kinds(state, seat))
        why = move if isinstance(move, str) else _why_not(work.state if work else state, seat, move)
        if why is not None:
            found.append(problem(path, "moves", index, message=why))
            break  # later moves depend on this one
        assert not isinstance(move, str)
        if index == len(moves) - 1:
            break  # nothing after the last move is judged on what it does
        work = work or _scratch(state, seat)
        try:
            _make(work, seat, move)
        except Pause:
            break  # a decision is owed (repaying a leveraged card): the later moves are judged as they happen
    return found


def perform(ctx: Context, seat: str, card: int, params: dict[str, Any]) -> None:
    """Make each move in turn, each with its effects before the next is judged."""
    for index, item in enumerate(params["moves"]):
        move = _parse(item, kinds(ctx.state, seat))
        why = move if isinstance(move, str) else _why_not(ctx.state, seat, move)
        if why is not None:
            # Only a move after a decision problems() could not foresee (a leverage repayment) can get here.
            ctx.fail((*ctx.where, "moves", index), why)
        assert not isinstance(move, str)
        _make(ctx, seat, move)


def random_params(state: GameState, seat: str, card: int, rng: Rng) -> dict[str, Any] | None:
    """Random legal moves one after another, or None when no piece can move."""
    work: Context | None = None  # a copy to make the moves on, taken only when a later move needs it
    moves: list[dict[str, Any]] = []
    count = rng.randint(1, rank(card))
    for index in range(count):
        possible = single_moves(work.state if work else state, seat)
        if not possible:
            break
        kind, source, to = rng.choice(possible)
        moves.append({kind: source, "to": to})
        if index == count - 1:
            break  # the last move: what it does decides nothing more
        work = work or _scratch(state, seat)
        try:
            _make(work, seat, (kind, source, to))
        except Pause:
            break  # what follows depends on a decision not made yet
    return {"moves": moves} if moves else None


def offer(state: GameState, seat: str, card: int) -> Offer:
    """Each of `seat`'s pieces that can move and where one move takes it, for the template."""
    grouped: dict[tuple[str, Any], list[Any]] = {}
    for kind, source, to in single_moves(state, seat):
        grouped.setdefault((kind, source), []).append(to)
    if not grouped:
        return Offer("none of your pieces can move")
    steps = named([f"{kind} {source} to {' or '.join(str(t) for t in tos)}" for (kind, source), tos in grouped.items()])
    (kind, source), tos = next(iter(grouped.items()))
    return Offer(f"up to {counted(rank(card), 'move')}, a piece may move again; first moves now: {steps}",
                 ({"moves": [{kind: source, "to": tos[0]}]},))
